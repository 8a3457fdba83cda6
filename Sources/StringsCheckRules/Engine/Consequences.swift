import LocalizationFormats

/// Findings that follow from another finding on the same text, so one bug is reported once.
///
/// A translator who writes '%d' in the 'one' form of a plural whose value type is 'ld' makes
/// one mistake; the forms then disagree with each other and the translation with the base, and
/// each of those rules would report it again. The finding that names the cause stays; those that
/// only restate it on the same key, locale and file go.
enum Consequences {
    /// A cause's rule → rules whose findings on the same text it makes redundant.
    static let table: [String: Set<String>] = [
        // The form that reads the wrong type is named; the disagreements it causes are not news.
        "stringsdict-value-type-mismatch": ["stringsdict-conflicting-variants", "format-argument-mismatch"],
        // A plain specifier that CoreFoundation numbers onto a numbered one's argument: the type
        // conflict is that collision seen from the other side.
        "format-mixed-positional": ["format-conflicting-types"],
        // A catalog form read with another type is named with its form; the key's mismatch with
        // the base (one of those forms) is that finding again.
        "catalog-variation-type-mismatch": ["format-argument-mismatch", "format-conflicting-types"],
    ]

    /// A rule → rules whose finding at the very same character it makes redundant: one '%' is
    /// read one way. What CoreFoundation does with it ('% R' is no specifier, '% p' reads a
    /// pointer) is named; the guess that a percent sign was meant is then the same character again.
    static let samePlace: [String: Set<String>] = [
        "format-invalid-specifier": ["format-literal-percent"],
        "format-c-string": ["format-literal-percent"],
    ]

    private struct Spot: Hashable {
        var rule: String
        var path: String
        var location: SourcePosition?
    }

    private struct Place: Hashable {
        var rule: String
        var path: String
        var key: String?
        var locale: String?
    }

    /// Takes out of `findings` those another finding of the same text makes redundant, in place
    /// and in order. Findings are read in place; only those that may cause others are bound to a
    /// name.
    static func removeRedundant(_ findings: inout [Finding]) {
        var spots: Set<Spot> = []
        var causes: Set<Place> = []
        // Asked once per rule, not hashed per finding.
        var causesSamePlace = RuleIDMemo { samePlace[$0] != nil }
        findings.withUnsafeBufferPointer { findings in
            for index in findings.indices where causesSamePlace(findings[index].diagnostic.id) {
                let diagnostic = findings[index].diagnostic
                spots.insert(Spot(rule: diagnostic.id, path: diagnostic.path, location: diagnostic.location))
            }
        }
        if !spots.isEmpty {
            findings.removeAll { finding in
                samePlace.contains { cause, redundant in
                    redundant.contains(finding.diagnostic.id)
                        && spots.contains(Spot(rule: cause, path: finding.diagnostic.path, location: finding.diagnostic.location))
                }
            }
        }
        findings.withUnsafeBufferPointer { findings in
            for index in findings.indices
            where findings[index].diagnostic.severity == .error && table[findings[index].diagnostic.id] != nil {
                let finding = findings[index]
                causes.insert(Place(rule: finding.diagnostic.id, path: finding.diagnostic.path, key: finding.key, locale: finding.locale))
            }
        }
        guard !causes.isEmpty else { return }
        findings.removeAll { finding in
            guard finding.key != nil else { return false }
            for (cause, consequences) in table where consequences.contains(finding.diagnostic.id) {
                let place = Place(rule: cause, path: finding.diagnostic.path, key: finding.key, locale: finding.locale)
                if causes.contains(place) { return true }
            }
            return false
        }
    }
}
