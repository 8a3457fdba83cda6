import LocalizationFormats
import LocalizationIndex

/// An entry whose text is empty.
struct EmptyValueRule: Rule {
    static let description = RuleDescription(
        id: "empty-value", name: "Empty value", area: .file,
        summary: "a key whose text is empty",
        rationale:
            "An empty value is not a fallback: Foundation returns the empty string and the user sees a blank label or a push with no text. It is usually a placeholder a translation tool exported before the text arrived.",
        fix: "Write the text, or delete the entry so the key is reported as missing instead.",
        defaultSeverity: .warning,
        triggering: [
            .strings("\"welcome.title\" = \"Welcome\";\n\"welcome.subtitle\" = \"↓\";\n"),
            .tables(("en", "\"done\" = \"Done\";\n"), ("de", "\"done\" = \"↓\";\n")),
        ],
        nonTriggering: [
            .strings("\"welcome.title\" = \"Welcome\";\n\"space\" = \" \";\n"),
            // The empty key maps to the empty text: nothing is lost.
            .strings("\"\" = \"\";\n"),
            // A label left blank in the storyboard is filled in by code.
            RuleExample([
                ExampleFile("Base.lproj/Main.storyboard", ""), ExampleFile("en.lproj/Main.strings", "\"Ab3-xY-z9Q.text\" = \"\";\n"),
            ]),
        ])

    static let reads: Set<IndexPart> = [.texts]

    func check(_ context: RuleContext) -> [Finding] {
        let base = context.baseLocale
        return context.emptyTexts.map { context.texts[$0] }.filter { message in
            guard message.origin != .stringsdict, !message.key.isEmpty else { return false }
            let isBase = message.locale == base || message.locale == "Base"
            if isBase { return message.source.usage != .interfaceBuilder }
            // A translation as empty as its base is reported once, at the base.
            guard base != nil, let baseText = context.baseTable(message.table)?.strings[message.key]?.value else { return true }
            return !baseText.isEmpty
        }.map { message in
            finding(
                .emptyText(key: message.key), path: message.path, at: message.location,
                key: message.key, locale: message.locale, table: message.table)
        }
    }
}

extension Finding.Message {
    fileprivate static func emptyText(key: String) -> Finding.Message { "the text of '\(key)' is empty, so users see nothing" }
}
