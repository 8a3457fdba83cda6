import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

/// Runs `check` on the examples of locheck (the closest peer) and compares with the findings
/// locheck's own tests expect (`peers/Asana__locheck/expected`). Docs/Rules.md lists the
/// differences and why.
@Suite(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
struct LocheckParityTests {
    static let peer = Check.corpus.appendingPathComponent("peers/Asana__locheck")

    /// locheck's problem identifier → the rules that report the same defect here.
    static let counterparts: [String: Set<String>] = [
        "duplicate_entries": ["duplicate-key"],
        "key_missing_from_base": ["extra-translation"],
        "key_missing_from_translation": ["missing-translation"],
        "lproj_file_missing_from_translation": ["missing-table"],
        "string_has_missing_arguments": ["format-missing-argument", "format-position-gap", "format-mixed-positional"],
        "string_has_duplicate_arguments": ["format-conflicting-types"],
        "string_has_invalid_argument": ["format-argument-mismatch", "format-position-gap"],
        "string_has_extra_arguments": ["format-extra-argument"],
        "phrase_has_extra_arguments": ["format-extra-argument"],
        "string_has_implicit_position": ["format-implicit-position"],
        "stringsdict_entry_has_implicit_position": ["format-implicit-position"],
        "stringsdict_entry_permutations_have_conflicting_specifiers": ["stringsdict-conflicting-variants"],
        "stringsdict_entry_has_missing_variable": ["stringsdict-missing-variable"],
        "stringsdict_entry_contains_no_variables": ["stringsdict-no-variables"],
        "stringsdict_entry_has_too_many_arguments": ["format-extra-argument"],
        "stringsdict_entry_has_unverifiable_argument": ["format-extra-argument"],
        "stringsdict_entry_has_invalid_argument": ["format-argument-mismatch"],
        "stringsdict_entry_has_unused_arguments": ["format-position-gap", "format-missing-argument"],
        "stringsdict_entry_missing_format_spec_type": ["stringsdict-invalid-structure"],
        "stringsdict_entry_missing_format_spec_value": ["stringsdict-missing-value-type"],
        "xml_error": ["xml-syntax-error"],
        "xml_schema_error": ["plist-invalid-structure", "stringsdict-invalid-structure"],
        "swift_error": ["file-unreadable"],
        "cdata_cannot_be_decoded": ["invalid-encoding"],
    ]

    /// locheck problems about Android or Phrase files, which stringscheck does not read.
    static let outOfScope: Set = [
        "phrase_and_native_arguments_are_both_present", "phrase_has_missing_arguments", "string_array_item_count_mismatch",
        "stringsdict_entry_missing_argument", "stringsdict_entry_missing_variable",
    ]

    /// Expected findings we deliberately do not report: a single plain specifier in a plural form
    /// counts from its variable's argument (CoreFoundation's `initialArgPosition`), so it cannot
    /// be confused with a numbered one.
    static let knownDifferences: Set = [
        "Demo_Base.stringsdict:6:stringsdict_entry_has_implicit_position",
        "Demo_Translation.stringsdict:6:stringsdict_entry_has_implicit_position",
    ]

    @Test func everyLocheckProblemHasACounterpart() throws {
        let table = try String(contentsOf: Self.peer.appendingPathComponent("expected/problem_identifiers.tsv"), encoding: .utf8)
        let ids = BuiltInRules.descriptions.map(\.id)
        for line in table.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("identifier") {
            let id = String(line.split(separator: "\t", omittingEmptySubsequences: false)[0])
            guard id != "?" else { continue }
            if Self.outOfScope.contains(id) { continue }
            let ours = try #require(Self.counterparts[id], "no counterpart for locheck's \(id)")
            #expect(ours.allSatisfy(ids.contains), "\(id) → \(ours)")
        }
    }

    /// Copies locheck's example files into an `.lproj` tree: base → `en`, translation → `fr`.
    static func tree() throws -> (URL, [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locheck-parity-\(UUID().uuidString)")
        let examples = peer.appendingPathComponent("Examples")
        let places = [
            "Demo_Base.strings": "en.lproj/Demo.strings", "Demo_Translation.strings": "fr.lproj/Demo.strings",
            "Demo_Base.stringsdict": "en.lproj/Demo.stringsdict", "Demo_Translation.stringsdict": "fr.lproj/Demo.stringsdict",
        ]
        for (source, target) in places {
            let url = root.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(source), to: url)
        }
        return (root, places)
    }

    @Test func examplesGiveLochecksFindings() async throws {
        let (root, places) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = await ProjectLoader.load(roots: [root.path])
        let result = await RuleEngine.run(
            project: project, configuration: Check.configuration("rules:\n  format-implicit-position: on\n"))
        var expected: [(file: String, line: Int, id: String)] = []
        for name in ["strings", "stringsdict"] {
            let text = try String(
                contentsOf: Self.peer.appendingPathComponent("expected/testExampleOutput_\(name).stderr.txt"), encoding: .utf8)
            for line in text.split(separator: "\n") {
                // Examples/Demo_Base.strings:12: error: 'duplicate key' appears twice (duplicate_entries)
                let parts = line.split(separator: ":", maxSplits: 2)
                guard parts.count == 3, let number = Int(parts[1]), let open = line.lastIndex(of: "(") else { continue }
                let id = String(line[line.index(after: open)...].dropLast())
                expected.append((String(parts[0].split(separator: "/").last ?? ""), number, id))
            }
        }
        #expect(expected.count == 34)
        for item in expected {
            if Self.knownDifferences.contains("\(item.file):\(item.line):\(item.id)") { continue }
            let path = root.appendingPathComponent(try #require(places[item.file])).path
            let rules = try #require(Self.counterparts[item.id])
            // locheck reports a .stringsdict entry at its <dict> (the line after its key); this
            // tool reports at the form or format that has the problem, so entries match by key.
            let sourceLines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            let entryKey = item.file.hasSuffix(".stringsdict") ? Self.key(in: sourceLines[item.line - 2]) : nil
            let found = result.findings.contains { finding in
                guard rules.contains(finding.diagnostic.id), finding.diagnostic.path == path else { return false }
                if let entryKey { return finding.key == entryKey }
                return finding.diagnostic.location?.line == item.line
            }
            #expect(found, "locheck expects \(item.id) at \(item.file):\(item.line)")
        }
    }

    /// `<key>a &apos;b&apos;</key>` → `a 'b'`.
    static func key(in line: String) -> String? {
        guard let start = line.range(of: "<key>"), let end = line.range(of: "</key>") else { return nil }
        return String(line[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func lprojExampleAlsoFindsTheSyntaxErrorLocheckMisses() async throws {
        let examples = Self.peer.appendingPathComponent("Examples").path
        let project = await ProjectLoader.load(roots: [examples + "/test-base.lproj", examples + "/test-translation.lproj"])
        let result = await RuleEngine.run(project: project, configuration: Check.configuration("base_locale: test-base\n"))
        let summary = result.findings.map {
            "\($0.diagnostic.id)@\($0.diagnostic.path.split(separator: "/").suffix(2).joined(separator: "/")):\($0.diagnostic.location?.line ?? 0)"
        }
        #expect(summary.contains("missing-translation@test-base.lproj/file1.strings:2"))
        #expect(summary.contains("missing-translation@test-base.lproj/file2.strings:1"))
        // `"just_in_file1" "This …"` has no '=': Foundation rejects file2, which locheck's line regex skips.
        #expect(summary.contains("strings-syntax-error@test-translation.lproj/file2.strings:2"))
    }
}
