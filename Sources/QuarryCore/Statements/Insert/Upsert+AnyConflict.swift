extension Insert {
  /// On a conflict with any uniqueness constraint, skips the row: `ON CONFLICT DO NOTHING`.
  ///
  /// (Its own overload: with the target's default of nil, the target's column types could
  /// not be inferred.)
  @inlinable
  public consuming func onConflictDoNothing() -> Self {
    upsert = QueryFragment(sql: "ON CONFLICT DO NOTHING")
    return self
  }
}
