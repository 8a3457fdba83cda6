/// How a message names a form of a catalog value: "plural 'one'" (a variation's case), "'one' of
/// 'count'" (a substitution's form), joined outside in with ", ". One wording for the index's
/// texts and the rules that name a form.
package enum CatalogFormLabel {
    /// "plural 'one'": a variation case's label.
    package static func variationCase(_ selector: String, _ name: String) -> String { written(selector, " '", name, "'", "", "") }

    /// "'one' of 'count'": a substitution form's label.
    package static func substitutionForm(_ name: String, of substitution: String) -> String {
        written("", "'", name, "' of '", substitution, "'")
    }

    /// The six pieces end to end, written at once: an interpolation appended its pieces one by
    /// one, a copy each, for every form of a large catalog.
    private static func written(
        _ first: String, _ second: StaticString, _ third: String, _ fourth: StaticString, _ fifth: String, _ sixth: StaticString
    ) -> String {
        let count =
            first.utf8.count + second.utf8CodeUnitCount + third.utf8.count + fourth.utf8CodeUnitCount + fifth.utf8.count
            + sixth.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: count) { output in
            var written = 0
            func write(_ piece: String) {
                for byte in piece.utf8 {
                    output[written] = byte
                    written += 1
                }
            }
            func write(_ piece: StaticString) {
                for index in 0..<piece.utf8CodeUnitCount {
                    output[written] = piece.utf8Start[index]
                    written += 1
                }
            }
            write(first)
            write(second)
            write(third)
            write(fourth)
            write(fifth)
            write(sixth)
            return written
        }
    }
}
