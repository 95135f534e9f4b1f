# Prints the JSONB that SQLite itself writes for the JSON texts `JSONBTests` checks, as Swift
# fixtures: `(json, hex of jsonb(json), json(jsonb(json)))`. The system SQLite of the test
# machines (3.40.1) has no JSONB, so the bytes come from a newer SQLite, run once here:
#
#   pip install --target /tmp/apsw apsw && PYTHONPATH=/tmp/apsw python3 jsonb-fixtures.py
import apsw

texts = [
    'null', 'true', 'false', '0', '-0', '42', '-7', '12345678901234567890',
    '1.5', '-0.25', '1e5', '1.0E+2', '6.02214076e23',
    '""', '"a"', '"hello, world"', '"a\\nb"', '"quote \\" inside"', '"caf\u00e9 \u2603"',
    '"\\u00e9"', '"' + 'x' * 11 + '"', '"' + 'x' * 12 + '"', '"' + 'y' * 300 + '"',
    '"' + 'z' * 70000 + '"',
    '[]', '{}', '[1,2,3]', '[[[]]]', '{"a":1}', '{"a":[1,2.5,"x",null,true,false]}',
    '{"name":"Blob","tags":["swift","sql"],"nested":{"k":{"deep":[{}]}}}',
    ' [ 1 , { "b" : 2 } ] ',
    '[' + ','.join(str(n) for n in range(1000)) + ']',
]
# JSON5 that SQLite accepts and writes with its JSON5 element types (INT5, FLOAT5, TEXT5) and
# SQL text it writes as TEXTRAW: what a JSONB column can hold when SQLite wrote it.
json5 = [
    "[0x1F, -0xff, .5, 5., +1, Infinity, -Infinity, NaN]",
    "{unquoted: 'single \\x41 \\' quote', \"v\": '\\v\\0'}",
    "['line\\\ncontinued']",
    "['a\"b', '\\xAf', 0x10,]",
]
raw = [
    "jsonb_array('a\"b\\c' || char(9) || char(1), 'plain')",
    # The jsonb_* functions write SQL text as TEXTRAW.
    "jsonb_insert(X'0B', '$[#]', 'err\"ands')", "jsonb_set(jsonb('{}'), '$.b', 2.5)",
    # TEXTRAW elements written by hand.
    "x'2A6122'", "x'3A610A62'", "x'2A5C01'", "x'1A1F'",
]

connection = apsw.Connection(':memory:')
print(f'// SQLite {apsw.sqlite_lib_version()}')
def emit(sql, argument):
    hex_, text = list(connection.execute(f'SELECT hex({sql}), json({sql})', (argument, argument)))[0]
    return hex_, text
def swift(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'
for text in texts:
    hex_, canonical = emit('jsonb(?)', text)
    if len(text) > 200:
        print(f'// {len(text)} characters: {hex_[:16]}… ({len(hex_) // 2} bytes)')
        continue
    print(f'({swift(text)}, "{hex_}", {swift(canonical)}),')
print('// JSON5 and raw text')
for text in json5:
    hex_, canonical = emit('jsonb(?)', text)
    print(f'("{hex_}", {swift(canonical)}),')
for sql in raw:
    hex_, canonical = list(connection.execute(f'SELECT hex({sql}), json({sql})'))[0]
    print(f'("{hex_}", {swift(canonical)}),')
