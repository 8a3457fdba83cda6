import LocalizationFormats
import LocalizationIndex

extension Rule {
    /// Findings for the scanner's problems of the given kinds, in every message of every locale.
    /// A `.stringsdict` problem repeats in each permutation at the same place; the engine keeps one.
    func problemFindings(_ context: RuleContext, _ kinds: Set<FormatProblem.Kind>, fixIt: ((LocalizedText, FormatProblem) -> FixIt?)? = nil)
        -> [Finding]
    {
        var result: [Finding] = []
        var limit = PerTextLimit()
        // Percent-sign problems matter only where the text is formatted.
        let percentKinds: Set<FormatProblem.Kind> = [.invalidConversion, .incompleteSpecifier, .thousandsFlag, .probableLiteralPercent]
        for index in context.textsWithProblems {
            let message = context.texts[index]
            let problems = message.analysis.problems.filter { kinds.contains($0.kind) }
            guard !problems.isEmpty else { continue }
            let formatted = context.isFormat(message)
            let always = formatted && context.formatting(of: message.table) == .always
            // Where nothing shows whether the table is formatted without arguments, a translation
            // that adds a '%' its development text lacks is a warning: it is wrong if it is.
            let adds = !formatted && message.isFormatted && addsPercent(message, context)
            for problem in problems where (formatted || adds || !percentKinds.contains(problem.kind)) && limit.admit(index) {
                let subject = message.origin == .catalog ? message.subject : "'\(message.key)'"
                var notes: [DiagnosticNote] = []
                if always && percentKinds.contains(problem.kind) {
                    notes.append(
                        DiagnosticNote(
                            .formattedEveryTime(context.formattingReason(of: message.table)), path: message.path,
                            location: message.position(ofScalar: problem.start)))
                }
                var made = finding(
                    .problem(.formatProblem(problem.detail), in: subject), path: message.path,
                    at: message.position(ofScalar: problem.start),
                    key: message.key, locale: message.locale, table: message.table, notes: notes,
                    // A repair only where the text is certainly formatted.
                    fixIts: formatted ? fixIt?(message, problem).map { [$0] } ?? [] : [])
                // Certain: the table formats every text, so users see what the message says.
                if always && percentKinds.contains(problem.kind) { made.diagnostic.severity = .error }
                if adds && !formatted && made.diagnostic.severity == .error { made.diagnostic.severity = .warning }
                result.append(made)
            }
        }
        return result + limit.overflow(self, context, what: Finding.Message.problemsOfThisKind.text)
    }
}

extension Rule {
    /// Whether a translation has a '%' sequence its development text lacks.
    fileprivate func addsPercent(_ message: LocalizedText, _ context: RuleContext) -> Bool {
        guard let base = context.baseLocale, message.locale != base, message.locale != "Base",
            let baseText = context.baseTable(message.table)?.strings[message.key]?.value
        else { return false }
        return !baseText.contains("%")
    }
}

extension Finding.Message {
    /// The note on a percent problem in a table whose every text is formatted.
    fileprivate static func formattedEveryTime(_ reason: String) -> Finding.Message {
        "this table's texts are formatted even without arguments: \(reason)"
    }

    /// What a format problem means to users, in the words of the rule that reports its kind (each
    /// message is in that rule's file).
    public static func formatProblem(_ detail: FormatProblem.Detail) -> Finding.Message {
        switch detail {
        case .percentAtEnd: .percentAtEnd
        case .cutOff: .specifierCutOff
        case .variableNameCutOff: .variableNameCutOff
        case .thousandsFlag(let shown): .thousandsFlag(shown: shown)
        case .unknownConversion(let shown): .unknownConversion(shown: shown)
        case .zeroFlagBeforeDollar: .zeroFlagBeforeDollar
        case .positionZero(let specifier): .positionZero(specifier: specifier)
        case .positionTooLarge(let position, let maximum): .positionTooLarge(position, maximum: maximum)
        case .countConversion: .countConversion
        case .literalPercent(let specifier): .literalPercent(specifier: specifier)
        case .mixedReadsTwice(let plain, let argument, let other, let neverShown):
            .mixedReadsTwice(plain: plain, argument: argument, other: other, neverShown: neverShown)
        case .mixedSkips(let plain, let argument, let neverShown): .mixedSkips(plain: plain, argument: argument, neverShown: neverShown)
        case .mixedInOrder(let plain, let argument, let numbered): .mixedInOrder(plain: plain, argument: argument, numbered: numbered)
        case .conflictingTypes(let argument, let first, let second): .conflictingTypes(argument: argument, first: first, second: second)
        case .positionGap(let missing): .positionGap(missing: missing)
        }
    }

    /// A problem and the text it is in ("'key'", or a catalog variation's subject).
    fileprivate static func problem(_ problem: Finding.Message, in subject: String) -> Finding.Message { "\(problem) (in \(subject))" }

    /// What the findings past the limit of one text are.
    fileprivate static let problemsOfThisKind: Finding.Message = "problems of this kind"
}
