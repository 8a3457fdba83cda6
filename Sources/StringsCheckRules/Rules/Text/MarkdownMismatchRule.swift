import LocalizationFormats
import LocalizationIndex

/// A translation whose Markdown no longer pairs up, or whose links are lost or point elsewhere,
/// where the text is shown as Markdown.
struct MarkdownMismatchRule: Rule {
    static let description = RuleDescription(
        id: "markdown-mismatch", name: "Markdown a translation breaks", area: .text,
        summary:
            "a translation of a text shown as Markdown whose `**`, `_`, `~~` or backticks no longer pair up, whose link does not close, or that loses a link of its development text or points it elsewhere",
        rationale:
            "SwiftUI's Text(_: LocalizedStringKey) (and Button, Label, Toggle, Link and the other views that make a Text of their title key) and AttributedString(localized:) read a localized text's inline Markdown: **strong**, *emphasis*, ~~strikethrough~~, `code` and [links](https://example.com). A translation that drops one of a pair shows the asterisks and leaves the rest plain; a link whose ']( … )' is broken shows as typed; a lost link leaves nothing to tap; a translated address ('[Mehr](https://beispiel.de)') sends users to a page that does not exist. Applies where the text is shown as Markdown: the code passes its key to one of those constructs (or to a wrapper of the app's taking a LocalizedStringKey), or its development text holds a link, strong text, strikethrough or code, which nobody writes for a text shown as typed (*emphasis* alone needs the code's word: '*.jpg or *.png' is typed text). A delimiter the development text does not use is typed text when it stands alone (the German gender star in 'Moderator*innen'). A link to another page of the same site is a note (a page in the user's language is fine; a translated path is not).",
        fix: "Keep the translation's Markdown as the development text has it: every delimiter paired, every link's target as written.",
        defaultSeverity: .warning,
        triggering: [
            .tables(
                ("en", "\"terms\" = \"By continuing you accept the **Terms of Service**.\";\n"),
                ("de", "\"terms\" = ↓\"Wenn du fortfährst, akzeptierst du die **Nutzungsbedingungen.\";\n")),
            .tables(
                ("en", "\"privacy\" = \"Read our [privacy policy](https://example.com/privacy).\";\n"),
                ("ja", "\"privacy\" = ↓\"[プライバシーポリシー](https://example.jp/privacy)をお読みください。\";\n"),
                ("ar", "\"privacy\" = ↓\"اقرأ سياسة الخصوصية.\";\n")),
        ],
        nonTriggering: [
            .tables(
                ("en", "\"privacy\" = \"Read our [privacy policy](https://example.com/privacy).\";\n"),
                ("ja", "\"privacy\" = \"[プライバシーポリシー](https://example.com/privacy)をお読みください。\";\n"),
                ("ar", "\"privacy\" = \"اقرأ [سياسة الخصوصية](https://example.com/privacy).\";\n")),
            // Emphasis alone, with no code that renders it: typed text.
            .tables(("en", "\"types\" = \"Choose *.jpg or *.png files\";\n"), ("de", "\"types\" = \"Wähle *.jpg- oder *.png Dateien\";\n")),
        ])

    static let reads: Set<IndexPart> = [.codeLookups]

    func check(_ context: RuleContext) -> [Finding] {
        let usage = context.markdownUsage
        let sources = context.developmentTexts { table, key, text -> (InlineMarkdown, MarkdownEvidence)? in
            guard let evidence = usage.evidence(key: key, table: table, base: text) else { return nil }
            let markdown = InlineMarkdown(text)
            guard markdown.isBalanced, markdown.hasMarkup else { return nil }
            return (markdown, evidence)
        }
        return context.compareTranslations(of: sources, by: self) { source, text, locale in
            Self.compare(source.info.0, evidence: source.info.1, source: source.text, key: source.key, translation: text, locale: locale)
        }
    }

    static func compare(
        _ kept: InlineMarkdown, evidence: MarkdownEvidence, source: String, key: String, translation: String, locale: String
    ) -> (Finding.Message, Severity?)? {
        let found = InlineMarkdown(translation)
        // Built only for a finding.
        var lead: String { "the '\(locale)' text of '\(key)'" }
        var texts: String { "('\(source.excerpt)' → '\(translation.excerpt)')" }
        var why: String { evidence.mechanism }
        if found.brokenLinks > 0 {
            return ("\(lead) has a link whose '](…)' does not close \(texts): \(why), and users see the link as typed", nil)
        }
        // A lone delimiter the development text does not use is typed text ('Moderator*innen').
        if let delimiter = found.unpaired.first(where: { (kept.counts[$0] ?? 0) > 0 }) {
            return (
                "\(lead): its \(delimiter.rawValue) do not pair up, where its development text's do \(texts): \(why), and users see the \(delimiter.shown) and lose the \(delimiter.style)",
                nil
            )
        }
        let targets = found.links.map(\.target)
        let missing = kept.links.filter { !targets.contains($0.target) }
        guard let link = missing.first else { return nil }
        let others = found.links.filter { link in !kept.links.contains { $0.target == link.target } }
        if let other = others.first {
            let sameSite = Placeables.site(of: Placeables.host(of: other.target)) == Placeables.site(of: Placeables.host(of: link.target))
            return (
                "\(lead) links '\(other.text.excerpt)' to \(other.target) where its development text links to \(link.target) \(texts): \(why), and \(sameSite ? "unless the site has that page, users reach none" : "users are sent to another site")",
                sameSite ? .note : nil
            )
        }
        if translation.contains("] (" + link.target) || translation.contains("]\u{A0}(" + link.target) {
            return (
                "\(lead) puts a space between a link's ']' and '(' \(texts): \(why), and a link so written is no link: users see its brackets and address as typed",
                nil
            )
        }
        return ("\(lead) loses the link to \(link.target) \(texts): \(why), and users have nothing to tap", nil)
    }
}

extension InlineMarkdown.Delimiter {
    /// What users see of it when it stands alone.
    var shown: String {
        switch self {
        case .strong, .emphasis: "asterisks"
        case .strongUnderscore, .emphasisUnderscore: "underscores"
        case .strikethrough: "tildes"
        case .code: "backticks"
        }
    }

    /// What it makes of the text.
    var style: String {
        switch self {
        case .strong, .strongUnderscore: "bold"
        case .emphasis, .emphasisUnderscore: "italics"
        case .strikethrough: "strikethrough"
        case .code: "code style"
        }
    }
}
