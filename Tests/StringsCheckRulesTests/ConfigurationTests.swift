import LocalizationFormats
import StringsCheckRules
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
