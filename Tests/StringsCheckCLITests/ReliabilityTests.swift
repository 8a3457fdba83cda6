import Foundation
import Testing

/// Inputs a pull request controls (the baseline, a previous report, one-line files, hostile text
/// in reports) end in a clear answer, and what a report prints per finding stays bounded.
struct ReliabilityTests {
    private static func tree(_ files: [String: String]) throws -> URL { try CheckCommandTests.temporaryTree(files) }

    @Test func aHostileBaselineIsRefusedWithItsPlace() throws {
        let root = try Self.tree(["en.lproj/L.strings": "\"a\" = \"\";\n", "de.lproj/L.strings": "\"a\" = \"\";\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = #"{"rule": "empty-value", "path": "x", "message": "m", "count": 9223372036854775807}"#
        for version in [1, 2, 3] {
            let text = "{\"version\": \(version), \"findings\": [\n\(entry),\n\(entry)\n]}\n"
            try text.write(to: root.appendingPathComponent("b\(version).json"), atomically: true, encoding: .utf8)
            let result = try CLITests.run(["check", "--no-config", "--baseline", "b\(version).json", "."], in: root)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "b\(version).json:2:63: error: 'count' must be a whole number from 1 to 2147483648, not '9223372036854775807'"),
                "\(result.stderr)")
        }
        let cases: [(String, String)] = [
            ("[]", "1:1: error: expected an object with 'version' and 'findings', found an array"),
            (#"{"version": 4, "findings": []}"#, "1:13: error: unsupported baseline version '4'; this version reads 1, 2 and 3"),
            (
                #"{"version": 3, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 1, "text": "not hex"}]}"#,
                "'text' must be up to 16 hexadecimal digits"
            ),
            (
                #"{"version": 2, "findings": [{"rule": 1, "path": "p", "message": "m", "count": 1}]}"#,
                "1:38: error: 'rule' must be a string, not a number"
            ),
            (
                #"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 0}]}"#,
                "'count' must be a whole number from 1"
            ),
            (#"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 1.5}]}"#, "'count' must be a whole number"),
            (
                #"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 1, "fingerprint": "zz"}]}"#,
                "'fingerprint' must be"
            ),
            ("{\"version\": 2, \"findings\": [", "1:29: error: expected a JSON value"),
        ]
        for (text, expected) in cases {
            try text.write(to: root.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
            let result = try CLITests.run(["check", "--no-config", "--baseline", "bad.json", "."], in: root)
            #expect(result.status == 2 && result.stderr.contains(expected), "\(text): \(result.stderr)")
        }
        // A sparse file of gigabytes is refused before it is read.
        let sparse = try OutputSafetyTests.shell("truncate -s 2G huge.json && echo ready", in: root)
        #expect(sparse.stdout == "ready\n")
        let huge = try CLITests.run(["check", "--no-config", "--baseline", "huge.json", "."], in: root)
        #expect(huge.status == 2 && huge.stderr.contains("over the limit of 128 MB"), "\(huge.stderr)")
        let compare = try CLITests.run(["coverage", "--no-config", "--compare", "huge.json", "."], in: root)
        #expect(compare.status == 2 && compare.stderr.contains("over the limit of 128 MB"), "\(compare.stderr)")
        let config = try CLITests.run(["check", "--config", "huge.json", "."], in: root)
        #expect(config.status == 2 && config.stderr.contains("over the limit of 4 MB for a configuration file"), "\(config.stderr)")
        // A previous report with a nonsense percentage is refused at its place.
        try #"{"version": 1, "locales": [{"locale": "de", "percent": -1e308}]}"#.write(
            to: root.appendingPathComponent("prev.json"), atomically: true, encoding: .utf8)
        let previous = try CLITests.run(["coverage", "--no-config", "--compare", "prev.json", "."], in: root)
        #expect(
            previous.status == 2 && previous.stderr.contains("prev.json:1:56: error: 'percent' must be a number from 0 to 100"),
            "\(previous.stderr)")
    }

    @Test func aLongLineShowsAWindowUnderEachFinding() throws {
        // 2,000 duplicate keys on one line of 30 KB.
        let line = (0..<2_000).map { "\"k\($0 % 10)\"=\"v\";" }.joined()
        let root = try Self.tree(["en.lproj/L.strings": line + "\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "--show-source", "."], in: root)
        #expect(result.status == 0)
        // Per finding: its line, the notes, a window of at most 160 characters and its caret.
        let bytesPerFinding = result.stdout.utf8.count / 1_990
        #expect(bytesPerFinding < 700, "\(bytesPerFinding) bytes per finding")
        let excerpts = result.stdout.split(separator: "\n").filter { $0.hasPrefix("…") }
        #expect(excerpts.count >= 1_990 && excerpts.allSatisfy { $0.unicodeScalars.count <= 162 })
    }

    @Test func reportsEscapeControlCharactersAndFormulaStarts() throws {
        let hostile = "\\U001B]0;owned\\U0007\\U001B[8mhidden %@"
        let root = try Self.tree([
            "en.lproj/L.strings": "\"k\" = \"\(hostile)\";\n\"-inf\" = \"x\";\n\"\\tcmd\" = \"=1+2\";\n",
            "de.lproj/L.strings": "\"k\" = \"%d\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let github = try CLITests.run(["check", "--no-config", "--format", "github", "."], in: root)
        #expect(!github.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(github.stdout)")
        #expect(github.stdout.contains("\\u{1B}[8m"))
        let csv = try CLITests.run(["render", "--no-config", "--keys", "*", "--format", "csv", "."], in: root)
        #expect(!csv.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(csv.stdout)")
        #expect(csv.stdout.contains("'-inf"), "\(csv.stdout)")
        #expect(csv.stdout.contains("\"'\tcmd\"") || csv.stdout.contains("'\tcmd"), "\(csv.stdout)")
        #expect(csv.stdout.contains("'=1+2"), "\(csv.stdout)")
    }

    @Test func aGateThatReadNothingFails() throws {
        let root = try Self.tree(["outside/L.strings": "\"a\" = \"b\";\n", "app/en.lproj/.keep": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let link = try OutputSafetyTests.shell("ln -s ../../outside/L.strings app/en.lproj/Localizable.strings && echo ready", in: root)
        #expect(link.stdout == "ready\n")
        let outside = try CLITests.run(["check", "--no-config", "app"], in: root)
        #expect(outside.status == 2, "\(outside.stdout)\(outside.stderr)")
        #expect(outside.stderr.contains("could be read (1 refused, above); nothing was checked"), "\(outside.stderr)")
        let device = try CLITests.run(["check", "--no-config", "/dev/zero"], in: root)
        #expect(device.status == 2 && device.stderr.contains("nothing was checked"), "\(device.stderr)")
        // Two links to one folder: read once, and no loop.
        let web = try Self.tree(["shared/en.lproj/L.strings": "\"a\" = \"b\";\n", "a/.keep": "", "b/.keep": ""])
        defer { try? FileManager.default.removeItem(at: web) }
        let links = try OutputSafetyTests.shell("ln -s ../shared a/s && ln -s ../shared b/s && echo ready", in: web)
        #expect(links.stdout == "ready\n")
        let diamond = try CLITests.run(["check", "--no-config", "."], in: web)
        #expect(diamond.status == 0 && !diamond.stdout.contains("symlink-loop"), "\(diamond.stdout)")
        let loop = try OutputSafetyTests.shell("ln -s .. shared/en.lproj/up && echo ready", in: web)
        #expect(loop.stdout == "ready\n")
        let looped = try CLITests.run(["check", "--no-config", "."], in: web)
        #expect(looped.stdout.contains("[symlink-loop]"), "\(looped.stdout)")
    }

    @Test func renderOfManyLocalesGrowsWithTheLocales() throws {
        func catalog(_ locales: Int) -> String {
            let others = (0..<locales).map { "\"x\($0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Hallo\"}}" }
            return """
                {"sourceLanguage": "en", "version": "1.0", "strings": {
                "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hello"}}}},
                "j": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "J"}}, \(others.joined(separator: ", "))}}}}
                """
        }
        var sizes: [Int] = []
        for locales in [200, 400] {
            let root = try Self.tree(["Localizable.xcstrings": catalog(locales)])
            defer { try? FileManager.default.removeItem(at: root) }
            let result = try CLITests.run(["render", "--no-config", "--keys", "k", "."], in: root)
            sizes.append(result.stdout.utf8.count)
        }
        // Twice the locales, about twice the output (each row names at most 40 of the others).
        #expect(Double(sizes[1]) / Double(sizes[0]) < 2.3, "\(sizes)")
    }
}

/// Peak memory as a multiple of the input, measured by the process itself (`STRINGSCHECK_TIMINGS`
/// prints its peak resident size): bad content in bulk costs no more than good content.
struct MemoryBoundTests {
    private static func peak(_ root: URL) throws -> Int {
        let result = try CLITests.run(["check", "--no-config", "."], environment: ["STRINGSCHECK_TIMINGS": "1"], in: root)
        let line = result.stderr.split(separator: "\n").first { $0.contains("peak resident:") } ?? ""
        return Int(line.split(separator: " ").dropLast().last ?? "") ?? Int.max
    }

    @Test func badContentInBulkStaysWithinAFewTimesTheInput() throws {
        let size = 4 << 20
        let small = try CheckCommandTests.temporaryTree(["en.lproj/L.strings": "\"a\" = \"b\";\n"])
        defer { try? FileManager.default.removeItem(at: small) }
        let empty = try Self.peak(small)
        let badBytes = try CheckCommandTests.temporaryTree([:])
        defer { try? FileManager.default.removeItem(at: badBytes) }
        try FileManager.default.createDirectory(at: badBytes.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data(Array("\"k\" = \"".utf8) + [UInt8](repeating: 0xFF, count: size) + Array("\";".utf8)).write(
            to: badBytes.appendingPathComponent("en.lproj/L.strings"))
        let escapes = String(repeating: "\\uD800", count: size / 6)
        let catalog = try CheckCommandTests.temporaryTree([
            "L.xcstrings":
                #"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": ""#
                + escapes + #""}}}}}}"#
        ])
        defer { try? FileManager.default.removeItem(at: catalog) }
        // One line of 400,000 tiny entries (a thousand keys, each defined 400 times).
        let entries = 400_000
        let line = try CheckCommandTests.temporaryTree(["en.lproj/L.strings": (0..<entries).map { "\"k\($0 % 1_000)\"=\"v\";" }.joined()])
        defer { try? FileManager.default.removeItem(at: line) }
        for (name, root, count) in [("bad bytes", badBytes, 1), ("lone surrogate escapes", catalog, 1), ("one line", line, entries)] {
            let used = try Self.peak(root) - empty
            // In kilobytes: three times the input and a few hundred bytes an entry, with room for
            // the debug build's allocator.
            let bound = (4 * size + 300 * count) / 1_024
            #expect(used <= bound, "\(name): \(used) KB over the empty run, bound \(bound) KB")
        }
    }
}
