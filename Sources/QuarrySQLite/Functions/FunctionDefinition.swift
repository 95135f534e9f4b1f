import CSQLite
import Foundation
import QuarryCore

/// A registered function as SQLite sees it. SQLite holds one retained reference per
/// registration and releases it through its destructor callback.
///
/// `@unchecked Sendable`: every property is immutable, and the closures capture only the
/// user's `@Sendable` body and generic parameter types. (Declaring the closures `@Sendable`
/// would need `SendableMetatype` constraints, which Swift 6.1 lacks.)
final class FunctionDefinition: @unchecked Sendable {
  enum Kind {
    case scalar(([OpaquePointer]) throws -> QueryBinding)
    case aggregate(() -> any AggregateRunner)
  }

  let name: String
  let argumentCount: Int32
  let isDeterministic: Bool
  let kind: Kind

  init(name: String, argumentCount: Int32, isDeterministic: Bool, kind: Kind) {
    self.name = name
    self.argumentCount = argumentCount
    self.isDeterministic = isDeterministic
    self.kind = kind
  }
}

/// One group's aggregate state, type-erased.
protocol AggregateRunner: AnyObject {
  func step(_ arguments: [OpaquePointer]) throws
  func finalize() throws -> QueryBinding
}

final class AggregateRun<Aggregate: DatabaseAggregate>: AggregateRunner {
  var state = Aggregate()
  func step(_ arguments: [OpaquePointer]) throws {
    try state.step(arguments.map(queryBinding(of:)))
  }
  func finalize() throws -> QueryBinding { try state.finalize().queryBinding }
}

/// Decodes function arguments in order.
struct ArgumentDecoder: QueryDecoder {
  let arguments: [OpaquePointer]
  var index = 0

  init(arguments: [OpaquePointer]) { self.arguments = arguments }

  private mutating func next(_ expected: String, _ types: Int32...) throws -> OpaquePointer {
    guard index < arguments.count else {
      throw DatabaseError(
        resultCode: DatabaseError.error,
        message: "expected \(expected) for argument \(index + 1), but there are \(arguments.count)")
    }
    let value = arguments[index]
    guard types.contains(sqlite3_value_type(value)) else {
      throw DatabaseError(
        resultCode: DatabaseError.error,
        message:
          "argument \(index + 1): expected \(expected), found \(describe(queryBinding(of: value)))")
    }
    index += 1
    return value
  }

  mutating func decodeNil() throws -> Bool {
    guard index < arguments.count, sqlite3_value_type(arguments[index]) == SQLITE_NULL else {
      return false
    }
    index += 1
    return true
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    sqlite3_value_int64(try next("Int64", SQLITE_INTEGER))
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    Int(sqlite3_value_int64(try next("Int", SQLITE_INTEGER)))
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    sqlite3_value_double(try next("Double", SQLITE_FLOAT, SQLITE_INTEGER))
  }

  mutating func decode(_ type: String.Type) throws -> String {
    guard case .text(let text) = queryBinding(of: try next("String", SQLITE_TEXT)) else {
      return ""
    }
    return text
  }

  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    guard case .blob(let bytes) = queryBinding(of: try next("[UInt8]", SQLITE_BLOB)) else {
      return []
    }
    return bytes
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    sqlite3_value_int64(try next("Bool", SQLITE_INTEGER)) != 0
  }

  mutating func decodeJSON() throws -> String {
    guard index < arguments.count, sqlite3_value_type(arguments[index]) == SQLITE_BLOB else {
      return try decode(String.self)
    }
    let bytes = try decode([UInt8].self)
    do {
      return try JSONB.json(bytes)
    } catch {
      throw DatabaseError(
        resultCode: DatabaseError.error, message: "argument \(index): \(error.message)")
    }
  }
}

extension Database {
  /// Registers a function with SQLite.
  func register(_ definition: FunctionDefinition) throws {
    var flags = SQLITE_UTF8
    if definition.isDeterministic { flags |= SQLITE_DETERMINISTIC }
    let context = Unmanaged.passRetained(definition).toOpaque()
    let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
      guard let context else { return }
      Unmanaged<FunctionDefinition>.fromOpaque(context).release()
    }
    let code: Int32
    switch definition.kind {
    case .scalar:
      code = sqlite3_create_function_v2(
        handle, definition.name, definition.argumentCount, flags, context,
        { context, count, values in
          guard let context else { return }
          let definition = Unmanaged<FunctionDefinition>
            .fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
          guard case .scalar(let body) = definition.kind else { return }
          do {
            setResult(context, try body(collect(count, values)))
          } catch {
            setError(context, error)
          }
        }, nil, nil, destroy)
    case .aggregate:
      code = sqlite3_create_function_v2(
        handle, definition.name, definition.argumentCount, flags, context, nil,
        { context, count, values in
          guard let context, let runner = aggregateRunner(context, create: true) else { return }
          do {
            try runner.step(collect(count, values))
          } catch {
            setError(context, error)
          }
        },
        { context in
          guard let context else { return }
          // No row at all leaves no state: finalize a fresh one.
          guard let runner = aggregateRunner(context, create: true) else { return }
          defer { releaseAggregateRunner(context) }
          do {
            setResult(context, try runner.finalize())
          } catch {
            setError(context, error)
          }
        }, destroy)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(connection: handle, resultCode: code, sql: nil)
    }
  }
}

/// Holds an aggregate's runner inside SQLite's per-group memory.
private final class AggregateSlot {
  let runner: any AggregateRunner
  init(_ runner: any AggregateRunner) { self.runner = runner }
}

private func aggregateRunner(_ context: OpaquePointer, create: Bool) -> (any AggregateRunner)? {
  let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
  guard let memory = sqlite3_aggregate_context(context, size) else {
    sqlite3_result_error_nomem(context)
    return nil
  }
  let slot = memory.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = slot.pointee {
    return Unmanaged<AggregateSlot>.fromOpaque(existing).takeUnretainedValue().runner
  }
  let definition = Unmanaged<FunctionDefinition>.fromOpaque(sqlite3_user_data(context))
    .takeUnretainedValue()
  guard case .aggregate(let make) = definition.kind else { return nil }
  let runner = make()
  slot.pointee = Unmanaged.passRetained(AggregateSlot(runner)).toOpaque()
  return runner
}

private func releaseAggregateRunner(_ context: OpaquePointer) {
  guard let memory = sqlite3_aggregate_context(context, 0) else { return }
  let slot = memory.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = slot.pointee {
    Unmanaged<AggregateSlot>.fromOpaque(existing).release()
    slot.pointee = nil
  }
}

private func collect(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?)
  -> [OpaquePointer]
{
  guard let values else { return [] }
  return (0..<Int(count)).compactMap { values[$0] }
}

private func setResult(_ context: OpaquePointer, _ binding: QueryBinding) {
  switch binding {
  case .null: sqlite3_result_null(context)
  case .int(let value): sqlite3_result_int64(context, value)
  case .bool(let value): sqlite3_result_int64(context, value ? 1 : 0)
  case .double(let value): sqlite3_result_double(context, value)
  case .text(var text):
    text.withUTF8 {
      sqlite3_result_text(context, $0.baseAddress, Int32($0.count), transientDestructor)
    }
  case .blob(let bytes):
    bytes.withUnsafeBytes {
      if $0.isEmpty {
        sqlite3_result_zeroblob(context, 0)
      } else {
        sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), transientDestructor)
      }
    }
  case .jsonb(let json):
    do {
      setResult(context, .blob(try JSONB.encode(json: json)))
    } catch {
      sqlite3_result_error(context, "not JSON: \(error.message)", -1)
    }
  case .invalid(let error): sqlite3_result_error(context, error.message, -1)
  }
}

private func setError(_ context: OpaquePointer, _ error: any Error) {
  let message =
    (error as? DatabaseError)?.message ?? (error as? any LocalizedError)?.errorDescription
    ?? String(describing: error)
  sqlite3_result_error(context, message, -1)
}
