import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules
import TestSupport
import Testing

/// `render --keys --format json` writes each share of rows as it makes them: byte for byte the
/// preview made of the rows first and written after.
struct KeyRowsJSONTests {
    /// The two writings of the same preview compared; returns how many rows it has.
    @discardableResult
    static func expectSame(
        _ project: LocalizationProject, pattern: String? = nil, locales: Set<String> = [], tables: Set<String> = [], _ name: String
    ) async -> Int {
        let index = ProjectIndex(project: project)
        let findings = await PreviewBuilder.findings(index, forKeys: true)
        let rows = PreviewBuilder.keyRows(index, findings: findings, pattern: pattern, locales: locales, tables: tables)
        let made = rows.renderedParts(as: .json).flatMap { $0 }
        let written = PreviewBuilder.keyRowsJSON(index, findings: findings, pattern: pattern, locales: locales, tables: tables)
            .flatMap { $0 }
        #expect(written == made, "\(name): \(String(decoding: written.prefix(300), as: UTF8.self))")
        return rows.count
    }

    @Test func theDemoIsWrittenAlike() async throws {
        let demo = ProjectLoader.load(roots: [Check.packageRoot.appendingPathComponent("Resources/DemoApp").path])
        #expect(await Self.expectSame(demo, "every key") > 20)
        #expect(await Self.expectSame(demo, locales: ["de"], "one locale") > 5)
        #expect(await Self.expectSame(demo, pattern: "no-such-key-*", "no key") == 0)
        let index = ProjectIndex(project: demo)
        let table = try #require(index.baseTableNames.first)
        #expect(await Self.expectSame(demo, tables: [table], "one table") > 0)
    }

    /// Keys only a translation has (kept by name, outside the shared numbering), a key a
    /// translation lacks, an entry that does not load, findings in rows, and enough keys for
    /// several shares, the last row's comma among them.
    @Test func sharesAndUnnumberedKeysAreWrittenAlike() async {
        let keys = (0..<300).map { "key.\($0)" }
        let english = keys.map { "\"\($0)\" = \"Value %@ \($0)\";" }.joined(separator: "\n") + "\n\"only.en\" = \"Only\";\n"
        let german =
            keys.dropLast(3).map { "\"\($0)\" = \"Wert %d \($0)\";" }.joined(separator: "\n") + "\n\"only.de\" = \"Nur\";\n"
        let project = Check.project([
            ("en.lproj/Localizable.strings", english), ("de.lproj/Localizable.strings", german),
            ("fr.lproj/Localizable.strings", "\"key.1\" = \"Valeur %@\";\n\"key.2\" = \"broken;\n"),
            ("en.lproj/Other.strings", "\"a\" = \"A\";\n"),
        ])
        #expect(await Self.expectSame(project, "every key") == (keys.count + 2) * 3)
        #expect(await Self.expectSame(project, pattern: "key.1*", locales: ["fr", "de"], "a pattern and two locales") > 0)
        #expect(await Self.expectSame(project, locales: ["xx"], "no such locale") == 0)
    }
}
