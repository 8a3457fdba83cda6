import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

@testable import StringsCheckReports

/// Each command builds only the index parts what it shows reads.
struct IndexPartsTests {
    static let tree = [
        ("en.lproj/Localizable.strings", "\"a\" = \"Apple %@\";\n\"b\" = \"Banana\";\n"),
        ("de.lproj/Localizable.strings", "\"a\" = \"Apfel %d\";\n"),
        (
            "en.lproj/Localizable.stringsdict",
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict></dict></dict></plist>\n"
        ),
    ]

    @Test func coverageWithoutPayloadsScansNoText() {
        let index = ProjectIndex(project: Check.project(Self.tree))
        _ = CoverageBuilder.build(index, payloadFindings: [])
        #expect(index.builtParts == [.pluralForms])
    }

    @Test func aKeyPreviewBuildsNoPayloadLookups() async {
        let index = ProjectIndex(
            project: Check.project(Self.tree + [("payloads/p.json", "{\"aps\": {\"alert\": {\"loc-key\": \"a\"}}}\n")]))
        _ = await PreviewBuilder.findings(index, forKeys: true)
        #expect(!index.builtParts.contains(.payloadLookups))
        #expect(index.builtParts.isSuperset(of: [.texts, .formats, .formatPairs, .keyPresence, .pluralForms]))
    }

    @Test func aPayloadPreviewBuildsOnlyWhatThePayloadRulesRead() async {
        let index = ProjectIndex(
            project: Check.project(Self.tree + [("payloads/p.json", "{\"aps\": {\"alert\": {\"loc-key\": \"a\"}}}\n")]))
        let findings = await PreviewBuilder.findings(index, forKeys: false)
        #expect(findings.contains { $0.diagnostic.id == "payload-argument-count" })
        #expect(index.builtParts == [.texts, .formats, .payloadLookups])
    }

    @Test func theEngineBuildsTheUnionOfWhatTheEnabledRulesRead() async {
        let index = ProjectIndex(project: Check.project(Self.tree))
        var configuration = Configuration()
        configuration.rules["missing-translation", default: RuleConfiguration()].enabled = true
        let rules = BuiltInRules.all.filter { $0.description.id == "missing-translation" }
        _ = await RuleEngine.run(index: index, configuration: configuration, rules: rules)
        #expect(index.builtParts == [.keyPresence])
    }

    @Test func theRulesStartedFirstAreThoseThatReadAWalkedPart() {
        let walking = BuiltInRules.all.filter { rule in rule.reads.contains { $0.walksEveryEntry } }.map { $0.description.id }
        #expect(walking.contains("plural-missing-category"))
        #expect(walking.contains("payload-too-large"))
        #expect(!walking.contains("missing-translation"))
    }

    /// A tree where a rule that reads nothing (`whitespace-mismatch`), one that reads walked parts
    /// alone (`plural-hardcoded-number`) and two that read built parts (`missing-translation`: 'b'
    /// in ru and the plural 'n' in de; `plural-missing-category`) find defects.
    static let everyKindOfRule: [(String, String)] = {
        func plural(_ one: String, _ other: String) -> String {
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict></dict></dict></plist>\n"
        }
        return [
            ("en.lproj/Localizable.strings", "\"a\" = \"Apple %@\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry \";\n"),
            ("ru.lproj/Localizable.strings", "\"a\" = \"Яблоко %@\";\n\"c\" = \"Вишня \";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Apfel %@\";\n\"b\" = \"Banane\";\n\"c\" = \"Kirsche\";\n"),
            ("en.lproj/Localizable.stringsdict", plural("%d file", "%d files")),
            ("ru.lproj/Localizable.stringsdict", plural("1 файл", "%d файла")),
        ]
    }()

    /// The rules that read no built part start beside the build of the others' parts: with every
    /// rule running, each finds what it finds alone, whatever it reads.
    @Test func everyRuleFindsBesideTheOthersWhatItFindsAlone() async {
        let project = Check.project(Self.everyKindOfRule)
        let together = await RuleEngine.run(index: ProjectIndex(project: project)).findings
        let byRule = Dictionary(grouping: together, by: \.diagnostic.id)
        let kinds: [(String, Set<IndexPart>, Int)] = [
            ("whitespace-mismatch", [], 1), ("plural-hardcoded-number", [.stringsdictEntries], 1),
            ("missing-translation", [.keyPresence], 2), ("plural-missing-category", [.pluralForms], 1),
        ]
        for (id, reads, count) in kinds {
            #expect(BuiltInRules.all.first { $0.description.id == id }?.reads == reads, "\(id)")
            #expect(byRule[id]?.count == count, "\(id)")
        }
        for rule in BuiltInRules.all {
            let id = rule.description.id
            let alone = await RuleEngine.run(index: ProjectIndex(project: project), rules: [rule]).findings
            #expect(alone.filter { $0.diagnostic.id == id } == (byRule[id] ?? []), "\(id)")
        }
    }

    @Test func narrowingKeepsOnlyTheDeclaredParts() {
        let index = ProjectIndex(project: Check.project(Self.tree))
        let parts = index.parts([.texts, .keyPresence])
        let narrowed = parts.narrowed(to: [.keyPresence])
        #expect(narrowed.declared == [.keyPresence])
        #expect(narrowed.keyPresence.count == parts.keyPresence.count)
        #expect(parts.texts.count >= 3)
    }
}
