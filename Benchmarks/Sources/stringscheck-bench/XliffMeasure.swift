import Foundation
import LocalizationFormats

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A folder of XLIFF exports (a translation repository's locales): our reader against
/// Foundation's `XMLParser` tokenising the same bytes (Foundation has no XLIFF reader; its XML
/// parse is the floor of any), the check in process, and the CLI against its target (every file
/// checked in under 150 ms).
func measureXliff(root: URL, repetitions: Int) async throws -> (rows: [Row], cli: CLIFigures?, units: Int, files: Int)? {
    let urls = files(under: root, extensions: ["xliff", "xlf"])
    guard !urls.isEmpty else { return nil }
    let contents = try urls.map { try FileBytes.read($0.path).get() }
    let bytes = contents.reduce(0) { $0 + $1.count }
    var units = 0
    let parses = interleavedMedians(
        repetitions,
        [
            {
                units = 0
                for (url, content) in zip(urls, contents) {
                    units += XliffReader.read(bytes: content, path: url.path).files.reduce(0) { $0 + $1.units.count }
                }
            },
            {
                for content in contents { _ = XMLParser(data: Data(content)).parse() }
            },
        ])
    let (ours, foundation) = (parses[0], parses[1])
    let (check, _, result) = await timedCheck(root: root, repetitions: repetitions)
    let cli = cliRow(root: root, filesBytes: bytes, entries: units, repetitions: repetitions) { _ in "the files" }
    var rows = [
        Row(
            name: "stringscheck XLIFF read", seconds: ours, bytes: bytes, entries: units,
            ratio: speed(ours, against: foundation, "Foundation's XMLParser (which only tokenises)")),
        Row(name: "Foundation XMLParser (tokens only)", seconds: foundation, bytes: bytes, entries: units, ratio: ""),
        Row(name: "check (\(result.findings.count) findings)", seconds: check, bytes: bytes, entries: units, ratio: ""),
    ]
    if let (row, figures) = cli {
        var row = row
        row.ratio += String(format: "; target ≤ 150 ms: %@", figures.checkSeconds <= 0.150 ? "met" : "not met")
        rows.append(row)
    }
    return (rows, cli?.1, units, urls.count)
}
