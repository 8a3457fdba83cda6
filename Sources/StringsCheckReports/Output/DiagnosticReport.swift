import LocalizationFormats
import StringsCheckRules

/// The output formats of `check`.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    case text, json, sarif, github, junit
}

/// What a renderer needs: the result, the tool, and the rules that could have reported.
public struct DiagnosticReport: Sendable {
    public var result: CheckResult
    public var toolVersion: String
    public var rules: [RuleDescription]
    /// Whether warnings fail the run (`--strict`), and translation backlog with them
    /// (`--strict-backlog`): JUnit reports those findings, and errors, as failures.
    public var strict = false
    public var strictBacklog = false

    public init(result: CheckResult, toolVersion: String, rules: [RuleDescription] = BuiltInRules.descriptions) {
        self.result = result
        self.toolVersion = toolVersion
        self.rules = rules
    }

    /// Whether the run fails (exit 1): an error, or with `strict` a warning (translation backlog
    /// only with `strictBacklog`); findings past the kept bound are counted too.
    public var failsTheRun: Bool {
        let warnings = strictBacklog ? result.warningCount : result.warningCount - result.backlogWarningCount
        return result.errorCount > 0 || (strict && warnings > 0)
    }

    /// Whether a finding fails the run, as the exit status counts it.
    public func fails(_ finding: Finding) -> Bool {
        switch finding.diagnostic.severity {
        case .error: true
        case .note: false
        case .warning: strict && (strictBacklog || !BuiltInRules.backlogIDs.contains(finding.diagnostic.id))
        }
    }

    /// Renders in a format. `sourceLines` supplies source lines for `--show-source`.
    public func rendered(
        as format: DiagnosticFormat, showSource: Bool = false, colour: Bool = false, sourceLines: SourceLineProvider? = nil,
        maximumFindings: Int? = nil, showNotes: Bool = false, listBacklog: Bool = false
    ) -> String {
        switch format {
        case .text:
            TextRenderer(
                colour: colour, sourceLines: showSource ? sourceLines : nil, maximumFindings: maximumFindings, showNotes: showNotes,
                listBacklog: listBacklog
            ).render(self)
        case .json: JSONRenderer.render(self)
        case .sarif: SARIFRenderer.render(self)
        case .github: GitHubRenderer.render(self)
        case .junit: JUnitRenderer.render(self)
        }
    }
}
