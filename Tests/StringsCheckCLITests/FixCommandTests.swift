import Foundation
import Testing

/// `stringscheck fix` as a user runs it: the diff first, the check for CI, then the files
/// rewritten in place with their bytes, mode and links kept.
struct FixCommandTests {
    static func tree(_ files: [(String, String)]) throws -> URL {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("stringscheck-fix-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func dryRunCheckThenFix() throws {
        let english = "/* Sale */\r\n\"sale\" = \"50% off at %@\";\r\n\"cafe\" = \"caf\\u00e9\";\r\n"
        let root = try Self.tree([
            ("en.lproj/Localizable.strings", english), ("de.lproj/Localizable.strings", "\"sale\" = \"%@: 50 %% Rabatt\";\n"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("en.lproj/Localizable.strings")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Strings.strings").path, withDestinationPath: "en.lproj/Localizable.strings")

        let dry = try CLITests.run(["fix", "--dry-run", "."], in: root)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("--- a/en.lproj/Localizable.strings\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("\n-\"sale\" = \"50% off at %@\";\r\n"))
        #expect(dry.stdout.contains("\n+\"sale\" = \"50%% off at %@\";\r\n"))
        #expect(dry.stderr.contains("would fix 2 findings in 1 file"), "\(dry.stderr)")
        #expect(try Data(contentsOf: file) == Data(english.utf8), "--dry-run wrote")

        let check = try CLITests.run(["fix", "--check", "."], in: root)
        #expect(check.status == 1)
        #expect(try Data(contentsOf: file) == Data(english.utf8), "--check wrote")

        let fixed = try CLITests.run(["fix", "."], in: root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "/* Sale */\r\n\"sale\" = \"50%% off at %@\";\r\n\"cafe\" = \"caf\\U00e9\";\r\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("Strings.strings").path)
        #expect(link == "en.lproj/Localizable.strings")

        // Nothing is left to fix: a second run changes nothing and --check passes.
        let again = try CLITests.run(["fix", "--check", "."], in: root)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// A file that does not parse cleanly is left alone, and the run says why.
    @Test func aBrokenFileIsNotRewritten() throws {
        let broken = "\"a\" = \"50% off %@\";\n\"b\" = \"unterminated;\n"
        let root = try Self.tree([("en.lproj/Localizable.strings", broken)])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["fix", "."], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not fixed: it does not parse cleanly"), "\(result.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("en.lproj/Localizable.strings"), encoding: .utf8) == broken)
    }
}
