import Foundation
import LocalizationFormats
import LocalizationIndex
import Testing

@testable import StringsCheckRules

struct EngineTests {
    static let tree = [
        ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B %@\";\n\"debug.x\" = \"X\";\n"),
        ("de.lproj/Localizable.strings", "\"a\" = \"\";\n\"b\" = \"B %d\";\n"),
    ]

    @Test func defaultsFindTheProblems() async {
        let result = await Check.run(Self.tree)
        #expect(
            Check.summary(result) == [
                "empty-value@de.lproj/Localizable.strings:1:8",
                "format-argument-mismatch@de.lproj/Localizable.strings:2:10",
                "missing-translation@en.lproj/Localizable.strings:3:1",
            ])
        #expect(result.errorCount == 1)
        #expect(result.warningCount == 2)
        #expect(result.baseLocale == "en")
    }

    /// A caller that exits right after the report takes the context instead of paying for its
    /// release; it gets the very context the rules read, once.
    @Test func aKeeperReceivesTheContextTheRulesRead() async {
        final class Keeper: @unchecked Sendable {
            let lock = NSLock()
            var contexts: [RuleContext] = []
        }
        let keeper = Keeper()
        let result = await RuleEngine.run(
            project: Check.project(Self.tree),
            keepContext: { context in keeper.lock.withLock { keeper.contexts.append(context) } })
        let contexts = keeper.lock.withLock { keeper.contexts }
        #expect(contexts.count == 1)
        #expect(contexts.first?.baseLocale == result.baseLocale)
        #expect(contexts.first?.texts.count == 5)
        #expect(contexts.first?.translationLocales == ["de"])
    }

    @Test func severityOverridesAndOff() async {
        let result = await Check.run(
            Self.tree, configuration: Check.configuration("rules:\n  empty-value: off\n  missing-translation: error\n"))
        #expect(Check.summary(result).contains("missing-translation@en.lproj/Localizable.strings:3:1"))
        #expect(!Check.summary(result).contains { $0.hasPrefix("empty-value") })
        #expect(result.findings.first { $0.diagnostic.id == "missing-translation" }?.diagnostic.severity == .error)
    }

    @Test func suppressionsByKeyLocaleAndPath() async {
        let byKey = await Check.run(Self.tree, configuration: Check.configuration("suppress:\n  - keys: [\"debug.*\"]\n"))
        #expect(!Check.summary(byKey).contains { $0.hasPrefix("missing-translation") })
        #expect(byKey.suppressedCount == 1)
        let byLocale = await Check.run(
            Self.tree, configuration: Check.configuration("suppress:\n  - locales: [de]\n    rules: [empty-value]\n"))
        #expect(Check.summary(byLocale).count == 2)
        let byPath = await Check.run(Self.tree, configuration: Check.configuration("suppress:\n  - paths: [\"de.lproj/**\"]\n"))
        #expect(Check.summary(byPath) == ["missing-translation@en.lproj/Localizable.strings:3:1"])
        let ruleIgnore = await Check.run(
            Self.tree, configuration: Check.configuration("rules:\n  missing-translation:\n    ignore_keys: [\"debug.*\"]\n"))
        #expect(!Check.summary(ruleIgnore).contains { $0.hasPrefix("missing-translation") })
    }

    @Test func ignoredLocalesAreNotChecked() async {
        let result = await Check.run(Self.tree, configuration: Check.configuration("ignore_locales: [de]\n"))
        #expect(Check.summary(result).isEmpty)
    }

    @Test func inlineDisableCommentSuppressesTheEntryBelow() async {
        let tree = [
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            (
                "de.lproj/Localizable.strings",
                "/* stringscheck:disable empty-value */\n\"a\" = \"\";\n\"b\" = \"\";\n/* stringscheck:disable */\n\"c\" = \"\";\n"
            ),
        ]
        let result = await Check.run(tree)
        #expect(Check.summary(result).filter { $0.hasPrefix("empty-value") } == ["empty-value@de.lproj/Localizable.strings:3:8"])
        #expect(result.suppressedCount == 3)  // a's empty value, c's empty value, c's extra-translation
    }

    @Test func baselineHidesKnownFindingsOnly() async {
        let before = await Check.run(Self.tree)
        let baseline = Baseline(before.findings)
        let same = await Check.run(Self.tree, baseline: baseline)
        #expect(same.findings.isEmpty)
        #expect(same.baselinedCount == before.findings.count)
        var grown = Self.tree
        grown[1].1 += "\"zzz\" = \"\";\n"
        let after = await Check.run(grown, baseline: baseline)
        #expect(
            Check.summary(after).sorted() == [
                "empty-value@de.lproj/Localizable.strings:3:10", "extra-translation@de.lproj/Localizable.strings:3:1",
            ])
        let decoded = try? Baseline.decode(baseline.encoded())
        #expect(decoded == baseline)
    }

    @Test func baseLocaleFromTheConfiguration() async {
        let result = await Check.run(Self.tree, configuration: Check.configuration("base_locale: de\n"))
        #expect(result.baseLocale == "de")
        #expect(Check.summary(result).contains("extra-translation@en.lproj/Localizable.strings:3:1"))
    }

    @Test func aLiteralPercentIsReportedOnceAndDoesNotCascade() async {
        let tree = [
            ("en.lproj/Localizable.strings", "\"sale\" = \"50% off today at %@\";\n"),
            ("de.lproj/Localizable.strings", "\"sale\" = \"50 % Rabatt heute bei %@\";\n"),
            ("fr.lproj/Localizable.strings", "\"sale\" = \"-50 % aujourd'hui chez %@\";\n"),
        ]
        let result = await Check.run(tree)
        let ids = Set(result.findings.map(\.diagnostic.id))
        #expect(
            !ids.contains("format-argument-mismatch") && !ids.contains("format-missing-argument") && !ids.contains("format-extra-argument"))
        // "50 % Rabatt": '% R' is no specifier, so formatted, the '%' and the 'R' vanish.
        #expect(result.findings.contains { $0.diagnostic.id == "format-invalid-specifier" && $0.locale == "de" })
        let base = result.findings.first { $0.diagnostic.path.hasPrefix("en.lproj") }
        #expect(base?.diagnostic.id == "format-literal-percent")
        #expect(base?.diagnostic.fixIts.first?.replacement == "%%")
        #expect(base?.diagnostic.fixIts.first?.start == SourcePosition(line: 1, column: 13))
    }

    @Test func aBrokenTranslationFileDoesNotCascadeIntoMissingKeys() async {
        let tree = [
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"A\"\n\"b\" = \"B\";\n"),
        ]
        let result = await Check.run(tree)
        #expect(Check.summary(result) == ["strings-syntax-error@de.lproj/Localizable.strings:1:10"])
    }

    @Test func stringsdictFormsAgreeWithTheBaseAndEachOther() async {
        func stringsdict(_ one: String, _ other: String, extra: String = "") -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%1$#@n@ in %2$@</string>
            <key>n</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>ld</string>
            <key>one</key><string>\(one)</string>
            <key>other</key><string>\(other)</string>\(extra)
            </dict></dict></dict></plist>
            """
        }
        let good = await Check.run([
            ("en.lproj/Localizable.stringsdict", stringsdict("one file", "%ld files")),
            (
                "ru.lproj/Localizable.stringsdict",
                stringsdict(
                    "%ld файл", "%ld файла", extra: "<key>few</key><string>%ld файла</string><key>many</key><string>%ld файлов</string>")
            ),
            ("ja.lproj/Localizable.strings", "\"files\" = \"%1$ld 個のファイル（%2$@）\";\n"),
        ])
        #expect(Check.summary(good) == [])
        let bad = await Check.run([
            ("en.lproj/Localizable.stringsdict", stringsdict("one file", "%ld files")),
            ("ru.lproj/Localizable.stringsdict", stringsdict("%d файл", "%ld файлов")),
        ])
        #expect(Check.summary(bad).contains("stringsdict-value-type-mismatch@ru.lproj/Localizable.stringsdict:7:1"))
    }
}

/// Messages store their placement as a kind and a position, with the `.stringsdict` parts in a
/// box only permutations have; each placement reads back as it was given.
struct MessageStorageTests {
    func message(_ placement: TextPlacement, label: String? = nil, variables: [Int: VariableArgument] = [:]) -> LocalizedText {
        LocalizedText(
            table: "Localizable", locale: "de", key: "k", text: "a\nb%@", path: "de.lproj/Localizable.strings",
            keyLocation: SourcePosition(line: 3, column: 1), placement: placement, analysis: FormatScanner.analyze("a\nb%@"),
            origin: .strings, label: label, loaded: true, variableArguments: variables)
    }

    @Test func placementsReadBackAsGiven() {
        let start = SourcePosition(line: 3, column: 7)
        let verbatim = message(.verbatim(start))
        #expect(verbatim.placement == .verbatim(start))
        #expect(verbatim.hasExactPositions)
        #expect(verbatim.position(ofScalar: 3) == SourcePosition(line: 4, column: 2))
        #expect(verbatim.label == nil && verbatim.variableArguments.isEmpty)
        #expect(message(.fixed(nil)).placement == .fixed(nil))
        #expect(message(.fixed(start)).location == start)
        let segments = [TextSegment(range: 0..<2, location: start), TextSegment(range: 2..<5, location: nil)]
        let variable = VariableArgument(signature: "int:64", text: "%#@n@", offset: 0)
        let permutation = message(
            .segments(segments, fallback: SourcePosition(line: 9, column: 9)), label: "'one' of 'n'", variables: [1: variable])
        #expect(permutation.placement == .segments(segments, fallback: SourcePosition(line: 9, column: 9)))
        #expect(permutation.position(ofScalar: 1) == start)
        #expect(permutation.position(ofScalar: 3) == SourcePosition(line: 9, column: 9))
        #expect(permutation.label == "'one' of 'n'" && permutation.variableArguments == [1: variable])
        #expect(permutation.subject == "'k' ('one' of 'n')")
        #expect(message(.segments([], fallback: nil)).placement == .segments([], fallback: nil))
    }

    /// `.strings` messages read key, text and positions from their entry: quoted values without
    /// escapes start one column past the quote, unquoted ones at the value, escaped ones are fixed.
    @Test func stringsMessagesReadTheirEntries() throws {
        let text = "\"q\" = \"a\\nb %@\";\n\"plain\" = \"x%d\";\nbare = word;\n/* no string */ \"dict\" = { k = v; };\n"
        let parsed = StringsParser.parse(bytes: Array(text.utf8), path: "de.lproj/Localizable.strings")
        let file = ResourceFile(
            path: "de.lproj/Localizable.strings", locale: "de", folder: "de.lproj", table: "Localizable", content: .strings(parsed))
        let messages = LocalizedTextBuilder.texts(of: file)
        #expect(messages.map(\.key) == ["q", "plain", "bare"])
        #expect(messages.map(\.text) == ["a\nb %@", "x%d", "word"])
        #expect(messages.map(\.keyLocation) == [1, 2, 3].map { SourcePosition(line: $0, column: 1) })
        #expect(messages[0].placement == .fixed(SourcePosition(line: 1, column: 7)))
        #expect(messages[1].placement == .verbatim(SourcePosition(line: 2, column: 12)))
        #expect(messages[1].position(ofScalar: 1) == SourcePosition(line: 2, column: 13))
        #expect(messages[2].placement == .verbatim(SourcePosition(line: 3, column: 8)))
        #expect(messages.allSatisfy { $0.origin == .strings && $0.loaded && $0.label == nil && $0.locale == "de" })
        #expect(messages[1].analysis.specifiers.map(\.signature) == ["int"])
    }

    /// Catalog string units read theirs from the catalog (entry and localization); variations
    /// and units in state "new" keep the general path.
    @Test func catalogMessagesReadTheirUnits() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "A %@"}},
                "fr": {"stringUnit": {"state": "new", "value": "A"}}}},
              "b": {"localizations": {"de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "ein %lld"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld"}}}}}}},
              "c": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "C"}}}}}}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "Localizable.xcstrings")
        let file = ResourceFile(path: "Localizable.xcstrings", locale: nil, folder: nil, table: "Localizable", content: .catalog(catalog))
        let messages = LocalizedTextBuilder.texts(of: file)
        // Entries without an 'en' unit are their own source text: the key, read as the base.
        #expect(messages.map(\.key) == ["a", "b", "b", "c", "a", "b", "c"])
        #expect(messages.map(\.text) == ["A %@", "ein %lld", "%lld", "C", "a", "b", "c"])
        #expect(messages.map(\.locale) == ["de", "de", "de", "fr", "en", "en", "en"])
        #expect(messages[4].placement == .fixed(catalog.entries[0].keyLocation))
        #expect(messages[0].keyLocation == catalog.entries[0].keyLocation)
        #expect(messages[0].placement == .fixed(catalog.entries[0].localizations[0].value.stringUnit?.location))
        #expect(messages[3].placement == .fixed(catalog.entries[2].localizations[0].value.stringUnit?.location))
        #expect(messages.allSatisfy { $0.origin == .catalog && $0.loaded })
        #expect(messages[0].label == nil && messages[1].label != nil)
        #expect(messages[0].analysis.specifiers.map(\.signature) == ["object"])
    }
}

/// A large catalog's messages are built in runs of entries on all cores; they come out as the
/// serial build makes them, in the same order, with the same index lists.
struct CatalogMessageTests {
    @Test func runsOfEntriesMatchTheSerialBuild() throws {
        var strings: [String] = []
        for index in 0..<700 {
            let german =
                index % 7 == 0
                ? #""de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld Ding"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld Dinge"}}}}}"#
                : #""de": {"stringUnit": {"state": "\#(index % 5 == 0 ? "new" : "translated")", "value": "Wert \#(index) %@"}}"#
            strings.append(
                #""key.\#(index)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Value \#(index) %@"}}, \#(german)}}"#
            )
        }
        let text = #"{"sourceLanguage": "en", "strings": {\#(strings.joined(separator: ", "))}, "version": "1.0"}"#
        let project = Check.project([("App/Localizable.xcstrings", text)])
        let file = try #require(project.files.first)
        let serial = LocalizedTextBuilder.texts(of: file)
        let batch = LocalizedTextBuilder.texts(of: project)
        #expect(serial.count > 1_300)
        #expect(batch.texts.count == serial.count)
        #expect(batch.texts.map(\.key) == serial.map(\.key))
        #expect(batch.texts.map(\.text) == serial.map(\.text))
        #expect(batch.texts.map(\.locale) == serial.map(\.locale))
        #expect(batch.texts.map(\.label) == serial.map(\.label))
        #expect(!batch.texts.contains { $0.text.hasPrefix("Wert 5 ") })
        #expect(batch.withSpecifiers == Array(serial.indices.filter { !serial[$0].analysis.specifiers.isEmpty }))
        #expect(Set(batch.runs.map { $0.source.locale }) == ["en", "de"])
    }
}

struct PayloadSettingsTests {
    static let big =
        "{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"{{name}}\"]}}, \"data\": \"\(String(repeating: "x", count: 2100))\"}\n"

    @Test func legacyBinaryVoipAndPlaceholderLengthChangeTheLimits() async {
        let files = [("en.lproj/Localizable.strings", "\"k\" = \"Hi %@\";\n"), ("payloads/call.json", Self.big)]
        #expect(!Check.summary(await Check.run(files)).contains { $0.hasPrefix("payload-too-large") })
        var legacy = Configuration()
        legacy.legacyBinaryInterface = true
        #expect(Check.summary(await Check.run(files, configuration: legacy)).contains { $0.hasPrefix("payload-too-large") })
        // 2100 bytes of data and a placeholder filled to 2000 characters: over 4096, but under 90% of VoIP's 5120.
        let long = Check.configuration("placeholder_length: 2000\n")
        #expect(Check.summary(await Check.run(files, configuration: long)).contains { $0.hasPrefix("payload-too-large") })
        let voip = Check.configuration("placeholder_length: 2000\nvoip_payloads: [\"**/call.json\"]\n")
        #expect(!Check.summary(await Check.run(files, configuration: voip)).contains { $0.hasPrefix("payload-too-large") })
    }

    @Test func payloadTableFromTheConfiguration() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"other\" = \"x\";\n"), ("en.lproj/Push.strings", "\"k\" = \"Hi %@\";\n"),
            ("payloads/p.json", "{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"a\"]}}}\n"),
        ]
        #expect(Check.summary(await Check.run(files)).contains { $0.hasPrefix("payload-missing-key") })
        #expect(
            !Check.summary(await Check.run(files, configuration: Check.configuration("payload_table: Push\n"))).contains {
                $0.hasPrefix("payload-missing-key")
            })
    }
}
