import LocalizationFormats
import LocalizationIndex

/// A translation that reads an argument the base text never passes.
struct FormatExtraArgumentRule: Rule {
    static let description = RuleDescription(
        id: "format-extra-argument", name: "Argument not in the base", area: .format,
        summary: "a translation that reads an argument number the base text does not have",
        rationale:
            "The app passes only the arguments the base text uses; a translation that reads one more reads whatever is next on the stack: garbage, '(null)', or a crash. Apple's validator refuses such a translation.",
        fix: "Remove the extra specifier, or fix its position number to one the base uses.",
        defaultSeverity: .error,
        triggering: [
            .tables(("en", "\"welcome\" = \"Welcome, %@\";\n"), ("de", "\"welcome\" = \"Willkommen, %1$@ ↓%2$@\";\n"))
        ],
        nonTriggering: [.tables(("en", "\"welcome\" = \"Welcome, %@\";\n"), ("de", "\"welcome\" = \"Willkommen, %1$@\";\n"))])

    static let reads: Set<IndexPart> = [.texts, .formatPairs]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var limit = PerTextLimit()
        var translations = LastText()
        var bases = LastText()
        for pair in context.formatPairs {
            for (argument, use) in pair.translationArguments where pair.baseArguments[argument] == nil && limit.admit(use.textIndex) {
                let message = translations.get(use.textIndex, context)
                let count = pair.base.argumentCount
                result.append(
                    finding(
                        "\(message.subject) in '\(pair.locale)' reads argument \(argument) with '\(use.text)', but the base text passes \(count == 0 ? "no arguments" : count == 1 ? "only 1 argument" : "only \(count) arguments")",
                        path: message.path, at: message.position(ofScalar: use.offset), key: pair.key, locale: pair.locale,
                        table: pair.table, notes: context.baseNote(pair.base, texts: &bases).map { [$0] } ?? []))
            }
        }
        return result + limit.overflow(self, context, what: "arguments the base text does not pass")
    }
}
