import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

@Suite struct RuleExampleTests {
    static let withExamples = BuiltInRules.descriptions.filter { $0.examplesNotApplicable == nil }

    @Test(arguments: withExamples.map(\.id))
    func triggeringExamplesFindExactlyTheMarkedPlaces(id: String) async throws {
        let description = try #require(BuiltInRules.description(of: id))
        #expect(!description.triggering.isEmpty, "\(id) has no triggering example")
        for example in description.triggering {
            let expected = ExampleRunner.prepare(example).expected
            #expect(!expected.isEmpty, "a triggering example of \(id) has no ↓ marker")
            let findings = await ExampleRunner.run(example, ruleID: id)
            let found = Set(
                findings.compactMap { finding in
                    finding.diagnostic.location.map { ExampleRunner.Expected(path: finding.diagnostic.path, position: $0) }
                })
            #expect(
                found == Set(expected),
                "\(id): expected \(expected), found \(findings.map { "\($0.diagnostic.path):\($0.diagnostic.location?.description ?? "?") \($0.diagnostic.message)" })"
            )
        }
    }

    @Test(arguments: withExamples.map(\.id))
    func nonTriggeringExamplesFindNothing(id: String) async throws {
        let description = try #require(BuiltInRules.description(of: id))
        #expect(!description.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        for example in description.nonTriggering {
            let findings = await ExampleRunner.run(example, ruleID: id)
            #expect(findings.isEmpty, "\(id): \(findings.map(\.diagnostic.message))")
        }
    }

    /// Messages are API: what each triggering example makes every rule say is kept in a golden
    /// file, so a changed word shows in review.
    @Test func triggeringExamplesSayWhatTheGoldenFileSays() async throws {
        var lines: [String] = []
        for rule in Self.withExamples {
            for (number, example) in rule.triggering.enumerated() {
                let findings = await ExampleRunner.run(example, ruleID: rule.id)
                for finding in findings.sorted(by: { Diagnostic.ordered($0.diagnostic, $1.diagnostic) }) {
                    let d = finding.diagnostic
                    lines.append(
                        "\(rule.id) #\(number + 1) \(d.path):\(d.location?.description ?? "-") \(d.severity.rawValue): \(d.message)")
                }
            }
        }
        let output = lines.joined(separator: "\n") + "\n"
        let golden = Check.packageRoot.appendingPathComponent("Tests/StringsCheckRulesTests/Fixtures/example-messages.txt")
        if ProcessInfo.processInfo.environment["STRINGSCHECK_UPDATE_GOLDEN"] != nil {
            try output.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(output == (try String(contentsOf: golden, encoding: .utf8)), "STRINGSCHECK_UPDATE_GOLDEN=1 swift test regenerates")
    }

    @Test func everyRuleIsRegisteredOnceWithAStableID() {
        let ids = BuiltInRules.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id) is not kebab-case")
        }
        let names = BuiltInRules.all.map { String(describing: $0) }
        #expect(names == names.sorted(), "keep BuiltInRules.all sorted by type name")
    }
}

/// Every diagnostic is documented as a rule, completely: `explain`, `Docs/Rules.md` and SARIF's
/// `help` show these fields as they are.
@Suite struct RuleDescriptionTests {
    @Test func everyRuleFileAndEveryParseDiagnosticIsRegistered() throws {
        let rules = Check.packageRoot.appendingPathComponent("Sources/StringsCheckRules/Rules")
        let files = try #require(FileManager.default.enumerator(atPath: rules.path)).compactMap { $0 as? String }
        let ruleTypes = files.filter { $0.hasSuffix("Rule.swift") }.map { String($0.split(separator: "/").last?.dropLast(6) ?? "") }
        #expect(ruleTypes.count > 30)
        let registered = Set(BuiltInRules.all.map { String(describing: $0) })
        for type in ruleTypes { #expect(registered.contains(type), "\(type) is not in BuiltInRules.all") }
        let ids = Set(BuiltInRules.descriptions.map(\.id))
        for kind in ParseDiagnosticKind.allCases { #expect(ids.contains(kind.rawValue), "\(kind.rawValue) has no description") }
    }

    @Test(arguments: BuiltInRules.descriptions.map(\.id))
    func everyDescriptionIsCompleteAndReadsAsWritten(id: String) throws {
        let rule = try #require(BuiltInRules.description(of: id))
        #expect(rule.name != rule.id && !rule.name.isEmpty, "\(id): the name is a title, not the ID")
        for (field, text) in [("summary", rule.summary), ("rationale", rule.rationale), ("fix", rule.fix)] {
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(id): empty \(field)")
            #expect(!text.contains("How to fix"), "\(id): the \(field) holds the fix")
        }
        // Shown as "Finds <summary>.": a phrase, not a sentence.
        #expect(!rule.summary.hasSuffix("."), "\(id): the summary ends with a period")
        #expect(
            rule.summary.first.map {
                !$0.isUppercase || rule.summary.hasPrefix("UTF") || rule.summary.hasPrefix("JSON")
                    || rule.summary.hasPrefix("XML") || rule.summary.hasPrefix("NS")
            } ?? false, "\(id): '\(rule.summary)' does not follow 'Finds'")
        #expect(rule.rationale.hasSuffix(".") || rule.rationale.hasSuffix(")"), "\(id): the rationale is not a sentence")
    }
}

/// A rule's examples are made the first time they are read, once, not when its description is:
/// every run reads the descriptions of all rules.
@Suite struct RuleExamplesAreMadeWhenReadTests {
    private final class Count: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() {
            lock.lock()
            value += 1
            lock.unlock()
        }
        var current: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    private static func examples(counting count: Count) -> [RuleExample] {
        count.add()
        return [.strings("\"a\" = \"b\";\n")]
    }

    @Test func examplesAreMadeOnceWhenFirstRead() {
        let count = Count()
        var description = RuleDescription(
            id: "r", name: "R", area: .file, summary: "s", rationale: "r", fix: "f", defaultSeverity: .warning,
            triggering: Self.examples(counting: count), nonTriggering: [])
        #expect(count.current == 0)
        #expect(description.id == "r" && description.defaultSeverity == .warning)
        #expect(count.current == 0)
        #expect(description.triggering.count == 1)
        #expect(description.triggering == Self.examples(counting: Count()))
        #expect(description.nonTriggering.isEmpty && description.fixIt == nil)
        #expect(count.current == 1)
        // A copy shares what was made; a change makes the description's own.
        let copy = description
        #expect(copy.triggering.count == 1 && count.current == 1)
        description.nonTriggering = description.triggering
        #expect(description.nonTriggering == copy.triggering && copy.nonTriggering.isEmpty)
        #expect(description != copy)
        #expect(count.current == 1)
    }
}
