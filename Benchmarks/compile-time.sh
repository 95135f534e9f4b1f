#!/usr/bin/env bash
# W7: how long a debug rebuild of a file with 20 @Table types (8 columns each) and 100 typical
# queries takes, its slowest expression to type-check, and what the compiler counted doing it.
#
#   Benchmarks/compile-time.sh
set -euo pipefail
cd "$(dirname "$0")/CompileTime"
mkdir -p Sources/Fixture

python3 - > Sources/Fixture/Fixture.swift <<'PY'
print("import Foundation\nimport Quarry\n")
for t in range(20):
    name = f"Table{t}"
    print(f"""@Table struct {name} {{
  let id: Int
  var name = ""
  var count = 0
  var score = 0.0
  var isActive = false
  var note: String?
  var rank: Int?
  var createdAt: Date
}}
""")
print("func queries(_ date: Date, _ name: String, _ limit: Int) -> [any Statement] {")
print("  var all: [any Statement] = []")
kinds = [
    "{n}.where {{ $0.name == name && $0.count > {t} }}.order {{ $0.score.desc() }}.limit(limit)",
    "{n}.select {{ ($0.id, $0.name, $0.rank) }}.where {{ !$0.isActive || $0.note == nil }}",
    "{n}.join({m}.all) {{ $0.id == $1.rank && $0.count == $1.count }}.select {{ ($0.name, $1.score) }}",
    "{n}.group {{ $0.isActive }}.having {{ $0.id.count() > {t} }}.select {{ ($0.isActive, $0.score.avg()) }}",
    "{n}.update {{\n      $0.name = name\n      $0.count = {t}\n    }}.where {{ $0.id == {t} }}",
    "{n}.delete().where {{ $0.rank < {t} && $0.createdAt <= date }}",
    "{n}.insert {{ {n}.Draft(name: name, note: \"n\", rank: {t}, createdAt: date) }}",
    "{n}.join({m}.all) {{ $0.id == $1.rank }}.join({k}.all) {{ $0.id == $2.rank && $1.id == $2.count }}.select {{ ($0.name, $2.name) }}",
]
for t in range(20):
    for i in range(5):
        kind = kinds[(t + i) % len(kinds)]
        query = kind.format(n=f"Table{t}", m=f"Table{(t + 1) % 20}", k=f"Table{(t + 2) % 20}", t=t)
        print(f"  let q{t}_{i} = {query}")
        print(f"  all.append(q{t}_{i})")
print("  return all\n}")
PY

flags=(-Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100
       -Xswiftc -Xfrontend -Xswiftc -debug-time-expression-type-checking)
echo "== warming up (dependencies and a first build, same flags)"
swift build "${flags[@]}" > /dev/null 2>&1
# Seconds one `swift build` takes (its output in /tmp/quarry-w7.log).
timed_build() {
  local start end
  start=$(date +%s.%N)
  swift build "${flags[@]}" > /tmp/quarry-w7.log 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
# Seconds a `swift build` takes after touching the fixture.
rebuild() {
  touch Sources/Fixture/Fixture.swift
  timed_build
}
echo "W7 debug rebuild of Fixture.swift: $(rebuild) s"
echo "slowest expressions (ms):"
grep -E "^[0-9.]+ms\s.*Fixture.swift" /tmp/quarry-w7.log | sort -rn | head -3 || true  # head closes the pipe early
if grep -q "warning: expression took" /tmp/quarry-w7.log; then
  grep "warning: expression took" /tmp/quarry-w7.log
else
  echo "no expression over 100 ms"
fi

# Where the rebuild's time goes: the same rebuild of smaller fixtures (the queries removed, then
# `@Table` too), and SwiftPM with nothing to compile. Each is one run, as noisy as the total.
cp Sources/Fixture/Fixture.swift /tmp/quarry-w7-fixture.swift
# (The first build after the text changes takes SwiftPM longer, so each is built once first.)
sed '/^func queries/,$d' /tmp/quarry-w7-fixture.swift > Sources/Fixture/Fixture.swift
swift build "${flags[@]}" > /dev/null 2>&1
echo "the 20 tables alone, without the queries: $(rebuild) s"
sed -i 's/^@Table struct/struct/' Sources/Fixture/Fixture.swift
swift build "${flags[@]}" > /dev/null 2>&1
echo "the 20 structs without @Table: $(rebuild) s"
echo "swift build with nothing to do: $(timed_build) s"
cp /tmp/quarry-w7-fixture.swift Sources/Fixture/Fixture.swift

# The compiler's own counts for the same rebuild: unlike its time, which drifts by tens of
# percent on a shared machine, they only move when the code it compiles does, so they tell two
# versions of the macros or the library apart. (An extra rebuild, not timed, last: its extra flag
# makes SwiftPM rebuild the dependencies too.)
stats=$(mktemp -d "${TMPDIR:-/tmp}/quarry-w7-stats.XXXXXX")
touch Sources/Fixture/Fixture.swift
swift build "${flags[@]}" -Xswiftc -stats-output-dir -Xswiftc "$stats" > /dev/null 2>&1
python3 - "$stats" <<'PY'
import glob, json, sys
# The compile job writes the object file (`-o-Onone` in its name), the other emits the module.
for path in sorted(glob.glob(sys.argv[1] + "/*Fixture*.json")):
    stats = json.load(open(path))
    job = "compile" if "-o-Onone" in path else "emit-module"
    print(f"{job} job: {stats.get('SILModule.NumSILGenFunctions', 0):,} SIL functions, "
          f"{stats.get('Sema.NumConstraintScopes', 0):,} constraint-solver scopes, "
          f"{stats.get('Sema.NumDeclsTypechecked', 0):,} declarations type-checked")
PY
rm -rf "$stats"
