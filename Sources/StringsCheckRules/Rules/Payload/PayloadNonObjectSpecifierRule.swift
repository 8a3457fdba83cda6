import LocalizationFormats
import LocalizationIndex

/// A payload key whose text reads an argument as something other than an object.
struct PayloadNonObjectSpecifierRule: Rule {
    static let description = RuleDescription(
        id: "payload-non-object-specifier", name: "Push text reads a string as a number", area: .payload,
        summary: "a text used by a payload key with a specifier other than '%@' or '%n$@' ('%d', '%s', '%ld')",
        rationale:
            "loc-args are always strings, passed to the format as objects. '%d' reads the string's pointer as a number and shows garbage; '%s' reads it as C characters and can crash the notification's rendering.",
        fix: "Use '%@' (or '%1$@' …) in every locale's text for keys that pushes use; format numbers on the server.",
        defaultSeverity: .error,
        triggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": ↓\"unread\", \"loc-args\": [\"3\"]}}}\n",
                strings: [("en", "\"unread\" = \"%@ unread\";\n"), ("de", "\"unread\" = \"%d ungelesen\";\n")])
        ],
        nonTriggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": \"unread\", \"loc-args\": [\"3\"]}}}\n",
                strings: [("en", "\"unread\" = \"%@ unread\";\n"), ("de", "\"unread\" = \"%1$@ ungelesen\";\n")])
        ])

    static let reads: Set<IndexPart> = [.texts, .payloadLookups]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for lookup in context.payloadLookups(ruleID: Self.description.id) {
            guard lookup.mayReadNonObject,
                lookup.locales.contains(where: { $0.string != nil && $0.format?.readsNonObject == true })
            else { continue }
            for (locale, string, format) in lookup.locales {
                guard let string, let format else { continue }
                let wrong = format.nonObjectArguments(in: context.texts)
                guard !wrong.isEmpty else { continue }
                result.append(
                    payloadFinding(
                        lookup.payload,
                        .readsNonObject(
                            key: lookup.key, locale: locale, arguments: wrong.map { (number: $0.argument, specifier: $0.use.text) }),
                        at: lookup.keyField.value.location, part: lookup.part, field: .key, key: lookup.key, locale: locale,
                        notes: [lookup.note(locale, string)]))
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A key whose text in `locale` reads `arguments` (number and specifier) as no object.
    fileprivate static func readsNonObject(key: String, locale: String, arguments: [(number: Int, specifier: String)])
        -> Finding.Message
    {
        "'\(key)' in '\(locale)' reads \(listing(arguments.map { "argument \($0.number) with '\($0.specifier)'" })), but loc-args are strings; use '%@'"
    }
}
