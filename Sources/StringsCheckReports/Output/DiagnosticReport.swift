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

    public init(result: CheckResult, toolVersion: String, rules: [RuleDescription] = BuiltInRules.descriptions) {
        self.result = result
        self.toolVersion = toolVersion
        self.rules = rules
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
