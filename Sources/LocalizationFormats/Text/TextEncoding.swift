/// The encoding a text file was stored in, as detected the way CoreFoundation detects it.
public enum TextEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    case utf8 = "utf-8"
    case utf8BOM = "utf-8-bom"
    case utf16LEBOM = "utf-16le-bom"
    case utf16BEBOM = "utf-16be-bom"
    /// UTF-16 without a byte order mark: CoreFoundation takes it for UTF-16 but misreads it.
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case utf32LEBOM = "utf-32le-bom"
    case utf32BEBOM = "utf-32be-bom"
    /// A compiled binary property list (`bplist00`); not text at all.
    case binaryPropertyList = "binary-plist"

    public var isUTF16: Bool {
        switch self {
        case .utf16LE, .utf16BE, .utf16LEBOM, .utf16BEBOM: true
        default: false
        }
    }
}

/// A problem met while decoding bytes into text.
public struct DecodingProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case invalidUTF8(byte: UInt8)
        case truncatedUnit(byteCount: Int)
        case loneSurrogate(UInt16)
        case invalidScalar(UInt32)
    }

    public var kind: Kind
    /// Offset of the offending bytes in the file as stored.
    public var byteOffset: Int
    /// Offset in the decoded UTF-8 text where U+FFFD stands in for them.
    public var decodedOffset: Int
}

/// Text decoded to UTF-8, the one representation every parser here works on.
public struct DecodedText: Sendable {
    public var utf8: [UInt8]
    public var encoding: TextEncoding
    /// The first `DecodedText.keptProblems` problems and the first of each kind after them, in
    /// text order; `problemCount` counts them all.
    public var problems: [DecodingProblem]
    /// How many problems the text had, kept or not.
    public var problemCount: Int

    /// How many problems are kept with their places: no report names more, and a file of
    /// nothing but bad bytes must not cost a record per byte.
    public static let keptProblems = 20

    /// Past this many problems that make Foundation reject the file (not lone surrogates), the
    /// bytes are taken for something other than text and decoding stops: the file loads nothing
    /// on a device anyway, and each bad byte would take three bytes (U+FFFD) to keep.
    public static let maximumRejectingProblems = 1_000

    /// Whether decoding stopped at `maximumRejectingProblems`; `utf8` then holds only the start.
    public var gaveUp = false

    public init(utf8: [UInt8], encoding: TextEncoding, problems: [DecodingProblem], problemCount: Int? = nil) {
        self.utf8 = utf8
        self.encoding = encoding
        self.problems = problems
        self.problemCount = problemCount ?? problems.count
    }
}

/// Problems as they are met: the first few kept, and the first of each kind after them (a file
/// Foundation rejects stays rejected however many harmless problems come first); every one counted.
struct ProblemLog {
    var kept: [DecodingProblem] = []
    var count = 0
    private var kinds: Set<Int> = []

    /// Problems that make Foundation reject the file.
    private(set) var rejecting = 0
    var gaveUp: Bool { rejecting > DecodedText.maximumRejectingProblems }

    mutating func append(_ problem: DecodingProblem) {
        count += 1
        if case .loneSurrogate = problem.kind {} else { rejecting += 1 }
        let kind =
            switch problem.kind {
            case .invalidUTF8: 0
            case .truncatedUnit: 1
            case .loneSurrogate: 2
            case .invalidScalar: 3
            }
        if kept.count < DecodedText.keptProblems || !kinds.contains(kind) {
            kept.append(problem)
            kinds.insert(kind)
        }
    }
}

/// Decodes the bytes of a text resource, detecting the encoding as `CFPropertyList` does.
public enum TextDecoder {
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Detects the encoding from byte order marks and NUL bytes (CoreFoundation's
    /// `encodingForXMLData`), and returns the encoding and the number of BOM bytes to skip.
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (TextEncoding, skip: Int) {
        let count = bytes.count
        if count >= 8, bytes[0] == 0x62, Array(bytes[0..<8]) == Array("bplist00".utf8) {
            return (.binaryPropertyList, 0)
        }
        if count > 4 {
            if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return (.utf32BEBOM, 4) }
            if bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return (.utf32LEBOM, 4) }
        }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8BOM, 3) }
        if count >= 2 {
            if bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LEBOM, 2) }
            if bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BEBOM, 2) }
        }
        if count > 2, bytes[0] == 0 || bytes[1] == 0 {
            // CoreFoundation calls this "Unicode" and reads it in host order after skipping two
            // bytes, which garbles it; we decode it properly so its entries can still be reported.
            return (bytes[0] != 0 ? .utf16LE : .utf16BE, 0)
        }
        return (.utf8, 0)
    }

    /// Decodes `bytes` to UTF-8, replacing undecodable input with U+FFFD and recording where.
    public static func decode(_ bytes: [UInt8]) -> DecodedText {
        // The common case: UTF-8 without a byte order mark, valid. The bytes are the text: no copy.
        if bytes.withUnsafeBufferPointer(isPlainUTF8) { return DecodedText(utf8: bytes, encoding: .utf8, problems: []) }
        return bytes.withUnsafeBufferPointer(decode(notPlain:))
    }

    /// Decodes bytes that are not plain UTF-8 (`isPlainUTF8`), where they lie (a mapped file's).
    static func decode(notPlain buffer: UnsafeBufferPointer<UInt8>) -> DecodedText {
        let (encoding, skip) = detect(buffer)
        let body = UnsafeBufferPointer(rebasing: buffer[skip...])
        var problems = ProblemLog()
        let utf8: [UInt8]
        switch encoding {
        case .utf8, .utf8BOM, .binaryPropertyList:
            utf8 = decodeUTF8(body, base: skip, problems: &problems)
        case .utf16LE, .utf16LEBOM:
            utf8 = decodeUTF16(body, littleEndian: true, base: skip, problems: &problems)
        case .utf16BE, .utf16BEBOM:
            utf8 = decodeUTF16(body, littleEndian: false, base: skip, problems: &problems)
        case .utf32LEBOM:
            utf8 = decodeUTF32(body, littleEndian: true, base: skip, problems: &problems)
        case .utf32BEBOM:
            utf8 = decodeUTF32(body, littleEndian: false, base: skip, problems: &problems)
        }
        var decoded = DecodedText(utf8: utf8, encoding: encoding, problems: problems.kept, problemCount: problems.count)
        decoded.gaveUp = problems.gaveUp
        return decoded
    }

    /// Whether `bytes` are valid UTF-8 without a byte order mark: the text as they are.
    static func isPlainUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        detect(bytes) == (.utf8, 0) && firstInvalidUTF8(bytes) == bytes.count
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence, or the count when all is
    /// valid. ASCII is skipped thirty-two or eight bytes at a time; a large text's halves are read at once, one
    /// per core (a large catalog's reading waits for this alone).
    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>, splittingAbove minimumSize: Int = 4 << 20) -> Int {
        guard b.count >= minimumSize else { return firstInvalidUTF8(inOneRun: b) }
        // Halves split before a byte that is no continuation byte: no valid sequence crosses the
        // split, and an invalid one ends the first half's read where it ends the whole's.
        var middle = b.count / 2
        while middle < b.count, b[middle] & 0xC0 == 0x80, middle < b.count / 2 + 4 { middle += 1 }
        guard middle < b.count, b[middle] & 0xC0 != 0x80 else { return firstInvalidUTF8(inOneRun: b) }
        let halves = [0..<middle, middle..<b.count].concurrentMap { range in
            firstInvalidUTF8(inOneRun: UnsafeBufferPointer(rebasing: b[range])) + range.lowerBound
        }
        return halves[0] < middle ? halves[0] : halves[1]
    }

    static func firstInvalidUTF8(inOneRun b: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        let count = b.count
        guard let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        // Whether the last step read ASCII: only then are thirty-two bytes tried at once (a text
        // in a script outside ASCII would fail the try at every character).
        var inASCII = true
        while index < count {
            // Thirty-two bytes at a time while all are ASCII (nearly all of a catalog), then eight.
            while inASCII, index &+ 32 <= count {
                let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                let third = raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
                let fourth = raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
                let words = first | second | third | fourth
                guard words & 0x8080_8080_8080_8080 == 0 else { break }
                index &+= 32
            }
            if index == count { break }
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                inASCII = true
                continue
            }
            if b[index] < 0x80 {
                index += 1
                continue
            }
            let length = validSequenceLength(b, index)
            if length == 0 { return index }
            index += length
            inASCII = false
        }
        return count
    }

    /// Length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid.
    @inline(__always)
    static func validSequenceLength(_ b: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        let count = b.count
        let lead = b[index]
        @inline(__always) func cont(_ offset: Int) -> Bool {
            index + offset < count && b[index + offset] & 0xC0 == 0x80
        }
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            return cont(1) ? 2 : 0
        case 0xE0:
            return index + 2 < count && (0xA0...0xBF).contains(b[index + 1]) && cont(2) ? 3 : 0
        case 0xED:
            return index + 2 < count && (0x80...0x9F).contains(b[index + 1]) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(1) && cont(2) ? 3 : 0
        case 0xF0:
            return index + 3 < count && (0x90...0xBF).contains(b[index + 1]) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3:
            return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4:
            return index + 3 < count && (0x80...0x8F).contains(b[index + 1]) && cont(2) && cont(3) ? 4 : 0
        default:
            return 0
        }
    }

    private static func decodeUTF8(
        _ b: UnsafeBufferPointer<UInt8>, base: Int, problems: inout ProblemLog
    ) -> [UInt8] {
        var index = firstInvalidUTF8(b)
        let count = b.count
        if index == count { return Array(b) }
        var out: [UInt8] = []
        out.reserveCapacity(count + 16)
        out.append(contentsOf: b[0..<index])
        while index < count {
            let length = b[index] < 0x80 ? 1 : validSequenceLength(b, index)
            if length == 0 {
                problems.append(
                    DecodingProblem(
                        kind: .invalidUTF8(byte: b[index]), byteOffset: base + index, decodedOffset: out.count))
                if problems.gaveUp { break }
                out.append(contentsOf: replacement)
                index += 1
            } else {
                out.append(contentsOf: b[index..<(index + length)])
                index += length
            }
        }
        return out
    }

    @inline(__always)
    static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (value >> 6)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (value >> 18)))
            out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    private static func decodeUTF16(
        _ b: UnsafeBufferPointer<UInt8>, littleEndian: Bool, base: Int, problems: inout ProblemLog
    ) -> [UInt8] {
        let units = b.count / 2
        // At most three UTF-8 bytes per UTF-16 unit, plus a replacement for an odd last byte.
        var found = ProblemLog()
        let out = [UInt8](unsafeUninitializedCapacity: units * 3 + 3) { buffer, initialized in
            var n = 0
            @inline(__always) func unit(_ i: Int) -> UInt16 {
                littleEndian
                    ? UInt16(b[2 * i]) | UInt16(b[2 * i + 1]) << 8
                    : UInt16(b[2 * i]) << 8 | UInt16(b[2 * i + 1])
            }
            @inline(__always) func put(_ value: UInt32) {
                switch value {
                case 0..<0x80:
                    buffer[n] = UInt8(value)
                    n += 1
                case 0x80..<0x800:
                    buffer[n] = UInt8(0xC0 | (value >> 6))
                    buffer[n + 1] = UInt8(0x80 | (value & 0x3F))
                    n += 2
                case 0x800..<0x10000:
                    buffer[n] = UInt8(0xE0 | (value >> 12))
                    buffer[n + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    buffer[n + 2] = UInt8(0x80 | (value & 0x3F))
                    n += 3
                default:
                    buffer[n] = UInt8(0xF0 | (value >> 18))
                    buffer[n + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                    buffer[n + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    buffer[n + 3] = UInt8(0x80 | (value & 0x3F))
                    n += 4
                }
            }
            var i = 0
            // Four ASCII units at a time: one load, one test, one store of four bytes.
            let asciiMask: UInt64 = littleEndian ? 0xFF80_FF80_FF80_FF80 : 0x80FF_80FF_80FF_80FF
            let lowShift: UInt64 = littleEndian ? 0 : 8
            let raw = UnsafeRawPointer(b.baseAddress)
            let target = UnsafeMutableRawPointer(buffer.baseAddress)
            while i < units {
                if let raw, let target, i + 4 <= units {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self))
                    if word & asciiMask == 0 {
                        let low = word >> lowShift
                        let packed = (low & 0xFF) | (low >> 8 & 0xFF00) | (low >> 16 & 0xFF_0000) | (low >> 24 & 0xFF00_0000)
                        target.storeBytes(of: UInt32(truncatingIfNeeded: packed).littleEndian, toByteOffset: n, as: UInt32.self)
                        n += 4
                        i += 4
                        continue
                    }
                }
                let u = unit(i)
                if u < 0x80 {
                    buffer[n] = UInt8(u)
                    n += 1
                } else if u >= 0xD800, u <= 0xDBFF, i + 1 < units, (0xDC00...0xDFFF).contains(unit(i + 1)) {
                    // A pair takes two units and writes four bytes: within the capacity.
                    put(0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(unit(i + 1) - 0xDC00))
                    i += 1
                } else if u >= 0xD800, u <= 0xDFFF {
                    found.append(DecodingProblem(kind: .loneSurrogate(u), byteOffset: base + 2 * i, decodedOffset: n))
                    put(0xFFFD)
                } else {
                    put(UInt32(u))
                }
                i += 1
            }
            if b.count % 2 != 0 {
                found.append(DecodingProblem(kind: .truncatedUnit(byteCount: 1), byteOffset: base + b.count - 1, decodedOffset: n))
                put(0xFFFD)
            }
            initialized = n
        }
        for problem in found.kept { problems.append(problem) }
        problems.count += found.count - found.kept.count
        return out
    }

    private static func decodeUTF32(
        _ b: UnsafeBufferPointer<UInt8>, littleEndian: Bool, base: Int, problems: inout ProblemLog
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count / 4 + 16)
        let units = b.count / 4
        for i in 0..<units {
            let o = 4 * i
            let value: UInt32 =
                littleEndian
                ? UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
                : UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
            if value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                problems.append(
                    DecodingProblem(kind: .invalidScalar(value), byteOffset: base + o, decodedOffset: out.count))
                if problems.gaveUp { return out }
                out.append(contentsOf: replacement)
            } else {
                appendScalar(value, to: &out)
            }
        }
        if b.count % 4 != 0 {
            problems.append(
                DecodingProblem(
                    kind: .truncatedUnit(byteCount: b.count % 4), byteOffset: base + units * 4,
                    decodedOffset: out.count))
            out.append(contentsOf: replacement)
        }
        return out
    }
}
