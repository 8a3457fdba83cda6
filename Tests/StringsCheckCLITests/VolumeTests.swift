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
        defer { try? FileManager.default.removeItem(at: summary) }
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
        defer { try? FileManager.default.removeItem(at: folder) }
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
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
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
        defer { try? FileManager.default.removeItem(at: folder) }
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
        defer { try? FileManager.default.removeItem(at: prefix) }
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
        #expect(check.status == 1 && check.stdout.hasSuffix("14 errors, 15 warnings (12 of them translation backlog)\n"))
    }
}

/// What a baseline recognises: a finding by what it is about (rule, file, key, locale, the text),
/// never by its wording, counts, locale lists or lines.
struct BaselineIdentityTests {
    static let tree = [
        "en.lproj/Localizable.strings": "\"a\" = \"Apple\";\n\"b\" = \"Banana %@\";\n\"c\" = \"Cherry\";\n\"d\" = \"Date\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"Apfel\";\n\"b\" = \"Banane %d\";\n\"d\" = \"Dattel\";\n",
        "fr.lproj/Localizable.strings": "\"a\" = \"Pomme\";\n\"b\" = \"Banane %d\";\n",
    ]

    /// The last line of a text report.
    static func summary(_ output: String) -> String { String(output.split(separator: "\n").last ?? "") }

    static func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func translationWorkNewLocalesAndIgnoredLocalesBringNothingAcceptedBack() throws {
        let root = try CheckCommandTests.temporaryTree(Self.tree)
        defer { try? FileManager.default.removeItem(at: root) }
        let written = try CLITests.run(["check", "--no-config", ".", "--write-baseline", "b.json"], in: root)
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try String(contentsOf: root.appendingPathComponent("b.json"), encoding: .utf8)
        #expect(baseline.contains("\"version\" : 3"))
        func accepted() throws -> (Int32, String) {
            let run = try CLITests.run(["check", "--no-config", ".", "--baseline", "b.json"], in: root)
            return (run.status, run.stdout)
        }
        #expect(Self.summary(try accepted().1).hasPrefix("3 files checked: 0 errors, 0 warnings"))

        // Translating 'c' in German: the French part of the same finding stays accepted.
        try Self.write(
            "\"a\" = \"Apfel\";\n\"b\" = \"Banane %d\";\n\"c\" = \"Kirsche\";\n\"d\" = \"Dattel\";\n", "de.lproj/Localizable.strings",
            in: root)
        let translated = try accepted().1
        #expect(Self.summary(translated).hasPrefix("3 files checked: 0 errors, 0 warnings"), "\(translated)")

        // Reordering a file moves every line.
        try Self.write(
            "\"d\" = \"Dattel\";\n\"c\" = \"Kirsche\";\n\n\"b\" = \"Banane %d\";\n\"a\" = \"Apfel\";\n", "de.lproj/Localizable.strings",
            in: root)
        #expect(Self.summary(try accepted().1).hasPrefix("3 files checked: 0 errors, 0 warnings"))

        // A fully translated new locale changes the counts and lists in other messages only.
        try Self.write(
            "\"a\" = \"Mela\";\n\"b\" = \"Banana %@\";\n\"c\" = \"Ciliegia\";\n\"d\" = \"Dattero\";\n", "it.lproj/Localizable.strings",
            in: root)
        let grown = try accepted().1
        #expect(Self.summary(grown).hasPrefix("4 files checked: 0 errors, 0 warnings"), "\(grown)")

        // Ignoring French in the configuration removes findings and brings none back.
        try Self.write("ignore_locales: [fr]\n", ".stringscheck.yml", in: root)
        let ignoring = try CLITests.run(["check", ".", "--baseline", "b.json"], in: root)
        #expect(Self.summary(ignoring.stdout).hasPrefix("4 files checked: 0 errors, 0 warnings"), "\(ignoring.stdout)")
        try FileManager.default.removeItem(at: root.appendingPathComponent(".stringscheck.yml"))

        // A new locale that lacks a key is new, and so is a new bug in an accepted key's text.
        try Self.write("\"a\" = \"Manzana\";\n\"b\" = \"Plátano %@\";\n\"d\" = \"Dátil\";\n", "es.lproj/Localizable.strings", in: root)
        let newLocale = try accepted()
        #expect(newLocale.1.contains("1 key not yet translated (es 1)"), "\(newLocale.1)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("es.lproj"))
        try Self.write(
            "\"d\" = \"Dattel\";\n\"c\" = \"Kirsche\";\n\"b\" = \"Banane %f\";\n\"a\" = \"Apfel\";\n", "de.lproj/Localizable.strings",
            in: root)
        let newBug = try accepted()
        #expect(newBug.0 == 1 && newBug.1.contains("'b' in 'de' reads argument 1 with '%f'"), "\(newBug.1)")
    }

    @Test func theBaselineFileIsTheAnchorAndTheConfigurationCanNameIt() throws {
        let root = try CheckCommandTests.temporaryTree(Self.tree)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ci"), withIntermediateDirectories: true)
        let written = try CLITests.run(["check", "--no-config", ".", "--write-baseline", "ci/b.json"], in: root)
        #expect(written.status == 0, "\(written.stderr)")
        // Paths are relative to the baseline's folder, with '..' steps: the same in every checkout.
        let stored = try String(contentsOf: root.appendingPathComponent("ci/b.json"), encoding: .utf8)
        #expect(stored.contains("\"path\" : \"../de.lproj/Localizable.strings\"") && !stored.contains(root.path), "\(stored)")
        // From the baseline's own folder, the tree named as '..'.
        let fromCI = try CLITests.run(["check", "--no-config", "..", "--baseline", "b.json"], in: root.appendingPathComponent("ci"))
        #expect(Self.summary(fromCI.stdout).hasPrefix("3 files checked: 0 errors, 0 warnings"), "\(fromCI.stdout)")
        // From a folder inside the tree.
        let fromLocale = try CLITests.run(
            ["check", "--no-config", "..", "--baseline", "../ci/b.json"], in: root.appendingPathComponent("de.lproj"))
        #expect(Self.summary(fromLocale.stdout).hasPrefix("3 files checked: 0 errors, 0 warnings"), "\(fromLocale.stdout)")
        // `baseline:` in the configuration, relative to its folder; a missing one is named.
        try Self.write("baseline: ci/b.json\n", ".stringscheck.yml", in: root)
        let configured = try CLITests.run(["check", "."], in: root)
        #expect(configured.status == 0 && configured.stdout.contains("in the baseline"), "\(configured.stdout)\(configured.stderr)")
        let fromBelow = try CLITests.run(["check", ".."], in: root.appendingPathComponent("ci"))
        #expect(fromBelow.status == 0 && fromBelow.stdout.contains("in the baseline"), "\(fromBelow.stdout)\(fromBelow.stderr)")
        try Self.write("baseline: none.json\n", ".stringscheck.yml", in: root)
        let missing = try CLITests.run(["check", "."], in: root)
        #expect(
            missing.status == 2
                && missing.stderr.contains("the baseline 'none.json' that \(root.path)/.stringscheck.yml names does not exist"),
            "\(missing.stderr)")
    }

    @Test func aDifferentBreakageOfAFileOrAnEditedPluralFormIsNew() throws {
        let root = try CheckCommandTests.temporaryTree([
            "en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "de.lproj/Localizable.strings": "\"a\" = \"B\"\n",
            "en.lproj/Localizable.stringsdict": Self.plural(one: "%d file", other: "%d files"),
            "de.lproj/Localizable.stringsdict": Self.plural(one: "%@ Datei", other: "%d Dateien"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CLITests.run(["check", "--no-config", ".", "--write-baseline", "b.json"], in: root).status == 0)
        let same = try CLITests.run(["check", "--no-config", ".", "--baseline", "b.json"], in: root)
        #expect(Self.summary(same.stdout).contains("0 errors, 0 warnings"), "\(same.stdout)")
        // Another fatal mistake in the same file: not the accepted one.
        try Self.write("\"a\" \"B\";\n", "de.lproj/Localizable.strings", in: root)
        let other = try CLITests.run(["check", "--no-config", ".", "--baseline", "b.json"], in: root)
        #expect(other.stdout.contains("[strings-syntax-error]"), "\(other.stdout)")
        try Self.write("\"a\" = \"B\"\n", "de.lproj/Localizable.strings", in: root)
        // The same wrong form, with the other form edited: the entry's text changed.
        try Self.write(Self.plural(one: "%@ Datei", other: "%d Dateien!"), "de.lproj/Localizable.stringsdict", in: root)
        let edited = try CLITests.run(["check", "--no-config", ".", "--baseline", "b.json"], in: root)
        #expect(
            !Self.summary(edited.stdout).contains("0 errors, 0 warnings") && !edited.stdout.contains("[strings-syntax-error]"),
            "\(edited.stdout)")
    }

    static func plural(one: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>files</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict>
        </dict></dict></plist>

        """
    }

    @Test func aVersion2BaselineIsStillReadAndUpgradedWhenWritten() throws {
        let root = try CheckCommandTests.temporaryTree(Self.tree)
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try CLITests.run(["check", "--no-config", ".", "--format", "json"], in: root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        // Version 2 identified a finding by a hash of its message (FNV-1a, 64 bits).
        func hash(_ text: String) -> String {
            var value: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return String(value, radix: 16)
        }
        let entries: [[String: Any]] = diagnostics.filter { ($0["severity"] as? String) != "note" }.map { item in
            let locale = (item["locale"] as? String) ?? ((item["locales"] as? [String]).map { $0.joined(separator: ",") })
            var entry: [String: Any] = [
                "rule": item["rule"] as? String ?? "", "path": item["path"] as? String ?? "", "message": item["message"] as? String ?? "",
                "count": 1, "fingerprint": hash(item["message"] as? String ?? ""),
            ]
            entry["key"] = item["key"] as? String
            entry["locale"] = locale
            entry["table"] = item["table"] as? String
            return entry
        }
        let data = try JSONSerialization.data(withJSONObject: ["version": 2, "findings": entries])
        try data.write(to: root.appendingPathComponent("old.json"))
        let old = try CLITests.run(["check", "--no-config", ".", "--baseline", "old.json"], in: root)
        #expect(Self.summary(old.stdout).hasPrefix("3 files checked: 0 errors, 0 warnings"), "\(old.stdout)")
        let upgraded = try CLITests.run(["check", "--no-config", ".", "--write-baseline", "old.json"], in: root)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("old.json"), encoding: .utf8).contains("\"version\" : 3"))
    }
}

/// The default text output stays readable: one line per cause, backlog and notes summed up.
struct ReadableVolumeTests {
    /// Lines of `check`'s text output against 3 × (errors + distinct warning causes) + 15, where a
    /// cause is a rule saying one thing about one key of one table, whatever the locale.
    static func measure(_ path: String) throws -> (lines: Int, budget: Int, findings: Int) {
        let text = try CLITests.run(["check", "--no-config", path])
        let json = try CLITests.run(["check", "--no-config", path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let errors = diagnostics.count { ($0["severity"] as? String) == "error" }
        var causes: Set<String> = []
        for item in diagnostics where (item["severity"] as? String) == "warning" {
            let locale = item["locale"] as? String ?? ""
            let message = (item["message"] as? String ?? "").replacingOccurrences(of: "'\(locale)'", with: "")
            causes.insert([item["rule"], item["table"], item["key"], message].map { "\($0 ?? "")" }.joined(separator: "|"))
        }
        return (
            text.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, 3 * (errors + causes.count) + 15, diagnostics.count
        )
    }

    @Test func theDemoFitsItsBudget() throws {
        let demo = try Self.measure("Resources/DemoApp")
        #expect(demo.lines <= demo.budget, "\(demo)")
    }

    /// `../shared/corpus`, or `STRINGSCHECK_CORPUS` (a missing path in an outside clone).
    static let corpus =
        ProcessInfo.processInfo.environment["STRINGSCHECK_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? CLITests.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: corpus.path), "../shared/corpus is absent (outside clone): corpus tests skipped"))
    func everyCorpusAppFitsItsBudgetAndTheJSONKeepsEveryFinding() throws {
        for app in ["Dimillian__IceCubesApp", "adium__adium", "duckduckgo__iOS", "mastodon__mastodon-ios"] {
            let measured = try Self.measure(Self.corpus.appendingPathComponent("apps/\(app)").path)
            #expect(measured.lines <= measured.budget, "\(app): \(measured)")
            #expect(measured.findings > measured.lines, "\(app): the JSON keeps every finding: \(measured)")
        }
    }
}

/// The GitHub Action and every YAML snippet the project ships parse, and the action's script runs.
struct ActionTests {
    /// `python3` with PyYAML, or nil (then the YAML is not parsed here; CI requires it).
    static func parseYAML(_ paths: [String]) throws -> String? {
        let script = """
            import json, re, sys, yaml
            out = {}
            for path in sys.argv[1:]:
                text = open(path, encoding="utf-8").read()
                if path.endswith(".md"):
                    blocks = re.findall(r"```yaml\\n(.*?)```", text, re.S)
                    out[path] = [yaml.safe_load(block) is not None for block in blocks]
                else:
                    out[path] = yaml.safe_load(text)
            print(json.dumps(out))
            """
        let check = try OutputSafetyTests.shell("python3 -c 'import yaml' 2>/dev/null && echo yes", in: CLITests.packageRoot)
        guard check.stdout == "yes\n" else {
            #expect(ProcessInfo.processInfo.environment["STRINGSCHECK_REQUIRE_PYYAML"] == nil, "python3 with PyYAML is required")
            return nil
        }
        let process = try OutputSafetyTests.shell(
            "python3 - \(paths.joined(separator: " ")) <<'PY'\n\(script)\nPY", in: CLITests.packageRoot)
        #expect(process.status == 0, "\(process.stderr)")
        return process.stdout
    }

    @Test func theActionAndTheSnippetsAreValidYAML() throws {
        let docs = ["README.md", "Docs/CI.md", "Docs/PreCommit.md", "Docs/Configuration.md"]
        guard let parsed = try Self.parseYAML(["action.yml", ".pre-commit-hooks.yaml"] + docs) else { return }
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String: Any])
        let action = try #require(tree["action.yml"] as? [String: Any])
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [[String: Any]])
        #expect(steps.contains { ($0["run"] as? String)?.contains("Scripts/action-check.sh") == true })
        let hooks = try #require(tree[".pre-commit-hooks.yaml"] as? [[String: Any]])
        #expect(hooks.contains { $0["id"] as? String == "stringscheck-system" && $0["language"] as? String == "system" })
        #expect(hooks.allSatisfy { $0["verbose"] as? Bool == true })
        for doc in docs {
            let blocks = try #require(tree[doc] as? [Bool], "\(doc)")
            #expect(blocks.allSatisfy { $0 }, "\(doc): an empty YAML snippet")
        }
    }

    @Test func theActionsScriptAnnotatesWritesSARIFAndExitsWithTheCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("action-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("github-output")
        let demo = CLITests.packageRoot.appendingPathComponent("Resources/DemoApp").path
        let run = try OutputSafetyTests.shell(
            "STRINGSCHECK_BINARY='\(CLITests.executable.path)' STRINGSCHECK_PATHS='\(demo)' STRINGSCHECK_ARGS='--no-config' "
                + "GITHUB_OUTPUT='\(output.path)' bash '\(CLITests.packageRoot.path)/Scripts/action-check.sh'",
            in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("::error file="), "\(run.stdout.prefix(400))")
        let sarif = try Data(contentsOf: folder.appendingPathComponent("stringscheck.sarif"))
        let report = try #require(try JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        #expect((report["runs"] as? [Any])?.isEmpty == false)
        #expect(try String(contentsOf: output, encoding: .utf8) == "status=1\n")
    }
}

/// Papercuts a new user meets.
struct PapercutTests {
    @Test func aFarOptionGetsNoSuggestionAndANearOneDoes() throws {
        let far = try CLITests.run(["check", "--bogus", "Resources/DemoApp"])
        #expect(
            far.status == 64 && far.stderr.contains("Unknown option '--bogus'.") && !far.stderr.contains("Did you mean"), "\(far.stderr)")
        let near = try CLITests.run(["check", "--job", "2", "Resources/DemoApp"])
        #expect(near.status == 64 && near.stderr.contains("Did you mean '--jobs'?"), "\(near.stderr)")
    }

    @Test func completionKnowsTheRuleIDs() throws {
        let script = try CLITests.run(["--generate-completion-script", "bash"])
        #expect(script.stdout.contains("format-argument-mismatch") && script.stdout.contains("plural-hardcoded-number"))
    }

    @Test func aLongWordInATableIsCutAfterAPunctuationMark() throws {
        let render = try CLITests.run(["render", "--no-config", "Resources/DemoApp"])
        #expect(render.stdout.contains("push.friend_ ") && render.stdout.contains("request.body "), "\(render.stdout.prefix(800))")
    }
}

/// Test code is not the shipping app: left out of a tree's code scan unless asked for.
struct TestCodeTests {
    @Test func aLookupInATestIsNotReportedUnlessTestsAreScanned() throws {
        let root = try CheckCommandTests.temporaryTree([
            "App/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
            "App/de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";\n",
            "App/View.swift":
                "let a = NSLocalizedString(\"hello\", comment: \"\")\nlet b = NSLocalizedString(\"missing.app\", comment: \"\")\n",
            "App/PreviewSection.swift": "let c = NSLocalizedString(\"missing.preview.section\", comment: \"\")\n",
            "AppTests/ViewTests.swift": "let t = NSLocalizedString(\"missing.test\", comment: \"\")\n",
            "App/Helpers/LookupTests.swift": "let u = NSLocalizedString(\"missing.helper.test\", comment: \"\")\n",
            ".stringscheck.yml": "code:\n  include: [\"**/*.swift\"]\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try CLITests.run(["check", "."], in: root)
        #expect(plain.stdout.contains("'missing.app'") && plain.stdout.contains("'missing.preview.section'"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("'missing.test'") && !plain.stdout.contains("'missing.helper.test'"))
        #expect(plain.stdout.contains("Left out 2 test source files from the code scan"), "\(plain.stdout)")
        try "code:\n  include: [\"**/*.swift\"]\n  tests: true\n".write(
            to: root.appendingPathComponent(".stringscheck.yml"), atomically: true, encoding: .utf8)
        let withTests = try CLITests.run(["check", "."], in: root)
        #expect(withTests.stdout.contains("'missing.test'") && withTests.stdout.contains("'missing.helper.test'"), "\(withTests.stdout)")
        #expect(!withTests.stdout.contains("Left out"))
        // A test file named on the command line is scanned.
        let named = try CLITests.run(["check", "--no-config", "AppTests/ViewTests.swift", "App"], in: root)
        #expect(named.stdout.contains("'missing.test'"), "\(named.stdout)\(named.stderr)")
    }
}

/// Code scanning from the command line, and a scan that reads nothing said aloud.
struct CodeSwitchTests {
    @Test func codeAndNoCodeAndTheirWarnings() throws {
        let root = try CheckCommandTests.temporaryTree([
            "App/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
            "App/View.swift": "let b = NSLocalizedString(\"missing.app\", comment: \"\")\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try CLITests.run(["check", "--no-config", "."], in: root)
        #expect(!plain.stdout.contains("missing.app"))
        let scanned = try CLITests.run(["check", "--no-config", "--code", "."], in: root)
        #expect(scanned.stdout.contains("'missing.app'"), "\(scanned.stdout)")
        try "code:\n  include: [\"App/**/*.swift\"]\n".write(
            to: root.appendingPathComponent(".stringscheck.yml"), atomically: true, encoding: .utf8)
        #expect(try CLITests.run(["check", "."], in: root).stdout.contains("'missing.app'"))
        let off = try CLITests.run(["check", "--no-code", "."], in: root)
        #expect(!off.stdout.contains("missing.app") && off.stderr.isEmpty, "\(off.stderr)")
        // Nothing to read: said, with where the globs were resolved.
        try "code:\n  include: [\"Src/**/*.swift\"]\n".write(
            to: root.appendingPathComponent(".stringscheck.yml"), atomically: true, encoding: .utf8)
        let unmatched = try CLITests.run(["check", "."], in: root)
        #expect(unmatched.stderr.contains("code: include (Src/**/*.swift) matched no source file"), "\(unmatched.stderr)")
        let unused = try CLITests.run(["check", "--no-config", "--enable", "unused-key", "."], in: root)
        #expect(unused.stderr.contains("unused-key reads the app's code, and none was scanned"), "\(unused.stderr)")
    }
}
