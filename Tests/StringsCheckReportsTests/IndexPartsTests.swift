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

    /// Rules that read walked parts alone start beside the build: nothing is built for them, and
    /// what they find with other rules running beside them is what they find alone.
    @Test func rulesThatReadOnlyWalkedPartsNeedNothingBuilt() async {
        #expect(IndexPart.allCases.filter(\.isWalked) == [.stringsdictEntries, .templateBytes])
        let walkedOnly = BuiltInRules.all.filter { $0.description.id == "plural-hardcoded-number" }
        #expect(walkedOnly.allSatisfy { $0.reads.allSatisfy(\.isWalked) })
        let alone = ProjectIndex(project: Check.project(Self.tree))
        _ = await RuleEngine.run(index: alone, rules: walkedOnly)
        #expect(alone.builtParts.isEmpty)
        // Every rule at once, and each rule in a run of its own: the same findings.
        let index = ProjectIndex(project: Check.project(Self.tree + [("de.lproj/Localizable.stringsdict", Self.tree[2].1)]))
        let together = await RuleEngine.run(index: index).findings
        var apart: [Finding] = []
        for rule in BuiltInRules.all {
            apart += await RuleEngine.run(index: ProjectIndex(project: index.project), rules: [rule]).findings
        }
        #expect(!together.isEmpty)
        #expect(Set(together) == Set(apart))
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
