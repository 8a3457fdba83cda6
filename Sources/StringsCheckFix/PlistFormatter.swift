import LocalizationFormats

/// XML property lists (`.stringsdict`, and `.strings` tables written as plists) laid out as
/// Xcode's property list editor saves them, which is CoreFoundation's XML writer
/// (`CFPropertyListCreateData`, CFPropertyList.c): the Apple DOCTYPE, one tab per level, a
/// dictionary's keys in `CFStringCompare` order (UTF-16 code units), `<dict/>` and `<array/>` when
/// empty, and only `&`, `<` and `>` escaped. What the file holds is unchanged.
public enum PlistFormatter {
    static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    /// The file in Xcode's layout; the bytes as they are for a binary property list. Refused when
    /// the layout would lose something: comments or CDATA, a key defined twice, a text other than
    /// UTF-8, or a value (date, data, real) whose spelling CoreFoundation chooses for itself.
    public static func format(_ bytes: [UInt8], path: String) throws(EditRefusal) -> [UInt8] {
        if bytes.starts(with: Array("bplist00".utf8)) { return bytes }
        guard String(validating: bytes, as: UTF8.self) != nil, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else {
            throw EditRefusal(path: path, reason: "it is not UTF-8 without a byte order mark, which is what Xcode writes")
        }
        for marker in ["<!--", "<![CDATA["] where contains(bytes, Array(marker.utf8)) {
            throw EditRefusal(path: path, reason: "it holds \(marker == "<!--" ? "comments" : "CDATA"), which Xcode's layout does not keep")
        }
        let document = XMLPropertyListReader.read(bytes: bytes, path: path)
        guard let root = document.root, document.loads, !document.diagnostics.contains(where: { $0.severity == .error }) else {
            let error = document.diagnostics.first { $0.severity == .error }
            throw EditRefusal(
                path: path, reason: "it does not parse cleanly (\(error.map { "line \($0.location?.line ?? 0): \($0.message)" } ?? ""))")
        }
        let crlf = firstLineBreakIsCRLF(bytes)
        var out = header
        try write(root, indent: 0, to: &out, path: path, crlf: crlf)
        out += Array("</plist>\n".utf8)
        if crlf { out = withCRLF(out) }
        // What a device loads is what it loaded.
        let again = XMLPropertyListReader.read(bytes: out, path: path)
        guard let newRoot = again.root, canonical(newRoot) == canonical(root) else {
            throw EditRefusal(path: path, reason: "the laid-out file would read differently; left as it is")
        }
        return out
    }

    static func write(_ node: PropertyListNode, indent: Int, to out: inout [UInt8], path: String, crlf: Bool) throws(EditRefusal) {
        out += [UInt8](repeating: 0x09, count: indent)
        switch node.value {
        case .string(let text):
            if crlf && text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                throw EditRefusal(path: path, reason: "a text of it holds a line break, which CRLF line endings would change")
            }
            out += Array("<string>".utf8)
            escape(text, to: &out)
            out += Array("</string>\n".utf8)
        case .integer(_, let value):
            guard let value else { throw EditRefusal(path: path, reason: "an integer of it does not fit 64 bits") }
            out += Array("<integer>\(value)</integer>\n".utf8)
        case .bool(let flag):
            out += Array((flag ? "<true/>\n" : "<false/>\n").utf8)
        case .real, .date, .data:
            throw EditRefusal(path: path, reason: "it holds \(node.typeNameWithArticle), whose spelling is left to a person")
        case .array(let items):
            guard !items.isEmpty else {
                out += Array("<array/>\n".utf8)
                return
            }
            out += Array("<array>\n".utf8)
            for item in items { try write(item, indent: indent + 1, to: &out, path: path, crlf: crlf) }
            out += [UInt8](repeating: 0x09, count: indent) + Array("</array>\n".utf8)
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                out += Array("<dict/>\n".utf8)
                return
            }
            let sorted = entries.sorted { Array($0.key.utf16).lexicographicallyPrecedes(Array($1.key.utf16)) }
            for (first, second) in zip(sorted, sorted.dropFirst()) where first.key == second.key {
                throw EditRefusal(path: path, reason: "the key '\(first.key)' is defined twice; one of them would be lost")
            }
            out += Array("<dict>\n".utf8)
            for entry in sorted {
                out += [UInt8](repeating: 0x09, count: indent + 1) + Array("<key>".utf8)
                escape(entry.key, to: &out)
                out += Array("</key>\n".utf8)
                try write(entry.value, indent: indent + 1, to: &out, path: path, crlf: crlf)
            }
            out += [UInt8](repeating: 0x09, count: indent) + Array("</dict>\n".utf8)
        }
    }

    /// CoreFoundation escapes these three and writes everything else as it is.
    static func escape(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            default: out.append(byte)
            }
        }
    }

    /// A value without positions, dictionaries in key order: equal when the files hold the same.
    static func canonical(_ node: PropertyListNode) -> PropertyListNode {
        switch node.value {
        case .array(let items): return PropertyListNode(.array(items.map(canonical)), location: nil)
        case .dictionary(let entries):
            return PropertyListNode(
                .dictionary(
                    entries.map { PropertyListEntry(key: $0.key, keyLocation: nil, value: canonical($0.value)) }
                        .sorted { Array($0.key.utf16).lexicographicallyPrecedes(Array($1.key.utf16)) }), location: nil)
        case .integer(_, let value): return PropertyListNode(.integer(text: "", value: value), location: nil)
        default: return PropertyListNode(node.value, location: nil)
        }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while let found = bytes[index...].firstIndex(of: first), found + needle.count <= bytes.count {
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }

    static func firstLineBreakIsCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return false }
        return newline > 0 && bytes[newline - 1] == 0x0D
    }

    static func withCRLF(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == 0x0A { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }
}
