import PostgresNIO
import QuarryCore

/// An error from PostgreSQL, or from Quarry before a statement reached it.
///
/// It carries PostgreSQL's SQLSTATE code, message, detail and hint, the SQL that failed and its
/// arguments. The arguments are left out of ``description`` (they may hold personal data)
/// unless ``PostgresDatabase/Configuration/showsArgumentsInErrors`` is on.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// The server refused the statement: see ``sqlState``.
    case server
    /// The statement never reached the server: an invalid value, too many parameters, a
    /// feature PostgreSQL has no form for.
    case statement
    /// The connection failed or closed.
    case connection
    /// The task running the statement was cancelled.
    case cancelled
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// PostgreSQL's five-character SQLSTATE code (`23505` for a unique violation), for a server
  /// error.
  public var sqlState: String?
  /// What went wrong.
  public var message: String
  /// PostgreSQL's detail, such as which key already exists.
  public var detail: String?
  /// PostgreSQL's hint.
  public var hint: String?
  /// The constraint that was violated, when one was.
  public var constraint: String?
  /// The SQL of the failing statement, with numbered parameters.
  public var sql: String?
  /// Where in ``sql`` the server places the error, when it says: a 1-based count of
  /// characters (Unicode scalars), as PostgreSQL reports it.
  public var position: Int?
  /// The statement's arguments.
  public var arguments: [QueryBinding]
  /// Whether ``description`` shows ``arguments``.
  public var showsArguments: Bool

  /// Creates an error.
  public init(
    kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil,
    hint: String? = nil, constraint: String? = nil, sql: String? = nil,
    arguments: [QueryBinding] = [], showsArguments: Bool = false
  ) {
    self.kind = kind
    self.sqlState = sqlState
    self.message = message
    self.detail = detail
    self.hint = hint
    self.constraint = constraint
    self.sql = sql
    self.arguments = arguments
    self.showsArguments = showsArguments
  }

  /// Whether the error is a unique violation (SQLSTATE `23505`).
  public var isUniqueViolation: Bool { sqlState == "23505" }
  /// Whether the error is a foreign key violation (SQLSTATE `23503`).
  public var isForeignKeyViolation: Bool { sqlState == "23503" }
  /// Whether the error is a not-null violation (SQLSTATE `23502`).
  public var isNotNullViolation: Bool { sqlState == "23502" }
  /// Whether the transaction failed to serialize and may be retried (SQLSTATE `40001` or
  /// `40P01`).
  public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

  /// The error as a user reads it: the SQLSTATE, message, detail, hint, SQL and (when shown)
  /// the arguments.
  public var description: String {
    var text = "PostgreSQL error"
    if let sqlState { text += " \(sqlState)" }
    text += ": \(message)"
    if let detail { text += "\n  detail: \(detail)" }
    if let hint { text += "\n  hint: \(hint)" }
    if let sql { text += "\n  in: \(sql)" }
    if !arguments.isEmpty {
      if showsArguments {
        text += "\n  arguments: [" + arguments.map(\.sqlLiteral).joined(separator: ", ") + "]"
      } else {
        text += "\n  arguments: \(arguments.count) hidden (Configuration.showsArgumentsInErrors)"
      }
    }
    return text
  }

  /// The error of a statement whose task was cancelled, which closed its connection.
  var cancelled: PostgresError {
    guard kind == .connection else { return self }
    var error = self
    error.kind = .cancelled
    error.message = "the task was cancelled (its connection was closed): \(message)"
    return error
  }

  /// Translates postgres-nio's error.
  init(_ error: any Error, sql: String?, arguments: [QueryBinding], showsArguments: Bool) {
    guard let error = error as? PSQLError else {
      if error is CancellationError {
        self.init(
          kind: .cancelled, message: "the task was cancelled", sql: sql, arguments: arguments,
          showsArguments: showsArguments)
      } else {
        self.init(
          kind: .connection, message: String(describing: error), sql: sql, arguments: arguments,
          showsArguments: showsArguments)
      }
      return
    }
    if let info = error.serverInfo {
      self.init(
        kind: .server, sqlState: info[.sqlState], message: info[.message] ?? "unknown error",
        detail: info[.detail], hint: info[.hint], constraint: info[.constraintName], sql: sql,
        arguments: arguments, showsArguments: showsArguments)
      position = info[.position].flatMap { Int($0) }
      return
    }
    let kind: Kind
    switch error.code {
    case .queryCancelled: kind = .cancelled
    case .tooManyParameters: kind = .statement
    default: kind = .connection
    }
    var message = "\(error.code)"
    if let underlying = error.underlying { message += ": \(underlying)" }
    self.init(
      kind: kind, message: message, sql: sql, arguments: arguments,
      showsArguments: showsArguments)
  }
}
