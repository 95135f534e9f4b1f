import MacroTesting
import QuarryMacros
import Testing

@Suite(.macros(["sql": SQLMacro.self]))
struct SQLMacroTests {
  @Test func plain() {
    assertMacro {
      """
      #sql("CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '')")
      """
    } expansion: {
      """
      QuarryCore.SQLQueryExpression("CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '')")
      """
    }
  }

  @Test func resultType() {
    assertMacro {
      """
      #sql("SELECT \\(Reminder.columns.title) FROM \\(Reminder.self)", as: String.self)
      """
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("SELECT \(Reminder.columns.title) FROM \(Reminder.self)", as: String.self)
      """#
    }
  }

  @Test func multiLineLiteral() {
    assertMacro {
      #"""
      #sql(
        """
        SELECT count(*)
        FROM "reminders"
        WHERE "title" = \(title)
        """
      )
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("""
        SELECT count(*)
        FROM "reminders"
        WHERE "title" = \(title)
        """)
      """#
    }
  }

  @Test func nonLiteralIsPassedThrough() {
    assertMacro {
      """
      #sql(fragment, as: Int.self)
      """
    } expansion: {
      """
      QuarryCore.SQLQueryExpression(fragment, as: Int.self)
      """
    }
  }

  @Test func unterminatedStringLiteral() {
    assertMacro {
      """
      #sql("SELECT * FROM reminders WHERE title = 'abc")
      """
    } diagnostics: {
      """
      #sql("SELECT * FROM reminders WHERE title = 'abc")
                                                  ╰─ 🛑 unterminated string literal: add the closing '
      """
    }
  }

  @Test func unterminatedQuotedIdentifiers() {
    assertMacro {
      #"""
      #sql("SELECT \"title FROM reminders")
      #sql("SELECT `title FROM reminders")
      #sql("SELECT [title FROM reminders")
      """#
    } diagnostics: {
      #"""
      #sql("SELECT \"title FROM reminders")
                   ╰─ 🛑 unterminated quoted identifier: add the closing "
      #sql("SELECT `title FROM reminders")
                   ╰─ 🛑 unterminated quoted identifier: add the closing `
      #sql("SELECT [title FROM reminders")
                   ╰─ 🛑 unterminated quoted identifier: add the closing ]
      """#
    }
  }

  @Test func unbalancedParentheses() {
    assertMacro {
      """
      #sql("SELECT count(*)) FROM reminders")
      #sql("SELECT (1 + (2)")
      """
    } diagnostics: {
      """
      #sql("SELECT count(*)) FROM reminders")
                           ╰─ 🛑 unbalanced parentheses: ')' has no matching '('
      #sql("SELECT (1 + (2)")
                   ╰─ 🛑 unbalanced parentheses: '(' is never closed
      """
    }
  }

  @Test func bareParameters() {
    assertMacro {
      """
      #sql("SELECT * FROM t WHERE a = ?")
      #sql("SELECT * FROM t WHERE a = ?1")
      #sql("SELECT * FROM t WHERE a = :name")
      #sql("SELECT * FROM t WHERE a = @name")
      #sql("SELECT * FROM t WHERE a = $name")
      """
    } diagnostics: {
      #"""
      #sql("SELECT * FROM t WHERE a = ?")
                                      ╰─ 🛑 bare parameter '?' in #sql: interpolate the value instead, as \(value)
                                         ✏️ Replace '?' with an interpolated value
      #sql("SELECT * FROM t WHERE a = ?1")
                                      ╰─ 🛑 bare parameter '?1' in #sql: interpolate the value instead, as \(value)
                                         ✏️ Replace '?1' with an interpolated value
      #sql("SELECT * FROM t WHERE a = :name")
                                      ╰─ 🛑 bare parameter ':name' in #sql: interpolate the value instead, as \(value)
                                         ✏️ Replace ':name' with an interpolated value
      #sql("SELECT * FROM t WHERE a = @name")
                                      ╰─ 🛑 bare parameter '@name' in #sql: interpolate the value instead, as \(value)
                                         ✏️ Replace '@name' with an interpolated value
      #sql("SELECT * FROM t WHERE a = $name")
                                      ╰─ 🛑 bare parameter '$name' in #sql: interpolate the value instead, as \(value)
                                         ✏️ Replace '$name' with an interpolated value
      """#
    } fixes: {
      #"""
      #sql("SELECT * FROM t WHERE a = \(<#value#>)")
      #sql("SELECT * FROM t WHERE a = \(<#value#>)")
      #sql("SELECT * FROM t WHERE a = \(<#value#>)")
      #sql("SELECT * FROM t WHERE a = \(<#value#>)")
      #sql("SELECT * FROM t WHERE a = \(<#value#>)")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(<#value#>)")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(<#value#>)")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(<#value#>)")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(<#value#>)")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(<#value#>)")
      """#
    }
  }

  @Test func bareParameterAfterInterpolation() {
    assertMacro {
      """
      #sql("SELECT * FROM t WHERE a = \\(a) AND b = ?")
      """
    } diagnostics: {
      #"""
      #sql("SELECT * FROM t WHERE a = \(a) AND b = ?")
                                                   ╰─ 🛑 bare parameter '?' in #sql: interpolate the value instead, as \(value)
                                                      ✏️ Replace '?' with an interpolated value
      """#
    } fixes: {
      #"""
      #sql("SELECT * FROM t WHERE a = \(a) AND b = \(<#value#>)")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(a) AND b = \(<#value#>)")
      """#
    }
  }

  @Test func bareParameterInMultiLineLiteral() {
    assertMacro {
      #"""
      #sql(
        """
        SELECT *
        FROM "t"
        WHERE "a" = \(a)
          AND "b" = ?
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        SELECT *
        FROM "t"
        WHERE "a" = \(a)
          AND "b" = ?
                    ╰─ 🛑 bare parameter '?' in #sql: interpolate the value instead, as \(value)
                       ✏️ Replace '?' with an interpolated value
        """
      )
      """#
    } fixes: {
      #"""
      #sql(
        """
        SELECT *
        FROM "t"
        WHERE "a" = \(a)
          AND "b" = \(<#value#>)
        """
      )
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("""
        SELECT *
        FROM "t"
        WHERE "a" = \(a)
          AND "b" = \(<#value#>)
        """)
      """#
    }
  }

  @Test func positionsAfterLineContinuation() {
    assertMacro {
      #"""
      #sql(
        """
        SELECT * FROM t \
        WHERE a = (1
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        SELECT * FROM t \
        WHERE a = (1
                  ╰─ 🛑 unbalanced parentheses: '(' is never closed
        """
      )
      """#
    }
  }

  @Test func unterminatedLiteralAfterInterpolation() {
    assertMacro {
      """
      #sql("SELECT * FROM t WHERE a = \\(a) AND b = 'x")
      """
    } diagnostics: {
      #"""
      #sql("SELECT * FROM t WHERE a = \(a) AND b = 'x")
                                                   ╰─ 🛑 unterminated string literal: add the closing '
      """#
    }
  }

  @Test func bareParameterInRawLiteral() {
    assertMacro {
      """
      #sql(#"SELECT * FROM "t" WHERE "a" = \\#(a) AND "b" = ?"#)
      """
    } diagnostics: {
      ##"""
      #sql(#"SELECT * FROM "t" WHERE "a" = \#(a) AND "b" = ?"#)
                                                           ╰─ 🛑 bare parameter '?' in #sql: interpolate the value instead, as \(value)
                                                              ✏️ Replace '?' with an interpolated value
      """##
    } fixes: {
      ##"""
      #sql(#"SELECT * FROM "t" WHERE "a" = \#(a) AND "b" = \#(<#value#>)"#)
      """##
    } expansion: {
      ##"""
      QuarryCore.SQLQueryExpression(#"SELECT * FROM "t" WHERE "a" = \#(a) AND "b" = \#(<#value#>)"#)
      """##
    }
  }

  @Test func positionsAfterEscapes() {
    assertMacro {
      #"""
      #sql("SELECT \"a\", '\u{e9}\t' FROM t WHERE b = ?")
      """#
    } diagnostics: {
      #"""
      #sql("SELECT \"a\", '\u{e9}\t' FROM t WHERE b = ?")
                                                      ╰─ 🛑 bare parameter '?' in #sql: interpolate the value instead, as \(value)
                                                         ✏️ Replace '?' with an interpolated value
      """#
    } fixes: {
      #"""
      #sql("SELECT \"a\", '\u{e9}\t' FROM t WHERE b = \(<#value#>)")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("SELECT \"a\", '\u{e9}\t' FROM t WHERE b = \(<#value#>)")
      """#
    }
  }

  @Test func interpolationInsideQuotes() {
    assertMacro {
      """
      #sql("SELECT * FROM t WHERE name = '\\(name)' OR name LIKE '%\\(name)%'")
      """
    } diagnostics: {
      #"""
      #sql("SELECT * FROM t WHERE name = '\(name)' OR name LIKE '%\(name)%'")
                                                                  ┬──────
                                          │                       ╰─ 🛑 an interpolated value inside quotes is bound as the literal text '?'; remove the quotes
                                          ┬──────
                                          ╰─ 🛑 an interpolated value inside quotes is bound as the literal text '?'; remove the quotes
      """#
    }
  }

  @Test func validSQLIsNotFlagged() {
    assertMacro {
      #"""
      #sql("SELECT 'it''s', \"a\"\"b\" FROM t")
      #sql("SELECT 1 -- comment with ( and ?")
      #sql("SELECT /* ? */ 1")
      #sql("SELECT '?', '(', ')' FROM t")
      #sql("SELECT * FROM t WHERE a = \(raw: "?")")
      #sql("SELECT * FROM t WHERE name = '\(raw: name)'")
      #sql("SELECT * FROM t WHERE a IN (\(x))")
      #sql("SELECT json_extract(data, '$.a') FROM t")
      #sql("SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE a = \(a)")
      #sql("SELECT 'a:b @c $d' FROM t")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("SELECT 'it''s', \"a\"\"b\" FROM t")
      QuarryCore.SQLQueryExpression("SELECT 1 -- comment with ( and ?")
      QuarryCore.SQLQueryExpression("SELECT /* ? */ 1")
      QuarryCore.SQLQueryExpression("SELECT '?', '(', ')' FROM t")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(raw: "?")")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE name = '\(raw: name)'")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a IN (\(x))")
      QuarryCore.SQLQueryExpression("SELECT json_extract(data, '$.a') FROM t")
      QuarryCore.SQLQueryExpression("SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE a = \(a)")
      QuarryCore.SQLQueryExpression("SELECT 'a:b @c $d' FROM t")
      """#
    }
  }
}
