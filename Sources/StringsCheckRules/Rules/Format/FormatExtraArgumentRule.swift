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

    static let reads: Set<IndexPart> = [.formatPairs, .texts]

    func check(_ context: RuleContext) -> [Finding] {
        var translations = LastText()
        var bases = LastText()
        var limit = PerTextLimit()
        var result: [Finding] = []
        for pair in context.formatPairs {
            // CoreFoundation numbers the positions a text reads 1, 2, …: with a gap, a translation
            // that reads no more arguments than the base is passes reads none past them
            // (format-position-gap says what it shows).
            let shape = pair.translation.shape
            if shape.highestArgument > shape.count && shape.count <= pair.base.argumentCount { continue }
            // With a gap, a specifier shows the argument of its rank among the positions read, and
            // reads past what is passed when that rank does.
            let hasGap = shape.highestArgument > shape.count
            let read = shape.arguments.map(\.argument)
            for (written, use) in pair.translationArguments {
                let argument = hasGap ? (read.firstIndex(of: written) ?? (written - 1)) + 1 : written
                let extra = hasGap ? argument > pair.base.argumentCount : pair.baseArguments[written] == nil
                guard extra, limit.admit(use.textIndex) else { continue }
                let message = translations.get(use.textIndex, context)
                let count = pair.base.argumentCount
                result.append(
                    finding(
                        .readsArgumentNotPassed(
                            subject: message.subject, locale: pair.locale, argument: argument, specifier: use.text, passed: count),
                        path: message.path, at: message.position(ofScalar: use.offset), key: pair.key, locale: pair.locale,
                        table: pair.table, notes: context.baseNote(pair.base, texts: &bases).map { [$0] } ?? []))
            }
        }
        return result + limit.overflow(self, context, what: Finding.Message.extraArguments.text)
    }
}

extension Finding.Message {
    fileprivate static func readsArgumentNotPassed(subject: String, locale: String, argument: Int, specifier: String, passed: Int)
        -> Finding.Message
    {
        "\(subject) in '\(locale)' reads argument \(argument) with '\(specifier)', but the base text passes \(passed == 0 ? "no arguments" : passed == 1 ? "only 1 argument" : "only \(passed) arguments")"
    }

    /// What the findings past the limit of one text are.
    fileprivate static let extraArguments: Finding.Message = "arguments the base text does not pass"
}
