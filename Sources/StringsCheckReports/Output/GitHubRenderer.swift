import LocalizationFormats
import StringsCheckRules

/// `--format github`: workflow commands that GitHub Actions shows as annotations on the diff.
public enum GitHubRenderer {
    /// Escaping of workflow command data (the message). Control characters other than line
    /// breaks are written as the text format writes them: GitHub's log viewer honours ANSI escape
    /// sequences, so a raw `ESC [8m` from a file could hide the rest of a line.
    static func escapeData(_ text: String) -> String {
        TextRenderer.visible(text, keepingLineBreaks: true).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(
            of: "\r", with: "%0D"
        )
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of workflow command properties (file, title), which also may not hold `:` or `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Annotations GitHub Actions shows per step, of each kind (error, warning, notice); the
    /// ones after them are dropped without a word (actions/toolkit, docs/problem-matchers.md,
    /// "Limitations").
    static let annotationsPerKind = 10
    /// What a step summary may hold (GitHub's cap is 1 MiB per step).
    static let summaryBudget = 1_000_000

    static func render(_ report: DiagnosticReport) -> String {
        var out = ""
        var shown: [Severity: Int] = [:]
        var dropped = 0
        for finding in report.result.findings {
            let d = finding.diagnostic
            guard shown[d.severity, default: 0] < annotationsPerKind else {
                dropped += 1
                continue
            }
            shown[d.severity, default: 0] += 1
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties = ["file=\(escapeProperty(d.path))"]
            if let location = d.location {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(escapeProperty(d.id))")
            var message = d.message
            for note in d.notes {
                message += "\n" + TextRenderer.position(note.path, note.location) + " note: " + note.message
            }
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        if dropped > 0 {
            out +=
                "stringscheck: \(dropped) more finding\(dropped == 1 ? "" : "s") not annotated: GitHub shows \(annotationsPerKind) errors, \(annotationsPerKind) warnings and \(annotationsPerKind) notices per step. Every finding is in the step summary (with --format github, when GITHUB_STEP_SUMMARY is set), or run with --format text.\n"
        }
        return out
    }

    /// The whole report as Markdown for `$GITHUB_STEP_SUMMARY`: counts per rule, then every
    /// finding (as many as fit in the summary's size limit, the rest counted).
    public static func stepSummary(_ report: DiagnosticReport) -> String {
        let result = report.result
        var out = "## stringscheck\n\n\(result.fileCount) files checked: \(result.errorCount) errors, \(result.warningCount) warnings"
        out += result.noteCount > 0 ? ", \(result.noteCount) notes\n\n" : "\n\n"
        guard !result.findings.isEmpty else { return out }
        func cell(_ text: String) -> String {
            escapeHTML(TextRenderer.visible(text, keepingLineBreaks: true)).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
                of: "\n", with: "<br>")
        }
        out += "| rule | errors | warnings | notes |\n|---|---:|---:|---:|\n"
        for count in RuleCount.counts(result.findings) {
            out += "| `\(count.rule)` | \(count.errors) | \(count.warnings) | \(count.notes) |\n"
        }
        out += "\n| where | severity | rule | message |\n|---|---|---|---|\n"
        var listed = 0
        for finding in result.findings {
            let d = finding.diagnostic
            let row = "| \(cell(TextRenderer.position(d.path, d.location))) | \(d.severity.rawValue) | `\(d.id)` | \(cell(d.message)) |\n"
            guard out.utf8.count + row.utf8.count < summaryBudget - 200 else { break }
            out += row
            listed += 1
        }
        if listed < result.findings.count {
            out += "\n\(result.findings.count - listed) more findings do not fit in a step summary; run with `--format text` to see them.\n"
        }
        return out
    }
}
