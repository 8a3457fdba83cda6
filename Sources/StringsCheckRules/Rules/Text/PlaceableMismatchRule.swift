import LocalizationFormats
import LocalizationIndex

/// A translation that loses a number, a web or e-mail address or an `@handle` its development
/// text has.
struct PlaceableMismatchRule: Rule {
    static let description = RuleDescription(
        id: "placeable-mismatch", name: "Numbers, addresses and handles a translation loses", area: .text,
        summary:
            "a translation that changes a number of its development text, lacks or changes its web address, e-mail address or @handle",
        rationale:
            "A number, an address or an account name in a text is data, not language: '30 days', 'support@example.com', 'www.example.com/help', '@Mastodon'. A translation that drops or changes one tells its users another value, or leaves them nothing to follow. Numbers are compared by value: each language may write its own digits (Arabic-Indic ٣٠, Persian ۳۰, Devanagari ३०, full-width ３０) and its own grouping and decimal marks (1,000.5, 1.000,5, 1 000,5 and ١٬٠٠٠٫٥ are the same number). Digits inside format specifiers (%1$@, %.2f) and braced placeholders ({0}) are no number. A web address is kept when the translation links to the same host or names it, and one on another host of the same site is a note (an address that moved) ('example.com/help'; a page of it in the user's language is the translator's choice); Markdown link targets are compared by markdown-mismatch. E-mail addresses and handles are compared as written, ignoring case. A sample address is the translator's to localise: one at a reserved example domain (example.com, .example, .test; RFC 2606), and a text that is nothing but an address or a handle (a field's placeholder, 'name@email.com') where the translation is one too. A number replaced by another is reported; one the translation lacks is not, since it is nearly always written out in words ('at least one account', 'trideset sekund'), and a number the translation adds is not either.",
        fix:
            "Carry the number, address or handle over into the translation as the development text has it (digits of the language's own script are fine).",
        defaultSeverity: .warning,
        triggering: [
            .tables(
                ("en", "\"trial\" = \"Free for 30 days\";\n"), ("de", "\"trial\" = ↓\"14 Tage kostenlos\";\n"),
                ("ja", "\"trial\" = ↓\"７日間無料\";\n")),
            .tables(
                ("en", "\"help\" = \"Write to support@acme-mail.com\";\n"),
                ("ar", "\"help\" = ↓\"راسلنا على البريد الإلكتروني\";\n")),
            .tables(("en", "\"more\" = \"Read more at www.acme-help.com\";\n"), ("zh-Hans", "\"more\" = ↓\"在官网了解更多\";\n")),
        ],
        nonTriggering: [
            // Arabic-Indic digits and grouping are the same number.
            .tables(("en", "\"limit\" = \"Up to 1,000 photos\";\n"), ("ar", "\"limit\" = \"حتى ١٬٠٠٠ صورة\";\n")),
            .tables(("en", "\"trial\" = \"Free for 30 days\";\n"), ("ja", "\"trial\" = \"３０日間無料\";\n")),
            .tables(("en", "\"limit\" = \"Up to 1,000 photos\";\n"), ("fr", "\"limit\" = \"Jusqu’à 1 000 photos\";\n")),
            // Another page of the same site.
            .tables(
                ("en", "\"more\" = \"Read more at https://example.com/help\";\n"),
                ("de", "\"more\" = \"Mehr unter https://example.com/de/hilfe\";\n")),
            // Digits in specifiers are no number.
            .tables(("en", "\"sent\" = \"Sent to %1$@ and %2$@\";\n"), ("zh-Hans", "\"sent\" = \"已发送给 %2$@ 和 %1$@\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let sources = context.developmentTexts { _, _, text -> Placeables? in
            guard Placeables.mayHoldAny(text) else { return nil }
            let placeables = Placeables(text)
            return placeables.isEmpty ? nil : placeables
        }
        return context.compareTranslations(of: sources, by: self) { source, text, locale in
            Self.compare(source.info, source: source.text, key: source.key, translation: text, locale: locale)
        }
    }

    static func compare(_ kept: Placeables, source: String, key: String, translation: String, locale: String)
        -> (Finding.Message, Severity?)?
    {
        // A translation without a number changes none: only addresses and handles are left to read.
        if kept.urls.isEmpty, kept.emails.isEmpty, kept.handles.isEmpty, !Placeables.holdsDigit(translation) { return nil }
        let found = Placeables(translation)
        let pair = TextPair(key: key, locale: locale, source: source, translation: translation)
        // A number replaced by another; one merely missing is mostly written out in words ('at
        // least one account'), which is right.
        let missing = difference(kept.numbers, found.numbers)
        let added = difference(found.numbers, kept.numbers)
        if let number = missing.first, let other = added.first {
            return (.numberChanged(pair, number: number, other: other), nil)
        }
        // A text that is nothing but a sample address (a field's placeholder), localised as one.
        if kept.isOnlyAddress(source), found.isOnlyAddress(translation) { return nil }
        let hosts = Set(found.urls.map(Placeables.host))
        // Kept: a link to the same site, or the site's name written without its scheme.
        let lowered = kept.urls.isEmpty ? "" : translation.lowercased()
        if let url = kept.urls.first(where: {
            let host = Placeables.host(of: $0)
            return !hosts.contains(host) && !Placeables.isSample(host) && !lowered.contains(host)
        }) {
            if let other = found.urls.first(where: { !kept.urls.map(Placeables.host).contains(Placeables.host(of: $0)) }) {
                // Another host of the same site: an address that moved ('www.x.ca/otr' for 'otr.x.ca').
                if Placeables.site(of: Placeables.host(of: other)) == Placeables.site(of: Placeables.host(of: url)) {
                    return (.addressMoved(pair, url: url, other: other), .note)
                }
                return (.addressElsewhere(pair, url: url, other: other), nil)
            }
            return (.addressLost(pair, url: url), nil)
        }
        if let email = difference(kept.emails, found.emails).first(where: { !Placeables.isSample(Placeables.host(of: $0)) }) {
            return (.emailLost(pair, email: email), nil)
        }
        let handles = found.handles.map { $0.lowercased() }
        if let handle = kept.handles.first(where: { !handles.contains($0.lowercased()) }) {
            return (.handleLost(pair, handle: handle), nil)
        }
        return nil
    }

    /// The items of `items` that `other` does not have, each as often as it is missing.
    static func difference(_ items: [String], _ other: [String]) -> [String] {
        guard !items.isEmpty else { return [] }
        // A few items (the usual case) are matched in place, without hashing.
        if items.count * other.count <= 64 {
            var used = [Bool](repeating: false, count: other.count)
            return items.filter { item in
                guard let match = other.indices.first(where: { !used[$0] && other[$0] == item }) else { return true }
                used[match] = true
                return false
            }
        }
        var left: [String: Int] = [:]
        for item in other { left[item, default: 0] += 1 }
        var result: [String] = []
        for item in items {
            if let count = left[item], count > 0 { left[item] = count - 1 } else { result.append(item) }
        }
        return result
    }
}

/// A translation and its development text, as the text rules' messages quote them.
struct TextPair {
    var key: String
    var locale: String
    var source: String
    var translation: String

    /// "the 'de' text of 'key'".
    var lead: String { "the '\(locale)' text of '\(key)'" }
    /// "('source' → 'translation')", each cut to an excerpt.
    var quoted: String { "('\(source.excerpt)' → '\(translation.excerpt)')" }
}

extension Finding.Message {
    fileprivate static func numberChanged(_ pair: TextPair, number: String, other: String) -> Finding.Message {
        "\(pair.lead) has \(other) where its development text has \(number) \(pair.quoted): users of '\(pair.locale)' read another value"
    }

    fileprivate static func addressMoved(_ pair: TextPair, url: String, other: String) -> Finding.Message {
        "\(pair.lead) links to \(other) where its development text links to \(url) \(pair.quoted): an older or other address of the same site"
    }

    fileprivate static func addressElsewhere(_ pair: TextPair, url: String, other: String) -> Finding.Message {
        "\(pair.lead) links to \(other) where its development text links to \(url) \(pair.quoted): users of '\(pair.locale)' are sent elsewhere"
    }

    fileprivate static func addressLost(_ pair: TextPair, url: String) -> Finding.Message {
        "\(pair.lead) lacks the address \(url) of its development text \(pair.quoted): users of '\(pair.locale)' have no address to follow"
    }

    fileprivate static func emailLost(_ pair: TextPair, email: String) -> Finding.Message {
        "\(pair.lead) lacks the e-mail address \(email) of its development text \(pair.quoted): users of '\(pair.locale)' have no address to write to"
    }

    fileprivate static func handleLost(_ pair: TextPair, handle: String) -> Finding.Message {
        "\(pair.lead) lacks \(handle), which its development text names \(pair.quoted): users of '\(pair.locale)' do not see whom it means"
    }
}
