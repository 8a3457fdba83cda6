import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
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
