import Testing

@testable import LocalizationFormats

/// The JSON parser counts lines as it skips blanks and places a value on an ASCII line by its
/// offset from the line's start: every place it gives is the one the line table gives.
struct JSONPositionsTests {
    /// A document of every kind of value, laid out with blank lines, tabs, indentation of every
    /// width and strings outside ASCII or with escapes on some lines and not on others.
    static func document(seed: UInt64) -> String {
        var generator = GeneratedDifferentialTests.Generator(state: seed)
        func blank() -> String {
            ["", " ", "\n", "\n  ", "\t", "\n\n        ", " \n\t ", "\n          "].randomElement(using: &generator) ?? ""
        }
        func string() -> String {
            ["\"plain\"", "\"é ✓ 😀\"", "\"tab\\there\"", "\"\\u00e9\\n\"", "\"%lld Dateien\"", "\"\""].randomElement(using: &generator)
                ?? "\"\""
        }
        func value(_ depth: Int) -> String {
            switch depth > 3 ? Int.random(in: 0..<3, using: &generator) : Int.random(in: 0..<6, using: &generator) {
            case 0: return string()
            case 1: return ["1", "-2.5e3", "true", "null"].randomElement(using: &generator) ?? "0"
            case 2: return "[" + blank() + "]"
            case 3:
                let items = (0..<Int.random(in: 1..<4, using: &generator)).map { _ in blank() + value(depth + 1) + blank() }
                return "[" + items.joined(separator: ",") + "]"
            default:
                let members = (0..<Int.random(in: 1..<5, using: &generator)).map { index in
                    blank() + "\"k\(index)\(["", " é", "✓"].randomElement(using: &generator) ?? "")\"" + blank() + ":" + blank()
                        + value(depth + 1) + blank()
                }
                return "{" + members.joined(separator: ",") + "}"
            }
        }
        return blank() + value(0) + blank()
    }

    @Test func countedPlacesAreTheLineTablesPlaces() {
        for seed in 0..<300 as Range<UInt64> {
            let bytes = Array(Self.document(seed: seed).utf8)
            let counted = JSONReader.parse(contents: .bytes(bytes), path: "p.json", stream: nil, countingLines: true)
            let tabled = JSONReader.parse(contents: .bytes(bytes), path: "p.json", stream: nil, countingLines: false)
            #expect(counted.root != nil, "seed \(seed)")
            #expect(counted.root == tabled.root, "seed \(seed)")
            #expect(counted.diagnostics == tabled.diagnostics, "seed \(seed)")
        }
    }

    /// A syntax error after many lines is placed where the table places it.
    @Test func aSyntaxErrorIsPlacedByTheTable() {
        let bytes = Array("{\n  \"a\" : \"é\",\n  \"b\" : [1,\n   2,, 3]\n}\n".utf8)
        let counted = JSONReader.parse(contents: .bytes(bytes), path: "p.json", stream: nil, countingLines: true)
        #expect(counted.root == nil)
        #expect(counted.diagnostics.first?.location == SourcePosition(line: 4, column: 6))
    }

    /// A catalog with CRLF line ends is placed by its line table (CR and CRLF each end a line).
    @Test func aTextWithCRIsPlacedByItsTable() {
        let text = "{\r\n  \"strings\" : {\r\n    \"k\" : {\r\n    }\r\n  }\r\n}\r\n"
        let document = JSONReader.parse(bytes: Array(text.utf8), path: "p.json")
        #expect(document.root?["strings"]?["k"]?.location == SourcePosition(line: 3, column: 11))
    }

    /// A catalog read in two runs, each counting its lines (the second from the line feeds
    /// before it), places every member where one run reading the line table places it.
    @Test func aSplitParsePlacesMembersWhereTheTableDoes() {
        let text = JSONSplitTests.catalog(entries: 400)
        func members(splittingAbove minimumSize: Int, countingLines: Bool) -> (root: JSONNode?, members: [JSONMember], runs: Int) {
            let (document, runs) = JSONReader.parse(
                contents: .bytes(Array(text.utf8)), path: "L.xcstrings", streamingMembersOf: "strings", splittingAbove: minimumSize,
                newRun: { [JSONMember]() }, direct: nil, countingLines: countingLines
            ) { run, event in
                if case .member(let member) = event { run.append(member) }
            }
            return (document.root, runs.flatMap { $0 }, runs.count)
        }
        let split = members(splittingAbove: 0, countingLines: true)
        let tabled = members(splittingAbove: .max, countingLines: false)
        #expect(split.runs == 2)
        #expect(split.members.count == 400)
        #expect(split.members == tabled.members)
        #expect(split.root == tabled.root)
    }

    @Test func lineFeedsAreCountedEightBytesAtATime() {
        var generator = GeneratedDifferentialTests.Generator(state: 7)
        for length in [0, 1, 7, 8, 9, 63, 64, 65, 2_039, 2_040, 2_041, 2_047, 5_000] {
            let bytes =
                (0..<length).map { _ in [0x0A, 0x20, 0x0B, 0x8A, 0xFF, 0x09, 0x41].randomElement(using: &generator) ?? 0x0A } as [UInt8]
            let expected = bytes.filter { $0 == 0x0A }.count
            #expect(bytes.withUnsafeBufferPointer(JSONPositions.lineFeeds) == expected, "length \(length)")
        }
        // Long runs of line feeds only: every byte of every word counted, past 255 words.
        let feeds = [UInt8](repeating: 0x0A, count: 8 * 600 + 5)
        #expect(feeds.withUnsafeBufferPointer(JSONPositions.lineFeeds) == feeds.count)
    }
}
