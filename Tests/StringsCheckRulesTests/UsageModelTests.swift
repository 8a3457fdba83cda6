import Foundation
import LocalizationFormats
import LocalizationIndex
import TestSupport
import Testing

@testable import StringsCheckRules

/// How each table is used decides what is a bug: fixtures for every kind of table, each with a
/// tree that must be reported and one that must not, messages included.
@Suite struct UsageModelTests {
    /// "severity rule: message" of every finding but incomplete-locale (tiny fixtures are
    /// incomplete), in output order.
    static func lines(_ files: [(String, String)], configuration: String? = nil) async -> [String] {
        let result = await Check.run(files, configuration: configuration.map(Check.configuration) ?? Configuration())
        return result.findings.filter { $0.diagnostic.id != "incomplete-locale" }.map {
            "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id): \($0.diagnostic.message)"
        }
    }

    // MARK: 1. Interface Builder tables

    @Test func labelsFromANibAreNeverReadAsFormats() async {
        let files = [
            ("Base.lproj/Settings.storyboard", ""),
            ("en.lproj/Settings.strings", "\"2YJ-bg-OdR.title\" = \"Full screen\";\n\"Ab3-xY-z9Q.normalTitle\" = \"Volume\";\n"),
            (
                "fr.lproj/Settings.strings",
                "\"2YJ-bg-OdR.title\" = \"100 % du écran %-os\";\n\"Ab3-xY-z9Q.normalTitle\" = \"%5 Lautstärke %n\";\n"
            ),
        ]
        #expect(await Self.lines(files) == [])
    }

    @Test func interfaceBuilderTablesAreKnownByTheirKeysWithoutTheNib() async {
        let project = Check.project([
            ("en.lproj/Main.strings", "\"2YJ-bg-OdR.title\" = \"A\";\n\"12.title\" = \"B\";\n\"Ab3-xY-z9Q.segmentTitles[0]\" = \"C\";\n"),
            ("en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n"),
        ])
        let usages = TableUsageDetector.detect(project)
        #expect(usages["Main"]?.usage == .interfaceBuilder)
        #expect(usages["Main"]?.reason == "3 of its 3 keys are Interface Builder object IDs ('ObjectID.property')")
        #expect(usages["Localizable"]?.usage == .format)
        #expect(TableUsageDetector.isInterfaceBuilderKey("Ab3-xY-z9Q.normalTitle"))
        #expect(!TableUsageDetector.isInterfaceBuilderKey("settings.title"))
        #expect(!TableUsageDetector.isInterfaceBuilderKey("abc-de-fgh"))
    }

    /// The base locale's keys decide, every base file's; a table without a base file is judged
    /// on every locale's keys together.
    @Test func theBaseKeysDecideAndWithoutABaseEveryLocalesKeys() async {
        let ib = "\"2YJ-bg-OdR.title\" = \"A\";\n\"Ab3-xY-z9Q.normalTitle\" = \"B\";\n"
        let plain = "\"settings.title\" = \"Settings\";\n"
        let project = Check.project([
            // A translation listed first whose keys look like a nib's does not decide.
            ("de.lproj/Main.strings", ib + ib.replacingOccurrences(of: "2YJ", with: "3YJ")),
            ("en.lproj/Main.strings", plain),
            // No base file: the two locales' keys together, 4 of 5 nib IDs (the first alone has none).
            ("de.lproj/Other.strings", plain),
            ("fr.lproj/Other.strings", ib + ib.replacingOccurrences(of: "2YJ", with: "3YJ").replacingOccurrences(of: "Ab3", with: "Ab4")),
        ])
        let usages = TableUsageDetector.detect(project)
        #expect(usages["Main"]?.usage == .format)
        #expect(usages["Other"]?.usage == .interfaceBuilder)
        #expect(usages["Other"]?.reason == "4 of its 5 keys are Interface Builder object IDs ('ObjectID.property')")
    }

    @Test func aMissingLabelShowsTheNibTextNotTheRawKey() async {
        let files = [
            ("Base.lproj/Main.storyboard", ""),
            ("en.lproj/Main.strings", "\"2YJ-bg-OdR.title\" = \"Done\";\n\"Ab3-xY-z9Q.title\" = \"Cancel\";\n"),
            ("de.lproj/Main.strings", "\"2YJ-bg-OdR.title\" = \"Fertig\";\n\"Old-Ob-ID1.title\" = \"Alt\";\n"),
        ]
        #expect(
            await Self.lines(files) == [
                "note extra-translation: 'Old-Ob-ID1.title' is in 'de' but the base locale 'en' has no such object; the text is never shown",
                "warning missing-translation: 'Ab3-xY-z9Q.title' is missing from de (every translation); users of that locale see the development language's text from the storyboard or xib",
            ])
    }

    @Test func theSameTextsInATableTheCodeFormatsAreReported() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"volume\" = \"Volume %@\";\n"),
            ("fr.lproj/Localizable.strings", "\"volume\" = \"%5 Volume %n\";\n"),
        ]
        let found = await Self.lines(files)
        #expect(found.contains { $0.hasPrefix("error format-count-specifier:") })
        #expect(found.contains { $0.hasPrefix("error format-argument-mismatch:") })
    }

    // MARK: 2. InfoPlist.strings

    @Test func infoPlistValuesAreNeverFormatted() async {
        let files = [
            ("en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scan 100% of a code\";\n"),
            (
                "de.lproj/InfoPlist.strings",
                "\"NSCameraUsageDescription\" = \"%@ scannt 100 %d Codes\";\n\"CFBundleDisplayName\" = \"Demo\";\n"
            ),
        ]
        #expect(await Self.lines(files) == [])
    }

    @Test func aMissingInfoPlistKeyShowsTheInfoPlistValue() async {
        let files = [
            ("en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scan codes\";\n"),
            ("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Demo\";\n"),
        ]
        #expect(
            await Self.lines(files) == [
                "warning missing-translation: 'NSCameraUsageDescription' is missing from de (every translation); users of that locale see the Info.plist value"
            ])
    }

    // MARK: 3. NSPredicateEditor / NSRuleEditor tables

    @Test func ruleEditorTemplatesAreReadAsTheirOwnSyntax() async {
        let good = [
            (
                "fr.lproj/Predicates.strings",
                "\"%[Any,All]@ of the following are true\" = \"%[N'importe laquelle,Toutes]@ des conditions suivantes\";\n\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Nom]@ %3$@ %2$[contient,ne contient pas]@\";\n"
            ),
            (
                "de.lproj/Predicates.strings",
                "\"%[Any,All]@ of the following are true\" = \"%[Eine,Alle]@ der folgenden Bedingungen\";\n\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Name]@ %2$[enthält,enthält nicht]@ %3$@\";\n"
            ),
        ]
        #expect(await Self.lines(good) == [])
        let bad = [
            (
                "fr.lproj/Predicates.strings",
                "\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Nom]@ %2$[contient,ne contient pas]@\";\n"
            ),
            ("de.lproj/Predicates.strings", "\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Name]@ %2$@ %3$@\";\n"),
        ]
        #expect(
            await Self.lines(bad) == [
                "error predicate-template-mismatch: the 'de' text of '%[Name]@ %[contains,does not contain]@ %@' turns the popup 2 ('%[contains,does not contain]@') into a field ('%2$@') of 2 choices; AppKit cannot match it to the row, which shows untranslated or with the wrong choices",
                "error predicate-template-mismatch: the 'fr' text of '%[Name]@ %[contains,does not contain]@ %@' drops placeholder 3 ('%@'); AppKit cannot match it to the row, which shows untranslated or with the wrong choices",
            ])
    }

    @Test func predicateTemplatesNumberLikeCoreFoundation() {
        let template = PredicateTemplate.parse("%[a,b,c]@ and %@ then %3$[x]@ 100%% %")
        #expect(template.placeholders.map(\.position) == [1, 2, 3])
        #expect(template.placeholders.map(\.items) == [["a", "b", "c"], nil, ["x"]])
        #expect(template.placeholders.map(\.text) == ["%[a,b,c]@", "%@", "%3$[x]@"])
        #expect(PredicateTemplate.hasPopup("%1$[contains]@"))
        #expect(!PredicateTemplate.hasPopup("%1$@ of %2$@"))
    }

    @Test func aTableCanBeGivenItsUsageInTheConfiguration() async {
        let files = [
            ("en.lproj/Labels.strings", "\"done\" = \"Done\";\n"),
            ("de.lproj/Labels.strings", "\"done\" = \"100 % fertig %n\";\n"),
        ]
        #expect(await !Self.lines(files).isEmpty)
        #expect(await Self.lines(files, configuration: "tables:\n  Labels:\n    usage: text\n") == [])
        let (_, problems) = ConfigurationLoader.parse(
            "tables:\n  Labels:\n    usage: txt\n", path: ".stringscheck.yml", rules: BuiltInRules.descriptions)
        #expect(
            problems.map(\.message) == [
                "unknown usage 'txt'; did you mean 'text'?; known usages: format, interface-builder, info-plist, predicate, text"
            ])
    }

    // MARK: 4–7. String Catalogs

    static func catalog(_ strings: String) -> (String, String) {
        ("Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.1\"\n}\n")
    }

    static func unit(_ locale: String, _ value: String, state: String = "translated") -> String {
        "\"\(locale)\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
    }

    @Test func aKeyWithoutSourceUnitIsCheckedLikeTheSameStringsInLprojTables() async {
        let catalog = Self.catalog(
            "    \"Share via %@\" : { \"localizations\" : { \(Self.unit("ko", "%d 공유")), \(Self.unit("de", "Teilen")), \(Self.unit("fr", "%@ via %2$@")) } }"
        )
        let lproj = [
            ("en.lproj/Localizable.strings", "\"Share via %@\" = \"Share via %@\";\n"),
            ("ko.lproj/Localizable.strings", "\"Share via %@\" = \"%d 공유\";\n"),
            ("de.lproj/Localizable.strings", "\"Share via %@\" = \"Teilen\";\n"),
            ("fr.lproj/Localizable.strings", "\"Share via %@\" = \"%@ via %2$@\";\n"),
        ]
        let fromCatalog = await Check.run([catalog]).findings.map { "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id)" }.sorted()
        let fromTables = await Check.run(lproj).findings.map { "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id)" }.sorted()
        #expect(fromCatalog == fromTables)
        #expect(fromCatalog.contains("error format-argument-mismatch"))
        #expect(fromCatalog.contains("error format-extra-argument"))
        #expect(fromCatalog.contains("warning format-missing-argument"))
    }

    @Test func sourceUnitsAreNeverUntranslated() async {
        let catalog = Self.catalog(
            "    \"Done\" : { \"extractionState\" : \"extracted_with_value\", \"localizations\" : { \(Self.unit("en", "Done", state: "new")), \(Self.unit("de", "Fertig", state: "new")) } }"
        )
        #expect(
            await Self.lines([catalog]) == [
                "warning catalog-untranslated: the 'de' translation of 'Done' is in the state 'new': it has not been translated yet"
            ])
    }

    @Test func aMissingKeyThatIsTheSourceTextShowsThatText() async {
        let catalog = Self.catalog(
            "    \"Welcome back\" : { \"localizations\" : { \(Self.unit("de", "Willkommen zurück")) } },\n    \"settings.title\" : { \"localizations\" : { \(Self.unit("en", "Settings")), \(Self.unit("de", "Einstellungen")) } },\n    \"bye\" : { \"localizations\" : { \(Self.unit("en", "Bye")) } }"
        )
        let files = [catalog, ("fr.lproj/Localizable.strings", "\"settings.title\" = \"Réglages\";\n")]
        // (A catalog beside a table of its name is also a layout Xcode's build refuses.)
        #expect(
            await Self.lines(files).filter { !$0.contains("catalog-table-conflict") } == [
                "warning missing-translation: 'Welcome back' is missing from fr (1 of 2 translations); users of that locale see the key, which is the development language's text (their table lacks it and Foundation returns the key)",
                "warning missing-translation: 'bye' is missing from de and fr (every translation); users of those locales see the raw key (their table lacks it and Foundation returns the key), unless the code passes 'value:' or the app falls back itself ('fallback: development')",
            ])
    }

    @Test func aRegionalVariantOfTheDevelopmentLanguageThatShowsItsTextIsANote() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"Colour\" = \"Color\";\n\"Done\" = \"Done\";\n\"settings.title\" = \"Settings\";\n"),
            ("en-GB.lproj/Localizable.strings", "\"Colour\" = \"Colour\";\n"),
        ]
        #expect(
            await Self.lines(files) == [
                "note missing-translation: 'en-GB' lacks 1 of the 3 keys of 'Localizable'; its users see the development language's text for those",
                "warning missing-translation: 'settings.title' is missing from en-GB (every translation); users of that locale see the raw key (their table lacks it and Foundation returns the key), unless the code passes 'value:' or the app falls back itself ('fallback: development')",
            ])
    }

    @Test func translationsMayLeaveOutWhatTheSourceTextLeavesOut() async {
        let catalog = Self.catalog(
            "    \"notifications.label.favorite %lld\" : { \"localizations\" : { \(Self.unit("en", "starred")), \(Self.unit("de", "markiert")), \(Self.unit("fr", "%lld favoris")), \(Self.unit("ja", "%@ お気に入り")) } }"
        )
        #expect(
            await Self.lines([catalog]) == [
                "error format-argument-mismatch: 'notifications.label.favorite %lld' in 'ja' reads argument 1 with '%@' as an object, but the base text passes an integer (64-bit) ('%lld')"
            ])
    }

    @Test func newerCatalogFieldsAndStatesAreUnderstood() async {
        let catalog = Self.catalog(
            "    \"a\" : { \"isCommentAutoGenerated\" : true, \"generatesSymbol\" : true, \"comment\" : \"x\", \"localizations\" : { \(Self.unit("en", "A")), \(Self.unit("de", "A!", state: "machine_translated")) } },\n    \"b\" : { }"
        )
        let project = Check.project([catalog])
        #expect(project.allDiagnostics.isEmpty)
    }

    // MARK: 8. Global tables

    @Test func aGlobalTableBesideLocalizedCopiesHidesThem() async {
        let files = [
            ("Localizable.strings", "\"hello\" = \"Hello\";\n"),
            ("en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n"),
            ("de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n"),
            ("Base.lproj/Main.storyboard", ""),
        ]
        #expect(
            await Self.lines(files) == [
                "error global-table-shadows: 'Localizable.strings' outside any .lproj folder is found before its copies in 'de.lproj' and 'en.lproj': users of every language see this file's texts and never a translation (this folder is a bundle's resources: Main.storyboard in the top folder)"
            ])
    }

    @Test func aLoneGlobalTableIsCheckedAndItsSyntaxErrorFails() async {
        let result = await Check.run([("Resources/Strings.strings", "\"a\" = \"A\"\n\"b\" = \"B %1$@ %@\";\n")])
        #expect(result.errorCount >= 1)
        #expect(Check.summary(result).first == "strings-syntax-error@Resources/Strings.strings:1:10")
        let clean = await Check.run([("Resources/Strings.strings", "\"a\" = \"A %@\";\n")])
        #expect(clean.findings.isEmpty)
    }

    // MARK: 9. Smaller points

    @Test func aCStringSpecifierTheBaseHasIsReportedOnceAtTheBase() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"from\" = \"From %s\";\n"),
            ("de.lproj/Localizable.strings", "\"from\" = \"Von %s\";\n"),
            ("fr.lproj/Localizable.strings", "\"from\" = \"De %s\";\n"),
        ]
        #expect(
            await Check.summary(Check.run(files)) == ["format-c-string@en.lproj/Localizable.strings:1:16"])
    }

    @Test func mixedSpecifiersSayWhatCoreFoundationPrints() async {
        let harmless = await Self.lines([("en.lproj/Localizable.strings", "\"t\" = \"%@ requests %2$@\";\n")])
        #expect(
            harmless == [
                "warning format-mixed-positional: '%@' has no position while '%2$@' has one; CoreFoundation numbers unnumbered specifiers 1, 2, … among themselves, so it reads argument 1 and the text shows what it should, but other formatters and translation tools may not; number every specifier (in 't')"
            ])
        let harmful = await Self.lines([("en.lproj/Localizable.strings", "\"t\" = \"%1$llu of %2llu bytes\";\n")])
        #expect(
            harmful == [
                "error format-mixed-positional: '%2llu' has no position while others do; CoreFoundation numbers unnumbered specifiers 1, 2, … among themselves, so it reads argument 1, which '%1$llu' reads too, and argument 2 is never shown; number every specifier (in 't')"
            ])
    }

    @Test func anEmptyKeyWithAnEmptyValueIsFine() async {
        #expect(await Self.lines([("en.lproj/Localizable.strings", "\"\" = \"\";\n\"a\" = \"A\";\n")]) == [])
    }

    @Test func localeFoldersOfDifferentBundlesDoNotCompete() async {
        let files = [
            ("App/pt_BR.lproj/Localizable.strings", "\"a\" = \"A\";\n"), ("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ("Widget/pt-BR.lproj/Localizable.strings", "\"a\" = \"A\";\n"), ("Widget/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
        ]
        #expect(await Self.lines(files) == [])
        let same = [("pt_BR.lproj/Localizable.strings", "\"a\" = \"A\";\n"), ("pt-BR.lproj/Localizable.strings", "\"a\" = \"A\";\n")]
        #expect(await Check.run(same).findings.map(\.diagnostic.id) == ["duplicate-locale-folder"])
    }

    @Test func aBrokenNumberingIsOneFindingNotThree() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"followers\" = \"%1$lld followers of %2$@\";\n"),
            ("ko.lproj/Localizable.strings", "\"followers\" = \"팔로워 %2$@명\";\n"),
        ]
        #expect(await Check.run(files).findings.map(\.diagnostic.id) == ["format-position-gap"])
    }
}
