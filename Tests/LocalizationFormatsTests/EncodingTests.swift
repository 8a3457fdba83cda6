import Foundation
import Testing

@testable import LocalizationFormats

/// Every encoding CoreFoundation detects, built byte by byte.
struct EncodingTests {
    static let text = "\"a\" = \"é😀\";\n\"b\" = \"x\";"

    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func utf32(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let v = scalar.value
            let bytes = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            return littleEndian ? bytes.reversed() : bytes
        }
    }

    /// The UTF-16 decoder takes four ASCII units at a time; texts mixing ASCII runs of every
    /// length and alignment with two-, three- and four-byte characters must come out as Swift's
    /// own transcoding makes them, in both byte orders.
    @Test(arguments: [true, false])
    func utf16DecodingMatchesTheStandardLibrary(littleEndian: Bool) {
        let pieces = ["a", "ab", "abc", "abcd", "abcdefg", "é", "€", "😀", "\u{7F}", "\u{80}", "\u{FF}", "\u{100}", "\n", "\u{2028}"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(state % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let bom: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let decoded = TextDecoder.decode(bom + Self.utf16(text, littleEndian: littleEndian))
            #expect(decoded.utf8 == Array(text.utf8), "\(text.debugDescription)")
            #expect(decoded.problems.isEmpty)
        }
    }

    @Test(arguments: [
        ("utf-8", Array(text.utf8), TextEncoding.utf8),
        ("utf-8 bom", [0xEF, 0xBB, 0xBF] + Array(text.utf8), .utf8BOM),
        ("utf-16le bom", [0xFF, 0xFE] + utf16(text, littleEndian: true), .utf16LEBOM),
        ("utf-16be bom", [0xFE, 0xFF] + utf16(text, littleEndian: false), .utf16BEBOM),
        ("utf-32le bom", [0xFF, 0xFE, 0, 0] + utf32(text, littleEndian: true), .utf32LEBOM),
        ("utf-32be bom", [0, 0, 0xFE, 0xFF] + utf32(text, littleEndian: false), .utf32BEBOM),
    ])
    func loadableEncodings(name: String, bytes: [UInt8], encoding: TextEncoding) {
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(file.encoding == encoding, "\(name)")
        #expect(file.loads, "\(name)")
        #expect(file.loadedTable == ["a": "é😀", "b": "x"], "\(name)")
        #expect(file.entries.last?.keyLocation == SourcePosition(line: 2, column: 1), "\(name)")
        #expect(file.diagnostics.isEmpty, "\(name)")
        // Foundation agrees on every one of these.
        let foundation = Oracle.quietly { try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) }
        #expect((foundation as? [String: String]) == ["a": "é😀", "b": "x"], "\(name)")
    }

    @Test(arguments: [true, false])
    func utf16WithoutBOMIsDecodedButDoesNotLoad(littleEndian: Bool) throws {
        let file = StringsParser.parse(bytes: Self.utf16(Self.text, littleEndian: littleEndian), path: "x.strings")
        #expect(file.encoding == (littleEndian ? .utf16LE : .utf16BE))
        #expect(!file.loads)
        #expect(file.entries.map(\.key) == ["a", "b"])
        #expect(file.diagnostics.map(\.id) == ["utf16-without-bom"])
    }

    @Test func invalidUTF8IsReportedWithItsByteOffset() throws {
        let bytes = Array("\"a\" = \"ok\";\n\"b\" = \"caf".utf8) + [0xE9] + Array("\";".utf8)
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(!file.loads)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.id == "invalid-encoding")
        #expect(diagnostic.byteOffset == 22)
        #expect(diagnostic.location == SourcePosition(line: 2, column: 11))
        #expect(file.entries.map(\.key) == ["a", "b"])
    }

    @Test func manyUndecodableBytesAreCountedNotListed() throws {
        // Twenty diagnostics at most: a Latin-1 file saved as UTF-8 would otherwise bury the rest.
        let bytes = Array("\"a\" = \"".utf8) + [UInt8](repeating: 0xE9, count: 25) + Array("\";\n".utf8)
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(!file.loads)
        #expect(file.diagnostics.count == 20)
        #expect(file.diagnostics.allSatisfy { $0.id == "invalid-encoding" })
        #expect(file.diagnostics.last?.message.hasSuffix("(and 5 more undecodable sequences)") == true)
    }

    @Test func utf32ValuesBeyondUnicodeAreNotScalars() throws {
        // UTF-32 BE with a BOM; the second unit, 0x110000, is past the last code point.
        var bytes: [UInt8] = [0, 0, 0xFE, 0xFF]
        for scalar in "\"a\" = \"".unicodeScalars { bytes += [0, 0, 0, UInt8(scalar.value)] }
        bytes += [0, 0x11, 0, 0]
        for scalar in "\";".unicodeScalars { bytes += [0, 0, 0, UInt8(scalar.value)] }
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(!file.loads)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.id == "invalid-encoding")
        #expect(diagnostic.message.hasPrefix("0x110000 at byte offset 32 is not a Unicode scalar"))
        #expect(diagnostic.byteOffset == 32)
    }

    @Test func parsingAFileByURLReadsItOrSaysWhyNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("by-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Localizable.strings")
        try Data("\"a\" = \"b\";\n".utf8).write(to: url)
        let file = StringsParser.parse(contentsOf: url, displayPath: "en.lproj/Localizable.strings")
        #expect(file.path == "en.lproj/Localizable.strings")
        #expect(file.loadedTable == ["a": "b"])
        let missing = StringsParser.parse(contentsOf: folder.appendingPathComponent("absent.strings"), displayPath: "absent.strings")
        #expect(!missing.loads)
        #expect(missing.diagnostics.map(\.message) == ["cannot read the file: no such file or directory"])
        let folderItself = StringsParser.parse(contentsOf: folder, displayPath: "folder.strings")
        #expect(folderItself.diagnostics.map(\.message) == ["cannot read the file: is a directory"])
    }

    @Test func truncatedUTF16IsReported() {
        let bytes = [0xFF, 0xFE] + Self.utf16("\"a\" = \"b\";", littleEndian: true) + [0x41]
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(!file.loads)
        #expect(file.diagnostics.first?.id == "invalid-encoding")
        #expect(file.diagnostics.first?.byteOffset == 22)
    }

    @Test func loneSurrogateInUTF16TextIsAWarning() {
        let bytes: [UInt8] =
            [0xFF, 0xFE] + Self.utf16("\"a\" = \"", littleEndian: true) + [0x00, 0xD8] + Self.utf16("\";", littleEndian: true)
        let file = StringsParser.parse(bytes: bytes, path: "x.strings")
        #expect(file.loads)
        #expect(file.loadedTable["a"] == "\u{FFFD}")
        #expect(file.diagnostics.map(\.id) == ["lone-surrogate"])
    }

    @Test func emptyAndBOMOnlyFiles() {
        for bytes: [UInt8] in [[], [0xEF, 0xBB, 0xBF]] {
            let file = StringsParser.parse(bytes: bytes, path: "x.strings")
            #expect(!file.loads)
            #expect(file.diagnostics.map(\.id) == ["empty-file"])
            #expect(file.diagnostics.first?.severity == .warning)
        }
    }

    @Test func crlfAndCRLineEndsCountAsOneLine() {
        let file = StringsParser.parse(bytes: Array("\"a\" = \"1\";\r\n\r\n\"b\" = \"2\";\r\"c\" = \"3\";".utf8), path: "x.strings")
        #expect(file.entries.map(\.keyLocation?.line) == [1, 3, 4])
    }

    @Test func binaryPropertyListIsReadWithoutPositions() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": "1", "b": "2"], format: .binary, options: 0)
        let file = StringsParser.parse(bytes: [UInt8](data), path: "x.strings")
        #expect(file.encoding == .binaryPropertyList)
        #expect(file.loads)
        #expect(file.loadedTable == ["a": "1", "b": "2"])
        #expect(file.entries.allSatisfy { $0.keyLocation == nil })
        #expect(file.diagnostics.map(\.id) == ["binary-plist"])
        #expect(file.diagnostics.first?.severity == .note)
    }

    /// A binary property list may give thousands of keys one string object (a small file for a
    /// large table): equal values are held once, not once per key.
    @Test func binaryPropertyListSharedStringsAreHeldOnce() throws {
        let value = String(repeating: "x", count: 4_096)
        let table = Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("k\($0)", value) })
        let data = try PropertyListSerialization.data(fromPropertyList: table, format: .binary, options: 0)
        let file = StringsParser.parse(bytes: [UInt8](data), path: "x.strings")
        #expect(file.loads && file.entries.count == 2_000)
        #expect(file.text.count == value.utf8.count)
        #expect(file.loadedTable == table)
    }

    @Test func corruptBinaryPropertyListDoesNotLoad() {
        let file = StringsParser.parse(bytes: Array("bplist00garbage".utf8), path: "x.strings")
        #expect(!file.loads)
        #expect(file.diagnostics.contains { $0.severity == .error })
    }

    @Test func truncatedBinaryPropertyListIsCorruptAndLoadsNothing() throws {
        // A real binary plist cut short: its trailer (offsets of the object table) is gone, so
        // Foundation throws instead of falling back to reading the bytes as text.
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": "1", "b": "2"], format: .binary, options: 0)
        let cut = [UInt8](data.prefix(data.count - 8))
        #expect((Oracle.quietly { try? PropertyListSerialization.propertyList(from: Data(cut), format: nil) }) == nil)
        let file = StringsParser.parse(bytes: cut, path: "x.strings")
        #expect(file.encoding == .binaryPropertyList)
        #expect(!file.loads)
        #expect(file.entries.isEmpty)
        #expect(file.diagnostics.map(\.id) == ["plist-invalid-structure"])
        #expect(file.diagnostics.first?.severity == .error)
        let document = PropertyListReader.read(bytes: cut, path: "x.stringsdict")
        #expect(document.isBinary && !document.loads && document.root == nil)
    }

    @Test func binaryPropertyListKeepsEveryValueType() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let object: [String: Any] = [
            "text": "Hello", "count": 3, "ratio": 1.5, "flag": true, "when": date, "blob": Data([1, 2, 3]),
            "list": ["x", 2], "nested": ["inner": "value"],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let document = PropertyListReader.read(bytes: [UInt8](data), path: "x.plist")
        #expect(document.loads && document.isBinary)
        let entries = try #require(document.root?.dictionary)
        // Keys come back sorted: a binary plist's dictionary has no source order to keep.
        #expect(entries.map(\.key) == ["blob", "count", "flag", "list", "nested", "ratio", "text", "when"])
        let types = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value.typeName) })
        #expect(
            types == [
                "blob": "data", "count": "integer", "flag": "boolean", "list": "array", "nested": "dictionary", "ratio": "real",
                "text": "string", "when": "date",
            ])
        #expect(entries.allSatisfy { $0.keyLocation == nil && $0.value.location == nil })
        // As a table, only the string loads as text; every other value is reported by key.
        let file = StringsParser.parse(bytes: [UInt8](data), path: "x.strings")
        #expect(file.loadedTable == ["text": "Hello"])
        let reported = file.diagnostics.filter { $0.id == "non-string-value" }.map(\.message)
        #expect(reported.count == 7)
        #expect(reported.contains { $0.hasPrefix("the value of 'list' is an array") })
        #expect(file.entries.first { $0.key == "nested" }?.valueKind == .dictionary)
        #expect(file.entries.first { $0.key == "blob" }?.valueKind == .data)
    }

    @Test func emptyPropertyListIsReportedNotParsed() {
        let document = PropertyListReader.read(bytes: [], path: "x.stringsdict")
        #expect(!document.loads && document.root == nil && !document.isBinary)
        #expect(document.diagnostics.map(\.id) == ["empty-file"])
    }

    @Test func xmlPropertyListStringsFile() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>greeting</key>
              <string>Hello</string>
              <key>count</key><integer>3</integer>
            </dict>
            </plist>
            """
        let file = StringsParser.parse(bytes: Array(xml.utf8), path: "x.strings")
        #expect(file.loadedTable == ["greeting": "Hello"])
        #expect(file.entries.first?.keyLocation == SourcePosition(line: 4, column: 3))
        #expect(file.entries.first?.valueLocation == SourcePosition(line: 5, column: 3))
        #expect(file.diagnostics.map(\.id) == ["non-string-value"])
        #expect(file.diagnostics.first?.location == SourcePosition(line: 6, column: 19))
    }

    /// A large text is validated in halves at once: the first invalid byte is found wherever it
    /// is, in a sequence cut by the middle included, as one pass over the whole finds it.
    @Test func largeTextsAreValidatedInHalvesWithTheSameAnswer() {
        let unit = Array("é😀 text ".utf8)
        let whole = Array(repeatElement(unit, count: (64 << 10) / unit.count).joined())
        let middle = whole.count / 2
        func halves(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { TextDecoder.firstInvalidUTF8($0, splittingAbove: 1 << 10) }
        }
        func onePass(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { TextDecoder.firstInvalidUTF8(inOneRun: $0) } }
        #expect(halves(whole) == whole.count)
        // Each byte around the middle (and a few far from it) replaced by an invalid byte, an
        // ASCII letter, a lead byte and a continuation byte.
        for offset in Array(middle - 8...middle + 8) + [10, whole.count - 1] {
            for byte: UInt8 in [0xFF, UInt8(ascii: "a"), 0xF0, 0x80] {
                var changed = whole
                changed[offset] = byte
                #expect(halves(changed) == onePass(changed), "\(byte) at \(offset)")
            }
        }
        #expect(onePass(whole) == whole.count)
    }

    /// The first invalid byte is found wherever it lies against the reader's words (32 and 8
    /// bytes), and a valid text of any length is read to its end and no further.
    @Test func theFirstInvalidByteIsFoundAtEveryOffset() {
        func firstInvalid(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { TextDecoder.firstInvalidUTF8(inOneRun: $0) } }
        for length in 0...80 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(firstInvalid(ascii) == length, "length \(length)")
            #expect(firstInvalid(ascii + [0xC3, 0xA9]) == length + 2, "é after \(length)")
            for offset in 0..<length {
                var changed = ascii
                changed[offset] = 0xFF
                #expect(firstInvalid(changed) == offset, "0xFF at \(offset) of \(length)")
            }
        }
    }
}
