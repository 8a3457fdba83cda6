import LocalizationFormats
import StringsCheckFix
import StringsCheckRules
import TestSupport
import Testing

/// Every fixable rule's example, fixed: the result is the documented text, a second fix changes
/// nothing, and a check of the result no longer reports the rule.
struct FixItExampleTests {
    static let fixable = BuiltInRules.descriptions.filter { $0.fixIt != nil }.map(\.id)

    /// The files of `files` after `fix`, and the fixes made.
    static func fix(_ files: [(path: String, bytes: [UInt8])]) async -> (files: [(path: String, bytes: [UInt8])], fixes: [FileFix]) {
        let result = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: files))
        let fixable = Set(Self.fixable)
        let (fixes, refused) = Fixer.fixes(for: result.findings.filter { fixable.contains($0.diagnostic.id) }, unsafe: true) { path in
            files.first { $0.path == path }?.bytes
        }
        #expect(refused.isEmpty, "\(refused)")
        let fixed = files.map { file in (file.path, fixes.first { $0.path == file.path }?.fixed ?? file.bytes) }
        return (fixed, fixes)
    }

    @Test func someRulesAreFixable() {
        #expect(Self.fixable.contains("format-literal-percent"))
        #expect(Self.fixable.contains("strings-lowercase-u-escape"))
    }

    @Test(arguments: fixable)
    func theExampleFixesAsDocumented(id: String) async throws {
        let example = try #require(BuiltInRules.description(of: id)?.fixIt)
        let (files, _) = ExampleRunner.prepare(example.before)
        let (fixed, fixes) = await Self.fix(files)
        #expect(fixes.flatMap(\.applied).contains { $0.rule == id }, "\(id): no fix-it of the rule was applied")
        // The fix-its are as unsafe as the example says.
        let offered = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: files)).findings
            .filter { $0.diagnostic.id == id }.flatMap(\.diagnostic.fixIts)
        #expect(!offered.isEmpty && offered.allSatisfy { $0.unsafe == example.unsafe }, "\(id): unsafe differs from the example")
        for (path, expected) in example.after {
            let text = fixed.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(text == expected, "\(id): \(path)")
        }
        // Idempotent, and the finding is gone.
        let (again, secondFixes) = await Self.fix(fixed)
        #expect(secondFixes.allSatisfy { $0.fixed == $0.original }, "\(id): a second fix changed something")
        #expect(again.map(\.bytes) == fixed.map(\.bytes))
        // Each repaired finding is gone; what is left of the rule (a finding that needs a person,
        // shown beside the repaired ones) offers no repair.
        let before = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: files))
        let after = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: fixed))
        let repaired = fixes.flatMap(\.applied).filter { $0.rule == id }.count
        let left = after.findings.filter { $0.diagnostic.id == id }
        #expect(
            left.count == before.findings.filter { $0.diagnostic.id == id }.count - repaired, "\(id): \(left.map(\.diagnostic.message))")
        #expect(left.allSatisfy { $0.diagnostic.fixIts.isEmpty }, "\(id): a repair is still offered after the fix")
    }
}
