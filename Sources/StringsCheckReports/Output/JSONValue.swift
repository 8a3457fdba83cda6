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
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                Self.indent(indent + 1, into: &out)
                item.write(into: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            Self.indent(indent, into: &out)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let sorted = members.sorted { $0.key < $1.key }
            for (index, member) in sorted.enumerated() {
                Self.indent(indent + 1, into: &out)
                Self.quote(member.key, into: &out)
                out += ": "
                member.value.write(into: &out, indent: indent + 1)
                out += index == sorted.count - 1 ? "\n" : ",\n"
            }
            Self.indent(indent, into: &out)
            out += "}"
        }
    }

    /// Two spaces per level, from a few prepared strings rather than a new one per line.
    private static let indents = (0..<16).map { String(repeating: "  ", count: $0) }

    private static func indent(_ level: Int, into out: inout String) {
        out += level < indents.count ? indents[level] : String(repeating: "  ", count: level)
    }

    static func quote(_ text: String, into out: inout String) {
        JSONNode.quote(text, into: &out, lineSeparators: true)
    }
}

extension JSONValue {
    /// `.int(line)` or `.null`.
    static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
}
