import LocalizationFormats

extension Rule {
    /// Findings for the scanner's problems of the given kinds, in every message of every locale.
    /// A `.stringsdict` problem repeats in each permutation at the same place; the engine keeps one.
    func problemFindings(_ context: RuleContext, _ kinds: Set<FormatProblem.Kind>, fixIt: ((Message, FormatProblem) -> FixIt?)? = nil)
        -> [Finding]
    {
        var result: [Finding] = []
        for message in context.messages {
            for problem in message.analysis.problems where kinds.contains(problem.kind) {
                let subject = message.origin == .catalog ? message.subject : "'\(message.key)'"
                result.append(
                    finding(
                        "\(problem.message) (in \(subject))", path: message.path, at: message.position(ofScalar: problem.start),
                        key: message.key, locale: message.locale, table: message.table,
                        fixIts: fixIt?(message, problem).map { [$0] } ?? []))
            }
        }
        return result
    }
}
