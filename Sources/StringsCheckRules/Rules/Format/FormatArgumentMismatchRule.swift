import LocalizationFormats
import LocalizationIndex

/// A translation that reads an argument as another type or size than the base does.
struct FormatArgumentMismatchRule: Rule {
    static let description = RuleDescription(
        id: "format-argument-mismatch", name: "Argument type differs from the base", area: .format,
        summary: "a translation that reads an argument with another type or size than the base text",
        rationale:
            "The app passes the arguments the base text expects. A translation that reads an object as an integer (`%d` for `%@`), or an `Int` as a 32-bit value (`%d` for `%ld`), prints garbage or crashes. This is the check of Apple's own `__CFStringValidateFormat`: type and size must match at every argument number.",
        fix: "Use the base text's specifier for that argument (the note shows it), keeping any `n$` position.",
        defaultSeverity: .error,
        triggering: [
            .tables(
                ("en", "\"inbox\" = \"%@ sent you %ld messages\";\n"), ("de", "\"inbox\" = \"%@ hat dir ↓%d Nachrichten gesendet\";\n")),
            .tables(("en", "\"greet\" = \"Hello %@\";\n"), ("fr", "\"greet\" = \"Bonjour ↓%d\";\n")),
        ],
        nonTriggering: [
            .tables(("en", "\"inbox\" = \"%@ sent you %ld messages\";\n"), ("ja", "\"inbox\" = \"%2$ld件のメッセージ（%1$@）\";\n")),
            .tables(("en", "\"count\" = \"%d items\";\n"), ("de", "\"count\" = \"%i Elemente\";\n")),
        ])

    static let reads: Set<IndexPart> = [.texts, .formatPairs]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var limit = PerTextLimit()
        var translations = LastText()
        var bases = LastText()
        for pair in context.formatPairs {
            // With a gap the written numbers are not the arguments shown: format-position-gap
            // compares what each specifier shows.
            if pair.translation.shape.highestArgument > pair.translation.shape.count { continue }
            for (argument, use) in pair.translationArguments {
                // A plural variable's own number is checked against its forms by the stringsdict rules;
                // across locales only texts that print an argument are compared.
                guard let baseUse = pair.baseArguments[argument], baseUse.signature != use.signature,
                    !use.isVariable, !baseUse.isVariable, limit.admit(use.textIndex)
                else { continue }
                let message = translations.get(use.textIndex, context)
                result.append(
                    finding(
                        .readsWithAnotherType(subject: message.subject, locale: pair.locale, argument: argument, use: use, base: baseUse),
                        path: message.path, at: message.position(ofScalar: use.offset), key: pair.key, locale: pair.locale,
                        table: pair.table, notes: context.baseNote(pair.base, use: baseUse, texts: &bases).map { [$0] } ?? []))
            }
        }
        return result + limit.overflow(self, context, what: Finding.Message.retypedArguments.text)
    }
}

extension Finding.Message {
    fileprivate static func readsWithAnotherType(subject: String, locale: String, argument: Int, use: ArgumentUse, base: ArgumentUse)
        -> Finding.Message
    {
        "\(subject) in '\(locale)' reads argument \(argument) with '\(use.text)' as \(describeSignature(use.signature)), but the base text passes \(describeSignature(base.signature)) ('\(base.text)')"
    }

    /// What the findings past the limit of one text are.
    fileprivate static let retypedArguments: Finding.Message = "arguments read with another type than the base's"
}
