import Foundation
import Testing

@testable import LocalizationFormats

struct DocumentationTests {
    /// Docs/Rules.md (generated, and checked for staleness by the CLI tests) explains every
    /// diagnostic the parsers emit.
    @Test func everyParseDiagnosticIsDocumented() throws {
        let docs = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Docs/Rules.md"), encoding: .utf8)
        for kind in ParseDiagnosticKind.allCases {
            #expect(docs.contains("## \(kind.rawValue)\n"), "Docs/Rules.md lacks \(kind.rawValue)")
            #expect(docs.contains("default severity: \(kind.defaultSeverity.rawValue)"), "\(kind.rawValue)")
        }
    }
}
