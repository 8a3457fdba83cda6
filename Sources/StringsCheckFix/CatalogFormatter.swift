import Foundation
import LocalizationFormats

/// A String Catalog in the form Xcode writes it, so that a catalog Xcode saved comes out byte for
/// byte as it went in and a hand-edited one reads as if Xcode had saved it: members in Finder's
/// order (`localizedStandardCompare`: case aside, numbers by value, `5.title` before `23.title`),
/// `"key" : value` at two spaces per level, an empty object or array with an empty line inside,
/// only `"`, `\`, and control characters escaped (`/` and every other character as itself), and
/// the file's last line break kept as found.
public enum CatalogFormatter {
    /// The formatted bytes of a catalog; refused when it is no clean JSON (a syntax error or a key
    /// twice in one object, which Xcode would not have written).
    public static func format(_ bytes: [UInt8], path: String) throws(EditRefusal) -> [UInt8] {
        let text = try EditableText(bytes: bytes, path: path)
        let document = JSONReader.parse(bytes: text.utf8, path: path)
        // Anything the reader had to forgive (a lone surrogate escape read as U+FFFD) would be lost.
        guard let root = document.root, document.diagnostics.isEmpty else {
            let first = document.diagnostics.first
            throw EditRefusal(
                path: path, reason: "it is not clean JSON (\(first.map { "line \($0.location?.line ?? 0): \($0.message)" } ?? "empty"))")
        }
        if let duplicate = firstDuplicate(root) {
            throw EditRefusal(path: path, reason: "'\(duplicate)' is a key twice in one object")
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var order = MemberOrder()
        write(root, indent: 0, to: &out, order: &order)
        // Line breaks as the file has them (Xcode writes `\n`; a checkout may have `\r\n`): the
        // layout's own, as every line break in a string is escaped.
        if let first = text.utf8.firstIndex(of: 0x0A), first > 0, text.utf8[first - 1] == 0x0D {
            out = out.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
        }
        // The last line break as found.
        var index = text.utf8.count
        while index > 0, text.utf8[index - 1] == 0x0A || text.utf8[index - 1] == 0x0D { index -= 1 }
        out += text.utf8[index...]
        // The content is what it was: the same members and values, whatever their order.
        let again = JSONReader.parse(bytes: out, path: path)
        guard let formattedRoot = again.root, again.diagnostics.isEmpty, canonical(formattedRoot) == canonical(root) else {
            throw EditRefusal(path: path, reason: "its formatted text would read differently; left as it is")
        }
        return text.encoded(out)
    }

    /// A node with every object's members in code point order, for comparing content.
    static func canonical(_ node: JSONNode) -> JSONNode {
        var node = node
        switch node.value {
        case .object(let members):
            node.value = .object(
                members.map { member in
                    var member = member
                    member.keyLocation = SourcePosition(line: 0, column: 0)
                    member.value = canonical(member.value)
                    return member
                }.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })
        case .array(let items): node.value = .array(items.map(canonical))
        default: break
        }
        node.location = SourcePosition(line: 0, column: 0)
        return node
    }

    /// The order Xcode writes an object's members in: Finder's, in English, code points last.
    static func ordered(_ lhs: String, _ rhs: String) -> Bool {
        switch lhs.compare(rhs, options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering], locale: english) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: Array(lhs.unicodeScalars.map(\.value)).lexicographicallyPrecedes(rhs.unicodeScalars.map(\.value))
        }
    }

    private static let english = Locale(identifier: "en_US")

    /// Finder's order, remembered pair by pair: a catalog repeats a few member names
    /// (`localizations`, `stringUnit`, its locales) in every entry, and each comparison in
    /// Foundation's locale-aware `compare` makes a new CoreFoundation locale.
    struct MemberOrder {
        struct Pair: Hashable {
            var lhs: String
            var rhs: String
        }

        var known: [Pair: Bool] = [:]
        /// Objects up to this size are ordered through the memory.
        static let largestRemembered = 64

        mutating func ordered(_ lhs: String, _ rhs: String) -> Bool {
            let pair = Pair(lhs: lhs, rhs: rhs)
            if let answer = known[pair] { return answer }
            let answer = CatalogFormatter.ordered(lhs, rhs)
            known[pair] = answer
            return answer
        }
    }

    static func write(_ node: JSONNode, indent: Int, to out: inout [UInt8], order: inout MemberOrder) {
        switch node.value {
        case .object(let members):
            guard !members.isEmpty else {
                out += Array("{\n\n".utf8) + spaces(indent) + [UInt8(ascii: "}")]
                return
            }
            out += Array("{\n".utf8)
            // Small objects repeat their names across the catalog; a large one (the strings) does not.
            let sorted =
                members.count <= MemberOrder.largestRemembered
                ? members.sorted { order.ordered($0.key, $1.key) } : members.sorted { ordered($0.key, $1.key) }
            for (index, member) in sorted.enumerated() {
                out += spaces(indent + 2)
                writeString(member.key, to: &out)
                out += Array(" : ".utf8)
                write(member.value, indent: indent + 2, to: &out, order: &order)
                out += index + 1 < sorted.count ? Array(",\n".utf8) : [0x0A]
            }
            out += spaces(indent) + [UInt8(ascii: "}")]
        case .array(let items):
            guard !items.isEmpty else {
                out += Array("[\n\n".utf8) + spaces(indent) + [UInt8(ascii: "]")]
                return
            }
            out += Array("[\n".utf8)
            for (index, item) in items.enumerated() {
                out += spaces(indent + 2)
                write(item, indent: indent + 2, to: &out, order: &order)
                out += index + 1 < items.count ? Array(",\n".utf8) : [0x0A]
            }
            out += spaces(indent) + [UInt8(ascii: "]")]
        case .string(let text): writeString(text, to: &out)
        case .number(let text): out += Array(text.utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }

    static func spaces(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x20, count: count) }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A key written twice in one object, anywhere in the document.
    static func firstDuplicate(_ node: JSONNode) -> String? {
        switch node.value {
        case .object(let members):
            var seen: Set<String> = []
            for member in members {
                if !seen.insert(member.key).inserted { return member.key }
                if let found = firstDuplicate(member.value) { return found }
            }
            return nil
        case .array(let items):
            for item in items { if let found = firstDuplicate(item) { return found } }
            return nil
        default: return nil
        }
    }
}
