import Foundation
import Testing

@testable import LocalizationFormats

/// Hostile and odd inputs: each gets a diagnostic at the right place, nothing crashes, nothing is
/// read or fetched that the input names.
struct RobustnessTests {
    @Test func externalDTDAndNetworkURLsAreNeverFetched() {
        // A DTD on the network and a parameter entity that would pull in a local file.
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "http://127.0.0.1:9/evil.dtd" [
              <!ENTITY % remote SYSTEM "file:///etc/hostname"> %remote;
              <!ENTITY net SYSTEM "http://127.0.0.1:9/x">
            ]>
            <plist version="1.0"><dict><key>a</key><string>&net;</string></dict></plist>
            """
        let start = Date()
        let document = XMLPropertyListReader.read(bytes: Array(xml.utf8), path: "x.stringsdict")
        #expect(Date().timeIntervalSince(start) < 2, "no network wait")
        // Nothing was pulled in: the entity reference stays unexpanded.
        #expect(document.root?["a"]?.string?.isEmpty ?? true)
        #expect(!document.diagnostics.isEmpty)
    }

    @Test func jsonHugeNumbersInvalidUTF8AndLoneSurrogates() throws {
        let huge = "[" + String(repeating: "9", count: 5_000) + ", 1e999999, -0.0000000000000000000001]"
        let numbers = JSONReader.parse(bytes: Array(huge.utf8), path: "n.json")
        #expect(numbers.diagnostics.isEmpty)
        #expect(numbers.root?.array?.count == 3)
        var invalid = Array("{\"a\": \"caf".utf8)
        invalid += [0xE9]  // Latin-1 é: not UTF-8
        invalid += Array("\"}".utf8)
        let document = JSONReader.parse(bytes: invalid, path: "u.json")
        #expect(document.diagnostics.contains { $0.id == "invalid-encoding" })
        let surrogate = JSONReader.parse(bytes: Array(#"{"a": "\udc00 and \ud83d"}"#.utf8), path: "s.json")
        #expect(surrogate.root?["a"]?.string == "\u{FFFD} and \u{FFFD}")
    }

    /// Positions are stored in 32 bits: a number beyond that is clamped, never a trap, and the
    /// JSON form keeps its `line` and `column` keys.
    @Test func positionsClampAndKeepTheirJSONForm() throws {
        let far = SourcePosition(line: Int.max, column: Int.min)
        #expect(far.line == Int(Int32.max))
        #expect(far.column == Int(Int32.min))
        let position = SourcePosition(line: 12, column: 7)
        let json = try JSONEncoder().encode(position)
        #expect(try JSONSerialization.jsonObject(with: json) as? [String: Int] == ["line": 12, "column": 7])
        #expect(try JSONDecoder().decode(SourcePosition.self, from: json) == position)
        #expect(SourcePosition(line: 2, column: 1) > SourcePosition(line: 1, column: 80))
    }

    /// Specifiers are stored in 48 bytes; every public property still reads and writes what it
    /// was given, rare parts included, and the JSON form is the one `dump` always printed.
    @Test func compactSpecifiersKeepEveryProperty() throws {
        #expect(MemoryLayout<FormatSpecifier>.size <= 48)
        var specifier = try #require(FormatScanner.analyze("%2$-*1$.3ld").specifiers.first)
        #expect(specifier.explicitPosition == 2)
        #expect(specifier.argument == 2)
        #expect(specifier.flags == "-")
        #expect(specifier.starArguments == [1])
        #expect(specifier.conversion == "d")
        #expect(specifier.length == .l)
        #expect(specifier.variableName == nil)
        let plain = try #require(FormatScanner.analyze("%@").specifiers.first)
        #expect(plain.flags.isEmpty && plain.starArguments.isEmpty && plain.explicitPosition == nil)
        let variable = try #require(FormatScanner.analyze("%#@count@").specifiers.first)
        #expect(variable.variableName == "count")
        #expect(variable.signature == "#@count@")

        specifier.flags = ""
        specifier.starArguments = []
        #expect(specifier.flags.isEmpty && specifier.starArguments.isEmpty && specifier.explicitPosition == 2)
        specifier.variableName = "n"
        specifier.explicitPosition = nil
        specifier.start = Int.max
        #expect(specifier.variableName == "n" && specifier.explicitPosition == nil && specifier.start == Int(Int32.max))
        specifier.conversion = "@"
        #expect(specifier.conversion == "@")

        let json = try JSONEncoder().encode(variable)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["variableName"] as? String == "count")
        #expect(object["conversion"] as? String == "@")
        #expect(object["explicitPosition"] == nil)
        let decoded = try JSONDecoder().decode(FormatSpecifier.self, from: json)
        #expect(decoded == variable)
        #expect(decoded.hashValue == variable.hashValue)
        #expect(decoded != plain)
        var bad = object
        bad["conversion"] = "ld"
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FormatSpecifier.self, from: JSONSerialization.data(withJSONObject: bad))
        }
    }

    /// A `.strings` entry packs its text's ranges, positions and flags into 32 bytes beside its
    /// key; every property reads back what was stored, a line beyond the packed range is
    /// clamped, and no position stays nil.
    @Test func stringsEntriesArePackedAndReadBackWhatWasStored() throws {
        #expect(MemoryLayout<StringsEntry>.stride == 48)
        for kind in [StringsValueKind.string, .dictionary, .array, .data] {
            for flags in 0..<16 {
                let key = SourcePosition(line: 70_000 + flags, column: 3)
                let value = SourcePosition(line: 1 + flags, column: 5_000_000_000)
                var file = StringsFile(path: "T.strings", encoding: .utf8, diagnostics: [], loads: true)
                file.append(key: "k0", value: nil, valueKind: kind, keyLocation: nil, valueLocation: nil, comment: "first")
                file.append(
                    key: "k", value: "v\(flags)", valueKind: kind, keyLocation: key, valueLocation: value, loaded: flags & 1 != 0,
                    isShorthand: flags & 2 != 0, comment: flags & 1 == 0 ? nil : "c\(flags)", valueIsVerbatim: flags & 4 != 0,
                    valueIsQuoted: flags & 8 != 0)
                var entry = try #require(file.entries.last)
                #expect(file.value(of: entry) == "v\(flags)" && file.comment(of: entry) == (flags & 1 == 0 ? nil : "c\(flags)"))
                #expect(file.value(at: 0) == nil && file.comment(of: file.entries[0]) == "first")
                #expect(file.value(of: entry, equals: "v\(flags)") && !file.value(of: entry, equals: "v"))
                #expect(entry.valueKind == kind && entry.keyLocation == key)
                #expect(entry.valueLocation == value)
                #expect(
                    [entry.loaded, entry.isShorthand, entry.valueIsVerbatim, entry.valueIsQuoted] == (0..<4).map { flags >> $0 & 1 != 0 })
                entry.loaded.toggle()
                entry.valueLocation = SourcePosition(line: 200_000_000, column: 1)
                #expect(entry.valueKind == kind && entry.loaded == (flags & 1 == 0) && entry.valueIsQuoted == (flags & 8 != 0))
                #expect(entry.valueLocation == SourcePosition(line: (1 << 26) - 1, column: 1))
                entry.valueLocation = nil
                #expect(entry.valueLocation == nil && entry.keyLocation == key && entry.valueKind == kind)
            }
        }
    }

    /// JSON values are stored inline (no box per node); a deep document still parses up to the
    /// depth limit and is refused beyond it, without exhausting the stack.
    @Test func jsonNodesAreInlineAndDepthIsBounded() {
        #expect(MemoryLayout<JSONNode>.size <= 32)
        #expect(MemoryLayout<PropertyListNode>.size <= 48)
        let limit = JSONReader.maximumDepth
        let deep = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(JSONReader.parse(bytes: Array(deep.utf8), path: "deep.json").root != nil)
        let tooDeep = String(repeating: "[", count: limit + 2) + String(repeating: "]", count: limit + 2)
        let refused = JSONReader.parse(bytes: Array(tooDeep.utf8), path: "deep.json")
        #expect(refused.root == nil && !refused.diagnostics.isEmpty)
    }

    @Test func aMillionEntryTable() {
        var text = ""
        text.reserveCapacity(24_000_000)
        for index in 0..<1_000_000 { text += "\"k\(index)\" = \"v\(index)\";\n" }
        let file = StringsParser.parse(bytes: Array(text.utf8), path: "big.strings")
        #expect(file.entries.count == 1_000_000)
        #expect(file.diagnostics.isEmpty)
        #expect(file.entries.last?.keyLocation == SourcePosition(line: 1_000_000, column: 1))
    }

    @Test func aHundredMegabyteValueAndAFileOfNULBytes() {
        // One value of 100 MB: parsed, and its position is still exact.
        var bytes = Array("\"big\" = \"".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)
        bytes += Array("\";\n\"after\" = \"ok\";\n".utf8)
        let big = StringsParser.parse(bytes: bytes, path: "huge.strings")
        #expect(big.entries.map(\.key) == ["big", "after"])
        #expect(big.entries.last?.keyLocation == SourcePosition(line: 2, column: 1))
        let zeros = StringsParser.parse(bytes: [UInt8](repeating: 0, count: 4096), path: "nul.strings")
        #expect(!zeros.loads)
        #expect(!zeros.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ([0xEF, 0xBB, 0xBF] as [UInt8], "utf-8-bom"),
        ([0xFF, 0xFE], "utf-16le-bom"),
        ([0xFE, 0xFF], "utf-16be-bom"),
        ([0xFF, 0xFE, 0x00, 0x00], "utf-32le-bom"),
        ([0x00, 0x00, 0xFE, 0xFF], "utf-32be-bom"),
    ])
    func everyByteOrderMark(bom: [UInt8], encoding: String) throws {
        let text = "\"a\" = \"é\";\r\n\"b\" = \"c\";\r\"d\" = \"e\";\n"
        var body: [UInt8]
        switch encoding {
        case "utf-16le-bom": body = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf-16be-bom": body = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case "utf-32le-bom": body = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> ($0 * 8)) & 0xFF) } }
        case "utf-32be-bom":
            body = text.unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8((scalar.value >> ($0 * 8)) & 0xFF) } }
        default: body = Array(text.utf8)
        }
        let file = StringsParser.parse(bytes: bom + body, path: "bom.strings")
        #expect(file.encoding.rawValue == encoding)
        #expect(file.loadedTable == ["a": "é", "b": "c", "d": "e"])
        #expect(file.entries.map { $0.keyLocation?.line } == [1, 2, 3])
    }

    @Test func pathsWithSpacesAndNonASCIICharacters() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("Ünïcode Tree \(UUID().uuidString)/App Ressourcen")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        for (locale, text) in [("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"Ä\"\n")] {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Lokalisiert ü.strings"))
        }
        let project = await ProjectLoader.load(roots: [root.path])
        #expect(project.files.count == 2)
        let error = try #require(project.allDiagnostics.first { $0.id == "strings-syntax-error" })
        #expect(error.path.hasSuffix("App Ressourcen/de.lproj/Lokalisiert ü.strings"))
        #expect(error.location == SourcePosition(line: 1, column: 10))
    }
}

/// Permission denied can only be produced for a user other than root (root reads every file).
@Suite(.enabled(if: getuid() != 0, "running as root: a file without read permission is still readable"))
struct PermissionTests {
    @Test func aFileWithoutReadPermissionIsADiagnostic() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-permission-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let locked = folder.appendingPathComponent("Locked.strings")
        try Data("\"a\" = \"b\";".utf8).write(to: locked)
        try Data("\"c\" = \"d\";".utf8).write(to: folder.appendingPathComponent("Open.strings"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked.path) }
        let project = await ProjectLoader.load(roots: [root.path])
        #expect(project.files.first { $0.path.hasSuffix("Locked.strings") }?.diagnostics.map(\.id) == ["file-unreadable"])
        #expect(project.files.first { $0.path.hasSuffix("Open.strings") }?.diagnostics.isEmpty == true)
    }
}

struct ColumnTests {
    /// Columns count scalars even when the bytes before them mix ASCII and multi-byte characters.
    @Test func columnsAfterLongMixedRuns() throws {
        let prefix = "/* ünïcödé 日本語 😀 ascii ascii ascii */ "
        let text = prefix + "\"k\" = \"v\"; \"ключ\" = \"значение\";\n"
        let file = StringsParser.parse(bytes: Array(text.utf8), path: "c.strings")
        let columns = file.entries.map { $0.keyLocation?.column }
        let expected = [prefix.unicodeScalars.count + 1, prefix.unicodeScalars.count + 12]
        #expect(columns == expected)
        #expect(file.entries.last?.valueLocation?.column == prefix.unicodeScalars.count + 21)
    }
}
