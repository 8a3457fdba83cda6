import LocalizationFormats
import LocalizationIndex

/// A payload loc-key that a locale's Localizable table lacks, so users see the raw key.
struct PayloadMissingKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-missing-key", name: "Push key missing in a locale", area: .payload,
        summary: "a 'loc-key', 'title-loc-key', 'subtitle-loc-key' or 'action-loc-key' that a locale's Localizable table lacks",
        rationale:
            "iOS looks the key up in the Localizable table of the device's language; when it is missing, the notification shows the key itself ('push.order.shipped'). This is the bug stringscheck exists to prevent: every key a payload names must exist in every locale.",
        fix: "Add the key to Localizable.strings of every listed locale (or fix the key's spelling in the template).",
        defaultSeverity: .error,
        triggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": ↓\"order.shipped\", \"loc-args\": [\"A-1\"]}}}\n",
                strings: [("en", "\"order.shipped\" = \"Order %@ shipped\";\n"), ("de", "\"other\" = \"x\";\n")])
        ],
        nonTriggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": \"order.shipped\", \"loc-args\": [\"A-1\"]}}}\n",
                strings: [
                    ("en", "\"order.shipped\" = \"Order %@ shipped\";\n"), ("de", "\"order.shipped\" = \"Bestellung %@ versandt\";\n"),
                ])
        ])

    static let reads: Set<IndexPart> = [.payloadLookups]

    func check(_ context: RuleContext) -> [Finding] {
        // Without any Localizable table nothing can be cross-checked; say so once.
        if let first = context.payloads.first(where: { !$0.keys.isEmpty }), context.payloadTable(keys: []) == nil {
            let count = context.payloads.filter { !$0.keys.isEmpty }.count
            var note = payloadFinding(
                first, .noLocalizableTable(payloadCount: count), at: first.keys.first?.field.value.location, part: first.keys.first?.part,
                field: .key)
            note.diagnostic.severity = .note
            return [note]
        }
        return context.payloadLookups(ruleID: Self.description.id).compactMap { lookup in
            guard lookup.mayLackLocales else { return nil }
            // An entry after a point where CoreFoundation stops reading is as missing as no entry.
            let lackingItems = lookup.locales.filter { $0.string.map { !$0.loaded } ?? true }
            guard !lackingItems.isEmpty else { return nil }
            let absent = lackingItems.filter { $0.string == nil }.map(\.locale)
            let unloaded = lackingItems.filter { $0.string != nil }.map(\.locale)
            let message: Finding.Message
            if lackingItems.count == lookup.locales.count, unloaded.isEmpty {
                message = .inNoLocale(key: lookup.key, field: lookup.keyField.name)
            } else {
                message = .missingKey(
                    key: lookup.key, field: lookup.keyField.name, missingFrom: absent.isEmpty ? nil : listing(absent),
                    unloadedIn: unloaded.isEmpty ? nil : listing(unloaded), lackingCount: lackingItems.count)
            }
            let base = lookup.locales.first { $0.string?.loaded == true }
            return payloadFinding(
                lookup.payload, message, at: lookup.keyField.value.location, part: lookup.part, field: .key, key: lookup.key,
                locales: lackingItems.map(\.locale),
                notes: base.flatMap { item in item.string.map { lookup.note(item.locale, $0) } }.map { [$0] } ?? [])
        }
    }
}

extension Finding.Message {
    fileprivate static func noLocalizableTable(payloadCount count: Int) -> Finding.Message {
        "no Localizable table was found under the paths checked, so the keys of \(count) payload\(count == 1 ? "" : "s") were not looked up; check the app's resources together with the templates"
    }

    /// A key (named with its field, `loc-key` …) that no locale has.
    fileprivate static func inNoLocale(key: String, field: String) -> Finding.Message {
        "'\(key)' (\(field)) is in no locale's Localizable table; every user sees the raw key"
    }

    /// A key that some locales lack: `missingFrom` lists those without it, `unloadedIn` those
    /// whose file stops loading before it (nil when none); `lackingCount` counts both.
    fileprivate static func missingKey(
        key: String, field: String, missingFrom absent: String?, unloadedIn unloaded: String?, lackingCount: Int
    ) -> Finding.Message {
        var clauses: [String] = []
        if let absent { clauses.append("is missing from \(absent)") }
        if let unloaded {
            clauses.append("\(absent == nil ? "is" : "and is") written in \(unloaded) where the file stops loading before it")
        }
        let whose = lackingCount == 1 ? "that locale" : "those locales"
        return "'\(key)' (\(field)) \(clauses.joined(separator: " ")); users of \(whose) see the raw key"
    }
}
