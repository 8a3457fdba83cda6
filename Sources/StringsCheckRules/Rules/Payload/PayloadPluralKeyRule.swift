import LocalizationFormats
import LocalizationIndex

/// A payload key that resolves to a `.stringsdict` plural entry.
struct PayloadPluralKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-plural-key", name: "Push key is a plural entry", area: .payload,
        summary: "a payload key that a locale defines in .stringsdict, whose plural variable expects a number",
        rationale:
            "loc-args are strings, but a plural variable chooses its form from a number: given a string, the form is chosen from a pointer (or not at all), and whether iOS resolves .stringsdict entries for pushes at all is not documented.",
        fix: "Use a .strings key with '%@' for pushes and send the already pluralized text, or one key per form.",
        defaultSeverity: .warning,
        triggering: [
            RuleExample([
                ExampleFile("payloads/push.json", "{\"aps\": {\"alert\": {\"loc-key\": ↓\"files\", \"loc-args\": [\"3\"]}}}\n"),
                stringsdictExample(format: "%#@n@", variants: [("one", "%d file"), ("other", "%d files")]),
            ])
        ],
        nonTriggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": \"files\", \"loc-args\": [\"3 files\"]}}}\n",
                strings: [("en", "\"files\" = \"%@\";\n")])
        ])

    static let reads: Set<IndexPart> = [.payloadLookups]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for lookup in context.payloadLookups(ruleID: Self.description.id) {
            guard lookup.mayBeStringsdict, lookup.locales.contains(where: { $0.string?.origin == .stringsdict }) else { continue }
            let plural = lookup.locales.filter { $0.string?.origin == .stringsdict }
            guard let first = plural.first, let string = first.string else { continue }
            result.append(
                payloadFinding(
                    lookup.payload,
                    .pluralEntry(key: lookup.key, locales: listing(plural.map(\.locale))),
                    at: lookup.keyField.value.location, part: lookup.part, field: .key, key: lookup.key, locales: plural.map(\.locale),
                    notes: [lookup.note(first.locale, string)]))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func pluralEntry(key: String, locales: String) -> Finding.Message {
        "'\(key)' is a .stringsdict plural entry in \(locales); its variable expects a number, but loc-args are strings"
    }
}
