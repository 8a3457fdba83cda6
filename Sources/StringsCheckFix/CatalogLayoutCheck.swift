/// Whether a catalog's text is already exactly what `CatalogFormatter` writes, read in one pass over
/// its bytes: a catalog Xcode saved (the usual case in a pre-commit hook) is answered without
/// building its JSON tree, writing it out again and reading that back.
///
/// A "yes" is exact: the text is the layout of a document that reads cleanly (no key twice in an
/// object, no escape the reader would have to forgive), with every object's members in the
/// formatter's order. Anything else is a "no" and goes the formatter's whole way, as does a
/// document nested deeper than `maximumDepth`.
struct CatalogLayoutCheck {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Whether the layout's line breaks are CRLF (decided as the formatter decides it).
    private let crlf: Bool
    private var order: CatalogFormatter.MemberOrder
    /// Deeper documents go the formatter's way (the reader's own limit is deeper still).
    static let maximumDepth = 64

    private init(bytes: UnsafeBufferPointer<UInt8>, order: CatalogFormatter.MemberOrder) {
        self.bytes = bytes
        self.order = order
        if let first = bytes.firstIndex(of: 0x0A), first > 0, bytes[first - 1] == 0x0D { crlf = true } else { crlf = false }
    }

    /// Whether `utf8` (a decoded text) is exactly the formatter's layout of its own content.
    /// `order` is the formatter's memory of member order, shared with a run that formats anyway.
    static func isLaidOut(_ utf8: [UInt8], order: inout CatalogFormatter.MemberOrder) -> Bool {
        utf8.withUnsafeBufferPointer { buffer in
            var check = CatalogLayoutCheck(bytes: buffer, order: order)
            defer { order = check.order }
            guard check.value(indent: 0, depth: 0) else { return false }
            // After the document, only the file's last line breaks (kept as found).
            while check.position < buffer.count {
                guard buffer[check.position] == 0x0A || buffer[check.position] == 0x0D else { return false }
                check.position += 1
            }
            return true
        }
    }

    // MARK: Layout

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        position += count
        return true
    }

    /// A line break of the layout: LF, or CRLF where the file has them.
    private mutating func lineBreak() -> Bool {
        crlf ? expect("\r\n") : expect(0x0A)
    }

    /// At the start of a line: its indentation, exactly `count` spaces.
    private mutating func spaces(_ count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        for index in position..<(position + count) where bytes[index] != 0x20 { return false }
        position += count
        // A space more is another layout.
        return next != 0x20
    }

    private mutating func value(indent: Int, depth: Int) -> Bool {
        guard depth <= Self.maximumDepth, let byte = next else { return false }
        switch byte {
        case UInt8(ascii: "{"): return object(indent: indent, depth: depth)
        case UInt8(ascii: "["): return array(indent: indent, depth: depth)
        case UInt8(ascii: "\""): return string(decoding: false) != nil
        case UInt8(ascii: "t"): return expect("true")
        case UInt8(ascii: "f"): return expect("false")
        case UInt8(ascii: "n"): return expect("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    /// `{`, a line break, each member on its own indented line in the formatter's order, the
    /// closing brace at `indent`; an empty object has one empty line inside.
    private mutating func object(indent: Int, depth: Int) -> Bool {
        var keys = MemberKeys()
        return container(UInt8(ascii: "{"), UInt8(ascii: "}"), indent: indent) { check in
            guard let key = check.string(decoding: true), check.expect(" : "), keys.add(key, order: &check.order) else { return false }
            return check.value(indent: indent + 2, depth: depth + 1)
        }
    }

    /// `[`, a line break, each item on its own indented line, the closing bracket at `indent`; an
    /// empty array has one empty line inside.
    private mutating func array(indent: Int, depth: Int) -> Bool {
        container(UInt8(ascii: "["), UInt8(ascii: "]"), indent: indent) { check in check.value(indent: indent + 2, depth: depth + 1) }
    }

    /// An object or array between `open` and `close`: each of its parts (read by `part`) on a line
    /// of its own, indented two spaces more than `indent`, all but the last followed by a comma.
    private mutating func container(_ open: UInt8, _ close: UInt8, indent: Int, part: (inout CatalogLayoutCheck) -> Bool) -> Bool {
        guard expect(open), lineBreak() else { return false }
        if lineBreak() { return spaces(indent) && expect(close) }
        while true {
            guard spaces(indent + 2), part(&self) else { return false }
            if expect(UInt8(ascii: ",")) {
                guard lineBreak() else { return false }
                continue
            }
            return lineBreak() && spaces(indent) && expect(close)
        }
    }

    /// A string written as the formatter writes it: only `"`, `\` and control characters escaped,
    /// the usual ones by their letter, the others as `\u00xx` in lowercase. Its text when
    /// `decoding` (a key, whose order and uniqueness are checked), else an empty one.
    private mutating func string(decoding: Bool) -> String? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = position
        var decoded: [UInt8]?
        while let byte = next {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard decoding else { return "" }
                if let decoded { return String(decoding: decoded, as: UTF8.self) }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                if decoding {
                    if decoded == nil { decoded = Array(bytes[start..<(position - 2 - (escaped.isShort ? 0 : 4))]) }
                    decoded?.append(escaped.byte)
                }
            case 0..<0x20: return nil
            default: decoded?.append(byte)
            }
        }
        return nil
    }

    /// The character an escape after `\` stands for, when the formatter writes it that way.
    private mutating func escape() -> (byte: UInt8, isShort: Bool)? {
        guard let letter = next else { return nil }
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return (letter, true)
        case UInt8(ascii: "n"): return (0x0A, true)
        case UInt8(ascii: "r"): return (0x0D, true)
        case UInt8(ascii: "t"): return (0x09, true)
        case UInt8(ascii: "b"): return (0x08, true)
        case UInt8(ascii: "f"): return (0x0C, true)
        case UInt8(ascii: "u"):
            // `\u00xx` in lowercase for a control character without a letter of its own.
            guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "0"), bytes[position + 1] == UInt8(ascii: "0") else {
                return nil
            }
            func digit(_ byte: UInt8) -> UInt8? {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                default: nil
                }
            }
            guard let high = digit(bytes[position + 2]), high < 2, let low = digit(bytes[position + 3]) else { return nil }
            let value = high << 4 | low
            guard ![0x0A, 0x0D, 0x09, 0x08, 0x0C].contains(value) else { return nil }
            position += 4
            return (value, false)
        default: return nil
        }
    }

    /// A number as JSON writes one (the formatter writes it back as written).
    private mutating func number() -> Bool {
        func digits() -> Int {
            let from = position
            while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
            return position - from
        }
        _ = expect(UInt8(ascii: "-"))
        if expect(UInt8(ascii: "0")) {
            if let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { return false }
        } else if digits() == 0 {
            return false
        }
        if expect(UInt8(ascii: ".")), digits() == 0 { return false }
        if expect(UInt8(ascii: "e")) || expect(UInt8(ascii: "E")) {
            if !expect(UInt8(ascii: "+")) { _ = expect(UInt8(ascii: "-")) }
            if digits() == 0 { return false }
        }
        return true
    }

    /// An object's keys so far: each must come after the one before in the formatter's order, and
    /// none may be a key twice (as the formatter compares keys).
    private struct MemberKeys {
        private var keys: [String] = []
        private var set: Set<String>?

        mutating func add(_ key: String, order: inout CatalogFormatter.MemberOrder) -> Bool {
            if let last = keys.last {
                // The formatter remembers the order of the names of small objects, and asks again
                // for a large one's; the answers are the same.
                let inOrder =
                    keys.count < CatalogFormatter.MemberOrder.largestRemembered
                    ? order.ordered(last, key) : CatalogFormatter.ordered(last, key)
                guard inOrder else { return false }
            }
            if set == nil, keys.count >= 8 { set = Set(keys) }
            if set != nil {
                guard set?.insert(key).inserted == true else { return false }
            } else if keys.contains(key) {
                return false
            }
            keys.append(key)
            return true
        }
    }
}
