import LocalizationFormats

/// A JSON value written by hand: keys sorted, output byte-for-byte deterministic, and faster
/// than `JSONEncoder` for large reports.
enum JSONValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Two-space indented, keys sorted, a newline at the end.
    func rendered() -> String {
        var out: [UInt8] = []
        write(into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as UTF-8 bytes: appending to a `String` checked and recounted it on every append.
    /// A long array's items are written on all cores, each share into its own buffer.
    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value): out.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            guard !items.isEmpty else {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(contentsOf: "[\n".utf8)
            if items.count >= Self.parallelItems {
                let share = (items.count + 15) / 16
                let parts = stride(from: 0, to: items.count, by: share).map { $0..<min($0 + share, items.count) }
                    .concurrentMap { range in
                        var part: [UInt8] = []
                        Self.writeItems(items[range], last: items.count - 1, indent: indent, into: &part)
                        return part
                    }
                for part in parts { out += part }
            } else {
                Self.writeItems(items[...], last: items.count - 1, indent: indent, into: &out)
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(contentsOf: "{\n".utf8)
            let sorted = members.sorted { $0.key < $1.key }
            for (index, member) in sorted.enumerated() {
                Self.indent(indent + 1, into: &out)
                Self.quote(member.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                member.value.write(into: &out, indent: indent + 1)
                if index != sorted.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Arrays this long are written on all cores.
    static let parallelItems = 512

    private static func writeItems(_ items: ArraySlice<JSONValue>, last: Int, indent: Int, into out: inout [UInt8]) {
        for index in items.indices {
            Self.indent(indent + 1, into: &out)
            items[index].write(into: &out, indent: indent + 1)
            if index != last { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
    }

    private static func indent(_ level: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// `text` as a JSON string, with U+2028 and U+2029 escaped too (an HTML report embeds the
    /// JSON in JavaScript).
    static func quote(_ text: String, into out: inout [UInt8]) {
        JSONNode.quote(text, into: &out, lineSeparators: true)
    }
}

extension JSONValue {
    /// `.int(line)` or `.null`.
    static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
}
