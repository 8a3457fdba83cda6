import Foundation
import Testing

@testable import LocalizationFormats

/// Our parsers against Foundation's `PropertyListSerialization` on every corpus file.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct FoundationDifferentialTests {
    @Test func stringsFilesAgreeWithFoundation() throws {
        let files = Corpus.files(extensions: ["strings"])
        #expect(files.count > 1000)
        var agreed = 0
        var rejectedByBoth = 0
        var disagreements: [String] = []
        for url in files {
            let data = try Data(contentsOf: url)
            let ours = StringsParser.parse(bytes: [UInt8](data), path: Corpus.relative(url))
            let theirs = Oracle.quietly { try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
            if let table = theirs as? [String: Any] {
                let expected = table.compactMapValues { $0 as? String }
                if ours.loads, ours.loadedTable == expected {
                    agreed += 1
                } else {
                    disagreements.append(
                        "\(Corpus.relative(url)): Foundation loads \(expected.count) keys, we load \(ours.loads ? ours.loadedTable.count : 0)"
                    )
                }
            } else {
                // Foundation rejects the file (or it is not a dictionary): we must say it loads
                // nothing, with an error, or a warning for an empty file.
                let explained = ours.diagnostics.contains {
                    $0.severity == .error || $0.id == ParseDiagnosticKind.emptyFile.rawValue
                }
                if !ours.loads, explained {
                    rejectedByBoth += 1
                } else {
                    disagreements.append("\(Corpus.relative(url)): Foundation rejects it, we load \(ours.loadedTable.count) keys")
                }
            }
        }
        print(
            "strings differential: \(files.count) files, \(agreed) identical tables, \(rejectedByBoth) rejected by both, \(disagreements.count) disagreements"
        )
        for line in disagreements.prefix(20) { print("  disagree: \(line)") }
        #expect(disagreements.count == 0, "see the disagreements printed above")
    }
}
