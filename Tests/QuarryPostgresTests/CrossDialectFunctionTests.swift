import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

/// SQLite's functions in their PostgreSQL forms: JSON, `json_each`, date and time, and the
/// scalar functions whose PostgreSQL spelling or argument types differ. Same rows from both.
extension CrossDialectQueryTests {
  @Test func jsonEachOfAnArray() async throws {
    try await check(
      {
        Tagging.join(jsonEach: { $0.tags }).where { $1.value == "work" }
          .select { ($0.id, $1.key, $1.value, $1.type, $1.atom, $1.fullKey, $1.path) }
          .order { t, _ in t.id }
      },
      sqlite: """
        SELECT "taggings"."id", "json_each"."key", "json_each"."value", "json_each"."type", \
        "json_each"."atom", "json_each"."fullkey", "json_each"."path"
        FROM "taggings"
        JOIN json_each("taggings"."tags")
        WHERE ("json_each"."value" = ?)
        ORDER BY "taggings"."id"
        """,
      postgres: """
        SELECT "taggings"."id", "json_each"."key", "json_each"."value", "json_each"."type", \
        "json_each"."atom", "json_each"."fullkey", "json_each"."path"
        FROM "taggings"
        JOIN LATERAL (SELECT ("element"."ordinality" - 1) AS "key", ("element"."value" #>> \
        '{}') AS "value", CASE jsonb_typeof("element"."value") WHEN 'string' THEN 'text' WHEN \
        'boolean' THEN ("element"."value" #>> '{}') WHEN 'number' THEN CASE WHEN \
        ("element"."value" #>> '{}') ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END ELSE \
        jsonb_typeof("element"."value") END AS "type", CASE WHEN \
        jsonb_typeof("element"."value") IN ('array', 'object') THEN NULL ELSE \
        ("element"."value" #>> '{}') END AS "atom", "element"."ordinality" AS "id", CAST(NULL \
        AS bigint) AS "parent", ('$[' || ("element"."ordinality" - 1) || ']') AS "fullkey", '$' \
        AS "path" FROM jsonb_array_elements(CAST("taggings"."tags" AS jsonb)) WITH ORDINALITY \
        AS "element"("value", "ordinality")) AS "json_each" ON TRUE
        WHERE ("json_each"."value" = ?)
        ORDER BY "taggings"."id"
        """)
  }

  @Test func leftJoinJSONEachCountsEmptyArrays() async throws {
    try await check(
      {
        Tagging.leftJoin(jsonEach: { $0.tags }).group { tagging, _ in tagging.id }
          .select { ($0.id, $1.key.count()) }.order { t, _ in t.id }
      },
      sqlite: """
        SELECT "taggings"."id", count("json_each"."key")
        FROM "taggings"
        LEFT JOIN json_each("taggings"."tags")
        GROUP BY "taggings"."id"
        ORDER BY "taggings"."id"
        """,
      postgres: """
        SELECT "taggings"."id", count("json_each"."key")
        FROM "taggings"
        LEFT JOIN LATERAL (SELECT ("element"."ordinality" - 1) AS "key", ("element"."value" #>> \
        '{}') AS "value", CASE jsonb_typeof("element"."value") WHEN 'string' THEN 'text' WHEN \
        'boolean' THEN ("element"."value" #>> '{}') WHEN 'number' THEN CASE WHEN \
        ("element"."value" #>> '{}') ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END ELSE \
        jsonb_typeof("element"."value") END AS "type", CASE WHEN \
        jsonb_typeof("element"."value") IN ('array', 'object') THEN NULL ELSE \
        ("element"."value" #>> '{}') END AS "atom", "element"."ordinality" AS "id", CAST(NULL \
        AS bigint) AS "parent", ('$[' || ("element"."ordinality" - 1) || ']') AS "fullkey", '$' \
        AS "path" FROM jsonb_array_elements(CAST("taggings"."tags" AS jsonb)) WITH ORDINALITY \
        AS "element"("value", "ordinality")) AS "json_each" ON TRUE
        GROUP BY "taggings"."id"
        ORDER BY "taggings"."id"
        """)
  }

  @Test func jsonEachOfAnObjectIsTypedByItsValues() async throws {
    try await check(
      {
        Tagging.join(jsonEach: { $0.counts }).where { $1.value > 0 }
          .select { ($0.id, $1.key, $1.value, $1.type, $1.fullKey) }
          .order { t, each in (t.id, each.key) }
      },
      sqlite: """
        SELECT "taggings"."id", "json_each"."key", "json_each"."value", "json_each"."type", \
        "json_each"."fullkey"
        FROM "taggings"
        JOIN json_each("taggings"."counts")
        WHERE ("json_each"."value" > ?)
        ORDER BY "taggings"."id", "json_each"."key"
        """,
      postgres: """
        SELECT "taggings"."id", "json_each"."key", "json_each"."value", "json_each"."type", \
        "json_each"."fullkey"
        FROM "taggings"
        JOIN LATERAL (SELECT "element"."key" AS "key", CAST(("element"."value" #>> '{}') AS \
        bigint) AS "value", CASE jsonb_typeof("element"."value") WHEN 'string' THEN 'text' WHEN \
        'boolean' THEN ("element"."value" #>> '{}') WHEN 'number' THEN CASE WHEN \
        ("element"."value" #>> '{}') ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END ELSE \
        jsonb_typeof("element"."value") END AS "type", CASE WHEN \
        jsonb_typeof("element"."value") IN ('array', 'object') THEN NULL ELSE \
        CAST(("element"."value" #>> '{}') AS bigint) END AS "atom", "element"."ordinality" AS \
        "id", CAST(NULL AS bigint) AS "parent", ('$.' || "element"."key") AS "fullkey", '$' AS \
        "path" FROM jsonb_each(CAST("taggings"."counts" AS jsonb)) WITH ORDINALITY AS \
        "element"("key", "value", "ordinality")) AS "json_each" ON TRUE
        WHERE ("json_each"."value" > ?)
        ORDER BY "taggings"."id", "json_each"."key"
        """)
  }

  @Test func jsonEachOfABoundArray() async throws {
    try await check(
      {
        Reminder.where { $0.id.in(JSONEach.from([1, 3]).select { $0.value }) }
          .select { $0.title }.order { $0.id }
      },
      sqlite: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."id" IN (SELECT "json_each"."value"
        FROM json_each(?)))
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."id" IN (SELECT "json_each"."value"
        FROM (SELECT ("element"."ordinality" - 1) AS "key", CAST(("element"."value" #>> '{}') \
        AS bigint) AS "value", CASE jsonb_typeof("element"."value") WHEN 'string' THEN 'text' \
        WHEN 'boolean' THEN ("element"."value" #>> '{}') WHEN 'number' THEN CASE WHEN \
        ("element"."value" #>> '{}') ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END ELSE \
        jsonb_typeof("element"."value") END AS "type", CASE WHEN \
        jsonb_typeof("element"."value") IN ('array', 'object') THEN NULL ELSE \
        CAST(("element"."value" #>> '{}') AS bigint) END AS "atom", "element"."ordinality" AS \
        "id", CAST(NULL AS bigint) AS "parent", ('$[' || ("element"."ordinality" - 1) || ']') \
        AS "fullkey", '$' AS "path" FROM jsonb_array_elements(CAST(? AS jsonb)) WITH ORDINALITY \
        AS "element"("value", "ordinality")) AS "json_each"))
        ORDER BY "reminders"."id"
        """)
  }

  @Test func jsonFunctions() async throws {
    try await check(
      {
        Reminder.where { $0.id < 3 }
          .select {
            (
              SQLFunctions.jsonArray(BoundValue("x"), $0.title).jsonExtract(
                "$[1]", as: String.self),
              SQLFunctions.jsonObject(["id": $0.id, "done": $0.isCompleted])
                .jsonExtract("$.id", as: Int.self),
              SQLFunctions.jsonExtract(
                SQLFunctions.jsonObject(["done": $0.isCompleted]), "$.done", as: Bool.self),
              SQLFunctions.jsonArray($0.title).jsonValue(at: "$[0]")
            )
          }
          .order { $0.id }
      },
      sqlite: """
        SELECT (json_array(?, "reminders"."title") ->> ?), (json_object(?, "reminders"."id", ?, \
        "reminders"."isCompleted") ->> ?), json_extract(json_object(?, \
        "reminders"."isCompleted"), ?), (json_array("reminders"."title") -> ?)
        FROM "reminders"
        WHERE ("reminders"."id" < ?)
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT (jsonb_path_query_first(CAST(jsonb_build_array(CAST(? AS text), \
        "reminders"."title") AS jsonb), CAST(? AS jsonpath)) #>> '{}'), \
        CAST((jsonb_path_query_first(CAST(jsonb_build_object(CAST(? AS text), "reminders"."id", \
        CAST(? AS text), "reminders"."isCompleted") AS jsonb), CAST(? AS jsonpath)) #>> '{}') \
        AS bigint), CAST((jsonb_path_query_first(CAST(jsonb_build_object(CAST(? AS text), \
        "reminders"."isCompleted") AS jsonb), CAST(? AS jsonpath)) #>> '{}') AS boolean), \
        jsonb_path_query_first(CAST(jsonb_build_array("reminders"."title") AS jsonb), CAST(? AS \
        jsonpath))
        FROM "reminders"
        WHERE ("reminders"."id" < ?)
        ORDER BY "reminders"."id"
        """)
  }

  @Test func jsonAggregatesOfNoRowsAreEmpty() async throws {
    try await check(
      {
        Reminder.where { $0.id > 5 }
          .select {
            (
              $0.title.jsonGroupArray(),
              SQLFunctions.jsonGroupObject(key: $0.title, value: $0.id).filter($0.id > 100),
              $0.id.jsonGroupArray().filter($0.id > 100)
            )
          }
      },
      sqlite: """
        SELECT json_group_array("reminders"."title"), json_group_object("reminders"."title", \
        "reminders"."id") FILTER (WHERE ("reminders"."id" > ?)), json_group_array("reminders"."id") \
        FILTER (WHERE ("reminders"."id" > ?))
        FROM "reminders"
        WHERE ("reminders"."id" > ?)
        """,
      postgres: """
        SELECT coalesce(jsonb_agg("reminders"."title"), '[]'), \
        coalesce(jsonb_object_agg("reminders"."title", "reminders"."id") FILTER (WHERE \
        ("reminders"."id" > ?)), '{}'), coalesce(jsonb_agg("reminders"."id") FILTER (WHERE \
        ("reminders"."id" > ?)), '[]')
        FROM "reminders"
        WHERE ("reminders"."id" > ?)
        """)
  }

  @Test func dateAndTimeFunctions() async throws {
    try await check(
      {
        Tagging.select {
          (
            SQLFunctions.date($0.dueAt, "start of month", "+1 day"),
            SQLFunctions.datetime($0.dueAt, "+90 minutes"),
            SQLFunctions.time($0.dueAt, "-1 seconds"),
            SQLFunctions.strftime("%Y/%m/%d %H:%M:%f day %j 100%%", $0.dueAt, "start of year"),
            SQLFunctions.unixepoch($0.dueAt),
            SQLFunctions.julianday($0.dueAt).round(3),
            SQLFunctions.date(SQLFunctions.julianday($0.dueAt))
          )
        }
        .order { $0.id }
      },
      sqlite: """
        SELECT date("taggings"."dueAt", ?, ?), datetime("taggings"."dueAt", ?), \
        time("taggings"."dueAt", ?), strftime(?, "taggings"."dueAt", ?), \
        unixepoch("taggings"."dueAt"), round(julianday("taggings"."dueAt"), ?), \
        date(julianday("taggings"."dueAt"))
        FROM "taggings"
        ORDER BY "taggings"."id"
        """,
      postgres: """
        SELECT to_char((date_trunc('month', (CAST("taggings"."dueAt" AS timestamptz) AT TIME \
        ZONE 'UTC')) + interval '+1 day'), 'YYYY-MM-DD'), to_char(((CAST("taggings"."dueAt" AS \
        timestamptz) AT TIME ZONE 'UTC') + interval '+90 minute'), 'YYYY-MM-DD HH24:MI:SS'), \
        to_char(((CAST("taggings"."dueAt" AS timestamptz) AT TIME ZONE 'UTC') + interval '-1 \
        second'), 'HH24:MI:SS'), to_char(date_trunc('year', (CAST("taggings"."dueAt" AS \
        timestamptz) AT TIME ZONE 'UTC')), ?), CAST(floor(extract(epoch FROM \
        (CAST("taggings"."dueAt" AS timestamptz) AT TIME ZONE 'UTC'))) AS bigint), \
        CAST(round(CAST(CAST(extract(epoch FROM (CAST("taggings"."dueAt" AS timestamptz) AT \
        TIME ZONE 'UTC')) / 86400 + 2440587.5 AS double precision) AS numeric), CAST(? AS \
        integer)) AS double precision), to_char((to_timestamp((CAST(extract(epoch FROM \
        (CAST("taggings"."dueAt" AS timestamptz) AT TIME ZONE 'UTC')) / 86400 + 2440587.5 AS \
        double precision) - 2440587.5) * 86400) AT TIME ZONE 'UTC'), 'YYYY-MM-DD')
        FROM "taggings"
        ORDER BY "taggings"."id"
        """)
  }

  @Test func scalarFunctions() async throws {
    try await check(
      {
        Reminder.select {
          (
            $0.title.substr(2, 3), $0.title.instr("o"), $0.title.unicode(),
            $0.priority.ifnull(0), $0.id.sign(), $0.id.round(2), $0.title.trim("aG"),
            SQLFunctions.char(72, 105), SQLFunctions.max($0.id, $0.remindersListID),
            $0.isCompleted.likely(), $0.id.cast(as: String.self)
          )
        }
        .order { $0.id }
      },
      sqlite: """
        SELECT substr("reminders"."title", ?, ?), instr("reminders"."title", ?), \
        unicode("reminders"."title"), ifnull("reminders"."priority", ?), \
        sign("reminders"."id"), round("reminders"."id", ?), trim("reminders"."title", ?), \
        char(?, ?), max("reminders"."id", "reminders"."remindersListID"), \
        likely("reminders"."isCompleted"), CAST("reminders"."id" AS TEXT)
        FROM "reminders"
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT substr("reminders"."title", CAST(? AS integer), CAST(? AS integer)), \
        strpos("reminders"."title", ?), ascii("reminders"."title"), \
        coalesce("reminders"."priority", ?), CAST(sign("reminders"."id") AS bigint), \
        CAST(round(CAST("reminders"."id" AS numeric), CAST(? AS integer)) AS double precision), \
        btrim("reminders"."title", ?), (chr(CAST(? AS integer)) || chr(CAST(? AS integer))), \
        greatest("reminders"."id", "reminders"."remindersListID"), ("reminders"."isCompleted"), \
        CAST("reminders"."id" AS text)
        FROM "reminders"
        ORDER BY "reminders"."id"
        """)
  }

  @Test func windowsAndTotals() async throws {
    try await check(
      {
        Reminder.select {
          (
            $0.id, SQLFunctions.ntile(2).over(Window.order(by: $0.id)),
            $0.title.lag().over(Window.order(by: $0.id)),
            $0.title.lead(2).over(Window.order(by: $0.id)),
            $0.priority.total().over(Window.order(by: $0.id))
          )
        }
        .order { $0.id }
      },
      sqlite: """
        SELECT "reminders"."id", ntile(?) OVER (ORDER BY "reminders"."id"), \
        lag("reminders"."title", ?) OVER (ORDER BY "reminders"."id"), lead("reminders"."title", \
        ?) OVER (ORDER BY "reminders"."id"), total("reminders"."priority") OVER (ORDER BY \
        "reminders"."id")
        FROM "reminders"
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT "reminders"."id", ntile(CAST(? AS integer)) OVER (ORDER BY "reminders"."id"), \
        lag("reminders"."title", CAST(? AS integer)) OVER (ORDER BY "reminders"."id"), \
        lead("reminders"."title", CAST(? AS integer)) OVER (ORDER BY "reminders"."id"), \
        coalesce(sum(CAST("reminders"."priority" AS double precision)) OVER (ORDER BY \
        "reminders"."id"), 0.0)
        FROM "reminders"
        ORDER BY "reminders"."id"
        """)
    try await check(
      { Reminder.select { ($0.priority.total(), $0.priority.total().filter($0.id > 100)) } },
      sqlite: """
        SELECT total("reminders"."priority"), total("reminders"."priority") FILTER (WHERE \
        ("reminders"."id" > ?))
        FROM "reminders"
        """,
      postgres: """
        SELECT coalesce(sum(CAST("reminders"."priority" AS double precision)), 0.0), \
        coalesce(sum(CAST("reminders"."priority" AS double precision)) FILTER (WHERE \
        ("reminders"."id" > ?)), 0.0)
        FROM "reminders"
        """)
  }
}
