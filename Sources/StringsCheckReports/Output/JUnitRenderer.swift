import LocalizationFormats
import StringsCheckRules

/// `--format junit`: one test suite per file and one test case per finding, for CI systems (GitLab,
/// Jenkins) that show JUnit reports. A finding that fails the run (an error; a warning with
/// `--strict`) is a failure; the others pass with their text as output, so a run that exits 0 shows
/// no failed tests.
enum JUnitRenderer {
    static func escape(_ text: String) -> String { escapeMarkup(text, apostrophe: "&apos;", xml: true) }

    static func render(_ report: DiagnosticReport) -> String {
        let findings = report.result.findings
        var byPath: [String: [Finding]] = [:]
        for finding in findings { byPath[finding.diagnostic.path, default: []].append(finding) }
        let failures = findings.count(where: report.fails)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"stringscheck\" tests=\"\(max(1, findings.count))\" failures=\"\(failures)\" errors=\"0\">\n"
        if findings.isEmpty {
            out += "  <testsuite name=\"stringscheck\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
            out += "    <testcase classname=\"stringscheck\" name=\"\(report.result.fileCount) files checked\"/>\n"
            out += "  </testsuite>\n"
        }
        for path in byPath.keys.sorted() {
            let items = byPath[path] ?? []
            let suiteFailures = items.count(where: report.fails)
            out += "  <testsuite name=\"\(escape(path))\" tests=\"\(items.count)\" failures=\"\(suiteFailures)\" errors=\"0\">\n"
            for finding in items {
                let d = finding.diagnostic
                let position = TextRenderer.position(d.path, d.location)
                out +=
                    "    <testcase classname=\"\(escape(d.id))\" name=\"\(escape(position + " " + d.message))\" file=\"\(escape(d.path))\""
                if let line = d.location?.line { out += " line=\"\(line)\"" }
                if !report.fails(finding) {
                    out += ">\n      <system-out>\(escape(d.severity.rawValue + ": " + d.message))</system-out>\n    </testcase>\n"
                } else {
                    out += ">\n      <failure type=\"\(d.severity.rawValue)\" message=\"\(escape(d.message))\">"
                    out += escape(TextRenderer().format(d)) + "</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
