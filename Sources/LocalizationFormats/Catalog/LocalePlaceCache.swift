/// What was found for each place of an entry's localizations, by the locale written there:
/// entries mostly list the same locales in the same order, so the previous entry's answer for a
/// place is compared (a short string) before anything is hashed or made. Inlinable, so that its
/// users' modules specialize it: unspecialized, each lookup asked the runtime for the metadata
/// of its tuples (a locked cache) once per localization.
package struct LocalePlaceCache<Value> {
    @usableFromInline var recent: [(written: String, value: Value)] = []

    @inlinable package init() {}

    /// The value for the localization at `place` written `written`, made by `make` when the
    /// place held another locale before.
    @inlinable
    package mutating func value(at place: Int, written: String, _ make: () -> Value) -> Value {
        if place < recent.count, recent[place].written == written { return recent[place].value }
        let value = make()
        if place < recent.count {
            recent[place] = (written, value)
        } else if place == recent.count {
            recent.append((written, value))
        }
        return value
    }
}
