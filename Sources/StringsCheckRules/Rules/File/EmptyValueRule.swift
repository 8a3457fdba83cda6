import LocalizationFormats

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
        nonTriggering: [.strings("\"welcome.title\" = \"Welcome\";\n\"space\" = \" \";\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.emptyMessages.map { context.messages[$0] }.filter { $0.origin != .stringsdict }.map { message in
            finding(
                "the text of '\(message.key)' is empty, so users see nothing", path: message.path, at: message.location,
                key: message.key, locale: message.locale, table: message.table)
        }
    }
}
