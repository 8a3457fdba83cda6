import Foundation

/// Parses `.strings` files exactly as CoreFoundation reads them, with positions and recovery.
///
/// The grammar is `CFOldStylePList.c`'s: a file is one property list object; when it starts with a
/// string followed by more text it is re-read as the content of a dictionary without braces.
/// Where CoreFoundation fails, we report and carry on at the next line so one typo does not hide the
/// rest; where it silently stops reading, we report that and mark what follows as not loaded.
public enum StringsParser {
    /// CoreFoundation's `MAX_DEPTH` for nested arrays and dictionaries on 64-bit platforms.
    static let maximumDepth = 512

    /// Reads and parses a file; a file that cannot be read gives a `file-unreadable` diagnostic,
    /// worded as the project loader words it.
    public static func parse(contentsOf url: URL, displayPath: String) -> StringsFile {
        switch FileBytes.read(url.path) {
        case .success(let bytes):
            return parse(bytes: bytes, path: displayPath)
        case .failure(let error):
            let diagnostic = Diagnostic.unreadable(error, path: displayPath)
            return StringsFile(path: displayPath, encoding: .utf8, diagnostics: [diagnostic], loads: false)
        }
    }

    /// `keyPool`: the keys of another locale's file of the table, which this file's keys share
    /// where they match (see `KeyPool`).
    public static func parse(bytes: [UInt8], path: String, keyPool: KeyPool? = nil) -> StringsFile {
        if bytes.isEmpty {
            let diagnostic = Diagnostic(.emptyFile, .stringsEmptyFile, path: path, at: SourcePosition(line: 1, column: 1))
            return StringsFile(path: path, encoding: .utf8, diagnostics: [diagnostic], loads: false)
        }
        // Entries address their text with 32-bit offsets, and decoding can make the text up to
        // three times the bytes (each undecodable byte becomes U+FFFD): below 1 GB it fits.
        guard bytes.count < 1 << 30 else {
            let diagnostic = Diagnostic(
                .fileTooLarge, .stringsFileTooLarge(bytes: bytes.count), path: path, at: SourcePosition(line: 1, column: 1))
            return StringsFile(path: path, encoding: .utf8, diagnostics: [diagnostic], loads: false)
        }
        let decoded = TextDecoder.decode(bytes)
        if decoded.encoding == .binaryPropertyList {
            return BinaryPropertyListReader.readStrings(bytes: bytes, path: path)
        }
        let lines = LineTable(utf8: decoded.utf8)
        var diagnostics: [Diagnostic] = []
        var loads = true
        for problem in decoded.problems {
            let (diagnostic, fatal) = decodingDiagnostic(problem, encoding: decoded.encoding, path: path, lines: lines)
            diagnostics.append(diagnostic)
            if fatal { loads = false }
        }
        if decoded.problemCount > decoded.problems.count {
            let index = min(DecodedText.keptProblems, diagnostics.count) - 1
            diagnostics[index].message +=
                ParseMessage.moreUndecodableSequences(count: decoded.problemCount - decoded.problems.count, atLeast: decoded.gaveUp).text
        }
        if decoded.gaveUp, let last = diagnostics.indices.last {
            // Not text: its entries would be noise, and keeping them costs three bytes a bad byte.
            diagnostics[last].message += Self.notText
            return StringsFile(path: path, encoding: decoded.encoding, diagnostics: diagnostics, loads: false)
        }
        switch decoded.encoding {
        case .utf16LE, .utf16BE:
            loads = false
            diagnostics.append(
                Diagnostic(
                    .utf16WithoutBOM, .utf16WithoutBOM(littleEndian: decoded.encoding == .utf16LE), path: path,
                    at: SourcePosition(line: 1, column: 1)))
        default:
            break
        }
        if decoded.utf8.isEmpty {
            diagnostics.append(
                Diagnostic(.emptyFile, .stringsOnlyByteOrderMark, path: path, at: SourcePosition(line: 1, column: 1)))
            return StringsFile(path: path, encoding: decoded.encoding, diagnostics: diagnostics, loads: false)
        }
        if looksLikeXML(decoded.utf8) {
            var file = XMLStringsReader.read(bytes: bytes, path: path)
            file.encoding = decoded.encoding
            file.diagnostics = diagnostics + file.diagnostics
            if !loads { file.markNotLoaded() }
            return file
        }
        var result = decoded.utf8.withUnsafeBufferPointer { buffer in
            var parser = OldStyleStringsParser(bytes: buffer)
            parser.keyPool = keyPool
            // Tables hold about one entry per line: reserving that once avoids regrowing (and
            // copying) the entry array a dozen times.
            parser.entries.reserveCapacity(lines.lineCount)
            parser.offsets.reserveCapacity(lines.lineCount)
            // Values and comments are most of a table's text: one allocation, rarely regrown.
            parser.text.reserveCapacity(buffer.count)
            parser.parseFile()
            return parser.finish(path: path, lines: lines, encoding: decoded.encoding, decodable: loads)
        }
        result.diagnostics = diagnostics + result.diagnostics
        return result
    }

    /// CoreFoundation tries the XML parser first when the text starts like XML.
    static func looksLikeXML(_ utf8: [UInt8]) -> Bool {
        var index = 0
        while index < utf8.count, utf8[index] == 0x20 || (utf8[index] >= 0x09 && utf8[index] <= 0x0D) { index += 1 }
        for prefix in ["<?xml", "<!DOCTYPE", "<plist"] {
            let p = Array(prefix.utf8)
            if utf8.count - index >= p.count, Array(utf8[index..<(index + p.count)]) == p { return true }
        }
        return false
    }

    /// What a file that is not text is told, after its first undecodable sequences.
    static let notText = ParseMessage.notText(limit: DecodedText.maximumRejectingProblems).text

    static func decodingDiagnostic(
        _ problem: DecodingProblem, encoding: TextEncoding, path: String, lines: LineTable
    ) -> (Diagnostic, fatal: Bool) {
        let location = lines.location(ofByte: problem.decodedOffset)
        switch problem.kind {
        case .invalidUTF8(let byte):
            return (
                Diagnostic(
                    .invalidEncoding, .invalidUTF8Byte(byte: byte, offset: problem.byteOffset), path: path, at: location,
                    byteOffset: problem.byteOffset), true
            )
        case .truncatedUnit(let count):
            return (
                Diagnostic(
                    .invalidEncoding, .truncatedCharacter(encoding: encoding, strayBytes: count, offset: problem.byteOffset), path: path,
                    at: location, byteOffset: problem.byteOffset), true
            )
        case .invalidScalar(let value):
            return (
                Diagnostic(
                    .invalidEncoding, .invalidScalar(value: value, offset: problem.byteOffset), path: path, at: location,
                    byteOffset: problem.byteOffset), true
            )
        case .loneSurrogate(let unit):
            return (
                Diagnostic(
                    .loneSurrogate, .unpairedSurrogateInFile(unit: unit, offset: problem.byteOffset), path: path, at: location,
                    byteOffset: problem.byteOffset), false
            )
        }
    }
}

extension StringsFile {
    mutating func markNotLoaded() {
        loads = false
        for index in entries.indices { entries[index].loaded = false }
    }
}
