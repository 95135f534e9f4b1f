import Foundation
import Quarry

// Query shapes an app writes, compiled with `-warn-long-expression-type-checking=100`: a query
// closure that takes Swift longer than 100 ms to type-check is a warning, and CI fails on
// warnings. The expressions are the ones Quarry's operator and clause overloads make the solver
// work hardest on: `??` and `+` chains, mixed arithmetic, comparisons of optional columns,
// three-table joins and multi-column selects. Each query is its own statement, as apps write
// them. (The test targets can't carry this flag: a single `#expect(a == [1])` takes 25–86 ms to
// type-check here, Swift Testing's expansion, with or without Quarry imported.)

@Table struct Person {
  let id: Int
  var name: String?
  var nickname: String?
  var age: Int?
  var title = ""
  var score = 0
  var flags = 0
  var rating: Double?
  var joinedAt: Date
}

@Table struct Team {
  let id: Int
  var name = ""
  var leaderID: Int?
  var budget = 0.0
  var isActive = true
}

@Table struct Membership {
  let id: Int
  var personID: Int
  var teamID: Int?
  var role = ""
}

/// Selects, filters and orders.
func selects(_ name: String, _ since: Date, _ limit: Int) -> [any Statement] {
  var all: [any Statement] = []
  let q1 = Person.where { $0.name == name && $0.score > 3 }.order { $0.rating.desc() }.limit(limit)
  all.append(q1)
  let q2 = Person.select { ($0.id, $0.name, $0.age) }.where { !($0.age > 30) || $0.nickname == nil }
  all.append(q2)
  let q3 = Person.select { ($0.name ?? $0.nickname ?? "anonymous") + "!" }
  all.append(q3)
  let q4 = Person.select { ($0.name ?? "x") + "a" + "b" + "c" + "d" + "e" }
  all.append(q4)
  let q5 = Person.select { ($0.age ?? 0) * 2 + 1 - $0.id / 3 + 4 }
  all.append(q5)
  let q6 = Person.select { $0.name + $0.title + "a" + $0.nickname + "b" + $0.title }
  all.append(q6)
  let q7 = Person.select { ($0.score * 2 + $0.flags, $0.rating ?? 0.0, $0.title.lower()) }
  all.append(q7)
  let q8 = Person.where { $0.title.like("50\\%%", escape: "\\") || $0.title.hasPrefix(name) }
  all.append(q8)
  let q9 = Person.where { [1, 2, 3].contains($0.id) && $0.joinedAt >= since }.select { $0.id }
  all.append(q9)
  let q10 = Person.where { $0.rating != nil && $0.rating >= 4.0 }.order { ($0.score.desc(), $0.id) }
  all.append(q10)
  let q11 = Person.select { ($0.flags << 2, $0.flags >> 1, $0.flags & 3, $0.flags | 4, ~$0.flags) }
  all.append(q11)
  let q12 = Person.group { $0.title }.having { $0.id.count() > 2 }.select {
    ($0.title, $0.score.avg())
  }
  all.append(q12)
  let q13 = Person.select { ($0.id.count(), $0.score.sum(), $0.rating.max(), $0.age.min()) }
  all.append(q13)
  return all
}

/// Joins of two and three tables.
func joins() -> [any Statement] {
  var all: [any Statement] = []
  let q14 = Person.join(Membership.all) { $0.id == $1.personID }.select { ($0.name, $1.role) }
  all.append(q14)
  let q15 = Person.leftJoin(Membership.all) { $0.id == $1.personID && $1.role == "lead" }
    .select { ($0.name, $1.role) }
  all.append(q15)
  let q16 = Team.fullJoin(Membership.all) { $0.id == $1.teamID }.select { ($0.name, $1.role) }
    .order { ($0.id, $1.id) }
  all.append(q16)
  let q17 = Person.join(Membership.all) { $0.id == $1.personID }
    .join(Team.all) { $1.teamID == $2.id && $2.isActive }
    .where { $0.score > 10 && $2.budget > 1_000 }
    .select { ($0.name, $1.role, $2.name) }
  all.append(q17)
  let q18 = Team.rightJoin(Person.all) { $0.leaderID == $1.id }.select { ($0.name, $1.name ?? "?") }
  all.append(q18)
  return all
}

/// Inserts, updates and deletes.
func writes(_ name: String, _ since: Date) -> [any Statement] {
  var all: [any Statement] = []
  let q19 = Person.insert { Person.Draft(name: name, nickname: nil, age: 30, joinedAt: since) }
  all.append(q19)
  let q20 = Person.update {
    $0.name = name
    $0.score += 1
    $0.flags = $0.flags | 2
  }.where { $0.id == 3 }
  all.append(q20)
  let q21 = Person.delete().where { $0.age < 18 && $0.joinedAt <= since }
  all.append(q21)
  let q22 = Team.update { $0.budget = $0.budget * 1.1 }.where { $0.isActive && $0.leaderID != nil }
  all.append(q22)
  return all
}
