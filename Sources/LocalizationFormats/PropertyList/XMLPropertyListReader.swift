import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads XML property lists through libxml2, keeping a line and column for every key and value.
///
/// Hardened for untrusted input: no network (`XML_PARSE_NONET`), no entity substitution (no
/// `XML_PARSE_NOENT`), no DTD loading, no huge-document relaxation, and a nesting limit of our own.
/// libxml2's own error printing is off; its errors arrive through a structured handler.
public enum XMLPropertyListReader {
    /// Deeper nesting than any real plist has; libxml2's own limit (256) usually trips first.
    public static let maximumDepth = 128

    static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The libxml2 version in use, for `--version`.
    public static var libxml2Version: String { LIBXML_DOTTED_VERSION }

    static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue)

    public static func read(bytes: [UInt8], path: String) -> PropertyListDocument {
        read(bytes: bytes, path: path, rootEntry: nil).document
    }

    /// `read(bytes:path:)`, handing a top-level dictionary's entries to `rootEntry` where the
    /// plain reader reads the file (see `PropertyListReader.read(bytes:path:rootEntry:)`).
    static func read(
        bytes: [UInt8], path: String, rootEntry: ((PropertyListEntry) -> Void)?
    ) -> (document: PropertyListDocument, handedOver: Bool) {
        // What tools write is read without libxml2; anything else falls through to it.
        if let document = PlainPropertyListReader.read(bytes: bytes, path: path, rootEntry: rootEntry) {
            guard rootEntry != nil, case .dictionary = document.root?.value else { return (document, false) }
            return (document, true)
        }
        return (readThroughLibXML2(bytes: bytes, path: path), false)
    }

    /// `read(bytes:path:)` for a file the plain reader declined.
    private static func readThroughLibXML2(bytes: [UInt8], path: String) -> PropertyListDocument {
        // libxml2 compares each attribute of a start tag with every earlier one: a tag with
        // hundreds of thousands of them takes minutes. A property list element has at most one.
        if let crowded = firstCrowdedTag(bytes, limit: maximumAttributes) {
            let diagnostic = Diagnostic(
                .plistInvalidStructure, .plistTooManyAttributes(count: crowded.count), path: path,
                at: position(ofByte: crowded.offset, in: bytes))
            return PropertyListDocument(path: path, root: nil, diagnostics: [diagnostic], loads: false, isBinary: false)
        }
        // With entity declarations, libxml2 parses each entity's text through the same callbacks
        // to check it, which a stream reader cannot tell from the document's own text; such rare
        // files are read through the tree, which the stream reader otherwise matches exactly.
        if contains(bytes, "<!ENTITY") { return readTree(bytes: bytes, path: path) }
        return readStream(bytes: bytes, path: path)
    }

    /// More attributes than any property list has in one tag.
    static let maximumAttributes = 64

    /// The first start tag with more than `limit` attributes (counted by their `=` outside
    /// quotes), in one pass over the bytes.
    static func firstCrowdedTag(_ bytes: [UInt8], limit: Int) -> (offset: Int, count: Int)? {
        bytes.withUnsafeBufferPointer { buffer in firstCrowdedTag(buffer, limit: limit) }
    }

    private static func firstCrowdedTag(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> (offset: Int, count: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < bytes.count {
            // Text between tags is skipped with memchr.
            guard let hit = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) else { return nil }
            index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            // End tags, comments, declarations and processing instructions are not counted.
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index += 2
                continue
            }
            let start = index
            var count = 0
            var quote: UInt8 = 0
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "=") {
                    count += 1
                } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                    break
                }
                index += 1
            }
            if count > limit { return (start, count) }
        }
        return nil
    }

    static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard pattern.count >= 2, let first = pattern.first else { return true }
        return bytes.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress else { return false }
            var offset = 0
            while offset + pattern.count <= haystack.count,
                let hit = memchr(base + offset, Int32(first), haystack.count - offset - pattern.count + 1)
            {
                let index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                // Nearly every '<' opens a tag: one byte tells most of them apart.
                if haystack[index + 1] == pattern[1], memcmp(base + index, needle.utf8Start, pattern.count) == 0 { return true }
                offset = index + 1
            }
            return false
        }
    }

    /// Runs `body` (a libxml2 parse) with libxml2's errors collected instead of printed.
    static func collectingErrors<T>(_ body: () -> T) -> (result: T, errors: [ErrorCollector.Item]) {
        _ = initialized
        let collector = ErrorCollector()
        let unmanaged = Unmanaged.passRetained(collector)
        defer { unmanaged.release() }
        xmlSetStructuredErrorFunc(unmanaged.toOpaque(), collectXMLError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return (body(), collector.errors)
    }

    /// The document of a file libxml2 could not read: its first errors, the first saying that
    /// nothing loads.
    static func syntaxFailure(_ errors: [ErrorCollector.Item], path: String) -> PropertyListDocument {
        let diagnostics = syntaxDiagnostics(errors, path: path, consequence: .xmlNothingLoads)
        return PropertyListDocument(path: path, root: nil, diagnostics: diagnostics, loads: false, isBinary: false)
    }

    /// The line of the document's internal DTD subset when it declares anything (or holds a
    /// comment), which Foundation refuses.
    static func internalSubsetLine(_ document: xmlDocPtr) -> Int? {
        guard let subset = document.pointee.intSubset, subset.pointee.children != nil else { return nil }
        return Int(xmlGetLineNo(UnsafeMutableRawPointer(subset).assumingMemoryBound(to: xmlNode.self)))
    }

    /// Reads through libxml2's document tree (see `read`).
    @_spi(Fuzzing) public static func readTree(bytes: [UInt8], path: String) -> PropertyListDocument {
        let (parsed, errors) = collectingErrors { () -> xmlDocPtr? in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        xmlReadMemory($0, Int32(clamping: buffer.count), nil, nil, Self.options)
                    }
                }
            }
        }
        defer { if let parsed { xmlFreeDoc(parsed) } }
        guard let document = parsed, errors.isEmpty else { return syntaxFailure(errors, path: path) }

        var builder = TreeBuilder(path: path, columns: ColumnFinder(bytes: bytes))
        if let line = internalSubsetLine(document) { builder.fail(.plistInternalSubset, line: line) }
        guard let rootElement = xmlDocGetRootElement(document) else {
            builder.fail(.plistNoRootElement, line: 1)
            return builder.document(root: nil)
        }
        var top = rootElement
        if name(of: rootElement) == "plist" {
            let children = elementChildren(of: rootElement)
            guard let first = children.first else {
                builder.fail(.plistEmpty, line: line(of: rootElement))
                return builder.document(root: nil)
            }
            if children.count > 1 {
                builder.fail(.plistSeveralValues(count: children.count), line: line(of: children[1]), severity: .warning)
            }
            top = first
        }
        let root = builder.node(top, depth: 0)
        return builder.document(root: root)
    }
}

final class ErrorCollector {
    struct Item {
        var message: ParseMessage
        var line: Int
        var column: Int
    }
    var errors: [Item] = []
}

func collectXMLError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    var message: ParseMessage = .xmlWithoutMessage
    if var text = error.pointee.message.map({ String(cString: $0) }) {
        while text.last == "\n" || text.last == " " { text.removeLast() }
        message = .xml(libxml2: text)
    }
    collector.errors.append(.init(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2)))
}

private func name(of node: xmlNodePtr) -> String {
    node.pointee.name.map { String(cString: $0) } ?? ""
}

private func line(of node: xmlNodePtr) -> Int {
    Int(xmlGetLineNo(node))
}

private func elementChildren(of node: xmlNodePtr) -> [xmlNodePtr] {
    var result: [xmlNodePtr] = []
    var child = node.pointee.children
    while let current = child {
        if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
        child = current.pointee.next
    }
    return result
}

/// libxml2 keeps lines but not columns for elements; find each element's `<name` on its line, in
/// document order, which is text order.
struct ColumnFinder {
    let lines: LineTable
    let text: [UInt8]
    /// Per line, where the next search starts (0: the line's start): elements on one line are
    /// asked for in document order.
    var cursor: [Int]
    /// Per line, the last element's byte offset and column: columns are counted on from there, not
    /// from the line's start (quadratic in a plist written on one line).
    var counted: [(offset: Int, column: Int)]

    init(bytes: [UInt8]) {
        let decoded = TextDecoder.decode(bytes)
        text = decoded.utf8
        lines = LineTable(utf8: decoded.utf8)
        cursor = [Int](repeating: 0, count: lines.lineCount + 1)
        counted = Array(repeating: (0, 0), count: lines.lineCount + 1)
    }

    /// Where `<elementName` starts on `line` (libxml2 gives lines only), compared in place: no
    /// string or array per element.
    mutating func location(line: Int, elementName: String) -> SourcePosition {
        guard line >= 1, line <= lines.lineCount else { return SourcePosition(line: max(1, line), column: 1) }
        if let found = find(elementName, on: line) { return found }
        // libxml2 gives the line where a start tag ends: one written over several lines (an
        // attribute a line) starts on an earlier one, and its last line holds no '<'.
        let lineStart = lines.lineStarts[line - 1]
        let lineEnd = line < lines.lineCount ? lines.lineStarts[line] : text.count
        guard !text[lineStart..<lineEnd].contains(UInt8(ascii: "<")) else { return SourcePosition(line: line, column: 1) }
        for earlier in stride(from: line - 1, through: max(1, line - 20), by: -1) {
            if let found = find(elementName, on: earlier) { return found }
        }
        return SourcePosition(line: line, column: 1)
    }

    /// Where the next `<elementName` on `line` starts, if there is one.
    private mutating func find(_ elementName: String, on line: Int) -> SourcePosition? {
        let lineStart = lines.lineStarts[line - 1]
        let start = cursor[line] > 0 ? cursor[line] : lineStart
        let end = line < lines.lineCount ? lines.lineStarts[line] : text.count
        var name = elementName
        let found: Int? = name.withUTF8 { needle in
            text.withUnsafeBufferPointer { text in
                var index = start
                while index + needle.count + 1 <= end {
                    if text[index] == UInt8(ascii: "<"),
                        needle.indices.allSatisfy({ text[index + 1 + $0] == needle[$0] })
                    {
                        return index
                    }
                    index += 1
                }
                return nil
            }
        }
        guard let found else { return nil }
        cursor[line] = found + 1 + name.utf8.count
        let from = counted[line].column > 0 ? counted[line] : (offset: lineStart, column: 1)
        var column = from.column
        for index in from.offset..<found where text[index] & 0xC0 != 0x80 { column += 1 }
        counted[line] = (found, column)
        return SourcePosition(line: line, column: column)
    }
}

private struct TreeBuilder {
    let path: String
    var columns: ColumnFinder
    var diagnostics: [Diagnostic] = []
    var loads = true

    init(path: String, columns: ColumnFinder) {
        self.path = path
        self.columns = columns
    }

    mutating func fail(_ message: ParseMessage, line: Int, severity: Severity = .error, kind: ParseDiagnosticKind = .plistInvalidStructure)
    {
        diagnostics.append(Diagnostic(kind, message, path: path, at: SourcePosition(line: max(1, line), column: 1), severity: severity))
        if severity == .error { loads = false }
    }

    mutating func fail(_ message: ParseMessage, at location: SourcePosition, kind: ParseDiagnosticKind = .plistInvalidStructure) {
        diagnostics.append(Diagnostic(kind, message, path: path, at: location))
        loads = false
    }

    func document(root: PropertyListNode?) -> PropertyListDocument {
        PropertyListDocument(path: path, root: root, diagnostics: diagnostics, loads: loads && root != nil, isBinary: false)
    }

    /// The character content of an element; entity references are reported, not expanded.
    mutating func text(of node: xmlNodePtr, at location: SourcePosition) -> String {
        var result = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result += String(cString: content) }
            case XML_ENTITY_REF_NODE:
                fail(.xmlEntityReference(name: name(of: current)), at: location, kind: .xmlEntityReference)
            case XML_ELEMENT_NODE:
                fail(.plistElementInText(element: name(of: node), child: name(of: current)), at: location)
            default:
                break
            }
            child = current.pointee.next
        }
        return result
    }

    mutating func node(_ element: xmlNodePtr, depth: Int) -> PropertyListNode? {
        let elementName = name(of: element)
        let location = columns.location(line: line(of: element), elementName: elementName)
        if depth > XMLPropertyListReader.maximumDepth {
            fail(.nestedTooDeep(limit: XMLPropertyListReader.maximumDepth), at: location, kind: .nestingTooDeep)
            return nil
        }
        switch elementName {
        case "string", "integer", "real", "date", "data":
            let raw = text(of: element, at: location)
            return scalarNode(elementName, text: raw, at: location) { fail($0, at: location) }
        case "key":
            fail(.plistKeyOutsideDictionary, at: location)
            return nil
        case "true", "false":
            if !elementChildren(of: element).isEmpty || !text(of: element, at: location).trimmingASCIIWhitespace().isEmpty {
                fail(.plistBooleanNotEmpty(element: elementName), at: location)
            }
            return PropertyListNode(.bool(elementName == "true"), location: location)
        case "array":
            var items: [PropertyListNode] = []
            for child in elementChildren(of: element) {
                if let item = node(child, depth: depth + 1) { items.append(item) }
            }
            return PropertyListNode(.array(items), location: location)
        case "dict":
            return dictionary(element, location: location, depth: depth)
        default:
            fail(.plistUnknownElement(element: elementName), at: location)
            return nil
        }
    }

    mutating func dictionary(_ element: xmlNodePtr, location: SourcePosition, depth: Int) -> PropertyListNode {
        var entries: [PropertyListEntry] = []
        let children = elementChildren(of: element)
        var index = 0
        while index < children.count {
            let child = children[index]
            let childName = name(of: child)
            let childLocation = columns.location(line: line(of: child), elementName: childName)
            guard childName == "key" else {
                fail(.plistExpectedKey(found: childName), at: childLocation)
                index += 1
                continue
            }
            let key = text(of: child, at: childLocation)
            guard index + 1 < children.count, name(of: children[index + 1]) != "key" else {
                fail(.plistKeyWithoutValue(key: key), at: childLocation)
                index += 1
                continue
            }
            if let value = node(children[index + 1], depth: depth + 1) {
                entries.append(PropertyListEntry(key: key, keyLocation: childLocation, value: value))
            }
            index += 2
        }
        return PropertyListNode(.dictionary(entries), location: location)
    }
}

/// The node of a `string`, `integer`, `real`, `date` or `data` element whose text has been read
/// (nil for a real that is not a number, as Foundation refuses it); problems go to `fail`.
func scalarNode(_ name: String, text raw: String, at location: SourcePosition, fail: (ParseMessage) -> Void) -> PropertyListNode? {
    switch name {
    case "string":
        return PropertyListNode(.string(raw), location: location)
    case "integer":
        let trimmed = raw.trimmingASCIIWhitespace()
        guard let value = parseInteger(trimmed) else {
            fail(.plistInvalidInteger(text: trimmed))
            return PropertyListNode(.integer(text: trimmed, value: nil), location: location)
        }
        return PropertyListNode(.integer(text: trimmed, value: value), location: location)
    case "real":
        let trimmed = raw.trimmingASCIIWhitespace()
        guard let value = Double(trimmed) ?? (trimmed == "nan" ? .nan : nil) else {
            fail(.plistInvalidReal(text: trimmed))
            return nil
        }
        return PropertyListNode(.real(value), location: location)
    case "date":
        let trimmed = raw.trimmingASCIIWhitespace()
        if !isISO8601Date(trimmed) { fail(.plistInvalidDate(text: trimmed)) }
        return PropertyListNode(.date(trimmed), location: location)
    default:
        guard let bytes = decodeBase64(raw) else {
            fail(.plistInvalidBase64)
            return PropertyListNode(.data([]), location: location)
        }
        return PropertyListNode(.data(bytes), location: location)
    }
}

func parseInteger(_ text: String) -> Int64? {
    var body = Substring(text)
    var negative = false
    if body.hasPrefix("-") {
        negative = true
        body = body.dropFirst()
    } else if body.hasPrefix("+") {
        body = body.dropFirst()
    }
    let magnitude: UInt64?
    if body.hasPrefix("0x") || body.hasPrefix("0X") {
        magnitude = UInt64(body.dropFirst(2), radix: 16)
    } else {
        magnitude = UInt64(body, radix: 10)
    }
    guard let magnitude else { return nil }
    if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
    return Int64(exactly: magnitude) ?? Int64(bitPattern: magnitude)
}

func isISO8601Date(_ text: String) -> Bool {
    let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count == pattern.count else { return false }
    for (b, p) in zip(bytes, pattern) {
        if p == UInt8(ascii: "d") {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return false }
        } else if b != p {
            return false
        }
    }
    return true
}

func decodeBase64(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    var padding = 0
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): values.append(62)
        case UInt8(ascii: "/"): values.append(63)
        case UInt8(ascii: "="): padding += 1
        case 0x20, 0x09, 0x0A, 0x0D: continue
        default: return nil
        }
        if padding > 0, byte != UInt8(ascii: "=") { return nil }
    }
    guard (values.count + padding) % 4 == 0 || padding == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index + 1 < values.count {
        let chunk = values[index..<min(index + 4, values.count)]
        let a = chunk[chunk.startIndex], b = chunk[chunk.startIndex + 1]
        out.append(a << 2 | b >> 4)
        if chunk.count > 2 { out.append((b & 0x0F) << 4 | chunk[chunk.startIndex + 2] >> 2) }
        if chunk.count > 3 { out.append((chunk[chunk.startIndex + 2] & 0x03) << 6 | chunk[chunk.startIndex + 3]) }
        index += 4
    }
    return out
}
