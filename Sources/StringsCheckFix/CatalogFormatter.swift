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
        try format(bytes, path: path, checkingLayoutFirst: true)
    }

    /// `format(_:path:)`; without `checkingLayoutFirst`, a catalog already laid out is written
    /// out and read back like any other (for tests that hold the one pass to the whole way).
    static func format(_ bytes: [UInt8], path: String, checkingLayoutFirst: Bool) throws(EditRefusal) -> [UInt8] {
        let text = try EditableText(bytes: bytes, path: path)
        // A catalog already laid out (as Xcode saves it) is known to be so in one pass.
        var order = MemberOrder()
        if checkingLayoutFirst, CatalogLayoutCheck.isLaidOut(text.utf8, order: &order) { return text.encoded(text.utf8) }
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
        // Xcode's layout is mostly longer than a hand-written one-line catalog's.
        out.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        write(root, indent: 0, to: &out, order: &order)
        // Line breaks as the file has them (Xcode writes `\n`; a checkout may have `\r\n`): the
        // layout's own, as every line break in a string is escaped.
        if let first = text.utf8.firstIndex(of: 0x0A), first > 0, text.utf8[first - 1] == 0x0D {
            var crlf: [UInt8] = []
            crlf.reserveCapacity(out.count + out.count / 16)
            for byte in out {
                if byte == 0x0A { crlf.append(0x0D) }
                crlf.append(byte)
            }
            out = crlf
        }
        // The last line break as found.
        var index = text.utf8.count
        while index > 0, text.utf8[index - 1] == 0x0A || text.utf8[index - 1] == 0x0D { index -= 1 }
        out += text.utf8[index...]
        // A catalog already laid out comes back as it was: its content is the same by definition.
        if out == text.utf8 { return text.encoded(out) }
        // Else the content must be what it was: the same members and values, whatever their order.
        let again = JSONReader.parse(bytes: out, path: path)
        guard let formattedRoot = again.root, again.diagnostics.isEmpty, sameContent(root, formattedRoot) else {
            throw EditRefusal(path: path, reason: "its formatted text would read differently; left as it is")
        }
        return text.encoded(out)
    }

    /// Whether two documents hold the same content: objects with the same members in any order,
    /// arrays with the same items in order, and the same keys and strings (byte for byte: a key
    /// or text written in another normalization is another), numbers (as written), booleans and
    /// nulls. Where they are does not count. An object with a key twice matches one with the same
    /// members in code point order of their keys (members of one key in the order written).
    static func sameContent(_ lhs: JSONNode, _ rhs: JSONNode) -> Bool {
        switch (lhs.value, rhs.value) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            // Each member of the right found by its key once: a long object (the strings) through
            // an index made once, a short one by search.
            var places: [ExactKey: Int] = [:]
            if right.count > 8 {
                places.reserveCapacity(right.count)
                for (place, member) in right.enumerated() where places.updateValue(place, forKey: ExactKey(member.key)) != nil {
                    return sameMembersInKeyOrder(left, right)
                }
            }
            var used = [Bool](repeating: false, count: right.count)
            for member in left {
                let found =
                    right.count > 8
                    ? places[ExactKey(member.key)] : right.firstIndex { sameBytes($0.key, member.key) }
                guard let place = found, !used[place] else { return sameMembersInKeyOrder(left, right) }
                used[place] = true
                guard sameContent(member.value, right[place].value) else { return false }
            }
            return true
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameContent($0, $1) }
        case (.string(let left), .string(let right)): return sameBytes(left, right)
        case (.number(let left), .number(let right)): return sameBytes(left, right)
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        default: return false
        }
    }

    /// A key compared and hashed by its bytes.
    private struct ExactKey: Hashable {
        let key: String

        init(_ key: String) { self.key = key }

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { sameBytes(lhs.key, rhs.key) }

        func hash(into hasher: inout Hasher) {
            var key = key
            key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Whether two strings are the same bytes (not only canonically equivalent).
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.utf8.count == rhs.utf8.count && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }

    /// Members compared pairwise in code point order of their keys, members of one key in the
    /// order written: how objects with a key twice are compared.
    private static func sameMembersInKeyOrder(_ left: [JSONMember], _ right: [JSONMember]) -> Bool {
        func ordered(_ members: [JSONMember]) -> [JSONMember] {
            members.enumerated().sorted { a, b in
                sameBytes(a.element.key, b.element.key)
                    ? a.offset < b.offset : a.element.key.unicodeScalars.lexicographicallyPrecedes(b.element.key.unicodeScalars)
            }.map(\.element)
        }
        return zip(ordered(left), ordered(right)).allSatisfy { sameBytes($0.key, $1.key) && sameContent($0.value, $1.value) }
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

    /// Finder's order, remembered: a catalog repeats a few member names (`localizations`,
    /// `stringUnit`, its locales) in every entry, and each comparison in Foundation's locale-aware
    /// `compare` makes a new CoreFoundation locale. The names of small objects are kept in that
    /// order, each with its place, so they are compared and sorted by numbers.
    struct MemberOrder {
        /// The names met in small objects, in Finder's order, and each one's place there.
        private var names: [String] = []
        private var ranks: [String: Int] = [:]
        /// Objects up to this size are ordered through the memory.
        static let largestRemembered = 64
        /// Names past this many are not placed (their order is asked for): a catalog's small
        /// objects share a few hundred.
        static let mostRanked = 2_048

        /// Whether `lhs` comes before `rhs`: by their places, when both can be placed.
        mutating func ordered(_ lhs: String, _ rhs: String) -> Bool {
            if let left = ranks[lhs], let right = ranks[rhs] { return left < right }
            guard place(lhs), place(rhs), let left = ranks[lhs], let right = ranks[rhs] else {
                return CatalogFormatter.ordered(lhs, rhs)
            }
            return left < right
        }

        /// The members of a small object in Finder's order (their keys are distinct).
        mutating func sorted(_ members: [JSONMember]) -> [JSONMember] {
            // Every name placed first: placing a new one moves the places of those after it.
            for member in members where !place(member.key) {
                return members.sorted { CatalogFormatter.ordered($0.key, $1.key) }
            }
            let places = members.map { ranks[$0.key] ?? 0 }
            return members.indices.sorted { places[$0] < places[$1] }.map { members[$0] }
        }

        /// Places the name among the names met (found by halves the first time it is met);
        /// false when there are too many to rank.
        private mutating func place(_ name: String) -> Bool {
            if ranks[name] != nil { return true }
            guard names.count < Self.mostRanked else { return false }
            var low = 0
            var high = names.count
            while low < high {
                let middle = (low + high) / 2
                if CatalogFormatter.ordered(names[middle], name) { low = middle + 1 } else { high = middle }
            }
            names.insert(name, at: low)
            for place in low..<names.count { ranks[names[place]] = place }
            return true
        }
    }

    static func write(_ node: JSONNode, indent: Int, to out: inout [UInt8], order: inout MemberOrder) {
        switch node.value {
        case .object(let members):
            guard !members.isEmpty else {
                out.append(contentsOf: "{\n\n".utf8)
                appendSpaces(indent, to: &out)
                out.append(UInt8(ascii: "}"))
                return
            }
            out.append(contentsOf: "{\n".utf8)
            // Small objects repeat their names across the catalog; a large one (the strings) does not.
            let sorted =
                members.count <= MemberOrder.largestRemembered ? order.sorted(members) : members.sorted { ordered($0.key, $1.key) }
            for (index, member) in sorted.enumerated() {
                appendSpaces(indent + 2, to: &out)
                writeString(member.key, to: &out)
                out.append(contentsOf: " : ".utf8)
                write(member.value, indent: indent + 2, to: &out, order: &order)
                if index + 1 < sorted.count { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            appendSpaces(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else {
                out.append(contentsOf: "[\n\n".utf8)
                appendSpaces(indent, to: &out)
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                appendSpaces(indent + 2, to: &out)
                write(item, indent: indent + 2, to: &out, order: &order)
                if index + 1 < items.count { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            appendSpaces(indent, to: &out)
            out.append(UInt8(ascii: "]"))
        case .string(let text): writeString(text, to: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    static func appendSpaces(_ count: Int, to out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: count))
    }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: their bytes go in at once.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
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
            // A short object's keys compared pair by pair (hashing each cost more); a long one's
            // through a set.
            if members.count <= 8 {
                for index in members.indices {
                    if members[..<index].contains(where: { $0.key == members[index].key }) { return members[index].key }
                    if let found = firstDuplicate(members[index].value) { return found }
                }
                return nil
            }
            var seen: Set<String> = []
            seen.reserveCapacity(members.count)
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
