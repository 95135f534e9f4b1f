#if QuarryTagged
  import Tagged

  // Tagged identifiers (`typealias ID = Tagged<Self, Int>`) bind and decode as their raw value,
  // and compare only with identifiers of the same tag: `Reminder.ID == RemindersList.ID` does
  // not compile.

  extension Tagged: QueryDecodable where RawValue: QueryBindable {
    /// Decodes the raw value.
    public init(decoder: inout some QueryDecoder) throws {
      self.init(rawValue: try RawValue(decoder: &decoder))
    }
  }

  extension Tagged: QueryAssignable where RawValue: QueryBindable {
    public typealias QueryValue = Self
  }

  extension Tagged: QueryBindable where RawValue: QueryBindable {
    /// The raw value's binding.
    public var queryBinding: QueryBinding { rawValue.queryBinding }
  }

  extension Tagged: QueryRepresentable where RawValue: QueryRepresentable {
    /// A tagged representation stands for the tagged Swift value:
    /// `@Column(as: Tagged<Self, UUID.BytesRepresentation>.self) let id: Tagged<Self, UUID>`.
    public init(queryOutput: Tagged<Tag, RawValue.QueryOutput>) {
      self.init(rawValue: RawValue(queryOutput: queryOutput.rawValue))
    }

    /// The tagged Swift value.
    public var queryOutput: Tagged<Tag, RawValue.QueryOutput> {
      Tagged<Tag, RawValue.QueryOutput>(rawValue: rawValue.queryOutput)
    }
  }
#endif
