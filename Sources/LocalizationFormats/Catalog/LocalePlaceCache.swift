/// What was found for each place of an entry's localizations, by the locale written there:
/// entries mostly list the same locales in the same order, so the previous entry's answer for a
/// place is compared (a short string) before anything is hashed or made.
package struct LocalePlaceCache<Value> {
    private var recent: [(written: String, value: Value)] = []

    package init() {}

    /// The value for the localization at `place` written `written`, made by `make` when the
    /// place held another locale before.
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
