/// Byte ranges of the parts of a JSON text the reader has already accepted: where a value ends,
/// and what to cut to remove an object's member with the comma that separates it.
public enum JSONSpan {
    /// The offset just past the value that starts at `start` (after any white space), or nil when
    /// the text ends first.
    public static func valueEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = skipSpace(bytes, start)
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(bytes, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            while index < bytes.count, !delimiters.contains(bytes[index]) { index += 1 }
            return index
        }
    }

    /// The bytes to cut to remove the member whose key's opening quote is at `keyStart`: with the
    /// comma before it, or, for a first member, the comma after it and the space up to the next
    /// key, so the object stays valid and its layout as it was.
    public static func memberRemoval(in bytes: [UInt8], keyStart: Int) -> Range<Int>? {
        guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\""), let keyEnd = stringEnd(bytes, keyStart) else { return nil }
        let colon = skipSpace(bytes, keyEnd)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"), let valueEnd = valueEnd(in: bytes, from: colon + 1) else {
            return nil
        }
        var before = keyStart
        while before > 0, isSpace(bytes[before - 1]) { before -= 1 }
        if before > 0, bytes[before - 1] == UInt8(ascii: ",") { return (before - 1)..<valueEnd }
        let after = skipSpace(bytes, valueEnd)
        guard after < bytes.count else { return nil }
        if bytes[after] == UInt8(ascii: ",") { return keyStart..<skipSpace(bytes, after + 1) }
        return keyStart..<valueEnd
    }

    static let delimiters: Set<UInt8> = [
        UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), 0x09, 0x0A, 0x0D,
    ]

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Past the closing quote of the string whose opening quote is at `start`.
    static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }
}
