import Foundation
import StringsCheckReports

/// GitHub's job summary (`GITHUB_STEP_SUMMARY`): GitHub shows ten annotations of each kind per
/// step, so with `--format github` every finding also goes into the summary.
enum StepSummary {
    /// Appends the findings' summary to the file GitHub names, when it names one; a file that
    /// cannot be written is said on standard error and does not fail the run.
    static func append(_ report: DiagnosticReport) {
        guard let summary = getenv("GITHUB_STEP_SUMMARY").map({ String(cString: $0) }), !summary.isEmpty else { return }
        let fd = open(summary, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 || writeAll(fd, Array(GitHubRenderer.stepSummary(report).utf8)) != nil {
            Console.error("stringscheck: warning: cannot write the step summary to '\(summary)'")
        }
        if fd >= 0 { close(fd) }
    }
}
