import Foundation
import LocalizationFormats
import StringsCheckRules
import Testing

/// `check` over the real apps of the corpus: it finishes, every finding has a place, and the
/// result does not depend on how many files are parsed at once.
@Suite(.enabled(if: Check.corpusIsAvailable, "../shared/corpus is absent (outside clone): corpus tests skipped"))
struct CorpusCheckTests {
    static var apps: [String] {
        let folder = Check.corpus.appendingPathComponent("apps")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map {
            folder.appendingPathComponent($0).path
        }
    }

    @Test func everyAppIsCheckedWithLocatedDeterministicFindings() async throws {
        for app in Self.apps {
            let parallel = await RuleEngine.run(project: ProjectLoader.load(roots: [app]))
            let serial = await RuleEngine.run(project: ProjectLoader.load(roots: [app], jobs: 1))
            #expect(parallel.diagnostics == serial.diagnostics, "\(app): --jobs changes the result")
            #expect(!parallel.findings.isEmpty)
            for finding in parallel.findings where finding.diagnostic.id != "binary-plist" {
                #expect(finding.diagnostic.location != nil, "\(finding.diagnostic.id) without a position in \(finding.diagnostic.path)")
                #expect(finding.diagnostic.location.map { $0.line >= 1 && $0.column >= 1 } ?? true)
            }
            let ids = Set(BuiltInRules.descriptions.map(\.id))
            #expect(parallel.findings.allSatisfy { ids.contains($0.diagnostic.id) }, "a finding with an unregistered rule ID")
        }
    }

    @Test func positionsPointAtTheSpecifierInTheSource() async throws {
        // For .strings findings with an exact place, the source line has the specifier there.
        for app in Self.apps {
            let result = await RuleEngine.run(project: ProjectLoader.load(roots: [app]))
            for finding in result.findings
            where finding.diagnostic.id == "format-argument-mismatch" && finding.diagnostic.path.hasSuffix(".strings") {
                guard let location = finding.diagnostic.location,
                    let data = FileManager.default.contents(atPath: finding.diagnostic.path)
                else { continue }
                let decoded = TextDecoder.decode([UInt8](data))
                let line = LineTable(utf8: decoded.utf8).lineText(location.line)
                let scalars = Array(line.unicodeScalars)
                guard location.column - 1 < scalars.count else { continue }
                // Escaped values are located at their opening quote instead.
                #expect(["%", "\""].contains(Character(scalars[location.column - 1])), "\(finding.diagnostic.path):\(location)")
            }
        }
    }
}
