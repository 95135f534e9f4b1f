import MacroTesting
import QuarryMacros
import Testing

/// `#sql` literals checked by SQLite's parser: each mistake is reported at its place in the
/// literal, with SQLite's message.
@Suite(.macros(["sql": SQLMacro.self]))
struct SQLMacroSQLiteErrorTests {
  @Test func misspelledKeyword() {
    assertMacro {
      """
      #sql("SELECT * FORM reminders")
      """
    } diagnostics: {
      """
      #sql("SELECT * FORM reminders")
                     ╰─ 🛑 SQLite: near "FORM": syntax error
      """
    }
  }

  @Test func emptyListItem() {
    assertMacro {
      """
      #sql("SELECT id, , title FROM reminders")
      """
    } diagnostics: {
      """
      #sql("SELECT id, , title FROM reminders")
                       ╰─ 🛑 SQLite: near ",": syntax error
      """
    }
  }

  @Test func trailingComma() {
    assertMacro {
      """
      #sql("SELECT id, title, FROM reminders")
      """
    } diagnostics: {
      """
      #sql("SELECT id, title, FROM reminders")
                              ╰─ 🛑 SQLite: near "FROM": syntax error
      """
    }
  }

  @Test func incompleteInput() {
    assertMacro {
      """
      #sql("SELECT * FROM reminders WHERE")
      """
    } diagnostics: {
      """
      #sql("SELECT * FROM reminders WHERE")
                                        ╰─ 🛑 SQLite: incomplete input
      """
    }
  }

  @Test func missingKeyword() {
    assertMacro {
      """
      #sql("SELECT * FROM reminders ORDER title")
      """
    } diagnostics: {
      """
      #sql("SELECT * FROM reminders ORDER title")
                                          ╰─ 🛑 SQLite: near "title": syntax error
      """
    }
  }

  @Test func unrecognizedToken() {
    assertMacro {
      """
      #sql("SELECT 1 # 2")
      """
    } diagnostics: {
      """
      #sql("SELECT 1 # 2")
                     ╰─ 🛑 SQLite: unrecognized token: "#"
      """
    }
  }

  @Test func wrongArgumentCount() {
    assertMacro {
      """
      #sql("SELECT substr(), 1")
      """
    } diagnostics: {
      """
      #sql("SELECT substr(), 1")
                   ╰─ 🛑 SQLite: wrong number of arguments to function substr()
      """
    }
  }

  @Test func createTableSyntax() {
    assertMacro {
      #"""
      #sql(
        """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT,
          "priority" INTEGER
        ) STRICT
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT,
                                       ╰─ 🛑 SQLite: near ",": syntax error
          "priority" INTEGER
        ) STRICT
        """
      )
      """#
    }
  }

  @Test func createTableMeaning() {
    assertMacro {
      """
      #sql("CREATE TABLE t (id TEXT PRIMARY KEY AUTOINCREMENT)")
      #sql("CREATE TABLE t (a INTEGER, b TEXT, a REAL)")
      #sql("CREATE TABLE t (a FOO) STRICT")
      """
    } diagnostics: {
      """
      #sql("CREATE TABLE t (id TEXT PRIMARY KEY AUTOINCREMENT)")
            ╰─ 🛑 SQLite: AUTOINCREMENT is only allowed on an INTEGER PRIMARY KEY
      #sql("CREATE TABLE t (a INTEGER, b TEXT, a REAL)")
            ╰─ 🛑 SQLite: duplicate column name: a
      #sql("CREATE TABLE t (a FOO) STRICT")
            ╰─ 🛑 SQLite: unknown datatype for t.a: "FOO"
      """
    }
  }

  @Test func statementsRunInOrder() {
    assertMacro {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
        CREATE INDEX "items_name" ON "items"("name");
        CREATE INDEX "items_name" ON "items"("name");
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
        CREATE INDEX "items_name" ON "items"("name");
        CREATE INDEX "items_name" ON "items"("name");
        ╰─ 🛑 SQLite: index items_name already exists
        """
      )
      """#
    }
  }

  @Test func errorInLaterStatement() {
    assertMacro {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY);
        INSERT INTO "items" ("id") VALUES (1) RETURNIN "id";
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY);
        INSERT INTO "items" ("id") VALUES (1) RETURNIN "id";
                                              ╰─ 🛑 SQLite: near "RETURNIN": syntax error
        """
      )
      """#
    }
  }

  @Test func interpolatedNames() {
    assertMacro {
      """
      #sql("INSERT INTO \\(Reminder.self) (\\(Reminder.columns.title)) VALUE (\\(title))")
      """
    } diagnostics: {
      #"""
      #sql("INSERT INTO \(Reminder.self) (\(Reminder.columns.title)) VALUE (\(title))")
                                                                     ╰─ 🛑 SQLite: near "VALUE": syntax error
      """#
    }
  }

  @Test func fragmentExpression() {
    assertMacro {
      """
      #sql("\\($0.title) LIKE 'A%' OR OR \\($0.isCompleted)")
      """
    } diagnostics: {
      #"""
      #sql("\($0.title) LIKE 'A%' OR OR \($0.isCompleted)")
                                     ╰─ 🛑 SQLite: near "OR": syntax error
      """#
    }
  }

  @Test func fragmentClause() {
    assertMacro {
      """
      #sql("ORDER BY \\($0.title) DESC DESC")
      """
    } diagnostics: {
      #"""
      #sql("ORDER BY \($0.title) DESC DESC")
                                      ╰─ 🛑 SQLite: near "DESC": syntax error
      """#
    }
  }

  @Test func validSQLPasses() {
    assertMacro {
      #"""
      #sql("\($0.title) LIKE 'A%'")
      #sql("\($0.priority) IS NULL AND \($0.isCompleted)")
      #sql("ORDER BY \($0.title) DESC")
      #sql("\($0.title) DESC, \($0.id)")
      #sql("WHERE \($0.id) = \(id) LIMIT \(limit)")
      #sql("FROM \(Reminder.self) JOIN \(List.self) ON \(Reminder.columns.listID) = \(List.columns.id)")
      #sql("(\"title\", \"priority\") VALUES (\(title), \(priority))")
      #sql("SELECT * FROM \(table) \(whereClause) \(orderClause)")
      #sql("replace(\($0.title), 'a', 'b')")
      #sql("CREATE INDEX \"i\" ON \"reminders\"(\"title\")")
      #sql("DROP TABLE \"reminders\"")
      #sql("ALTER TABLE \"reminders\" ADD COLUMN \"notes\" TEXT")
      #sql("PRAGMA foreign_keys = ON")
      #sql("SELECT my_function(\($0.title)) COLLATE my_collation FROM \(Reminder.self)")
      #sql("CREATE VIRTUAL TABLE \"search\" USING fts5(\"title\")")
      #sql("   ")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("\($0.title) LIKE 'A%'")
      QuarryCore.SQLQueryExpression("\($0.priority) IS NULL AND \($0.isCompleted)")
      QuarryCore.SQLQueryExpression("ORDER BY \($0.title) DESC")
      QuarryCore.SQLQueryExpression("\($0.title) DESC, \($0.id)")
      QuarryCore.SQLQueryExpression("WHERE \($0.id) = \(id) LIMIT \(limit)")
      QuarryCore.SQLQueryExpression("FROM \(Reminder.self) JOIN \(List.self) ON \(Reminder.columns.listID) = \(List.columns.id)")
      QuarryCore.SQLQueryExpression("(\"title\", \"priority\") VALUES (\(title), \(priority))")
      QuarryCore.SQLQueryExpression("SELECT * FROM \(table) \(whereClause) \(orderClause)")
      QuarryCore.SQLQueryExpression("replace(\($0.title), 'a', 'b')")
      QuarryCore.SQLQueryExpression("CREATE INDEX \"i\" ON \"reminders\"(\"title\")")
      QuarryCore.SQLQueryExpression("DROP TABLE \"reminders\"")
      QuarryCore.SQLQueryExpression("ALTER TABLE \"reminders\" ADD COLUMN \"notes\" TEXT")
      QuarryCore.SQLQueryExpression("PRAGMA foreign_keys = ON")
      QuarryCore.SQLQueryExpression("SELECT my_function(\($0.title)) COLLATE my_collation FROM \(Reminder.self)")
      QuarryCore.SQLQueryExpression("CREATE VIRTUAL TABLE \"search\" USING fts5(\"title\")")
      QuarryCore.SQLQueryExpression("   ")
      """#
    }
  }

  @Test func triggerBodies() {
    assertMacro {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "count" INTEGER NOT NULL DEFAULT 0);
        CREATE TRIGGER "items_bump" AFTER INSERT ON "items" BEGIN
          UPDATE "items" SET "count" = "count" + 1 WHERE "id" = NEW."id";
          DELETE FROM "items" WHERE "id" < 0;
        END;
        CREATE TRIGGER "items_oops" AFTER INSERT ON "items" BEGIN
          UPDATE "items" SET WHERE "id" = 1;
        END
        """
      )
      """#
    } diagnostics: {
      #"""
      #sql(
        """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "count" INTEGER NOT NULL DEFAULT 0);
        CREATE TRIGGER "items_bump" AFTER INSERT ON "items" BEGIN
          UPDATE "items" SET "count" = "count" + 1 WHERE "id" = NEW."id";
          DELETE FROM "items" WHERE "id" < 0;
        END;
        CREATE TRIGGER "items_oops" AFTER INSERT ON "items" BEGIN
          UPDATE "items" SET WHERE "id" = 1;
                             ╰─ 🛑 SQLite: near "WHERE": syntax error
        END
        """
      )
      """#
    }
  }

  @Test func uncheckableLiterals() {
    assertMacro {
      #"""
      #sql("-- quarry:unchecked\nSELEC 1")
      #sql("SELEC /* quarry:unchecked */ 1")
      #sql("SELEC \(raw: column) FROM t")
      #sql("SELECT * FROM t WHERE a = \(raw: "1")")
      """#
    } expansion: {
      #"""
      QuarryCore.SQLQueryExpression("-- quarry:unchecked\nSELEC 1")
      QuarryCore.SQLQueryExpression("SELEC /* quarry:unchecked */ 1")
      QuarryCore.SQLQueryExpression("SELEC \(raw: column) FROM t")
      QuarryCore.SQLQueryExpression("SELECT * FROM t WHERE a = \(raw: "1")")
      """#
    }
  }

  @Test func rawLiteralSubstitutedWhenKnown() {
    assertMacro {
      #"""
      #sql("SELECT * FROM t WHERE a = \(raw: "1 +")")
      """#
    } diagnostics: {
      #"""
      #sql("SELECT * FROM t WHERE a = \(raw: "1 +")")
                                      ╰─ 🛑 SQLite: incomplete input
      """#
    }
  }
}
