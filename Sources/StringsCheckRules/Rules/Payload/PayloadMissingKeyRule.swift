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
                first,
                "no Localizable table was found under the paths checked, so the keys of \(count) payload\(count == 1 ? "" : "s") were not looked up; check the app's resources together with the templates",
                at: first.keys.first?.field.value.location)
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
            let name = "'\(lookup.key)' (\(lookup.keyField.name))"
            var message: String
            if lackingItems.count == lookup.locales.count, unloaded.isEmpty {
                message = "\(name) is in no locale's Localizable table; every user sees the raw key"
            } else {
                var clauses: [String] = []
                if !absent.isEmpty { clauses.append("is missing from \(listing(absent))") }
                if !unloaded.isEmpty {
                    clauses.append(
                        "\(absent.isEmpty ? "is" : "and is") written in \(listing(unloaded)) where the file stops loading before it")
                }
                let whose = lackingItems.count == 1 ? "that locale" : "those locales"
                message = "\(name) \(clauses.joined(separator: " ")); users of \(whose) see the raw key"
            }
            let base = lookup.locales.first { $0.string?.loaded == true }
            return payloadFinding(
                lookup.payload, message, at: lookup.keyField.value.location, key: lookup.key, locales: lackingItems.map(\.locale),
                notes: base.flatMap { item in item.string.map { lookup.note(item.locale, $0) } }.map { [$0] } ?? [])
        }
    }
}
