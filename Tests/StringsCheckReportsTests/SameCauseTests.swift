import LocalizationFormats
import StringsCheckRules
import Testing

@testable import StringsCheckReports

/// Findings of one cause in several locales are one line naming the other locales.
struct SameCauseTests {
    private func finding(_ message: String, locale: String?, key: String? = "greeting", rule: String = "format-missing-argument")
        -> Finding
    {
        Finding(
            Diagnostic(
                id: rule, severity: .warning, message: message, path: "App/\(locale ?? "en").lproj/Localizable.strings",
                location: SourcePosition(line: 1, column: 1)),
            key: key, locale: locale, table: "Localizable")
    }

    @Test func oneCauseInSeveralLocalesIsOneGroup() {
        let findings = [
            finding("'greeting' in 'de' drops %@", locale: "de"),
            finding("'greeting' in 'fr' drops %@", locale: "fr"),
            finding("'greeting' in 'fr' drops %@", locale: "fr"),  // again in a locale the group has
            finding("'greeting' in 'it' says something else", locale: "it"),
            finding("'greeting' in 'ja' drops %@", locale: "ja"),
            finding("'bye' in 'de' drops %@", locale: "de", key: "bye"),
            finding("no locale", locale: nil),
        ]
        let groups = SameCause.groups(findings, of: Array(findings.indices))
        #expect(groups.map(\.first) == [0, 2, 3, 5, 6])
        #expect(groups.map(\.otherLocales) == [["fr", "ja"], [], [], [], []])
    }

    /// A key with many different messages (each in two locales) groups them all, by hash once
    /// there are more than a few.
    @Test func manyCausesOfOneKeyAreEachGrouped() {
        var findings: [Finding] = []
        for number in 0..<20 {
            findings.append(finding("'greeting' in 'de' reads argument \(number)", locale: "de"))
            findings.append(finding("'greeting' in 'fr' reads argument \(number)", locale: "fr"))
        }
        let groups = SameCause.groups(findings, of: Array(findings.indices))
        #expect(groups.map(\.first) == Array(stride(from: 0, to: 40, by: 2)))
        #expect(groups.allSatisfy { $0.otherLocales == ["fr"] })
        // Indices left out are not grouped.
        let some = SameCause.groups(findings, of: [0, 2, 3])
        #expect(some.map(\.first) == [0, 2] && some.map(\.otherLocales) == [[], ["fr"]])
    }

    /// Hundreds of keys, each said the same of in three locales and otherwise in a fourth: the
    /// gatherings are judged on every core, and each key is still one group and a group of its own.
    @Test func manyGatheringsAreJudgedOnEveryCoreAsInOne() {
        var findings: [Finding] = []
        for number in 0..<600 {
            let key = "key.\(number)"
            for locale in ["de", "fr", "it"] {
                findings.append(finding("'\(key)' in '\(locale)' drops %@", locale: locale, key: key))
            }
            findings.append(finding("'\(key)' in 'ja' says something else", locale: "ja", key: key))
        }
        let groups = SameCause.groups(findings, of: Array(findings.indices))
        #expect(groups.map(\.first) == (0..<600).flatMap { [4 * $0, 4 * $0 + 3] })
        #expect(groups.map(\.otherLocales) == (0..<600).flatMap { _ in [["fr", "it"], []] })
    }
}
