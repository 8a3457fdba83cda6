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
        var written: [UInt8] = []
        PreviewBuilder.keyPreview(index, findings: findings, pattern: pattern, locales: locales, tables: tables, as: .json) {
            written += $0
        }
        // Compared first, so that a difference is reported where it starts, not as two arrays.
        let same = written == made
        let start = zip(written, made).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, made.count)
        #expect(
            same,
            "\(name): the bytes differ from \(start) on: \(String(decoding: written.dropFirst(start).prefix(120), as: UTF8.self)) against \(String(decoding: made.dropFirst(start).prefix(120), as: UTF8.self))"
        )
        return rows.count
    }

    @Test func theDemoIsWrittenAlike() async throws {
        let demo = await ProjectLoader.load(roots: [Check.packageRoot.appendingPathComponent("Resources/DemoApp").path])
        let every = await Self.expectSame(demo, "every key")
        let german = await Self.expectSame(demo, locales: ["de"], "one locale")
        let none = await Self.expectSame(demo, pattern: "no-such-key-*", "no key")
        #expect(every > 20 && german > 5 && none == 0)
        let index = ProjectIndex(project: demo)
        let table = try #require(index.baseTableNames.first)
        let one = await Self.expectSame(demo, tables: [table], "one table")
        #expect(one > 0)
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
        let every = await Self.expectSame(project, "every key")
        let some = await Self.expectSame(project, pattern: "key.1*", locales: ["fr", "de"], "a pattern and two locales")
        let none = await Self.expectSame(project, locales: ["xx"], "no such locale")
        #expect(every == (keys.count + 2) * 3 && some > 0 && none == 0)
    }
}
