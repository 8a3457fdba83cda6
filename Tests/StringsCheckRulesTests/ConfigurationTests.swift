import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

struct ConfigurationTests {
    static func problems(_ yaml: String) -> [String] {
        ConfigurationLoader.parse(yaml, path: "c.yml", rules: BuiltInRules.descriptions).1.map {
            "\($0.location?.description ?? "-") \($0.message)"
        }
    }

    @Test func readsEveryKey() {
        let configuration = Check.configuration(
            """
            roots: [App/Resources]
            include: ["**/*.lproj/**"]
            exclude:
              - "**/Debug.strings"
            base_locale: en_GB
            ignore_locales: [zh_CN]
            payloads: ["push/**/*.json"]
            min_coverage: { "*": 80, de: 95 }
            rules:
              missing-translation: error
              empty-value: off
              value-equals-key: on
              incomplete-locale:
                threshold: 75
                ignore_locales: [ar]
              format-missing-argument:
                severity: note
                ignore_keys: ["debug.*"]
            suppress:
              - rules: [format-literal-percent]
                keys: ["promo.*"]
                reason: marketing copy
            """)
        #expect(configuration.roots == ["App/Resources"])
        #expect(configuration.exclude == ["**/Debug.strings"])
        #expect(configuration.baseLocale == "en-GB")
        #expect(configuration.ignoreLocales == ["zh-CN"])
        #expect(configuration.payloads == ["push/**/*.json"])
        #expect(configuration.minimumCoverage == ["*": 80, "de": 95])
        #expect(configuration.rules["missing-translation"]?.severity == .error)
        #expect(configuration.rules["empty-value"]?.enabled == false)
        #expect(configuration.rules["value-equals-key"]?.enabled == true)
        #expect(configuration.rules["incomplete-locale"]?.threshold == 75)
        #expect(configuration.ruleSettings.incompleteLocaleThreshold == 0.75)
        #expect(configuration.ruleSettings.ignoredLocales["incomplete-locale"] == ["ar"])
        #expect(configuration.rules["format-missing-argument"]?.ignoreKeys == ["debug.*"])
        #expect(configuration.suppressions.first?.rules == ["format-literal-percent"])
        #expect(configuration.suppressions.first?.reason == "marketing copy")
    }

    @Test func unknownKeysAndBadValuesAreErrorsWithPositions() {
        #expect(Self.problems("exlude: [a]\n") == ["1:1 unknown key 'exlude' in the configuration; did you mean 'exclude'?"])
        #expect(
            Self.problems("rules:\n  missing-translaton: off\n") == [
                "2:3 unknown rule 'missing-translaton'; did you mean 'missing-translation'? (`stringscheck rules` lists them)"
            ])
        #expect(
            Self.problems("rules:\n  empty-value: loud\n") == ["2:16 'loud' is not a severity; use error, warning, note, on or off"])
        #expect(Self.problems("rules:\n  empty-value:\n    serverity: error\n").first?.hasPrefix("3:5 unknown key 'serverity'") == true)
        #expect(Self.problems("roots: {a: b}\n") == ["1:8 'roots' must be a list of strings, found a mapping"])
        #expect(Self.problems("min_coverage: 140\n") == ["1:15 'min_coverage' must be a number from 0 to 100"])
        #expect(Self.problems("suppress:\n  - rules: [empty-value]\n").first?.hasPrefix("2:5 a 'suppress' item needs") == true)
    }

    @Test func everyKindOfBadValueIsReportedWhereItStands() {
        #expect(
            Self.problems("suppress:\n  - rules: [format-argument-mismach]\n    keys: [a]\n") == [
                "2:12 unknown rule 'format-argument-mismach'; did you mean 'format-argument-mismatch'? (`stringscheck rules` lists them)"
            ])
        #expect(Self.problems("suppress: empty-value\n") == ["1:11 'suppress' must be a list of mappings, found 'empty-value'"])
        #expect(Self.problems("placeholder_length: 5000\n") == ["1:21 'placeholder_length' must be a whole number from 0 to 4096"])
        #expect(
            Self.problems("max_length:\n  - {keys: \"widget.*\"}\n") == [
                "2:5 a 'max_length' item needs 'length' and 'keys' (a key glob), 'table' (a table name) or 'usage' (info-plist, push-title, …)"
            ])
        #expect(
            Self.problems("max_length:\n  - {table: InfoPlist, length: 0}\n") == [
                "2:32 'length' must be a whole number of characters, 1 or more"
            ])
        #expect(
            Self.problems("max_length_ratio: 0.5\n") == [
                "1:19 'max_length_ratio' must be a number above 1 (2.5: a translation may be 2.5 times its development text)"
            ])
        #expect(Self.problems("rules:\n  empty-value:\n    enabled: maybe\n") == ["3:14 'enabled' must be true or false"])
        #expect(Self.problems("- a\n- b\n") == ["1:1 the configuration must be a mapping of keys to values, found a list"])
        #expect(Self.problems("? [a, b]\n: c\n") == ["1:3 keys of the configuration must be plain names"])
        #expect(Self.problems("payload_table: [a]\n") == ["1:16 'payload_table' must be a string, found a list"])
        #expect(
            Self.problems("roots: [a]\nroots: [b]\n") == [
                "1:1 invalid YAML: 'roots' is given more than once in the same mapping; its first use is here"
            ])
        #expect(
            Self.problems("rules:\n  empty-value: off\n  b: on\n  empty-value: on\n  b: off\n") == [
                "3:3 invalid YAML: 'b', 'empty-value' are each given more than once in the same mapping; the first use of 'b' is here"
            ])
    }

    @Test func enabledTurnsARuleOnOrOff() throws {
        let rule = try #require(BuiltInRules.description(of: "value-equals-key"))
        #expect(Check.configuration("rules:\n  value-equals-key:\n    enabled: true\n").isEnabled(rule))
        let empty = try #require(BuiltInRules.description(of: "empty-value"))
        #expect(!Check.configuration("rules:\n  empty-value:\n    enabled: false\n").isEnabled(empty))
    }

    @Test func anUnreadableOrNonUTF8FileIsOneError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.yml")
        try Data([0x72, 0x6F, 0x6F, 0x74, 0x73, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        let (_, notUTF8) = ConfigurationLoader.load(path: latin1.path, rules: BuiltInRules.descriptions)
        #expect(notUTF8.map(\.message) == ["the configuration file is not UTF-8"])
        #expect(notUTF8.first?.severity == .error)
        let (_, missing) = ConfigurationLoader.load(
            path: folder.appendingPathComponent("absent.yml").path, rules: BuiltInRules.descriptions)
        #expect(missing.map(\.message) == ["cannot read the configuration file: no such file or directory"])
        // A configuration is a few kilobytes: a huge (sparse) one is refused before it is read.
        let huge = folder.appendingPathComponent("huge.yml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let (_, tooLarge) = ConfigurationLoader.load(path: huge.path, rules: BuiltInRules.descriptions)
        #expect(
            tooLarge.map(\.message) == [
                "cannot read the configuration file: it is 2048 MB, over the limit of 4 MB for a configuration file"
            ])
    }

    @Test func invalidYAMLIsReportedAtItsPosition() {
        let problems = Self.problems("rules:\n  empty-value: [off\n")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("invalid YAML") == true)
        #expect(problems.first?.hasPrefix("3:") == true || problems.first?.hasPrefix("2:") == true)
    }

    @Test func emptyFileIsTheDefaults() {
        #expect(Self.problems("") == [])
        #expect(Self.problems("# nothing yet\n") == [])
    }

    @Test func optInRulesRunOnlyWhenNamed() throws {
        let rule = try #require(BuiltInRules.description(of: "value-equals-key"))
        #expect(!Configuration().isEnabled(rule))
        #expect(Check.configuration("rules:\n  value-equals-key: warning\n").isEnabled(rule))
        #expect(!Check.configuration("rules:\n  value-equals-key: off\n").isEnabled(rule))
    }
}

struct GlobTests {
    @Test(arguments: [
        ("**/*.lproj/**", "App/en.lproj/Localizable.strings", true),
        ("**/*.lproj/**", "en.lproj/Localizable.strings", true),
        ("*.strings", "App/en.lproj/Localizable.strings", true),
        ("App/*.strings", "App/en.lproj/Localizable.strings", false),
        ("App/**/Debug.strings", "App/a/b/Debug.strings", true),
        ("App/**/Debug.strings", "App/Debug.strings", true),
        ("Pods/**", "Pods/X/en.lproj/a.strings", true),
        ("Pods/**", "MyPods/X/en.lproj/a.strings", false),
        ("[a-c]?.lproj/*", "ab.lproj/x.strings", true),
        ("[!a-c]?.lproj/*", "ab.lproj/x.strings", false),
        // The literal tail after the last wildcard is checked first; it must agree with the matcher.
        ("**/payloads/**/*.json", "backend/payloads/a/b.json", true),
        ("**/payloads/**/*.json", "backend/payloads/a/b.json5", false),
        ("**/*.apns.json", "x/y.apns.json", true),
        ("**/*.apns.json", "x/y.json", false),
        ("docs/README", "docs/README", true),
        ("docs/README", "docs/READM", false),
        ("*e\u{301}", "cafe\u{301}", true),
        ("*\u{301}", "cafe\u{301}", true),
        ("*é", "cafe\u{301}", false),
        ("x[ab]", "xb", true),
    ])
    func paths(pattern: String, path: String, matches: Bool) {
        #expect(Glob(pattern).matchesPath(path) == matches, "\(pattern) vs \(path)")
    }

    @Test func keys() {
        #expect(Glob("debug.*").matchesKey("debug.menu.title"))
        #expect(!Glob("debug.*").matchesKey("settings.debug"))
        #expect(Glob("*.title").matchesKey("a/b.title"))
        #expect(!Glob("*.title").matchesKey("a/b.titles"))
        #expect(Glob("exact.key").matchesKey("exact.key"))
    }
}

/// `code:`: which source files are scanned, and the project's own functions.
struct CodeConfigurationTests {
    @Test func readsGlobsAndFunctions() {
        let yaml = """
            code:
              include: ["backend/**/*.py"]
              exclude: ["backend/tests/**"]
              functions:
                - {name: send_push, key: 2, arguments: 3, variadic: true, part: title}
            """
        let (configuration, problems) = ConfigurationLoader.parse(yaml, path: "c.yml", rules: BuiltInRules.descriptions)
        #expect(problems.isEmpty)
        #expect(configuration.code.include == ["backend/**/*.py"])
        #expect(configuration.code.exclude == ["backend/tests/**"])
        #expect(
            configuration.code.functions == [
                PushKeyFunction(name: "send_push", part: .title, keyArgument: 2, argumentsArgument: 3, variadic: true)
            ])
    }

    @Test func badFunctionsAreReportedWhereTheyStand() {
        let yaml = """
            code:
              includes: ["*.py"]
              functions:
                - {name: send_push, key: 0}
                - {name: send_push, key: 1, part: footer}
                - {key: 1}
            """
        #expect(
            ConfigurationTests.problems(yaml) == [
                "2:3 unknown key 'includes' in 'code'; did you mean 'include'?",
                "4:30 'key' must be the argument's position, a whole number from 1 to 32",
                "4:7 a 'functions' item needs 'name' (the function called) and 'key' (the position of the key argument)",
                "5:39 unknown part 'footer'; the parts are title, subtitle, body, action",
                "6:7 a 'functions' item needs 'name' (the function called) and 'key' (the position of the key argument)",
            ])
    }
}
