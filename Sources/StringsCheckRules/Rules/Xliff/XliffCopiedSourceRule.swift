import LocalizationFormats
import LocalizationIndex

/// A translation marked done that is its source copied.
struct XliffCopiedSourceRule: Rule {
    static let description = RuleDescription(
        id: "xliff-copied-source", name: "XLIFF translation that copies its source", area: .xliff,
        summary:
            "an XLIFF <target> that is its <source> word for word, for a sentence (four words or more) in another language, in no state that marks it unfinished",
        rationale:
            "Translation tools pre-fill a target with its source, and a unit saved that way comes back as if translated (marked so, or with no state). For a sentence, a translation into another language that is the source word for word is no translation: users of the language read the development language. Short texts (names, brands, 'OK', 'Wi-Fi') are left alone, as are targets in the source's own language (en-GB for en) and units that are not final (xliff-unit-state reports those).",
        fix: "Translate the text, or send it back to the translators.",
        defaultSeverity: .warning,
        triggering: [
            xliffExample(
                xliffUnit(
                    "intro", source: "Browse privately with tracking protection.", target: "Browse privately with tracking protection.",
                    marked: true))
        ],
        nonTriggering: [
            xliffExample(xliffUnit("brand", source: "Firefox Focus", target: "Firefox Focus")),
            xliffExample(
                xliffUnit(
                    "intro", source: "Browse privately with tracking protection.", target: "Browse privately with tracking protection."),
                target: "en-GB"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            guard let target = place.unit.target, target == place.unit.source, let locale = place.locale, place.unit.translatable,
                !XliffUnitStateRule.unfinished.contains(place.unit.state ?? ""),
                LocaleName.language(of: locale) != place.file.sourceLanguage.map({ LocaleName.language(of: LocaleName.normalize($0)) }),
                Self.words(in: target) >= 4
            else { return }
            result.append(
                finding(
                    .copiedSource(id: place.unit.id, locale: locale, target: target, state: place.unit.state),
                    path: place.path, at: place.unit.translationLocation, key: place.id.key, locale: locale, table: place.table))
        }
        return result
    }

    /// Words of two letters or more, outside format specifiers.
    static func words(in text: String) -> Int {
        var words = 0
        for token in text.split(whereSeparator: { $0.isWhitespace }) where !token.hasPrefix("%") {
            if token.filter(\.isLetter).count >= 2 { words += 1 }
        }
        return words
    }
}

extension Finding.Message {
    fileprivate static func copiedSource(id: String, locale: String, target: String, state: String?) -> Finding.Message {
        let marked = state.map { "in the state '\($0)'" } ?? "with no state that marks it unfinished"
        return
            "the '\(locale)' translation of '\(id)' is its source word for word ('\(target.excerpt)'), \(marked): users of '\(locale)' read the development language"
    }
}
