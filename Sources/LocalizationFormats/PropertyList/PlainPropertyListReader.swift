#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the XML property lists that Xcode and other tools write, byte by byte, without libxml2.
///
/// It reads a strict subset: UTF-8 without a byte order mark and without carriage returns, an
/// optional XML declaration and `<!DOCTYPE>` without an internal subset, and the plist elements
/// nested as a property list nests them (a key before each dictionary value, only text in a
/// leaf), with the five predefined entities and character references. Anything else (comments,
/// CDATA, other entities, attributes, unknown elements, a structure problem, a name or literal
/// past libxml2's limits) returns nil, and
/// `XMLPropertyListReader` reads the file through libxml2. When it returns a document, that
/// document is exactly the libxml2 reader's: nodes, positions, diagnostics, verdict (checked by
/// the differential tests and the property list fuzz target).
///
/// Most of a libxml2 read is the callbacks building our nodes and a second pass to find each
/// element's column; here an element's position is known where it is read.
@_spi(Fuzzing) public enum PlainPropertyListReader {
    public static func read(bytes: [UInt8], path: String) -> PropertyListDocument? {
        read(bytes: bytes, path: path, rootEntry: nil)
    }

    /// `read(bytes:path:)`, handing each entry of a top-level dictionary to `rootEntry` as it is
    /// read instead of keeping it (the document's root is then that dictionary, empty): a reader
    /// that turns each entry into its own model never holds the whole tree. When the result is
    /// nil, what `rootEntry` was given must be dropped (the file is read through libxml2).
    static func read(bytes: [UInt8], path: String, rootEntry: ((PropertyListEntry) -> Void)?) -> PropertyListDocument? {
        guard let rootEntry else { return scan(bytes: bytes, path: path, rootEntry: nil) }
        return withoutActuallyEscaping(rootEntry) { scan(bytes: bytes, path: path, rootEntry: $0) }
    }

    private static func scan(bytes: [UInt8], path: String, rootEntry: ((PropertyListEntry) -> Void)?) -> PropertyListDocument? {
        bytes.withUnsafeBufferPointer { buffer -> PropertyListDocument? in
            // No pass over the bytes before the scan: outside text only ASCII is accepted (a byte
            // order mark, UTF-16 or a carriage return leaves the subset where it stands), and text
            // is checked as UTF-8 as it is read.
            // libxml2 is handed at most `Int32.max` bytes; a larger file is left to it to refuse.
            guard let base = buffer.baseAddress, !buffer.isEmpty, buffer.count <= Int(Int32.max) else { return nil }
            var scanner = PlainPropertyListScanner(buffer: buffer, base: base, path: path)
            scanner.rootEntry = rootEntry
            return scanner.document()
        }
    }
}

/// The elements a plain property list holds.
enum PlainElement {
    case plist, dict, key, string, integer, real, `true`, `false`, array, date, data

    /// The element's name, as the libxml2 reader passes it on.
    var name: String { staticName.description }

    var staticName: StaticString {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .true: "true"
        case .false: "false"
        case .array: "array"
        case .date: "date"
        case .data: "data"
        }
    }
}

struct PlainPropertyListScanner {
    let buffer: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let count: Int
    let path: String
    var index = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `index`: a column counts characters.
    var continuations = 0
    /// Set when the document leaves the subset; every caller stops.
    var bailed = false
    var diagnostics: [Diagnostic] = []
    var loads = true
    /// Text with entities, decoded.
    var scratch: [UInt8] = []
    /// Takes the top-level dictionary's entries as they are read (see
    /// `PlainPropertyListReader.read(bytes:path:rootEntry:)`).
    var rootEntry: ((PropertyListEntry) -> Void)?

    /// A text longer than this is no message (libxml2's tree reader refuses it without
    /// `XML_PARSE_HUGE`); such a file is left to the libxml2 reader.
    static let maximumText = 10_000_000
    /// The longest name or quoted literal read in the prolog. Real ones are a few dozen
    /// characters; libxml2 refuses names and literals past 50,000 and attribute values past
    /// 10,000,000, so a longer one is left to it.
    static let maximumPrologItem = 1_000

    init(buffer: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, path: String) {
        self.buffer = buffer
        self.base = base
        count = buffer.count
        self.path = path
    }

    mutating func document() -> PropertyListDocument? {
        guard prolog() else { return nil }
        let root: PropertyListNode?
        let location = position
        guard let (element, empty) = startTag(), !bailed else { return nil }
        if element == .plist {
            // `<plist>` holding exactly one value, as every writer makes it.
            guard !empty else { return nil }
            skipWhitespace()
            guard peek(0) == UInt8(ascii: "<"), peek(1) != UInt8(ascii: "/") else { return nil }
            root = value(depth: 0)
            guard !bailed else { return nil }
            skipWhitespace()
            guard endTag(.plist) else { return nil }
        } else {
            root = value(element, empty: empty, at: location, depth: 0)
            guard !bailed else { return nil }
        }
        skipWhitespace()
        guard index == count else { return nil }
        return PropertyListDocument(path: path, root: root, diagnostics: diagnostics, loads: loads && root != nil, isBinary: false)
    }

    var position: SourcePosition { SourcePosition(line: line, column: index - lineStart - continuations + 1) }

    func peek(_ offset: Int) -> UInt8 {
        index + offset < count ? base[index + offset] : 0
    }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09
    }

    mutating func skipWhitespace() {
        while index < count {
            let byte = base[index]
            if byte == 0x0A {
                index += 1
                line += 1
                lineStart = index
                continuations = 0
            } else if byte == 0x20 || byte == 0x09 {
                index += 1
            } else {
                return
            }
        }
    }

    func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        return index + length <= count && memcmp(base + index, literal.utf8Start, length) == 0
    }

    // MARK: Elements

    /// A start tag at `<`: its element and whether it is empty (`<name/>`). `<plist>` may carry a
    /// `version` attribute; no other tag carries any.
    mutating func startTag() -> (PlainElement, empty: Bool)? {
        guard peek(0) == UInt8(ascii: "<") else { return bail() }
        let nameStart = index + 1
        var end = nameStart
        while end < count, isLetter(base[end]) { end += 1 }
        guard let element = element(nameStart, end - nameStart) else { return bail() }
        index = end
        if element == .plist, peek(0) == UInt8(ascii: " ") {
            index += 1
            guard let (name, _) = attribute(), name == "version" else { return bail() }
        }
        if peek(0) == UInt8(ascii: ">") {
            index += 1
            return (element, false)
        }
        if peek(0) == UInt8(ascii: "/"), peek(1) == UInt8(ascii: ">") {
            index += 2
            return (element, true)
        }
        return bail()
    }

    func element(_ start: Int, _ length: Int) -> PlainElement? {
        func equals(_ name: StaticString) -> Bool {
            guard length == name.utf8CodeUnitCount else { return false }
            for offset in 1..<length where base[start + offset] != name.utf8Start[offset] { return false }
            return true
        }
        guard length >= 3, length <= 7 else { return nil }
        switch base[start] {
        case UInt8(ascii: "s"): return equals("string") ? .string : nil
        case UInt8(ascii: "k"): return equals("key") ? .key : nil
        case UInt8(ascii: "d"): return equals("dict") ? .dict : equals("data") ? .data : equals("date") ? .date : nil
        case UInt8(ascii: "i"): return equals("integer") ? .integer : nil
        case UInt8(ascii: "a"): return equals("array") ? .array : nil
        case UInt8(ascii: "t"): return equals("true") ? .true : nil
        case UInt8(ascii: "f"): return equals("false") ? .false : nil
        case UInt8(ascii: "r"): return equals("real") ? .real : nil
        case UInt8(ascii: "p"): return equals("plist") ? .plist : nil
        default: return nil
        }
    }

    /// `</name>` for `element`.
    mutating func endTag(_ element: PlainElement) -> Bool {
        guard peek(0) == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") else { return false }
        let name = element.staticName
        let length = name.utf8CodeUnitCount
        guard index + 2 + length < count, base[index + 2 + length] == UInt8(ascii: ">") else { return false }
        // Names are short: compared in place, not through a call.
        for offset in 0..<length where base[index + 2 + offset] != name.utf8Start[offset] { return false }
        index += 3 + length
        return true
    }

    mutating func bail<T>() -> T? {
        bailed = true
        return nil
    }

    /// The value whose start tag is at `index`.
    mutating func value(depth: Int) -> PropertyListNode? {
        let location = position
        guard let (element, empty) = startTag() else { return nil }
        return value(element, empty: empty, at: location, depth: depth)
    }

    /// The value `element` whose start tag has been read; nil with `bailed` unset when it is
    /// dropped (a real that is not a number), as the libxml2 reader drops it.
    mutating func value(_ element: PlainElement, empty: Bool, at location: SourcePosition, depth: Int) -> PropertyListNode? {
        guard depth <= XMLPropertyListReader.maximumDepth else { return bail() }
        switch element {
        case .plist, .key:
            return bail()
        case .dict:
            var entries: [PropertyListEntry] = []
            // A nested dictionary (a `.stringsdict` entry or variable) holds a handful of
            // members: room for them at once, not grown from one.
            if !empty && depth > 0 { entries.reserveCapacity(8) }
            if !empty {
                while true {
                    skipWhitespace()
                    if peek(1) == UInt8(ascii: "/") {
                        guard endTag(.dict) else { return bail() }
                        break
                    }
                    let keyLocation = position
                    guard let (keyElement, keyEmpty) = startTag(), keyElement == .key else { return bail() }
                    guard let key = leafText(.key, empty: keyEmpty) else { return nil }
                    skipWhitespace()
                    guard peek(0) == UInt8(ascii: "<"), peek(1) != UInt8(ascii: "/") else { return bail() }
                    let item = value(depth: depth + 1)
                    if bailed { return nil }
                    guard let item else { continue }
                    let entry = PropertyListEntry(key: key, keyLocation: keyLocation, value: item)
                    if depth == 0, let rootEntry { rootEntry(entry) } else { entries.append(entry) }
                }
            }
            return PropertyListNode(.dictionary(entries), location: location)
        case .array:
            var items: [PropertyListNode] = []
            if !empty {
                while true {
                    skipWhitespace()
                    if peek(1) == UInt8(ascii: "/") {
                        guard endTag(.array) else { return bail() }
                        break
                    }
                    let item = value(depth: depth + 1)
                    if bailed { return nil }
                    if let item { items.append(item) }
                }
            }
            return PropertyListNode(.array(items), location: location)
        case .true, .false:
            if !empty {
                skipWhitespace()
                guard endTag(element) else { return bail() }
            }
            return PropertyListNode(.bool(element == .true), location: location)
        case .string:
            guard let text = leafText(.string, empty: empty) else { return nil }
            return PropertyListNode(.string(text), location: location)
        case .integer, .real, .date, .data:
            guard let text = leafText(element, empty: empty) else { return nil }
            return scalarNode(element.name, text: text, at: location) { message in
                diagnostics.append(Diagnostic(.plistInvalidStructure, message, path: path, at: location))
                loads = false
            }
        }
    }

    /// The text of a leaf whose start tag has been read, through its end tag.
    mutating func leafText(_ element: PlainElement, empty: Bool) -> String? {
        if empty { return "" }
        let start = index
        var decoded = false
        var segment = start
        while index < count {
            // Eight bytes at a time while none needs a look (most text is plain ASCII).
            if index + 8 <= count,
                WordScan.isPlainASCII(
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), excluding: UInt8(ascii: "<"), UInt8(ascii: "&"),
                    UInt8(ascii: "]"))
            {
                index += 8
                continue
            }
            let byte = base[index]
            if byte == UInt8(ascii: "<") { break }
            if byte < 0x20 {
                guard byte == 0x0A || byte == 0x09 else { return bail() }
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                    continuations = 0
                }
            } else if byte >= 0x80 {
                // A whole UTF-8 sequence, which must be valid; U+FFFE and U+FFFF are not XML
                // characters.
                let length = TextDecoder.validSequenceLength(buffer, index)
                guard length > 0, !(byte == 0xEF && peek(1) == 0xBF && peek(2) >= 0xBE) else { return bail() }
                continuations += length - 1
                index += length
                continue
            } else if byte == UInt8(ascii: "&") {
                if !decoded {
                    decoded = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + segment, count: index - segment))
                guard reference() else { return bail() }
                segment = index
                continue
            } else if byte == UInt8(ascii: "]"), peek(1) == UInt8(ascii: "]"), peek(2) == UInt8(ascii: ">") {
                return bail()
            }
            index += 1
        }
        guard index - start <= Self.maximumText, endTag(element) else { return bail() }
        let end = index - 3 - element.staticName.utf8CodeUnitCount
        guard decoded else { return Self.interned(base + start, end - start) ?? text(start, end) }
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + segment, count: end - segment))
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The names every `.stringsdict` repeats in each entry, shared instead of made again.
    static let common: [String] = [
        "NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey", "NSStringPluralRuleType",
        "NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType",
    ]

    /// One of `common` when the text is it.
    static func interned(_ start: UnsafePointer<UInt8>, _ length: Int) -> String? {
        guard length >= 22, start[0] == UInt8(ascii: "N"), start[2] == UInt8(ascii: "S") else { return nil }
        let candidate: String
        switch length {
        case 26: candidate = start[8] == UInt8(ascii: "L") ? common[0] : common[2]
        case 25: candidate = common[1]
        case 22: candidate = common[3]
        case 30: candidate = common[4]
        case 29: candidate = common[5]
        default: return nil
        }
        var name = candidate
        return name.withUTF8 { bytes in bytes.baseAddress.map { memcmp($0, start, length) == 0 } ?? false } ? candidate : nil
    }

    /// XML's predefined entities, which libxml2 passes on as the characters they stand for.
    static let predefinedEntities: [(StaticString, UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&apos;", UInt8(ascii: "'")),
    ]

    /// An entity or character reference at `&`, decoded into `scratch`.
    mutating func reference() -> Bool {
        for (literal, byte) in Self.predefinedEntities where matches(literal) {
            scratch.append(byte)
            index += literal.utf8CodeUnitCount
            return true
        }
        guard peek(1) == UInt8(ascii: "#") else { return false }
        let hex = peek(2) == UInt8(ascii: "x")
        var cursor = index + (hex ? 3 : 2)
        var scalar: UInt32 = 0
        let digitsStart = cursor
        while cursor < count, cursor - digitsStart < 8 {
            let byte = base[cursor]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: digit = 16
            }
            if digit == 16 { break }
            scalar = scalar * (hex ? 16 : 10) + digit
            cursor += 1
        }
        guard cursor > digitsStart, cursor < count, base[cursor] == UInt8(ascii: ";") else { return false }
        // XML's `Char`: tab, line feed, carriage return, and the scalars from space on but the
        // surrogates, U+FFFE and U+FFFF.
        let isCharacter =
            scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || (0x20...0xD7FF).contains(scalar)
            || (0xE000...0xFFFD).contains(scalar) || (0x10000...0x10FFFF).contains(scalar)
        guard isCharacter, let unicode = Unicode.Scalar(scalar) else { return false }
        UTF8.encode(unicode) { scratch.append($0) }
        index = cursor + 1
        return true
    }
}
