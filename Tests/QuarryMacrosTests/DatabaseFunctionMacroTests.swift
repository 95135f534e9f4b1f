import MacroTesting
import QuarryMacros
import Testing

@Suite(.macros(functionMacros))
struct DatabaseFunctionMacroTests {
  @Test func scalarFunction() {
    assertMacro {
      """
      @DatabaseFunction
      func exclaim(_ text: String) -> String {
        text + "!"
      }
      """
    } expansion: {
      """
      func exclaim(_ text: String) -> String {
        text + "!"
      }

      nonisolated var $exclaim: __macro_local_7exclaimfMu_ { __macro_local_7exclaimfMu_(exclaim(_:)) }

      nonisolated struct __macro_local_7exclaimfMu_: QuarryCore.ScalarDatabaseFunction {
        public typealias Output = String
        public let name = "exclaim"
        public var argumentCount: Int { String.queryColumnCount }
        public let isDeterministic = false
        public let body: @Sendable (String) throws -> String
        public init(_ body: @escaping @Sendable (String) throws -> String) { self.body = body }
        public func callAsFunction(_ text: some QuarryCore.QueryAssignable<String>) -> QuarryCore.SQLQueryExpression<String> {
          self.call(text)
        }
        public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
          let argument0 = try arguments.decode(String.self)
          return try self.body(argument0).queryBinding
        }
      }
      """
    }
  }

  @Test func nameDeterminismDefaultsAndThrows() {
    assertMacro {
      """
      @DatabaseFunction("ranked_name", isDeterministic: true)
      public func ranked(_ name: String, rank: Int? = nil) throws -> String? {
        rank.map { "\\(name) #\\($0)" }
      }
      """
    } expansion: {
      #"""
      public func ranked(_ name: String, rank: Int? = nil) throws -> String? {
        rank.map { "\(name) #\($0)" }
      }

      public nonisolated var $ranked: __macro_local_6rankedfMu_ { __macro_local_6rankedfMu_(ranked(_:rank:)) }

      public nonisolated struct __macro_local_6rankedfMu_: QuarryCore.ScalarDatabaseFunction {
        public typealias Output = String?
        public let name = "ranked_name"
        public var argumentCount: Int { String.queryColumnCount + Int?.queryColumnCount }
        public let isDeterministic = true
        public let body: @Sendable (String, Int?) throws -> String?
        public init(_ body: @escaping @Sendable (String, Int?) throws -> String?) { self.body = body }
        public func callAsFunction(_ name: some QuarryCore.QueryAssignable<String>, rank: some QuarryCore.QueryAssignable<Int?> = (nil as Int?)) -> QuarryCore.SQLQueryExpression<String?> {
          self.call(name, rank)
        }
        public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
          let argument0 = try arguments.decode(String.self)
          let argument1 = try arguments.decode(Int?.self)
          return try self.body(argument0, argument1).queryBinding
        }
      }
      """#
    }
  }

  @Test func noArgumentsAndNoResult() {
    assertMacro {
      """
      @DatabaseFunction
      func `log`() {
        print("called")
      }
      """
    } expansion: {
      """
      func `log`() {
        print("called")
      }

      nonisolated var $log: __macro_local_3logfMu_ { __macro_local_3logfMu_(`log`) }

      nonisolated struct __macro_local_3logfMu_: QuarryCore.ScalarDatabaseFunction {
        public typealias Output = Void
        public let name = "log"
        public var argumentCount: Int { 0 }
        public let isDeterministic = false
        public let body: @Sendable () throws -> Void
        public init(_ body: @escaping @Sendable () throws -> Void) { self.body = body }
        public func callAsFunction() -> QuarryCore.SQLQueryExpression<Void> {
          self.call()
        }
        public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
          try self.body()
          return .null
        }
      }
      """
    }
  }

  @Test func staticFunction() {
    assertMacro {
      """
      enum Pricing {
        @DatabaseFunction
        static func discounted(_ price: Double, by percent: Int) -> Double {
          price * Double(100 - percent) / 100
        }
      }
      """
    } expansion: {
      """
      enum Pricing {
        static func discounted(_ price: Double, by percent: Int) -> Double {
          price * Double(100 - percent) / 100
        }

        nonisolated static var $discounted: __macro_local_10discountedfMu_ { __macro_local_10discountedfMu_(discounted(_:by:)) }

        nonisolated struct __macro_local_10discountedfMu_: QuarryCore.ScalarDatabaseFunction {
          public typealias Output = Double
          public let name = "discounted"
          public var argumentCount: Int { Double.queryColumnCount + Int.queryColumnCount }
          public let isDeterministic = false
          public let body: @Sendable (Double, Int) throws -> Double
          public init(_ body: @escaping @Sendable (Double, Int) throws -> Double) { self.body = body }
          public func callAsFunction(_ price: some QuarryCore.QueryAssignable<Double>, by percent: some QuarryCore.QueryAssignable<Int>) -> QuarryCore.SQLQueryExpression<Double> {
            self.call(price, percent)
          }
          public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
            let argument0 = try arguments.decode(Double.self)
            let argument1 = try arguments.decode(Int.self)
            return try self.body(argument0, argument1).queryBinding
          }
        }
      }
      """
    }
  }

  @Test func aggregateOfValues() {
    assertMacro {
      """
      @DatabaseFunction
      func total(of prices: some Sequence<Double>) -> Double {
        prices.reduce(0, +)
      }
      """
    } expansion: {
      """
      func total(of prices: some Sequence<Double>) -> Double {
        prices.reduce(0, +)
      }

      nonisolated var $total: __macro_local_5totalfMu_ { __macro_local_5totalfMu_(total(of:)) }

      nonisolated struct __macro_local_5totalfMu_: QuarryCore.AggregateDatabaseFunction {
        public typealias Output = Double
        public typealias Element = Double
        public let name = "total"
        public var argumentCount: Int { Double.queryColumnCount }
        public let isDeterministic = false
        public let body: @Sendable ([Element]) throws -> Double
        public init(_ body: @escaping @Sendable ([Element]) throws -> Double) { self.body = body }
        public func callAsFunction(of element: some QuarryCore.QueryAssignable<Double>, distinct: Swift.Bool = false) -> QuarryCore.AggregateFunction<Double> {
          self.call(element, distinct: distinct)
        }
        public func step(_ arguments: inout some QuarryCore.QueryDecoder) throws -> Element {
          let argument0 = try arguments.decode(Double.self)
          return argument0
        }
        public func invoke(_ elements: [Element]) throws -> QuarryCore.QueryBinding {
          return try self.body(elements).queryBinding
        }
      }
      """
    }
  }

  @Test func aggregateOfTuples() {
    assertMacro {
      """
      @DatabaseFunction
      func joined(_ rows: some Sequence<(String, separator: String)>) -> String {
        rows.map(\\.0).joined()
      }
      """
    } expansion: {
      #"""
      func joined(_ rows: some Sequence<(String, separator: String)>) -> String {
        rows.map(\.0).joined()
      }

      nonisolated var $joined: __macro_local_6joinedfMu_ { __macro_local_6joinedfMu_(joined(_:)) }

      nonisolated struct __macro_local_6joinedfMu_: QuarryCore.AggregateDatabaseFunction {
        public typealias Output = String
        public typealias Element = (String, separator: String)
        public let name = "joined"
        public var argumentCount: Int { String.queryColumnCount + String.queryColumnCount }
        public let isDeterministic = false
        public let body: @Sendable ([Element]) throws -> String
        public init(_ body: @escaping @Sendable ([Element]) throws -> String) { self.body = body }
        public func callAsFunction(_ element0: some QuarryCore.QueryAssignable<String>, separator element1: some QuarryCore.QueryAssignable<String>) -> QuarryCore.AggregateFunction<String> {
          self.call(element0, element1, distinct: false)
        }
        public func step(_ arguments: inout some QuarryCore.QueryDecoder) throws -> Element {
          let argument0 = try arguments.decode(String.self)
          let argument1 = try arguments.decode(String.self)
          return (argument0, argument1)
        }
        public func invoke(_ elements: [Element]) throws -> QuarryCore.QueryBinding {
          return try self.body(elements).queryBinding
        }
      }
      """#
    }
  }

  @Test func notAFunction() {
    assertMacro {
      """
      @DatabaseFunction
      var answer: Int { 42 }
      """
    } diagnostics: {
      """
      @DatabaseFunction
      ┬────────────────
      ╰─ 🛑 '@DatabaseFunction' can only be applied to a function
      var answer: Int { 42 }
      """
    }
  }

  @Test func genericAsyncAndNonLiteralOptions() {
    assertMacro {
      """
      @DatabaseFunction(name, isDeterministic: flag)
      func first<T>(_ value: T) async -> T {
        value
      }
      """
    } diagnostics: {
      """
      @DatabaseFunction(name, isDeterministic: flag)
                                               ┬───
                        │                      ╰─ 🛑 'isDeterministic' must be 'true' or 'false'
                        ┬───
                        ╰─ 🛑 the function name must be a string literal
      func first<T>(_ value: T) async -> T {
                                ┬────
                │               ╰─ 🛑 a '@DatabaseFunction' can't be 'async': SQLite calls it synchronously
                │                  ✏️ Remove 'async'
                ┬──
                ╰─ 🛑 '@DatabaseFunction' does not support generic functions
        value
      }
      """
    }
  }

  @Test func instanceMethod() {
    assertMacro {
      """
      struct Formatter {
        @DatabaseFunction
        func format(_ value: Int) -> String {
          "\\(value)"
        }
      }
      """
    } diagnostics: {
      #"""
      struct Formatter {
        @DatabaseFunction
        func format(_ value: Int) -> String {
        ┬───
        ╰─ 🛑 '@DatabaseFunction' can only be applied to a global or static function
           ✏️ Make it 'static'
          "\(value)"
        }
      }
      """#
    } fixes: {
      #"""
      struct Formatter {
        @DatabaseFunction
        static func format(_ value: Int) -> String {
          "\(value)"
        }
      }
      """#
    } expansion: {
      #"""
      struct Formatter {
        static func format(_ value: Int) -> String {
          "\(value)"
        }

        nonisolated static var $format: __macro_local_6formatfMu_ { __macro_local_6formatfMu_(format(_:)) }

        nonisolated struct __macro_local_6formatfMu_: QuarryCore.ScalarDatabaseFunction {
          public typealias Output = String
          public let name = "format"
          public var argumentCount: Int { Int.queryColumnCount }
          public let isDeterministic = false
          public let body: @Sendable (Int) throws -> String
          public init(_ body: @escaping @Sendable (Int) throws -> String) { self.body = body }
          public func callAsFunction(_ value: some QuarryCore.QueryAssignable<Int>) -> QuarryCore.SQLQueryExpression<String> {
            self.call(value)
          }
          public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
            let argument0 = try arguments.decode(Int.self)
            return try self.body(argument0).queryBinding
          }
        }
      }
      """#
    }
  }

  @Test func inoutAndVariadicParameters() {
    assertMacro {
      """
      @DatabaseFunction
      func sum(_ total: inout Int, _ values: Int...) -> Int {
        values.reduce(total, +)
      }
      """
    } diagnostics: {
      """
      @DatabaseFunction
      func sum(_ total: inout Int, _ values: Int...) -> Int {
                                                ┬──
                        │                       ╰─ 🛑 parameter 'values' of a '@DatabaseFunction' can't be variadic: SQLite passes a fixed number of arguments
                        ┬────
                        ╰─ 🛑 parameter 'total' of a '@DatabaseFunction' can't be 'inout'
                           ✏️ Remove 'inout'
        values.reduce(total, +)
      }
      """
    }
  }

  @Test func aggregateWithOtherParameters() {
    assertMacro {
      """
      @DatabaseFunction
      func joined(_ values: some Sequence<String>, separator: String) -> String {
        values.joined(separator: separator)
      }
      """
    } diagnostics: {
      """
      @DatabaseFunction
      func joined(_ values: some Sequence<String>, separator: String) -> String {
                  ┬───────────────────────────────
                  ╰─ 🛑 an aggregate '@DatabaseFunction' takes one parameter, the sequence of rows; pass several values per row as a sequence of tuples: 'some Sequence<(String, separator: String)>'
        values.joined(separator: separator)
      }
      """
    }
  }

  @Test func sequenceWithoutElement() {
    assertMacro {
      """
      @DatabaseFunction
      func count(_ values: some Sequence) -> Int {
        0
      }
      """
    } diagnostics: {
      """
      @DatabaseFunction
      func count(_ values: some Sequence) -> Int {
                                ┬───────
                                ╰─ 🛑 the sequence needs an element type: 'some Sequence<Int>'
        0
      }
      """
    }
  }

  @Test func fixItsRemoveAsyncAndInout() {
    assertMacro {
      """
      @DatabaseFunction
      func doubled(_ value: inout Int) async -> Int {
        value * 2
      }
      """
    } diagnostics: {
      """
      @DatabaseFunction
      func doubled(_ value: inout Int) async -> Int {
                                       ┬────
                            │          ╰─ 🛑 a '@DatabaseFunction' can't be 'async': SQLite calls it synchronously
                            │             ✏️ Remove 'async'
                            ┬────
                            ╰─ 🛑 parameter 'value' of a '@DatabaseFunction' can't be 'inout'
                               ✏️ Remove 'inout'
        value * 2
      }
      """
    } fixes: {
      """
      @DatabaseFunction
      func doubled(_ value: Int) -> Int {
        value * 2
      }
      """
    } expansion: {
      """
      func doubled(_ value: Int) -> Int {
        value * 2
      }

      nonisolated var $doubled: __macro_local_7doubledfMu_ { __macro_local_7doubledfMu_(doubled(_:)) }

      nonisolated struct __macro_local_7doubledfMu_: QuarryCore.ScalarDatabaseFunction {
        public typealias Output = Int
        public let name = "doubled"
        public var argumentCount: Int { Int.queryColumnCount }
        public let isDeterministic = false
        public let body: @Sendable (Int) throws -> Int
        public init(_ body: @escaping @Sendable (Int) throws -> Int) { self.body = body }
        public func callAsFunction(_ value: some QuarryCore.QueryAssignable<Int>) -> QuarryCore.SQLQueryExpression<Int> {
          self.call(value)
        }
        public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws -> QuarryCore.QueryBinding {
          let argument0 = try arguments.decode(Int.self)
          return try self.body(argument0).queryBinding
        }
      }
      """
    }
  }
}
