import Foundation
import LocalizationFormats
import LocalizationIndex
import TestSupport
import Testing

@testable import StringsCheckRules

struct EngineTests {
    /// Findings are reported in path, position, rule and message order, each once: a repeat is
    /// dropped, and findings that only share the sort key (another locale) are all kept.
    @Test func findingsAreSortedAndEachKeptOnce() {
        func finding(_ path: String, _ line: Int, _ id: String, _ message: String, locale: String? = nil) -> Finding {
            Finding(
                Diagnostic(id: id, severity: .warning, message: message, path: path, location: SourcePosition(line: line, column: 1)),
                locale: locale)
        }
        let findings = [
            finding("b.strings", 1, "r", "m"), finding("a.strings", 2, "r", "m"), finding("a.strings", 1, "s", "m"),
            finding("a.strings", 1, "r", "n", locale: "fr"), finding("a.strings", 1, "r", "n", locale: "de"),
            finding("a.strings", 1, "r", "n", locale: "de"), finding("b.strings", 1, "r", "m"), finding("a.strings", 1, "r", "m"),
        ]
        let kept = RuleEngine.sortedWithoutDuplicates(findings)
        #expect(kept.count == Set(findings).count)
        #expect(Set(kept) == Set(findings))
        // A long run of one path, position, rule and message: each locale once, in locale order.
        let locales = (0..<30).map { "l\($0 % 20)" }.shuffled()
        let run = RuleEngine.sortedWithoutDuplicates(locales.map { finding("c.strings", 1, "r", "m", locale: $0) })
        #expect(run.map(\.locale) == Set(locales).sorted())
        #expect(
            kept.map { "\($0.diagnostic.path):\($0.diagnostic.location?.line ?? 0):\($0.diagnostic.id):\($0.diagnostic.message)" } == [
                "a.strings:1:r:m", "a.strings:1:r:n", "a.strings:1:r:n", "a.strings:1:s:m", "a.strings:2:r:m", "b.strings:1:r:m",
            ])
        #expect(kept.compactMap(\.locale) == ["de", "fr"], "ties in key, locale and table order")
    }

    /// A finding's payload place, held in a box of its own, reads back as set, and findings are
    /// equal (and hash alike) exactly when their places are, a change to one leaving its copy as it was.
    @Test func aFindingsPayloadPlaceIsKeptAndCompared() {
        let diagnostic = Diagnostic(id: "r", severity: .error, message: "m", path: "p.json", location: nil)
        let place = PayloadPlace(path: "p.json", location: SourcePosition(line: 2, column: 3), name: "welcome")
        var other = place
        other.name = "goodbye"
        let about = Finding(diagnostic, payload: place)
        #expect(about.payload == place)
        #expect(Finding(diagnostic).payload == nil)
        #expect(about == Finding(diagnostic, payload: place) && about.hashValue == Finding(diagnostic, payload: place).hashValue)
        #expect(about != Finding(diagnostic, payload: other) && about != Finding(diagnostic))
        var changed = about
        changed.payload = other
        #expect(changed.payload == other && about.payload == place)
        changed.payload = nil
        #expect(changed == Finding(diagnostic))
    }

    /// Findings share their parts until one changes: a change to any part of a copy (in a list
    /// or alone) leaves the original as it was, and findings with equal parts are equal and hash
    /// alike whether or not they share them.
    @Test func aChangedCopyOfAFindingLeavesTheOriginalAsItWas() {
        let original = Finding(
            Diagnostic(id: "r", severity: .warning, message: "m", path: "p.strings", location: SourcePosition(line: 1, column: 2)),
            key: "k", locale: "de", table: "T", locales: ["fr"])
        let changes: [(String, (inout Finding) -> Void)] = [
            ("severity", { $0.diagnostic.severity = .error }), ("key", { $0.key = "other" }), ("locale", { $0.locale = nil }),
            ("table", { $0.table = "U" }), ("locales", { $0.locales.append("it") }),
            ("payload", { $0.payload = PayloadPlace(path: "a.json", location: SourcePosition(line: 1, column: 1), name: nil) }),
            ("text hashes", { $0.textHashes["de"] = "h" }),
        ]
        for (part, change) in changes {
            var list = [original, original]
            change(&list[1])
            #expect(list[0] == original && list[1] != original, "\(part)")
            var alone = original
            change(&alone)
            #expect(alone == list[1] && alone.hashValue == list[1].hashValue, "\(part)")
            #expect(original.diagnostic.severity == .warning && original.key == "k" && original.locales == ["fr"], "\(part)")
            #expect(original.payload == nil && original.textHashes.isEmpty && original.table == "T" && original.locale == "de", "\(part)")
        }
        let twin = Finding(original.diagnostic, key: "k", locale: "de", table: "T", locales: ["fr"])
        #expect(twin == original && twin.hashValue == original.hashValue)
    }

    /// Sorting lists the findings kept by reference: each sorted finding shares its box with the
    /// finding it was (a copy would hold every finding twice while the list is made), and a
    /// repeat is dropped, whether it shares a box or only its parts.
    @Test func sortingKeepsEachFindingsBox() {
        let findings = (0..<50).reversed().map { number in
            Finding(
                Diagnostic(id: "r", severity: .note, message: "m", path: "p", location: SourcePosition(line: number + 1, column: 1)),
                key: "k\(number)")
        }
        // A repeat in a box of its own is dropped too, by its parts.
        let repeated = Finding(findings[0].diagnostic, key: "k49")
        let sorted = RuleEngine.sortedWithoutDuplicates(findings + [findings[0], repeated])
        #expect(sorted.count == 50)
        for (index, finding) in sorted.enumerated() {
            #expect(finding.storage === findings[49 - index].storage, "\(index)")
        }
    }

    /// The rules' findings are joined in the parts' order, each finding whole (its strings,
    /// locales and payload place), and the parts are emptied.
    @Test func partsAreJoinedInOrderAndEmptied() {
        func finding(_ part: Int, _ number: Int) -> Finding {
            Finding(
                Diagnostic(
                    id: "rule-\(part)", severity: .warning, message: "message \(part).\(number) of a finding long enough to be stored",
                    path: "p\(part).strings", location: SourcePosition(line: number + 1, column: 2)),
                key: "key \(number)", locale: "de", table: "Localizable", locales: ["fr", "it"],
                payload: number == 1 ? PayloadPlace(path: "a.json", location: SourcePosition(line: 1, column: 1), name: "n") : nil)
        }
        let sizes = [2, 0, 5, 1, 5]
        func made() -> [[Finding]] { sizes.enumerated().map { part, size in (0..<size).map { finding(part, $0) } } }
        let original = made()
        var parts = made()
        let joined = RuleEngine.joined(&parts)
        #expect(joined == original[0] + original[1] + original[2] + original[3] + original[4])
        // Each part is emptied once joined, its storage freed.
        #expect(parts.map(\.count) == [0, 0, 0, 0, 0])
        var none: [[Finding]] = []
        #expect(RuleEngine.joined(&none).isEmpty)
    }

    /// The texts' hashes are made for a baseline alone: a run that writes none leaves them out,
    /// and a run that reads one still filters by them.
    @Test func textHashesAreMadeForABaselineAlone() async {
        let project = Check.project(Self.tree)
        let hashed = await RuleEngine.run(project: project)
        #expect(hashed.findings.contains { !$0.textHashes.isEmpty })
        let plain = await RuleEngine.run(project: project, hashingTexts: false)
        #expect(plain.findings.allSatisfy { $0.textHashes.isEmpty })
        #expect(plain.findings.map(\.diagnostic) == hashed.findings.map(\.diagnostic))
        let baseline = Baseline(hashed.findings)
        let filtered = await RuleEngine.run(project: project, baseline: baseline, hashingTexts: false)
        #expect(filtered.findings.isEmpty)
        #expect(filtered.baselinedCount == hashed.findings.count)
    }

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

    @Test func findingsPastTheBoundAreCountedNotKept() async {
        let all = await Check.run(Self.tree)
        #expect(all.findings.count > 2)
        let bounded = await RuleEngine.run(project: Check.project(Self.tree), maximumFindings: 2)
        #expect(bounded.findings.map(\.diagnostic) == Array(all.findings.prefix(2)).map(\.diagnostic))
        #expect(bounded.omitted.count == all.findings.count - 2 && bounded.omitted.limit == 2)
        #expect(bounded.errorCount == all.errorCount && bounded.warningCount == all.warningCount)
    }

    @Test func aBaselineIsReadWithEveryValueChecked() throws {
        let good = #"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 3, "fingerprint": "af"}]}"#
        let baseline = try Baseline.read(Array(good.utf8), path: "b.json")
        #expect(baseline.findings.map(\.count) == [3])
        #expect(throws: FileProblem.self) {
            try Baseline.read(
                Array(#"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": -1}]}"#.utf8), path: "b.json")
        }
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

/// The parsers' and the payload reader's diagnostics reach the output by the rules' lane: the
/// configuration enables, grades and suppresses them as it does every rule.
struct DiagnosticLaneTests {
    static let tree: [(String, String)] = [
        ("en.lproj/Localizable.strings", "\"debug.a\" = \"x\";\n\"debug.a\" = \"y\";\n\"b\" = \"B\";\n"),
        ("payloads/odd.json", "{\"notification\": {\"title\": \"Hi\"}}\n"),
    ]

    @Test func eachIDIsDisabledByItsOwnName() async {
        let all = await Check.run(Self.tree)
        #expect(Set(all.findings.map(\.diagnostic.id)).isSuperset(of: ["payload-invalid-structure", "duplicate-key"]))
        let disabled = await Check.run(
            Self.tree, configuration: Check.configuration("rules:\n  payload-invalid-structure: {enabled: false}\n  duplicate-key: off\n"))
        #expect(!disabled.findings.contains { $0.diagnostic.id == "payload-invalid-structure" })
        #expect(!disabled.findings.contains { $0.diagnostic.id == "duplicate-key" })
    }

    @Test func keySuppressionsAndSeveritiesReachParseDiagnostics() async throws {
        let all = await Check.run(Self.tree)
        let duplicate = try #require(all.findings.first { $0.diagnostic.id == "duplicate-key" })
        #expect(duplicate.key == "debug.a" && duplicate.locale == "en" && duplicate.table == "Localizable")
        let ignored = await Check.run(
            Self.tree, configuration: Check.configuration("rules:\n  duplicate-key:\n    ignore_keys: [\"debug.*\"]\n"))
        #expect(!ignored.findings.contains { $0.diagnostic.id == "duplicate-key" } && ignored.suppressedCount == 1)
        let suppressed = await Check.run(
            Self.tree,
            configuration: Check.configuration("suppress:\n  - rules: [duplicate-key]\n    keys: [\"debug.*\"]\n    reason: test\n"))
        #expect(!suppressed.findings.contains { $0.diagnostic.id == "duplicate-key" })
        let graded = await Check.run(
            Self.tree, configuration: Check.configuration("rules:\n  payload-invalid-structure: {severity: warning}\n"))
        #expect(graded.findings.first { $0.diagnostic.id == "payload-invalid-structure" }?.diagnostic.severity == .warning)
    }
}

/// What a base table that does not load means for the translations compared with it.
struct PartlyLoadedBaseTests {
    /// A syntax error in the base stops Foundation loading it (its own error); the development
    /// texts as written stay the reference, so the translations' format errors are still found.
    @Test func aBaseWithASyntaxErrorIsStillTheReference() async {
        let result = await Check.run([
            ("en.lproj/Localizable.strings", "\"a\" = \"Hello %@\"\n\"b\" = \"%d files\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Hallo %d\";\n\"b\" = \"%@ Dateien\";\n"),
        ])
        let ids = result.findings.map(\.diagnostic.id)
        #expect(ids.filter { $0 == "format-argument-mismatch" }.count == 2, "\(ids)")
        #expect(ids.contains("strings-syntax-error"))
    }

    /// A translation that does not load shows raw keys on a device, which its own error says:
    /// its texts are not compared (and a payload's argument count is not judged on them).
    @Test func aTranslationThatDoesNotLoadIsNotCompared() async {
        let result = await Check.run([
            ("en.lproj/Localizable.strings", "\"a\" = \"Hello %@\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Hallo %d\"\n"),
        ])
        let ids = result.findings.map(\.diagnostic.id)
        #expect(!ids.contains("format-argument-mismatch") && ids.contains("strings-syntax-error"), "\(ids)")
    }
}
