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
            for problem in problems where (formatted || !percentKinds.contains(problem.kind)) && limit.admit(index) {
                let subject = message.origin == .catalog ? message.subject : "'\(message.key)'"
                result.append(
                    finding(
                        "\(problem.message) (in \(subject))", path: message.path, at: message.position(ofScalar: problem.start),
                        key: message.key, locale: message.locale, table: message.table,
                        fixIts: fixIt?(message, problem).map { [$0] } ?? []))
            }
        }
        return result + limit.overflow(self, context, what: "problems of this kind")
    }
}
