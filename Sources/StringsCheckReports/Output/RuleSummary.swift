import LocalizationFormats
import StringsCheckRules

/// How many findings each rule reported, noisiest first: the end of the text report, the
/// JSON `summary.rules`, and the GitHub step summary.
public struct RuleCount: Sendable, Hashable {
    public var rule: String
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public var total: Int { errors + warnings + notes }

    /// "1 error, 152 warnings".
    public var description: String {
        [(errors, "error"), (warnings, "warning"), (notes, "note")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    /// Counts per rule, the most findings first (ties by rule ID).
    public static func counts(_ findings: [Finding]) -> [RuleCount] {
        var byRule: [RuleCount] = []
        // Numbered by a memo of the IDs, not hashed per finding.
        var rules = RuleIDMemo { _ in () }
        // Read in place.
        findings.withUnsafeBufferPointer { findings in
            for index in findings.indices {
                let id = findings[index].diagnostic.id
                let rule = rules.slot(of: id).number
                if rule == byRule.count { byRule.append(RuleCount(rule: id)) }
                switch findings[index].diagnostic.severity {
                case .error: byRule[rule].errors += 1
                case .warning: byRule[rule].warnings += 1
                case .note: byRule[rule].notes += 1
                }
            }
        }
        return byRule.sorted { $0.total != $1.total ? $0.total > $1.total : $0.rule < $1.rule }
    }

    /// The findings to show when at most `limit` may be: errors first, then warnings, then
    /// notes, each in output order; the result keeps output order.
    public static func capped(_ findings: [Finding], to limit: Int) -> [Finding] {
        capped(Array(findings.indices), of: findings, to: limit).map { findings[$0] }
    }

    /// `capped(_:to:)` of the findings `indices` of `findings`, as their places.
    static func capped(_ indices: [Int], of findings: [Finding], to limit: Int) -> [Int] {
        guard indices.count > limit else { return indices }
        var chosen = Set<Int>()
        for severity in [Severity.error, .warning, .note] {
            for index in indices where findings[index].diagnostic.severity == severity {
                guard chosen.count < limit else { break }
                chosen.insert(index)
            }
        }
        return indices.filter(chosen.contains)
    }
}
