import Foundation
import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckFix

/// Decoding, positions and encoding back: an edit changes only its bytes, in any encoding.
struct EditableTextTests {
    @Test func everyEncodingComesBackByteForByte() throws {
        let text = "/* é */\r\n\"a\" = \"caf\\u00e9 😀\";\n"
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [Array(text.utf8), [0xEF, 0xBB, 0xBF] + Array(text.utf8), utf16LE, utf16BE] {
            let editable = try EditableText(bytes: bytes, path: "x.strings")
            #expect(editable.encoded(editable.utf8) == bytes)
            // Line 2, column 11 is the backslash after "caf" (columns count scalars).
            let offset = try #require(editable.offset(of: SourcePosition(line: 2, column: 11), lineStarts: editable.lineStarts))
            #expect(editable.utf8[offset] == UInt8(ascii: "\\"))
        }
    }

    /// Encoding back writes what encoding a text's scalars one by one writes, for UTF-8 that
    /// is not valid too (each bad sequence becomes U+FFFD, as `String(decoding:as:)` reads it).
    @Test func encodingAgreesWithEncodingEachScalar() throws {
        let text = "\"a\" = \"é 😀 \u{FEFF}\";\n"
        // Seeded: the same texts on every run, so a failure can be read again.
        var generator = SplitMix64(seed: 0xE7C0DE)
        let utf32LE: [UInt8] =
            [0xFF, 0xFE, 0, 0]
            + text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        let utf32BE: [UInt8] =
            [0, 0, 0xFE, 0xFF]
            + text.unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [utf16LE, utf16BE, utf32LE, utf32BE] {
            let editable = try EditableText(bytes: bytes, path: "x.strings")
            #expect(editable.encoded(editable.utf8) == bytes)
            let bom = Array(bytes.prefix(bytes == utf16LE || bytes == utf16BE ? 2 : 4))
            for _ in 0..<200 {
                let utf8 = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    [UInt8(ascii: "a"), 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x80, 0xE2].randomElement(using: &generator)!
                }
                let repaired = String(decoding: utf8, as: UTF8.self)
                let expected: [UInt8]
                switch bytes {
                case utf16LE: expected = bom + repaired.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                case utf16BE: expected = bom + repaired.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                case utf32LE:
                    expected = bom + repaired.unicodeScalars.flatMap { s in (0..<4).map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) } }
                default:
                    expected =
                        bom
                        + repaired.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) } }
                }
                #expect(editable.encoded(utf8) == expected, "\(utf8)")
            }
        }
    }

    @Test func undecodableTextIsRefused() {
        #expect(throws: EditRefusal.self) { try EditableText(bytes: [0x22, 0xFF, 0x22], path: "x.strings") }
        // UTF-16 without a byte order mark, which CoreFoundation misreads.
        #expect(throws: EditRefusal.self) { try EditableText(bytes: Array("\"a\"".utf16.flatMap { [UInt8($0), 0] }), path: "x.strings") }
    }

    @Test func overlappingEditsAreLeftForTheNextRun() {
        let text = Array("abcdef".utf8)
        let edit = { (range: Range<Int>, to: String) in
            TextEdit(range: range, replacement: Array(to.utf8), rule: "r", message: "", position: SourcePosition(line: 1, column: 1))
        }
        let (result, applied, skipped) = TextEdit.apply([edit(3..<5, "X"), edit(1..<2, "Y"), edit(4..<6, "Z")], to: text)
        #expect(String(decoding: result, as: UTF8.self) == "aYcXf")
        #expect(applied.count == 2 && skipped.count == 1)
    }

    @Test func unifiedDiffOfOneChangedLine() {
        let old = Array("a\nb\nc\nd\ne\nf\ng\nh\n".utf8)
        let new = Array("a\nb\nc\nd\nE\nf\ng\nh\n".utf8)
        #expect(
            UnifiedDiff.diff(old, new, path: "x.strings")
                == "--- a/x.strings\n+++ b/x.strings\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
        #expect(UnifiedDiff.diff(old, old, path: "x") == "")
        let noNewline = UnifiedDiff.diff(Array("a".utf8), Array("b".utf8), path: "x")
        #expect(noNewline == "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n")
    }

    /// Every .strings file of the corpus that decodes cleanly is cut into the entries the parser
    /// reads, and comes back byte for byte.
    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func corpusTablesRoundTrip() throws {
        var checked = 0
        for (relative, bytes) in Check.corpusFiles(endingWith: ".strings") {
            let path = relative
            guard let editable = try? EditableText(bytes: bytes, path: path) else { continue }
            #expect(editable.encoded(editable.utf8) == bytes, "\(relative)")
            let parsed = StringsParser.parse(bytes: bytes, path: path)
            guard parsed.loads, !parsed.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            let layout = try #require(StringsLayout(editable.utf8), "\(relative)")
            #expect(layout.entries.count == parsed.entries.count, "\(relative)")
            checked += 1
        }
        #expect(checked > 100)
    }
}
