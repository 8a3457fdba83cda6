import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `stringscheck check`, `rules` and `explain`, run as a user would, with their exit codes.
struct CheckCommandTests {
    static func temporaryTree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let clean = [
        "en.lproj/Localizable.strings": "\"greeting\" = \"Hello %@\";\n",
        "de.lproj/Localizable.strings": "\"greeting\" = \"Hallo %@\";\n",
    ]

    @Test func cleanTreeExitsZeroAndSaysSo() throws {
        let root = try Self.temporaryTree(Self.clean)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", root.path])
        #expect(result.status == 0)
        #expect(result.stdout == "2 files checked: 0 errors, 0 warnings\n")
    }

    @Test func errorsExitOneWarningsOnlyWithStrict() throws {
        var files = Self.clean
        files["de.lproj/Localizable.strings"] = "\"greeting\" = \"Hallo %d\";\n"
        let broken = try Self.temporaryTree(files)
        defer { try? FileManager.default.removeItem(at: broken) }
        let failed = try CLITests.run(["check", "--no-config", "--notes", broken.path])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("de.lproj/Localizable.strings:1:21: error: 'greeting' in 'de' reads argument 1 with '%d'"))
        #expect(failed.stdout.contains("[format-argument-mismatch]"))
        #expect(failed.stdout.contains("en.lproj/Localizable.strings:1:21: note: the base text is 'Hello %@'"))

        files = Self.clean
        files["en.lproj/Localizable.strings"]! += "\"bye\" = \"Bye\";\n"
        let warning = try Self.temporaryTree(files)
        defer { try? FileManager.default.removeItem(at: warning) }
        // A key not yet translated is backlog: --strict counts it only with --strict-backlog.
        #expect(try CLITests.run(["check", "--no-config", warning.path]).status == 0)
        #expect(try CLITests.run(["check", "--no-config", "--strict", warning.path]).status == 0)
        #expect(try CLITests.run(["check", "--no-config", "--strict", "--strict-backlog", warning.path]).status == 1)
        try "strict_backlog: true\n".write(to: warning.appendingPathComponent(".stringscheck.yml"), atomically: true, encoding: .utf8)
        #expect(try CLITests.run(["check", "--strict", "."], in: warning).status == 1)
        // A defect at warning level (a translation that drops the argument) fails --strict.
        files = Self.clean
        files["de.lproj/Localizable.strings"] = "\"greeting\" = \"Hallo\";\n"
        let dropped = try Self.temporaryTree(files)
        defer { try? FileManager.default.removeItem(at: dropped) }
        let plain = try CLITests.run(["check", "--no-config", dropped.path])
        #expect(plain.status == 0 && plain.stdout.contains("warning: ") && plain.stdout.contains("[format-missing-argument]"))
        #expect(try CLITests.run(["check", "--no-config", "--strict", dropped.path]).status == 1)
    }

    @Test func backlogIsOneLinePerTableAndNotesAreCounted() throws {
        let root = try Self.temporaryTree([
            "en.lproj/Localizable.strings": "\"a\" = \"A %@\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n",
            "de.lproj/Localizable.strings": "\"a\" = \"A %d\";\n",
            "fr.lproj/Localizable.strings": "\"a\" = \"A %@\";\n\"b\" = \"B\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let summary = try CLITests.run(["check", "--no-config", "."], in: root)
        #expect(
            summary.stdout.contains("  Localizable: 2 keys not yet translated (de 2, fr 1); locales below the coverage threshold: de\n"),
            "\(summary.stdout)")
        #expect(!summary.stdout.contains("[missing-translation]") && !summary.stdout.contains("note: the base text"))
        #expect(summary.stdout.hasSuffix("3 files checked: 1 error, 3 warnings (3 of them translation backlog)\n"), "\(summary.stdout)")
        let listed = try CLITests.run(["check", "--no-config", "--backlog", "--notes", "."], in: root)
        #expect(listed.stdout.contains("[missing-translation]") && listed.stdout.contains("note: the base text is 'A %@'"))
        #expect(!listed.stdout.contains("Translation backlog"))
    }

    @Test func theToolCouldNotRunExitsTwoAndUsageSixtyFour() throws {
        #expect(try CLITests.run(["check", "--no-config", "/no/such/folder"]).status == 2)
        #expect(try CLITests.run(["check", "--format", "yaml"]).status == 64)
        #expect(try CLITests.run(["check", "--enable", "no-such-rule"]).status == 64)
        let root = try Self.temporaryTree(Self.clean.merging([".stringscheck.yml": "rules:\n  emty-value: off\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let config = try CLITests.run(["check", "--config", root.appendingPathComponent(".stringscheck.yml").path, root.path])
        #expect(config.status == 2)
        #expect(config.stderr.contains(".stringscheck.yml:2:3: error: unknown rule 'emty-value'; did you mean 'empty-value'?"))
    }

    @Test func demoProjectInEveryFormat() throws {
        let text = try CLITests.run(["check", "--no-config", "Resources/DemoApp"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("Resources/DemoApp/fr.lproj/Localizable.strings:3:36: error:"))
        #expect(text.stdout.contains("[strings-silent-truncation]"))

        let json = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        for key in ["rule", "severity", "message", "path", "line", "column", "notes"] { #expect(first[key] != nil, "\(key)") }
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == diagnostics.filter { $0["severity"] as? String == "error" }.count)
        #expect(summary["files"] as? Int == 18)  // 14 resource files and 4 payload templates

        let github = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "github"])
        #expect(
            github.stdout.split(separator: "\n").allSatisfy {
                $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ")
                    || $0.hasPrefix("stringscheck: ") && $0.contains("not annotated")
            })
        #expect(
            github.stdout.contains(
                "::error file=Resources/DemoApp/fr.lproj/Localizable.strings,line=3,col=36,title=strings-silent-truncation::"))

        let junit = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "junit"])
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"stringscheck\""))
        let parsed = try XMLDocument(data: Data(junit.stdout.utf8))
        #expect(try parsed.nodes(forXPath: "//testcase").count == diagnostics.count)
    }

    @Test func sarifIsValidAgainstTheSchema() throws {
        let sarif = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "sarif"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "format-argument-mismatch" && $0["level"] as? String == "error" })
        try Self.validateSARIF(sarif.stdout)
    }

    /// Validates a SARIF log against the schema subset with python's jsonschema, where it is installed.
    static func validateSARIF(_ sarif: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-\(UUID().uuidString).sarif")
        try Data(sarif.utf8).write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let schema = CLITests.packageRoot.appendingPathComponent("Tests/StringsCheckCLITests/Fixtures/sarif-2.1.0-subset.schema.json")
        let validation = try Self.python(
            "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))); print('valid')",
            arguments: [output.path, schema.path])
        switch validation {
        case .unavailable:
            // CI sets STRINGSCHECK_REQUIRE_JSONSCHEMA=1 after installing jsonschema, so there it cannot be skipped.
            #expect(ProcessInfo.processInfo.environment["STRINGSCHECK_REQUIRE_JSONSCHEMA"] == nil, "python3 with jsonschema is required")
        case .ran(let status, let out):
            #expect(status == 0, "\(out)")
            #expect(out.contains("valid"))
        }
    }

    @Test func sarifCarriesFixItsAndEncodesPathsAsURIs() throws {
        // A space and a non-ASCII letter in the path, and a finding with a fix-it: the parts of the
        // SARIF the demo app does not exercise.
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tree) }
        let folder = tree.appendingPathComponent("My App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"sale\" = \"50% off everything at %@\";\n".utf8).write(to: folder.appendingPathComponent("Réglages.strings"))
        let sarif = try CLITests.run(["check", "--no-config", tree.path, "--format", "sarif"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let percent = try #require(results.first { $0["ruleId"] as? String == "format-literal-percent" })
        let physical = try #require((percent["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
        #expect(uri.hasSuffix("/My%20App/en.lproj/R%C3%A9glages.strings"), "\(uri)")
        let fix = try #require((percent["fixes"] as? [[String: Any]])?.first)
        #expect((fix["description"] as? [String: Any])?["text"] as? String == "write '%%' for a percent sign")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == uri)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        // The '%' is the 13th scalar of line 1; SARIF's end column is the one after the region.
        let region = try #require(replacement["deletedRegion"] as? [String: Int])
        #expect(region == ["startLine": 1, "startColumn": 13, "endLine": 1, "endColumn": 14])
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "%%")
        try Self.validateSARIF(sarif.stdout)
        // The JSON report carries the same fix-it.
        let json = try CLITests.run(["check", "--no-config", tree.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostic = try #require(
            (report["diagnostics"] as? [[String: Any]])?.first { $0["rule"] as? String == "format-literal-percent" })
        let fixIt = try #require((diagnostic["fixIts"] as? [[String: Any]])?.first)
        #expect(fixIt["line"] as? Int == 1 && fixIt["column"] as? Int == 13)
        #expect(fixIt["endLine"] as? Int == 1 && fixIt["endColumn"] as? Int == 14)
        #expect(fixIt["replacement"] as? String == "%%")
        #expect((fixIt["path"] as? String)?.hasSuffix("My App/en.lproj/Réglages.strings") == true)
    }

    enum PythonResult {
        case unavailable
        case ran(Int32, String)
    }

    static func python(_ code: String, arguments: [String]) throws -> PythonResult {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import jsonschema"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return .unavailable }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return .unavailable }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", code] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .ran(process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func baselineRoundTrip() throws {
        var files = Self.clean
        files["en.lproj/Localizable.strings"]! += "\"bye\" = \"Bye\";\n"
        files["de.lproj/Localizable.strings"] = "\"greeting\" = \"Hallo %d\";\n"
        let root = try Self.temporaryTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = root.appendingPathComponent("baseline.json").path
        let written = try CLITests.run(["check", "--no-config", root.path, "--write-baseline", baseline])
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote 2 findings"))
        let quiet = try CLITests.run(["check", "--no-config", root.path, "--baseline", baseline])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.contains("2 in the baseline"))
        try Data("\"new\" = \"\";\n".utf8).write(to: root.appendingPathComponent("de.lproj/Other.strings"))
        let fresh = try CLITests.run(["check", "--no-config", root.path, "--baseline", baseline])
        #expect(fresh.stdout.contains("[empty-value]"))
        #expect(try CLITests.run(["check", "--no-config", root.path, "--baseline", "/no/such/baseline.json"]).status == 2)
    }

    @Test func configurationIsFoundAndAppliedAndOutputGoesToAFile() throws {
        var files = Self.clean
        files["en.lproj/Localizable.strings"]! += "\"bye\" = \"Bye\";\n"
        files[".stringscheck.yml"] = "rules:\n  missing-translation: error\n"
        let root = try Self.temporaryTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = root.appendingPathComponent("out/report.json")
        try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try CLITests.run(
            [
                "check", "--config", root.appendingPathComponent(".stringscheck.yml").path, root.path, "--format", "json", "--output",
                report.path,
            ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(text.contains("\"severity\": \"error\""))
        #expect(text.contains("\"rule\": \"missing-translation\""))
    }

    @Test func rulesAndExplain() throws {
        let rules = try CLITests.run(["rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("format-argument-mismatch"))
        #expect(rules.stdout.contains("value-equals-key"))
        let explain = try CLITests.run(["explain", "format-literal-percent"])
        #expect(explain.status == 0)
        #expect(explain.stdout.hasPrefix("format-literal-percent: Percent sign read as a specifier\n"))
        #expect(explain.stdout.contains("How to fix:"))
        #expect(try CLITests.run(["explain", "literal-percent"]).stderr.contains("did you mean format-literal-percent"))
    }

    @Test func rulesReferenceIsUpToDate() throws {
        let generated = try CLITests.run(["rules", "--format", "markdown"]).stdout
        let committed = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Docs/Rules.md"), encoding: .utf8)
        #expect(generated == committed, "Docs/Rules.md is stale: run `swift run stringscheck rules --format markdown > Docs/Rules.md`")
    }
}

struct PluralsCommandTests {
    @Test func pluralsReferenceIsUpToDate() throws {
        let generated = try CLITests.run(["plurals", "--format", "markdown"]).stdout
        let committed = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Docs/Plurals.md"), encoding: .utf8)
        #expect(
            generated == committed, "Docs/Plurals.md is stale: run `swift run stringscheck plurals --format markdown > Docs/Plurals.md`")
    }

    @Test func categoriesOfGivenLocales() throws {
        let result = try CLITests.run(["plurals", "ru", "zh-Hant-HK"])
        #expect(result.stdout == "ru [CLDR ru]: one (1), few (2), many (0), other (0.0)\nzh-Hant-HK [CLDR zh]: other (0)\n")
    }
}

struct TextOutputTests {
    @Test func showSourcePutsACaretUnderTheColumnAndColourOnlyWhenAsked() throws {
        let root = try CheckCommandTests.temporaryTree([
            "en.lproj/Localizable.strings": "\"n\" = \"%@ items\";\n",
            "de.lproj/Localizable.strings": "\"n\" = \"Stück: %d\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try CLITests.run(["check", "--no-config", root.path, "--show-source"])
        #expect(plain.stdout.contains("\"n\" = \"Stück: %d\";\n              ^\n"))
        #expect(!plain.stdout.contains("\u{1B}["))
        let coloured = try CLITests.run(["check", "--no-config", root.path, "--color", "always"])
        #expect(coloured.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }
}

/// The demo project's payload templates against its strings: each deliberate mistake is found.
struct PayloadEndToEndTests {
    @Test func demoPayloadsAreCrossCheckedInEveryLocale() throws {
        let result = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        func find(_ rule: String, _ file: String) -> [String: Any]? {
            diagnostics.first { $0["rule"] as? String == rule && ($0["path"] as? String)?.hasSuffix(file) == true }
        }
        let nonObject = try #require(find("payload-non-object-specifier", "payloads/friend_request.json"))
        #expect(nonObject["locale"] as? String == "de")
        #expect((nonObject["line"] as? Int, nonObject["column"] as? Int) == (4, 18))
        let notes = try #require(nonObject["notes"] as? [[String: Any]])
        #expect(notes.first?["path"] as? String == "Resources/DemoApp/de.lproj/Localizable.strings")
        let count = try #require(find("payload-argument-count", "payloads/order_shipped_fcm.json"))
        #expect((count["message"] as? String)?.contains("but 'loc-args' gives 1") == true)
        #expect(count["severity"] as? String == "error")
        let missing = try #require(find("payload-missing-key", "payloads/promo_easemob.json"))
        #expect((missing["message"] as? String)?.hasPrefix("'push.promo.title' (em_push_title_loc_key) is in no locale") == true)
        let extra = try #require(find("payload-argument-count", "payloads/promo_easemob.json"))
        #expect(extra["severity"] as? String == "warning")
        // ar.lproj/Localizable.strings is rejected by Foundation (a missing ';'), so Arabic users see raw keys.
        let rejected = try #require(find("payload-missing-key", "payloads/new_message.apns"))
        #expect(
            (rejected["message"] as? String)?.contains(
                "is written in ar where the file stops loading before it; users of that locale see the raw key")
                == true)
        // One locale: named as `locale` as well as `locales`, so a script can filter on it.
        #expect(rejected["locale"] as? String == "ar")
        #expect(rejected["locales"] as? [String] == ["ar"])
    }

    @Test func dumpListsPayloadsWithTheirDialects() throws {
        let result = try CLITests.run(["dump", "Resources/DemoApp", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let payloads = try #require(object["payloads"] as? [[String: Any]])
        #expect(payloads.compactMap { ($0["dialects"] as? [String])?.first } == ["apns", "apns", "fcm", "easemob"])
    }
}

/// Files on the command line, as pre-commit passes the staged ones.
struct FileArgumentTests {
    @Test func onlyFindingsInTheGivenFilesAreReportedAndDecideTheExitStatus() throws {
        let root = try CheckCommandTests.temporaryTree([
            "App/en.lproj/Localizable.strings": "\"a\" = \"A %@\";\n\"b\" = \"B\";\n",
            "App/de.lproj/Localizable.strings": "\"a\" = \"A %d\";\n\"b\" = \"B\";\n",
            "App/fr.lproj/Localizable.strings": "\"a\" = \"A %@\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // The French file is fine; the German error and the base's missing-translation are elsewhere.
        let french = try CLITests.run(["check", "--no-config", root.appendingPathComponent("App/fr.lproj/Localizable.strings").path])
        #expect(french.status == 0)
        #expect(french.stdout.contains("3 files checked: 0 errors, 0 warnings; 2 more in other files of the same tables"))
        let german = try CLITests.run(["check", "--no-config", root.appendingPathComponent("App/de.lproj/Localizable.strings").path])
        #expect(german.status == 1)
        #expect(german.stdout.contains("de.lproj/Localizable.strings:1:10: error:"))
        #expect(!german.stdout.contains("[missing-translation]"))
        // The base file shows the key that a translation lacks.
        let base = try CLITests.run([
            "check", "--no-config", "--backlog", root.appendingPathComponent("App/en.lproj/Localizable.strings").path,
        ])
        #expect(base.stdout.contains("'b' is missing from fr"))
    }

    @Test func aTemplateNamedByPathIsReadWhereverItLies() throws {
        // welcome.json matches no payload glob; named on the command line it is still a template.
        let root = try CheckCommandTests.temporaryTree([
            "App/en.lproj/Localizable.strings": "\"hello\" = \"Hello %@\";\n",
            "App/de.lproj/Localizable.strings": "\"hello\" = \"Hallo %@\";\n",
            "welcome.json": "{\"aps\": {\"alert\": {\"loc-key\": \"nope\", \"loc-args\": [\"a\"]}}}\n",
            "push/again.json": "{\"aps\": {\"alert\": {\"loc-key\": \"gone\"}}}\n",
            "notes.txt": "not a resource\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let named = try CLITests.run(["check", "--no-config", "welcome.json"], in: root)
        #expect(named.status == 1)
        #expect(named.stdout.hasPrefix("welcome.json:1:31: error: 'nope' (loc-key) is in no locale's Localizable table"))
        #expect(named.stderr.isEmpty)
        // A template found both by its folder's glob and by name is read once.
        let twice = try CLITests.run(["check", "--no-config", "--format", "json", ".", "push/again.json"], in: root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(twice.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.filter { ($0["message"] as? String)?.contains("'gone'") == true }.count == 1)
        // So is one found from two folders, one inside the other.
        let nested = try CLITests.run(["check", "--no-config", "--format", "json", ".", "push"], in: root)
        #expect(nested.stdout.components(separatedBy: "'gone'").count == 2, "\(nested.stdout)")
        // A file that is no resource says so instead of passing unchecked in silence.
        let text = try CLITests.run(["check", "--no-config", "notes.txt", "App/de.lproj/Localizable.strings"], in: root)
        #expect(text.status == 0)
        #expect(
            text.stderr
                == "stringscheck: warning: notes.txt is not a table (.strings or .stringsdict), a String Catalog (.xcstrings), an XLIFF file (.xliff, .xlf), a payload template (.json, .apns) or source code stringscheck reads; nothing in it is checked\n"
        )
    }

    @Test func initWritesAConfigurationOnceAndItLoads() throws {
        let root = try CheckCommandTests.temporaryTree([
            "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "App/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "backend/push/welcome.json": "{\"aps\": {\"alert\": {\"loc-key\": \"a\"}}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CLITests.run(["init", root.path])
        #expect(first.status == 0)
        #expect(first.stdout.contains("base locale en, 1 payload template"))
        #expect(first.stdout.contains("- id: stringscheck"))
        let config = try String(contentsOf: root.appendingPathComponent(".stringscheck.yml"), encoding: .utf8)
        #expect(config.contains("base_locale: en"))
        #expect(config.contains("\"backend/push/**/*.json\""))
        // Run again: nothing to do, which is no failure (1 is the findings' status).
        let second = try CLITests.run(["init", root.path])
        #expect(second.status == 0 && second.stderr.contains("already exists; it is left as it is"))
        #expect(second.stdout.contains("- id: stringscheck-system"))
        #expect(try String(contentsOf: root.appendingPathComponent(".stringscheck.yml"), encoding: .utf8) == config)
        let check = try CLITests.run(["check", "--config", root.appendingPathComponent(".stringscheck.yml").path, root.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}

/// `stringscheck coverage` on the demo project: golden files for every format, and exit codes.
struct CoverageCommandTests {
    @Test(arguments: [("text", "txt"), ("markdown", "md"), ("html", "html"), ("json", "json"), ("csv", "csv")])
    func demoReportMatchesItsGoldenFile(format: String, fileExtension: String) throws {
        let details = ["text", "markdown", "html"].contains(format) ? ["--details"] : []
        let result = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp", "--format", format] + details)
        #expect(result.status == 0)
        let golden = CLITests.packageRoot.appendingPathComponent("Tests/StringsCheckCLITests/Fixtures/coverage/demo.\(fileExtension)")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        // The HTML page says when and from which commit it was made: the golden file has neither.
        let stdout = result.stdout.replacing(/<p class="generated">[^\n]*<\/p>\n/, with: "")
        if format == "html" { #expect(result.stdout.contains("<p class=\"generated\">Made on ")) }
        #expect(
            stdout == expected,
            "regenerate with: swift run stringscheck coverage --no-config Resources/DemoApp --format \(format) \(details.joined()) > \(golden.path)"
        )
    }

    @Test func detailsAddTheIdenticalKeysToTheHTMLAndAreRefusedWhereTheyMeanNothing() throws {
        let plain = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp", "--format", "html"])
        let detailed = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp", "--format", "html", "--details"])
        #expect(plain.status == 0 && detailed.status == 0)
        #expect(plain.stdout.contains("<h2>Missing keys</h2>") && !plain.stdout.contains("<h2>Identical to the base</h2>"))
        #expect(detailed.stdout.contains("<h2>Identical to the base</h2>"))
        for format in ["json", "csv"] {
            let refused = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp", "--format", format, "--details"])
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("--details applies to the text, markdown and html formats"), "\(refused.stderr)")
        }
    }

    @Test func minimumCoverageFailsAndNamesTheLocales() throws {
        let result = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp", "--min-coverage", "60", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'fr' is 17.6% translated, below the minimum of 60%"))
        #expect(!result.stderr.contains("'de'"))
    }

    @Test func aFileIsMeasuredAgainstItsBundle() throws {
        // A translation's file: its locale and table, against the base read beside it.
        let german = try CLITests.run([
            "coverage", "--no-config", "Resources/DemoApp/de.lproj/Localizable.strings", "--format", "csv",
        ])
        #expect(german.status == 0)
        let rows = german.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first == "locale,table,total,translated,missing,extra,percent")
        #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("de,Localizable,") }, "\(rows)")
        #expect(rows.count == 2)
        // The base file: its table in every locale.
        let base = try CLITests.run(["coverage", "--no-config", "Resources/DemoApp/en.lproj/Localizable.strings", "--format", "csv"])
        let locales = Set(base.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" })
        #expect(locales == ["de", "fr", "ja", "pt-BR", "zh-Hans", "ar"])
    }

    @Test func filtersAndAFileOutput() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CLITests.run([
            "coverage", "--no-config", "Resources/DemoApp", "--locale", "de", "--table", "Localizable", "--format", "csv", "--output",
            output.path,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let csv = try String(contentsOf: output, encoding: .utf8)
        #expect(csv.hasPrefix("locale,table,total,translated,missing,extra,percent\r\nde,Localizable,"))
        #expect(csv.split(separator: "\r\n").count == 2)
    }
}

/// `stringscheck render` on the demo project.
struct RenderCommandTests {
    @Test func keysOfAFileRenderInItsLocaleWithItsBundle() throws {
        let result = try CLITests.run([
            "render", "--no-config", "Resources/DemoApp/de.lproj/Localizable.strings", "--keys", "*", "--format", "json",
        ])
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.count > 5)
        #expect(rows.allSatisfy { $0["locale"] as? String == "de" && $0["table"] as? String == "Resources/DemoApp/Localizable" })
        // Read with the bundle, the base is English and a key German lacks shows raw, as on a device.
        #expect(rows.contains { $0["key"] as? String == "copyright" && $0["value"] as? String == "copyright" })
    }

    @Test func demoPayloadsInEveryLocaleAsJSON() throws {
        let result = try CLITests.run(["render", "--no-config", "Resources/DemoApp", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 4 * 7)
        let german = try #require(rows.first { $0["payload"] as? String == "new_message.apns" && $0["locale"] as? String == "de" })
        #expect(german["title"] as? String == "Neue Nachricht von Anna")
        #expect(german["action"] as? String == "Antworten")
        let arabic = try #require(rows.first { $0["payload"] as? String == "new_message.apns" && $0["locale"] as? String == "ar" })
        #expect(arabic["body"] as? String == "push.message.body")
        #expect(((arabic["problems"] as? [[String: Any]])?.first?["rule"] as? String) == "payload-missing-key")
        let shipped = try #require(rows.first { $0["payload"] as? String == "order_shipped_fcm.json" && $0["locale"] as? String == "en" })
        #expect(shipped["body"] as? String == "Your order #A-1042 is on its way with ⟨argument 2 missing⟩")
    }

    @Test func keysWithAPattern() throws {
        let result = try CLITests.run([
            "render", "--no-config", "Resources/DemoApp", "--keys", "unread.*", "--locale", "en", "--format", "csv",
        ])
        #expect(
            result.stdout == "key,locale,value,status\r\nunread.count,en,\"one (1): 1 unread message\nother (0): 0 unread messages\",ok\r\n"
        )
    }
}

/// The tool never writes to what it reads; reports go only where `--output` says.
struct ReadOnlyTests {
    /// Path → SHA-like fingerprint of every file under a folder (size and bytes).
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result[String(url.path.dropFirst(root.path.count))] = try Data(contentsOf: url)
        }
        return result
    }

    @Test func checkRenderAndCoverageLeaveTheTreeUntouched() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString)")
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: tree)
            try? FileManager.default.removeItem(at: reports)
        }
        try FileManager.default.copyItem(at: CLITests.packageRoot.appendingPathComponent("Resources/DemoApp"), to: tree)
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let before = try Self.snapshot(tree)
        #expect(before.count > 15)
        for arguments in [
            ["check", "--no-config", tree.path, "--format", "sarif", "--output", reports.appendingPathComponent("a.sarif").path],
            ["check", "--no-config", tree.path, "--show-source"],
            ["render", "--no-config", tree.path, "--format", "html", "--output", reports.appendingPathComponent("b.html").path],
            ["render", "--no-config", tree.path, "--keys", "*"],
            ["coverage", "--no-config", tree.path, "--format", "json", "--output", reports.appendingPathComponent("c.json").path],
            ["dump", tree.path, "--format", "json"],
        ] {
            _ = try CLITests.run(arguments)
        }
        #expect(try Self.snapshot(tree) == before, "a command wrote into the tree it read")
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted() == ["a.sarif", "b.html", "c.json"])
    }

    @Test func anUnwritableOutputIsExitTwoAndLeavesNoPartialFile() throws {
        let result = try CLITests.run(["check", "--no-config", "Resources/DemoApp", "--output", "/no/such/folder/report.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write '/no/such/folder/report.txt'"))
    }
}

/// Payload keys in a backend's code, checked against the app's strings beside it.
struct BackendCodeTests {
    static let files = [
        "app/en.lproj/Localizable.strings": "\"ORDER_SHIPPED\" = \"Order %1$@ ships with %2$@\";\n",
        "app/de.lproj/Localizable.strings": "\"ORDER_SHIPPED\" = \"Bestellung %1$@ mit %2$@\";\n",
        "backend/push/orders.py":
            "from apns2.payload import PayloadAlert\n\ndef shipped(order):\n    return PayloadAlert(body_localized_key=\"ORDER_SHIPED\", body_localized_args=[order.id, order.carrier])\n",
        "backend/push/ok.js": "note.locKey = \"ORDER_SHIPPED\";\nnote.locArgs = [order.id, order.carrier];\n",
    ]

    @Test func codeNamedOnTheCommandLineIsScannedAndReportedAtTheLiteral() throws {
        let root = try CheckCommandTests.temporaryTree(Self.files)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run([
            "check", "--no-config", root.appendingPathComponent("app").path, root.appendingPathComponent("backend/push/orders.py").path,
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "backend/push/orders.py:4:44: error: 'ORDER_SHIPED' (body_localized_key) is in no locale's Localizable table; every user sees the raw key [payload-missing-key]"
            ))
        // Looked up in the folder given beside it, not in the current folder.
        #expect(result.stdout.hasSuffix("3 files checked: 1 error, 0 warnings\n"))
    }

    @Test func foldersOfCodeAreScannedOnlyWhenConfigured() throws {
        let root = try CheckCommandTests.temporaryTree(Self.files)
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("app").path
        let backend = root.appendingPathComponent("backend").path
        // Without `code:` a folder's source files are not read: the app's check stays as fast.
        let plain = try CLITests.run(["check", "--no-config", app, backend])
        #expect(plain.status == 0)
        let config = root.appendingPathComponent(".stringscheck.yml")
        try Data("code:\n  include: [\"backend/**/*.py\", \"backend/**/*.js\"]\n".utf8).write(to: config)
        let scanned = try CLITests.run(["check", "--config", config.path, app, backend])
        #expect(scanned.status == 1)
        #expect(scanned.stdout.contains("'ORDER_SHIPED' (body_localized_key) is in no locale's Localizable table"))
        #expect(!scanned.stdout.contains("ok.js"))
        #expect(scanned.stdout.contains("4 files checked: 1 error, 0 warnings"))
    }
}
