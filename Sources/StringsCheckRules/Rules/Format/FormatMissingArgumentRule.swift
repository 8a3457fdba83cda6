import LocalizationFormats
import LocalizationIndex

/// A translation that leaves out an argument the base text shows.
struct FormatMissingArgumentRule: Rule {
    static let description = RuleDescription(
        id: "format-missing-argument", name: "Argument left out", area: .format,
        summary: "a translation that does not show an argument the base text shows",
        rationale:
            "Leaving an argument out is safe for Foundation (Apple's validator allows it), but it usually drops information: a count, a name. A warning, since some languages legitimately leave a value out (a plural form that spells out 'one').",
        fix:
            "Add the missing specifier (with its `n$` position if the order changes), or suppress the finding when leaving it out is intended.",
        defaultSeverity: .warning,
        triggering: [.tables(("en", "\"deleted\" = \"Deleted %d photos\";\n"), ("de", "\"deleted\" = \"↓Fotos gelöscht\";\n"))],
        nonTriggering: [.tables(("en", "\"deleted\" = \"Deleted %d photos\";\n"), ("de", "\"deleted\" = \"%d Fotos gelöscht\";\n"))])

    static let reads: Set<IndexPart> = [.texts, .formatPairs]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var bases = LastText()
        for pair in context.formatPairs {
            // An argument the source text itself leaves out may be left out by translations too.
            let missing = pair.baseArguments.keys.filter { pair.translationArguments[$0] == nil && !pair.optional.contains($0) }.sorted()
            // A translation that also reads arguments the base lacks was renumbered; the extra
            // argument is the finding to fix, and this one would only repeat it.
            let renumbered = pair.translationArguments.keys.contains { pair.baseArguments[$0] == nil }
            guard !missing.isEmpty, !renumbered, let first = pair.translation.texts.first else { continue }
            // A text whose own numbering is broken (a gap, a mix that drops an argument) is
            // reported by that rule as an error, which says what shows; this would repeat it.
            let broken: Set<FormatProblem.Kind> = [.positionGap, .mixedPositional]
            if pair.translation.texts.contains(where: { index in
                context.texts[index].analysis.problems.contains { broken.contains($0.kind) }
            }) {
                continue
            }
            let message = context.texts[first]
            result.append(
                finding(
                    .neverShows(key: pair.key, locale: pair.locale, missing: missing.map { ($0, pair.baseArguments[$0]?.text ?? "") }),
                    path: message.path, at: message.location, key: pair.key, locale: pair.locale, table: pair.table,
                    notes: context.baseNote(pair.base, texts: &bases).map { [$0] } ?? []))
        }
        return result
    }
}

extension Finding.Message {
    /// `missing`: each argument the translation never shows, with the base's specifier for it.
    fileprivate static func neverShows(key: String, locale: String, missing: [(argument: Int, specifier: String)]) -> Finding.Message {
        var names = missing.prefix(PerTextLimit.limit).map { "\($0.argument) ('\($0.specifier)')" }
        if missing.count > names.count { names.append("\(missing.count - names.count) more") }
        return "'\(key)' in '\(locale)' never shows argument\(missing.count == 1 ? "" : "s") \(listing(names)) of the base text"
    }
}
