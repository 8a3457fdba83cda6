import Foundation
import Testing

/// What a team sees on its first run over a large app: counts per rule, a cap on what is
/// printed, CI annotation limits said aloud, and an empty run that does not pass for a clean one.
struct VolumeTests {
    @Test func theTextReportEndsWithCountsPerRuleAndCanBeCapped() throws {
        let full = try CLITests.run(["check", "--no-config", "Resources/DemoApp"])
        #expect(full.stdout.contains("\nBy rule:\n  payload-missing-key "), "\(full.stdout)")
        #expect(full.stdout.contains("Noisiest: ") && full.stdout.contains("--write-baseline"))
        let capped = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--max-findings", "3"])
        #expect(capped.status == full.status)
        let findingLines = capped.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(findingLines.count == 3 && findingLines.allSatisfy { $0.contains(": error: ") }, "errors come first")
        #expect(capped.stdout.contains("more findings not shown (--max-findings 3); every one is counted below"))
        // The last line counts everything either way.
        #expect(capped.stdout.split(separator: "\n").last == full.stdout.split(separator: "\n").last)
        let json = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require((object["summary"] as? [String: Any])?["rules"] as? [[String: Any]])
        let total = rules.reduce(0) { $0 + ($1["errors"] as? Int ?? 0) + ($1["warnings"] as? Int ?? 0) + ($1["notes"] as? Int ?? 0) }
        #expect(total == (object["diagnostics"] as? [Any])?.count)
        #expect(rules.first?["rule"] as? String == "payload-missing-key")
    }

    @Test func gitHubAnnotationsStopAtTheLimitAndTheStepSummaryHasEveryFinding() throws {
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
        let result = try CLITests.run(
            ["check", "--no-config", "Resources/DemoApp", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count <= 10)
        #expect(lines.last?.contains("more findings not annotated: GitHub shows 10 errors, 10 warnings and 10 notices per step") == true)
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        let json = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "json"])
        let count = ((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["diagnostics"] as? [Any])?.count
        #expect(markdown.hasPrefix("## stringscheck\n"))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| Resources/DemoApp/") }.count == count)
    }

    @Test func aTreeWithNothingToCheckIsNotAPass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/Pods/x.lproj"), withIntermediateDirectories: true)
        for command in ["check", "coverage", "render"] {
            let result = try CLITests.run([command, "--no-config", "app"], in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(
                result.stderr.contains(
                    "no localization files (.strings, .stringsdict, .xcstrings) or payload templates were found under app")
                    && result.stderr.contains("skipped by name: app/Pods"), "\(command): \(result.stderr)")
        }
    }
}

/// A baseline recognises its findings wherever the run starts and whatever is edited around them.
struct BaselinePlacementTests {
    @Test func aBaselineMatchesFromAnotherFolderAndAfterAnEditAbove() throws {
        let tree = try OutputSafetyTests.demo()
        let folder = tree.deletingLastPathComponent()
        let written = try CLITests.run(["check", "--no-config", "t", "--write-baseline", "b.json"], in: folder)
        #expect(written.status == 0 && written.stderr.contains("wrote 29 findings to b.json"), "\(written.stderr)")
        // From inside the tree, named as '.', with the baseline one folder up.
        let inside = try CLITests.run(["check", "--no-config", ".", "--baseline", "../b.json"], in: tree)
        #expect(inside.status == 0 && inside.stdout.hasSuffix("0 errors, 0 warnings, 29 in the baseline\n"), "\(inside.stdout)")
        // Lines added above every finding of a file move them, and they stay accepted.
        let german = tree.appendingPathComponent("de.lproj/Localizable.strings")
        try ("/* moved */\n\n" + String(contentsOf: german, encoding: .utf8)).write(to: german, atomically: true, encoding: .utf8)
        let edited = try CLITests.run(["check", "--no-config", "t", "--baseline", "b.json"], in: folder)
        #expect(edited.status == 0 && edited.stdout.hasSuffix("0 errors, 0 warnings, 29 in the baseline\n"), "\(edited.stdout)")
        // A new bug in a baselined key is not hidden by the old entry.
        let text = try String(contentsOf: german, encoding: .utf8).replacingOccurrences(of: "%d möchte", with: "%f möchte")
        try text.write(to: german, atomically: true, encoding: .utf8)
        let changed = try CLITests.run(["check", "--no-config", "t", "--baseline", "b.json"], in: folder)
        #expect(changed.stdout.contains("error:"), "\(changed.stdout)")
    }
}

/// The preview as people read it, and the hints a typo gets.
struct PreviewAndHintTests {
    @Test func payloadsAreNamedByPathShowWhatASilentPushDoesAndFitTheWidth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        let manager = FileManager.default
        for path in ["en.lproj", "payloads/a", "payloads/b"] {
            try manager.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try "\"hi\" = \"Hi\";\n".write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try "{\"aps\": {\"badge\": 3}}\n".write(to: folder.appendingPathComponent("payloads/a/003.json"), atomically: true, encoding: .utf8)
        try "{\"aps\": {\"content-available\": 1}}\n".write(
            to: folder.appendingPathComponent("payloads/b/003.json"), atomically: true, encoding: .utf8)
        let text = try CLITests.run(["render", "--no-config", "."], in: folder)
        #expect(text.stdout.contains("a/003.json  en") && text.stdout.contains("b/003.json  en"), "\(text.stdout)")
        #expect(text.stdout.contains("(no banner: the badge becomes 3)"))
        #expect(text.stdout.contains("(background push: nothing is shown; the app is"))
        // Not a terminal: the table keeps to 100 columns.
        let demo = try CLITests.run(["render", "--no-config", "Resources/DemoApp"])
        #expect(demo.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(demo.stdout.prefix(500))")
    }

    @Test func typosGetASuggestion() throws {
        let command = try CLITests.run(["chek", "Resources"])
        #expect(command.status == 64 && command.stderr.contains("unknown command 'chek'; did you mean 'check'?"))
        let rule = try CLITests.run(["check", "--disable", "format-argument-mismach", "Resources"])
        #expect(rule.status == 64 && rule.stderr.contains("did you mean 'format-argument-mismatch'?"))
        let explain = try CLITests.run(["explain", "duplicat-key"])
        #expect(explain.status == 64 && explain.stderr.contains("did you mean duplicate-key?"))
    }
}

/// The documented way to install: the script copies, strips and checks the binary.
struct InstallTests {
    @Test func theInstallScriptInstallsAWorkingBinaryThatNamesItsCommit() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
        let result = try CLITests.run(
            ["Scripts/install.sh", "--prefix", prefix.path, "--binary", CLITests.executable.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(result.stderr)")
        let installed = prefix.appendingPathComponent("bin/stringscheck")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        let version = try CLITests.run(["--version"], executable: installed)
        #expect(version.stdout.hasPrefix("stringscheck 0.1.0 (commit "), "\(version.stdout)")
        #expect(try CLITests.run(["version"], executable: installed).stdout == version.stdout)
        let check = try CLITests.run(["check", "--no-config", "Resources/DemoApp"], executable: installed)
        #expect(check.status == 1 && check.stdout.hasSuffix("14 errors, 15 warnings\n"))
    }
}
