import LocalizationFormats
import Testing

@testable import StringsCheckReports
@testable import StringsCheckRules

/// What a terminal is shown: control characters in a message or a path are written out.
struct TextRendererTests {
    /// The byte check finds exactly the characters the renderer writes out: C0, DEL, C1, the
    /// line and paragraph separators and the bidirectional controls, and nothing else.
    @Test func controlCharactersAreFoundInTheBytes() {
        func isControl(_ value: UInt32) -> Bool {
            value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            #expect(TextRenderer.hasControl(text) == isControl(value), "U+\(String(value, radix: 16))")
            #expect((TextRenderer.visible(text) == text) == !isControl(value))
        }
        #expect(!TextRenderer.hasControl("plain ASCII, é, 日本, 😀") && TextRenderer.hasControl("tab\there"))
        #expect(TextRenderer.visible("x\u{1B}[31m") == "x\\u{1B}[31m")
    }

    /// A report of thousands of lines is written in two halves at once: every finding's line is
    /// there once, in order, and the summaries follow them.
    @Test func aLongReportListsEveryFindingInOrder() throws {
        let findings = (0..<2_500).map { number in
            Finding(
                Diagnostic(
                    id: "format-missing-argument", severity: .warning, message: "finding \(number)",
                    path: "App/de.lproj/Localizable.strings", location: SourcePosition(line: number + 1, column: 1)),
                key: "key.\(number)", locale: "de", table: "Localizable")
        }
        let result = CheckResult(
            findings: findings, suppressedCount: 0, baselinedCount: 0, fileCount: 1, baseLocale: "en", baseLocaleReason: "")
        let text = DiagnosticReport(result: result, toolVersion: "test").rendered(as: .text)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("App/") }
        #expect(lines.count == 2_500)
        #expect(lines.first == "App/de.lproj/Localizable.strings:1:1: warning: finding 0 [format-missing-argument]")
        #expect(lines.indices.allSatisfy { lines[$0].hasSuffix(": finding \($0) [format-missing-argument]") })
        #expect(text.hasSuffix("1 file checked: 0 errors, 2500 warnings\n"))
        // The summaries follow the last finding's line.
        let byRule = try #require(text.range(of: "\nBy rule:\n  format-missing-argument"))
        #expect(text.range(of: ": finding 2499 [format-missing-argument]")?.upperBound ?? text.endIndex < byRule.lowerBound)
    }
}
