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
    /// An object whose members are given in key order: written as `object` writes the same
    /// members, without a table built and sorted for each (a report's rows are thousands of them).
    case fields([JSONField])

    /// Two-space indented, keys sorted, a newline at the end.
    func rendered() -> String {
        String(decoding: renderedBytes(), as: UTF8.self)
    }

    /// `rendered()` as UTF-8 bytes, for output written as it is (no text made of a large report).
    func renderedBytes() -> [UInt8] {
        var out = ByteWriter()
        write(into: &out, indent: 0)
        out.append(0x0A)
        return out.bytes
    }

    /// Written as UTF-8 bytes through a `ByteWriter`: appending to a `String` checked and
    /// recounted it on every append. A long array's items are written on all cores, each share
    /// into its own buffer.
    func write(into out: inout ByteWriter, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .int(let value): out.appendUTF8(String(value))
        case .double(let value): out.appendUTF8(value.isFinite ? String(value) : "null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .null: out.append("null")
        case .array(let items):
            guard !items.isEmpty else {
                out.append("[]")
                return
            }
            out.append("[\n")
            if items.count >= Self.parallelItems {
                let parts = concurrentRuns(of: items.count, minimum: 1) { range in
                    var part = ByteWriter()
                    Self.writeItems(items[range], last: items.count - 1, indent: indent, into: &part)
                    return part.bytes
                }
                // Room for every part at once: grown part by part, a report of tens of megabytes
                // was copied at each doubling.
                out.reserveCapacity(parts.reduce(out.count + 64) { $0 + $1.count })
                for part in parts { out.append(part) }
            } else {
                Self.writeItems(items[...], last: items.count - 1, indent: indent, into: &out)
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out.append("{}")
                return
            }
            Self.writeMembers(members.sorted { $0.key < $1.key }.map { JSONField($0.key, $0.value) }, indent: indent, into: &out)
        case .fields(let members):
            assert(zip(members, members.dropFirst()).allSatisfy { $0.key < $1.key }, "fields out of key order")
            guard !members.isEmpty else {
                out.append("{}")
                return
            }
            Self.writeMembers(members, indent: indent, into: &out)
        }
    }

    private static func writeMembers(_ members: [JSONField], indent: Int, into out: inout ByteWriter) {
        out.append("{\n")
        for (index, member) in members.enumerated() {
            Self.indent(indent + 1, into: &out)
            Self.quote(member.key, into: &out)
            out.append(": ")
            member.value.write(into: &out, indent: indent + 1)
            if index != members.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
        Self.indent(indent, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Arrays this long are written on all cores.
    static let parallelItems = 512

    private static func writeItems(_ items: ArraySlice<JSONValue>, last: Int, indent: Int, into out: inout ByteWriter) {
        for index in items.indices {
            Self.indent(indent + 1, into: &out)
            items[index].write(into: &out, indent: indent + 1)
            if index != last { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
    }

    static func indent(_ level: Int, into out: inout ByteWriter) {
        out.appendSpaces(2 * level)
    }

    /// `text` as a JSON string, with U+2028 and U+2029 escaped too (an HTML report embeds the
    /// JSON in JavaScript).
    static func quote(_ text: String, into out: inout ByteWriter) {
        out.appendJSONString(text, lineSeparators: true)
    }
}

/// A member of a `JSONValue.fields` object.
struct JSONField: Sendable, Hashable {
    var key: String
    var value: JSONValue

    init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// `.int(line)` or `.null`.
    static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
}
