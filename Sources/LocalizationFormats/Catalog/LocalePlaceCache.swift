/// What was found for each place of an entry's localizations, by the locale written there:
/// entries mostly list the same locales in the same order, so the previous entry's answer for a
/// place is compared (a short string) before anything is hashed or made. Inlinable, so that its
/// users' modules can specialize it; two arrays, not one of pairs: where it is not specialized,
/// each lookup of a pair asked the runtime for the pair's type (a locked cache) once per
/// localization.
package struct LocalePlaceCache<Value> {
    @usableFromInline var written: [String] = []
    @usableFromInline var values: [Value] = []

    @inlinable package init() {}

    /// The value for the localization at `place` written `name`, made by `make` when the
    /// place held another locale before.
    @inlinable
    package mutating func value(at place: Int, written name: String, _ make: () -> Value) -> Value {
        if place < written.count, written[place] == name { return values[place] }
        let value = make()
        if place < written.count {
            written[place] = name
            values[place] = value
        } else if place == written.count {
            written.append(name)
            values.append(value)
        }
        return value
    }
}
