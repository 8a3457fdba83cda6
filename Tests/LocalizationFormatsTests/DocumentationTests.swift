import Foundation
import Testing

@testable import LocalizationFormats

struct DocumentationTests {
    @Test func everyDiagnosticIsDocumented() throws {
        let docs = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Docs/Diagnostics.md"), encoding: .utf8)
        for kind in ParseDiagnosticKind.allCases {
            #expect(docs.contains("## \(kind.rawValue)\n"), "Docs/Diagnostics.md lacks \(kind.rawValue)")
            #expect(docs.contains("Default severity: \(kind.defaultSeverity.rawValue)."), "\(kind.rawValue)")
        }
    }
}
