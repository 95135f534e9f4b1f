/// A dialect form placed in a fragment: the bytes of the fragment's text that spell it in
/// SQLite's dialect, which a renderer for another dialect replaces with its own spelling.
@usableFromInline
package struct PlacedForm: Hashable, Sendable {
  /// SQLite's spelling of the form in the fragment's text (empty where SQLite writes nothing).
  @usableFromInline package var range: Range<Int>
  /// What the form is, with everything another dialect needs to spell it.
  @usableFromInline package var form: DialectForm
  /// How many forms placed after this one are inside it: a renderer that replaces this one
  /// skips them.
  @usableFromInline package var nestedCount: Int

  package init(range: Range<Int>, form: DialectForm, nestedCount: Int) {
    self.range = range
    self.form = form
    self.nestedCount = nestedCount
  }
}

extension QueryFragment {
  /// Appends a construct the dialects spell differently: SQLite's spelling as text (the
  /// SQLite folder writes it), and the form itself, which other dialects' renderers spell.
  @usableFromInline
  package mutating func append(form: DialectForm) {
    clearPreRendered()
    let start = text.count
    let index = forms.count
    forms.append(PlacedForm(range: start..<start, form: form, nestedCount: 0))
    SQLiteForms.write(form, to: &self)
    forms[index].range = start..<text.count
    forms[index].nestedCount = forms.count - index - 1
  }

  /// A fragment of one dialect form: ``append(form:)`` on an empty fragment.
  @usableFromInline
  package static func form(_ form: DialectForm) -> QueryFragment {
    var fragment = QueryFragment()
    fragment.append(form: form)
    return fragment
  }

  /// Appends `other`'s forms, their ranges moved by `shift` bytes.
  @usableFromInline
  mutating func appendForms(of other: QueryFragment, shiftedBy shift: Int) {
    forms.reserveCapacity(forms.count + other.forms.count)
    for var placed in other.forms {
      placed.range = placed.range.lowerBound + shift..<placed.range.upperBound + shift
      forms.append(placed)
    }
  }

  /// Inserts `byte` into the text at `offset`, moving the placeholders and forms placed since
  /// `mark` (which all lie at or after `offset`).
  @inlinable
  package mutating func insert(byte: UInt8, at offset: Int, since mark: Mark) {
    text.insert(byte, at: offset)
    for index in mark.placeholderCount..<placeholders.count { placeholders[index] += 1 }
    for index in mark.formCount..<forms.count {
      let range = forms[index].range
      forms[index].range = range.lowerBound + 1..<range.upperBound + 1
    }
  }

  /// Removes everything appended since `mark`.
  @inlinable
  package mutating func removeAll(since mark: Mark) {
    text.removeSubrange(mark.byteCount...)
    values.removeSubrange(mark.placeholderCount...)
    placeholders.removeSubrange(mark.placeholderCount...)
    forms.removeSubrange(mark.formCount...)
  }

  /// How much a fragment holds at one moment, to tell what was appended since.
  @usableFromInline
  package struct Mark: Equatable {
    @usableFromInline let byteCount: Int
    @usableFromInline let placeholderCount: Int
    @usableFromInline let formCount: Int

    @inlinable
    init(byteCount: Int, placeholderCount: Int, formCount: Int) {
      self.byteCount = byteCount
      self.placeholderCount = placeholderCount
      self.formCount = formCount
    }
  }

  /// What the fragment holds now.
  @inlinable
  package var mark: Mark {
    Mark(byteCount: text.count, placeholderCount: placeholders.count, formCount: forms.count)
  }
}
