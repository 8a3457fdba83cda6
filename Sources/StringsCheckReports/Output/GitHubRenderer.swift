import LocalizationFormats
import StringsCheckRules

/// `--format github`: workflow commands that GitHub Actions shows as annotations on the diff.
enum GitHubRenderer {
    /// Escaping of workflow command data (the message).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of workflow command properties (file, title), which also may not hold `:` or `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func render(_ report: DiagnosticReport) -> String {
        var out = ""
        for finding in report.result.findings {
            let d = finding.diagnostic
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
        return out
    }
}
