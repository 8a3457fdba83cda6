import LocalizationFormats
import LocalizationIndex

/// `String(format: NSLocalizedString("k", …), a)` with fewer or more arguments than a locale's
/// text of the key takes.
struct CodeArgumentCountRule: Rule {
    static let description = RuleDescription(
        id: "code-argument-count", name: "Format arguments at the call differ from the text", area: .code,
        summary:
            "a call of String(format:) or localizedStringWithFormat around a key's lookup that gives fewer arguments than a locale's text takes (error) or more (warning)",
        rationale:
            "The translation decides how many arguments are read. With too few, the missing '%@' reads whatever is next in memory: garbage, '(null)' or a crash, in that language only; with too many, the extra values are not shown.",
        fix: "Pass as many arguments as the texts take, or fix the translation's specifiers (the notes show each locale's text).",
        defaultSeverity: .error,
        triggering: [
            codeExample(
                "let text = String(format: NSLocalizedString(↓\"inbox.count\", comment: \"\"), count)\n",
                strings: [
                    ("en", "\"inbox.count\" = \"%1$d new messages in %2$@\";\n"),
                    ("de", "\"inbox.count\" = \"%1$d neue Nachrichten in %2$@\";\n"),
                ]),
            // A translation that dropped the only placeholder takes no argument: the name never shows.
            codeExample(
                "let text = String(format: NSLocalizedString(↓\"shared\", comment: \"\"), name)\n",
                strings: [("en", "\"shared\" = \"%@ shared a post\";\n"), ("zh-HK", "\"shared\" = \"分享了帖子\";\n")]),
        ],
        nonTriggering: [
            codeExample(
                "let text = String(format: NSLocalizedString(\"inbox.count\", comment: \"\"), count, folder)\n",
                strings: [
                    ("en", "\"inbox.count\" = \"%1$d new messages in %2$@\";\n"),
                    ("de", "\"inbox.count\" = \"%2$@: %1$d neue Nachrichten\";\n"),
                ])
        ])

    static let reads: Set<IndexPart> = [.codeLookups, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        let locales = context.localesBaseFirst
        for lookup in context.codeKeyLookups {
            guard let given = lookup.use.formatArguments, let table = lookup.foundIn, !lookup.use.interpolated, !lookup.use.inPreviewOrDebug
            else { continue }
            var byCount: [Int: [(locale: String, string: LocalizedString)]] = [:]
            for locale in locales {
                guard let string = context.tables[table]?[locale]?.strings[lookup.use.key], string.loaded else { continue }
                // A text that reads no argument has no format: it takes none (a translation that
                // dropped the only placeholder).
                let needed = context.formats[table]?[locale]?[lookup.use.key]?.argumentCount ?? 0
                if needed != given { byCount[needed, default: []].append((locale, string)) }
            }
            for (needed, items) in byCount.sorted(by: { $0.key > $1.key }) {
                let names = items.map(\.locale)
                var finding = finding(
                    .argumentCountDiffers(lookup: describe(lookup), needed: needed, locales: names, given: given),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, locales: names,
                    notes: items.prefix(5).map { item in
                        DiagnosticNote(
                            .localeText(locale: item.locale, text: item.string.value ?? ""), path: item.string.path,
                            location: item.string.location)
                    })
                if needed < given { finding.diagnostic.severity = .warning }
                result.append(finding)
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A call that gives `given` arguments to a text that takes `needed` in `locales`.
    fileprivate static func argumentCountDiffers(lookup: String, needed: Int, locales: [String], given: Int) -> Finding.Message {
        Finding.Message(
            "\(lookup) takes \(needed) argument\(needed == 1 ? "" : "s") in \(listing(locales)) but the call gives \(given); "
                + (needed > given ? "the missing ones show as garbage or '(null)', or crash" : "the extra ones are not shown"))
    }

    fileprivate static func localeText(locale: String, text: String) -> Finding.Message {
        "the '\(locale)' text is '\(text.excerpt)'"
    }
}
