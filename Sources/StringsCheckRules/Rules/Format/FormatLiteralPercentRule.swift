import LocalizationFormats
import LocalizationIndex

/// A percent sign before a word that CoreFoundation reads as a specifier ("100% of").
struct FormatLiteralPercentRule: Rule {
    static let description = RuleDescription(
        id: "format-literal-percent", name: "Percent sign read as a specifier", area: .format,
        summary: "a '%' before a space or a word that CoreFoundation reads as a specifier ('100% of', '50% off')",
        rationale:
            "A space is a flag to CoreFoundation, so '% o' in '50% off' is an octal specifier that reads an argument: formatted, the text shows a number or garbage where the percent sign was. Reported once, at the string that has it, and only in strings that are formatted (they have a specifier or '%%', or their base text has); a plain text is shown as written. The cross-locale checks leave such specifiers out, so one stray '%' does not turn into errors in every locale.",
        fix:
            "Write '%%' for the percent sign. The fix-it does this where the text is certainly formatted; it leaves to a person a translation that reads the same arguments as its development text with the '%' (`% lu` for `%lu`: a specifier typed with a space) and a '%' right after '@' (`@%`: `%@` typed backwards).",
        defaultSeverity: .warning,
        triggering: [
            .strings("\"sale\" = \"50↓% off everything at %@\";\n"),
            .tables(("en", "\"done\" = \"%d%% of files\";\n"), ("de", "\"done\" = \"%d↓% der Dateien\";\n")),
        ],
        nonTriggering: [
            .strings("\"sale\" = \"50%% off everything at %@\";\n"), .strings("\"progress\" = \"%d%% done\";\n"),
            .strings("\"plain\" = \"50% off everything\";\n"),
        ],
        fixIt: FixItExample(
            before: .strings("/* The sale banner */\n\"sale\" = \"50% off everything at %@\";\n"),
            after: ["en.lproj/Localizable.strings": "/* The sale banner */\n\"sale\" = \"50%% off everything at %@\";\n"]))

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.probableLiteralPercent]) { message, problem in
            guard message.hasExactPositions, let start = message.position(ofScalar: problem.start),
                !readsAsTheDevelopmentText(message, context), !followsAnAt(message.text, problem.start)
            else { return nil }
            return FixIt(
                message: Finding.Message.writeDoublePercent.text, path: message.path, start: start,
                end: SourcePosition(line: start.line, column: start.column + 1), replacement: "%%", original: "%")
        }
    }

    /// Whether the '%' follows an '@': `@%` is more likely `%@` typed backwards than a percent sign.
    func followsAnAt(_ text: String, _ start: Int) -> Bool {
        let scalars = text.unicodeScalars
        guard start > 0, start <= scalars.count else { return false }
        return scalars[scalars.index(scalars.startIndex, offsetBy: start - 1)] == "@"
    }

    /// Whether a translation reads the same arguments as its development text, the '%' included:
    /// then the '%' is more likely a specifier typed with a space (`% lu` for `%lu`) than a
    /// percent sign, and doubling it would lose the argument. Such a finding needs a person.
    func readsAsTheDevelopmentText(_ message: LocalizedText, _ context: RuleContext) -> Bool {
        guard let base = context.baseLocale, message.locale != base,
            let baseText = context.baseTable(message.table)?.strings[message.key]?.value
        else { return false }
        return FormatScanner.analyze(baseText).arguments == message.analysis.arguments
    }
}

extension Finding.Message {
    static func literalPercent(specifier: String) -> Finding.Message {
        "'\(specifier)' reads an argument, but it looks like a literal percent sign before a word; write '%%' if a percent sign is meant"
    }

    /// The fix-it.
    fileprivate static let writeDoublePercent: Finding.Message = "write '%%' for a percent sign"
}
