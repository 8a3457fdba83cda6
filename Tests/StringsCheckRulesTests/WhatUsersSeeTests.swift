import Foundation
import LocalizationFormats
import StringsCheckRules
import TestSupport
import Testing

/// A key defined twice is graded by what users lose.
@Suite struct DuplicateKeyGradingTests {
    static let base = ("en.lproj/Localizable.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n\"d\" = \"Date\";\n")

    @Test func aPastedBlockOfTranslationsIsOneWarning() async {
        let lines = await UsageModelTests.lines([
            Self.base,
            (
                "de.lproj/Localizable.strings",
                "\"a\" = \"Apfel\";\n\"b\" = \"Banane\";\n\"a\" = \"Der Apfel\";\n\"b\" = \"Die Banane\";\n\"c\" = \"Kirsche\";\n\"d\" = \"Dattel\";\n"
            ),
        ])
        #expect(
            lines == [
                "warning duplicate-key: 'a' and 1 more key (lines 3–4) are defined again with different translations, as a pasted block; Foundation uses these later ones, so users see translations, and the earlier ones are never shown"
            ])
    }

    @Test func aLaterUntranslatedDefinitionIsAnError() async {
        let lines = await UsageModelTests.lines([
            Self.base,
            (
                "de.lproj/Localizable.strings",
                "\"a\" = \"Apfel\";\n\"b\" = \"Banane\";\n\"c\" = \"Kirsche\";\n\"d\" = \"Dattel\";\n\"c\" = \"Cherry\";\n"
            ),
        ])
        #expect(
            lines == [
                "error duplicate-key: the key 'c' is defined twice, and Foundation uses this later one, which is the development language's text: users of 'de' see it untranslated, and the translation at line 3 is never shown"
            ])
    }

    @Test func theDevelopmentTableLosesAMeaning() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"a\" = \"Apple\";\n\"a\" = \"Apples\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Apfel\";\n"),
        ])
        #expect(lines == ["error duplicate-key: the key 'a' is defined twice with different values; Foundation uses this later one"])
    }
}

/// A global table hides its translations only in a bundle's resources.
@Suite struct GlobalTableEvidenceTests {
    @Test func withoutEvidenceOfABundleItIsAWarningThatSaysWhy() async {
        let lines = await UsageModelTests.lines([
            ("Mirror/Localizable.strings", "\"a\" = \"A\";\n"), ("Mirror/de.lproj/Localizable.strings", "\"a\" = \"B\";\n"),
        ])
        #expect(
            lines == [
                "warning global-table-shadows: 'Localizable.strings' outside any .lproj folder would be found before its copies in 'de.lproj' if a target copies this folder into its bundle, and users of every language would see this file's texts; nothing beside it (an Info.plist, an asset catalog, a storyboard, a Swift package target) shows that it ships, so it may be a copy kept for a translation service"
            ])
    }

    @Test func anInfoPlistBesideItMakesItAnError() async {
        let lines = await UsageModelTests.lines([
            ("App/Localizable.strings", "\"a\" = \"A\";\n"), ("App/de.lproj/Localizable.strings", "\"a\" = \"B\";\n"),
            ("App/Info.plist", "<plist/>"),
        ])
        #expect(
            lines == [
                "error global-table-shadows: 'Localizable.strings' outside any .lproj folder is found before its copies in 'de.lproj': users of every language see this file's texts and never a translation (this folder is a bundle's resources: Info.plist in 'App')"
            ])
    }
}

/// Each push dialect's documented behaviour decides what a literal beside a loc-key means.
@Suite struct PayloadDialectBehaviourTests {
    static let strings = ("en.lproj/Localizable.strings", "\"GAME\" = \"%@ and %@ play\";\n")

    @Test func easemobsLiteralBesideALocKeyIsItsDocumentedFallback() async {
        let payload = (
            "payloads/push.json",
            "{\"target_type\": \"users\", \"target\": [\"6006\"], \"msg\": {\"type\": \"txt\", \"msg\": \"hi\"}, \"ext\": {\"em_apns_ext\": {\"em_push_content\": \"Custom push display\", \"em_push_body_loc_key\": \"GAME\", \"em_push_body_loc_args\": [\"Shelly\", \"Rick\"]}}}\n"
        )
        #expect(
            await UsageModelTests.lines([Self.strings, payload]) == [
                "note payload-literal-and-localized: 'em_push_content' beside 'em_push_body_loc_key' is Easemob's documented fallback: an app whose table has 'GAME' shows its localized text, and an app without it (an older version) shows the 'em_push_content' text"
            ])
    }

    @Test func apnsLiteralBesideALocKeyIsStillAWarning() async {
        let payload = (
            "payloads/push.json", "{\"aps\": {\"alert\": {\"body\": \"Hi\", \"loc-key\": \"GAME\", \"loc-args\": [\"a\", \"b\"]}}}\n"
        )
        #expect(
            await UsageModelTests.lines([Self.strings, payload]) == [
                "warning payload-literal-and-localized: 'body' and 'loc-key' are both given; which one iOS shows is not documented"
            ])
    }
}

/// Where a table's development text lives is decided per table.
@Suite struct DevelopmentTextTests {
    static let genstrings = [
        ("en.lproj/Localizable.strings", "\"\" = \"\";\n"),
        (
            "de.lproj/Localizable.strings",
            "\"Restart\" = \"Neu starten\";\n\"Turn off sync\" = \"Sync ausschalten\";\n\"Virtualization\" = \"Virtualisierung\";\n\"bookmarks\" = \"Lesezeichen\";\n"
        ),
    ]

    @Test func keysThatAreTheTextBesideAStubAreNeitherExtraNorIncomplete() async {
        let result = await Check.run(Self.genstrings)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.diagnostic.message))")
        let decision = TableUsageDetector.detect(Check.project(Self.genstrings))["Localizable"]
        #expect(
            decision?.developmentTextInKeys
                == "3 of the 4 keys of its largest file read as text ('Restart', 'Turn off sync'); its development table holds 1 key")
        #expect(decision?.developmentTableIsStub == true)
    }

    @Test func identifierKeysKeepTheBaseTableAsTheDevelopmentText() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n\"bookmarks\" = \"Bookmarks\";\n"),
            (
                "de.lproj/Localizable.strings",
                "\"settings.title\" = \"Einstellungen\";\n\"bookmarks\" = \"Lesezeichen\";\n\"old_name\" = \"Alt\";\n"
            ),
        ]
        #expect(TableUsageDetector.detect(Check.project(files))["Localizable"]?.developmentTextInKeys == nil)
        #expect(
            await UsageModelTests.lines(files) == [
                "warning extra-translation: 'old_name' is in 'de' but not in the base locale 'en'; the app never asks for it"
            ])
    }
}

/// A gap in the positions: what the message says each specifier shows is what Foundation's
/// formatter (CoreFoundation's formatting core) shows.
@Suite struct PositionGapAgainstFoundationTests {
    @Test(arguments: ["[%2$@] > [%3$@]", "[%1$@] > [%3$@]", "x [%2$@]", "[%3$@] [%1$@]"])
    func theArgumentNamedIsTheOneFoundationShows(translation: String) async throws {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"k\" = \"%1$@ %2$@ %3$@\";\n"),
            ("de.lproj/Localizable.strings", "\"k\" = \"\(translation)\";\n"),
        ])
        let line = try #require(lines.first { $0.contains("format-position-gap") })
        let said = try #require(line.firstMatch(of: /so '(%\d\$@)' shows argument (\d)/))
        let shown = try #require(Int(said.2))
        // Each specifier is in brackets: the n-th bracket of Foundation's output is what the n-th
        // specifier of the text shows.
        let values = ["A", "B", "C"]
        let output = String(format: translation, arguments: values.map { $0 as NSString })
        let slots = output.matches(of: /\[([A-C])\]/).map { String($0.1) }
        let specifiers = translation.matches(of: /\[(%\d\$@)\]/).map { String($0.1) }
        let slot = try #require(specifiers.firstIndex(of: String(said.1)))
        #expect(slots[slot] == values[shown - 1], "\(output) against: \(line)")
    }
}

/// One mistake, one finding.
@Suite struct OneCauseOneFindingTests {
    @Test func aQuoteNotEscapedIsOneSyntaxError() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Er sagte \"hallo\"\";\n\"b\" = \"B\";\n\"c\" \"C\";\n"),
        ])
        #expect(lines.filter { $0.contains("strings-syntax-error") }.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("expected ';' after the value of 'a'") })
        #expect(!lines.contains { $0.contains("after the key 'hallo'") })
        // The next broken line is still reported.
        #expect(lines.contains { $0.contains("after the key 'c'") })
    }

    @Test func onePercentIsReadOneWay() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"posts\" = \"%@ posts\";\n"),
            ("de.lproj/Localizable.strings", "\"posts\" = \"% pBeiträge\";\n"),
        ])
        #expect(lines.contains { $0.contains("format-c-string") }, "\(lines)")
        #expect(!lines.contains { $0.contains("format-literal-percent") }, "\(lines)")
    }
}

/// A gap and the types: every specifier is compared with what it shows.
@Suite struct PositionGapTypeTests {
    @Test func aSpecifierBeforeTheGapWithAnotherTypeIsAnError() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"k\" = \"%1$d of %2$@\";\n"),
            ("de.lproj/Localizable.strings", "\"k\" = \"%1$@ von %3$@\";\n"),
        ])
        #expect(
            lines.contains {
                $0.hasPrefix("error format-position-gap:") && $0.contains("'%1$@' shows argument 1, which the code passes as an integer")
            }, "\(lines)")
    }

    @Test func anArgumentPastThoseReadIsNamedAsShown() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"k\" = \"%1$@ %2$@\";\n"),
            ("de.lproj/Localizable.strings", "\"k\" = \"%1$@ %2$@ %4$@\";\n"),
        ])
        #expect(lines.contains { $0.contains("format-extra-argument") && $0.contains("reads argument 3 with '%4$@'") }, "\(lines)")
    }

    @Test func aBracedTableMissingASemicolonIsOneError() async {
        let lines = await UsageModelTests.lines([
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n"), ("de.lproj/Localizable.strings", "{\"a\" = \"B\"}\n"),
        ])
        #expect(lines.filter { $0.hasPrefix("error") }.count == 1, "\(lines)")
    }
}

/// A table several bundles have is named with those bundles.
@Suite struct TableNamingTests {
    @Test func aKeyNoBundleHasNamesTheBundlesThatHaveTheTable() async {
        let lines = await UsageModelTests.lines([
            ("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ("Widget/en.lproj/Localizable.strings", "\"b\" = \"B\";\n"),
            ("Shared/View.swift", "let x = NSLocalizedString(\"settings.missing\", comment: \"\")\n"),
        ])
        #expect(
            lines.contains { $0.contains("'settings.missing'") && $0.contains("(in none of the 2 bundles that have one: App and Widget)") },
            "\(lines)")
    }
}

/// An interpolated SwiftUI key is found in the translations that have it, when the development
/// table does not (genstrings-style tables).
@Suite struct InterpolatedKeyTests {
    @Test func translationsThatHaveTheKeyAreFound() async {
        let files = [
            ("App/en.lproj/Localizable.strings", "\"Cancel\" = \"Cancel\";\n"),
            ("App/de.lproj/Localizable.strings", "\"Cancel\" = \"Abbrechen\";\n\"Minimum size: %@\" = \"Mindestgröße: %@\";\n"),
            ("App/View.swift", "let t = Text(\"Minimum size: \\(size)\")\nlet u = Text(\"Maximum size: \\(size)\")\n"),
        ]
        let lines = await UsageModelTests.lines(files)
        #expect(!lines.contains { $0.contains("code-missing-key") && $0.contains("Minimum size") }, "\(lines)")
        #expect(lines.contains { $0.contains("code-missing-key") && $0.contains("Maximum size") }, "\(lines)")
        // The code asks for it: not "never asked for", nor "if the code asks for it".
        #expect(!lines.contains { $0.contains("extra-translation") }, "\(lines)")
    }

    @Test func aKeyOnlyATranslationHasIsNotDeadWhenTheCodeLooksItUp() async {
        let lines = await UsageModelTests.lines([
            ("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ("App/de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n\"settings.title\" = \"Einstellungen\";\n\"old.key\" = \"Alt\";\n"),
            ("App/View.swift", "let t = NSLocalizedString(\"settings.title\", comment: \"\")\n"),
        ])
        #expect(!lines.contains { $0.contains("extra-translation") && $0.contains("settings.title") }, "\(lines)")
        #expect(lines.contains { $0.contains("extra-translation") && $0.contains("'old.key'") }, "\(lines)")
        #expect(lines.contains { $0.contains("code-missing-key") && $0.contains("settings.title") }, "\(lines)")
    }
}
