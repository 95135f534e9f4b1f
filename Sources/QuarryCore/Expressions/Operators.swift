// Comparison and logic operators on expressions. Each has one form for two expressions and one
// for an expression and a Swift value, so a literal takes the expression's type.

/// `lhs = rhs`; comparing with `nil` gives `lhs IS NULL`.
///
/// `$0.title == "Milk"` renders `("reminders"."title" = 'Milk')`.
///
/// `$0.priority == nil` renders `("reminders"."priority" IS NULL)`.
@inlinable
public func == <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, rhs.queryBinding.isNull ? "IS" : "=", BoundValue(rhs))
}

/// `lhs <> rhs`; comparing with `nil` gives `lhs IS NOT NULL`.
///
/// `$0.title != "Milk"` renders `("reminders"."title" <> 'Milk')`.
///
/// `$0.priority != nil` renders `("reminders"."priority" IS NOT NULL)`.
@inlinable
public func != <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, rhs.queryBinding.isNull ? "IS NOT" : "<>", BoundValue(rhs))
}

/// `lhs = rhs`. An optional expression may be compared with a non-optional one of the same
/// type (a foreign key with the key it references): `NULL` matches nothing.
///
/// `$0.priority == $0.remindersListID` renders `("reminders"."priority" = "reminders"."remindersListID")`.
public func == <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where
  LHS.QueryValue: QueryBindable, RHS.QueryValue: QueryBindable,
  LHS.QueryValue.ComparableValue == RHS.QueryValue.ComparableValue
{
  BinaryOperation(lhs, "=", rhs)
}

/// `lhs <> rhs`, for expressions of the same type, optional or not.
///
/// `$0.priority != $0.remindersListID` renders `("reminders"."priority" <> "reminders"."remindersListID")`.
public func != <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where
  LHS.QueryValue: QueryBindable, RHS.QueryValue: QueryBindable,
  LHS.QueryValue.ComparableValue == RHS.QueryValue.ComparableValue
{
  BinaryOperation(lhs, "<>", rhs)
}

/// `lhs < rhs`
///
/// `$0.id < 3` renders `("reminders"."id" < 3)`.
@inlinable
public func < <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, "<", BoundValue(rhs))
}

/// `lhs > rhs`
///
/// `$0.id > 3` renders `("reminders"."id" > 3)`.
@inlinable
public func > <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, ">", BoundValue(rhs))
}

/// `lhs <= rhs`
///
/// `$0.id <= 3` renders `("reminders"."id" <= 3)`.
@inlinable
public func <= <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, "<=", BoundValue(rhs))
}

/// `lhs >= rhs`
///
/// `$0.id >= 3` renders `("reminders"."id" >= 3)`.
@inlinable
public func >= <LHS: QueryExpression>(lhs: LHS, rhs: LHS.QueryValue)
  -> BinaryOperation<Bool, LHS, BoundValue<LHS.QueryValue>>
where LHS.QueryValue: QueryBindable {
  BinaryOperation(lhs, ">=", BoundValue(rhs))
}

/// `lhs < rhs`
///
/// `$0.id < $0.remindersListID` renders `("reminders"."id" < "reminders"."remindersListID")`.
public func < <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where LHS.QueryValue == RHS.QueryValue {
  BinaryOperation(lhs, "<", rhs)
}

/// `lhs > rhs`
///
/// `$0.id > $0.remindersListID` renders `("reminders"."id" > "reminders"."remindersListID")`.
public func > <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where LHS.QueryValue == RHS.QueryValue {
  BinaryOperation(lhs, ">", rhs)
}

/// `lhs <= rhs`
///
/// `$0.id <= $0.remindersListID` renders `("reminders"."id" <= "reminders"."remindersListID")`.
public func <= <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where LHS.QueryValue == RHS.QueryValue {
  BinaryOperation(lhs, "<=", rhs)
}

/// `lhs >= rhs`
///
/// `$0.id >= $0.remindersListID` renders `("reminders"."id" >= "reminders"."remindersListID")`.
public func >= <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
where LHS.QueryValue == RHS.QueryValue {
  BinaryOperation(lhs, ">=", rhs)
}

/// `lhs AND rhs`
///
/// `$0.isCompleted && $0.priority == 3` renders `("reminders"."isCompleted" AND ("reminders"."priority" = 3))`.
public func && <LHS: QueryExpression<Bool>, RHS: QueryExpression<Bool>>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
{
  BinaryOperation(lhs, "AND", rhs)
}

/// `lhs OR rhs`
///
/// `$0.isCompleted || $0.priority == nil` renders `("reminders"."isCompleted" OR ("reminders"."priority" IS NULL))`.
public func || <LHS: QueryExpression<Bool>, RHS: QueryExpression<Bool>>(lhs: LHS, rhs: RHS)
  -> BinaryOperation<Bool, LHS, RHS>
{
  BinaryOperation(lhs, "OR", rhs)
}

/// `NOT operand`
///
/// `!$0.isCompleted` renders `(NOT "reminders"."isCompleted")`.
public prefix func ! <Operand: QueryExpression<Bool>>(operand: Operand)
  -> UnaryOperation<Bool, Operand>
{
  UnaryOperation("NOT", operand)
}
