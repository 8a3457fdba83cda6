/// A JSON value with the position of its first character.
public struct JSONNode: Sendable, Hashable {
    // Not `indirect`: the arrays already break the recursion, and a box per node cost an
    // allocation each, which slowed parsing and raised its peak memory.
    public enum Value: Sendable, Hashable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// The number as written, so huge or precise numbers are not rounded.
        case number(String)
        case bool(Bool)
        case null
    }

    public var value: Value
    public var location: SourcePosition

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var object: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var array: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The value of the last member named `key` (JSON parsers commonly keep the last).
    public subscript(key: String) -> JSONNode? {
        object?.last(where: { $0.key == key })?.value
    }

    public var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// The type name as a message reads it: "an object", "a string", "null".
    public var typeNameWithArticle: String {
        switch value {
        case .null: "null"
        case .object, .array: "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}

/// One `"key": value` of a JSON object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keyLocation: SourcePosition
    public var value: JSONNode
}

/// A parsed JSON file: its root (nil after a syntax error) and what was wrong.
public struct JSONDocument: Sendable {
    public var path: String
    public var root: JSONNode?
    public var diagnostics: [Diagnostic]
    /// The decoded text, for callers that re-read how a value was written.
    public var lines: LineTable { lazyLines.table }
    let lazyLines: LazyLineTable

    init(path: String, root: JSONNode?, diagnostics: [Diagnostic], lines: LazyLineTable) {
        self.path = path
        self.root = root
        self.diagnostics = diagnostics
        lazyLines = lines
    }
}

/// A strict JSON reader (RFC 8259) that keeps a line and column for every key and value.
///
/// Foundation's `JSONSerialization` keeps no positions, so diagnostics could not point at the
/// offending key. Nesting is bounded, duplicate keys are reported, numbers are kept as text.
public enum JSONReader {
    public static let maximumDepth = 256

    public static func parse(bytes: [UInt8], path: String) -> JSONDocument {
        parse(contents: .bytes(bytes), path: path, stream: nil)
    }

    /// The root of a file that must be sound JSON as a whole (a baseline, a previous report): its
    /// first error is thrown with its place.
    public static func root(bytes: [UInt8], path: String) throws(FileProblem) -> JSONNode {
        let document = parse(bytes: bytes, path: path)
        if let problem = document.diagnostics.first(where: { $0.severity == .error }) {
            throw FileProblem(path: path, location: problem.location, message: problem.message)
        }
        guard let root = document.root else { throw FileProblem(path: path, location: nil, message: ParseMessage.jsonNoValue.text) }
        return root
    }

    /// What a streaming parse hands over, in file order.
    public enum StreamEvent: Sendable {
        /// An object under the streamed key starts (a key may appear twice; the later one wins).
        case begin
        /// One of its members, which the tree will not hold.
        case member(JSONMember)
    }

    /// Parses as `parse(bytes:path:)`, except that the members of the object under the root's
    /// key `key` are handed to `body` one by one as they are read and left out of the tree (the
    /// object stays, empty). A reader that turns each member into its own model then never holds
    /// the whole tree: a String Catalog is one object of entries. After a syntax error the root
    /// is nil and what `body` was given must be dropped, as the tree would have been. Readers
    /// use the form that reads a large object's halves at once
    /// (`parse(bytes:path:streamingMembersOf:splittingAbove:newRun:_:)`); this one, one event
    /// after another, shows the tests every object handed over.
    static func parse(
        bytes: [UInt8], path: String, streamingMembersOf key: String, _ body: (StreamEvent) -> Void
    ) -> JSONDocument {
        withoutActuallyEscaping(body) { body in parse(contents: .bytes(bytes), path: path, stream: (key, body)) }
    }

    static func parse(
        contents: FileContents, path: String, stream: (key: String, body: (StreamEvent) -> Void)?,
        splitter: ((_ buffer: UnsafeBufferPointer<UInt8>, _ lines: LazyLineTable, _ objectStart: Int) -> StreamSplit?)? = nil,
        direct: Parser.DirectReader? = nil, countingLines: Bool? = nil
    ) -> JSONDocument {
        // A mapped file is read where it lies when it is plain UTF-8 (nearly always), else
        // decoded into an array as read bytes are.
        let decoded: DecodedText
        let text: FileContents
        switch contents {
        case .mapped(let file) where TextDecoder.isPlainUTF8(file.bytes):
            decoded = DecodedText(utf8: [], encoding: .utf8, problems: [])
            text = contents
        case .mapped(let file):
            decoded = TextDecoder.decode(notPlain: file.bytes)
            text = .bytes(decoded.utf8)
        case .bytes(let bytes):
            decoded = TextDecoder.decode(bytes)
            text = .bytes(decoded.utf8)
        }
        let lines = LazyLineTable(text, countingLines: countingLines)
        var diagnostics: [Diagnostic] = []
        for problem in decoded.problems.prefix(5) {
            diagnostics.append(StringsParser.decodingDiagnostic(problem, encoding: decoded.encoding, path: path, lines: lines.table).0)
        }
        if decoded.gaveUp, let last = diagnostics.indices.last {
            diagnostics[last].message += StringsParser.notText
            diagnostics[last].severity = .error
            return JSONDocument(path: path, root: nil, diagnostics: diagnostics, lines: lines)
        }
        return text.withUnsafeBufferPointer { buffer in
            var parser = Parser(b: buffer, lines: lines, path: path)
            parser.diagnostics = diagnostics
            parser.stream = stream
            parser.direct = direct
            parser.splitter = splitter.map { splitter in { splitter(buffer, lines, $0) } }
            let root = parser.parseDocument()
            // The second run reads the buffer: it ends before the buffer is let go, whether or
            // not its members were taken.
            parser.split?.finish()
            parser.tally.annotate(&parser.diagnostics, id: \.id, key: \.key, message: \.message)
            if parser.unlistedDuplicates > 0 {
                let count = parser.unlistedDuplicates
                parser.diagnostics.append(
                    Diagnostic(
                        .jsonDuplicateKey, .jsonMoreDuplicateKeys(count: count, listed: Parser.maximumDuplicates), path: path,
                        at: parser.lastDuplicate ?? SourcePosition(line: 1, column: 1)))
            }
            return JSONDocument(path: path, root: root, diagnostics: parser.diagnostics, lines: lines)
        }
    }

    struct SyntaxError: Error {
        var message: ParseMessage
        var offset: Int
    }

    struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        let lines: LazyLineTable
        /// Values are met in file order: the cursor counts lines as the parser meets them and
        /// columns forward from the last place asked for.
        var cursor: JSONPositions
        let path: String
        var pos = 0
        var diagnostics: [Diagnostic] = []
        /// Past the first few of a kind, diagnostics are only counted.
        var tally = DiagnosticKindTally()
        /// Duplicate keys listed, and those past `maximumDuplicates` only counted.
        static let maximumDuplicates = 10_000
        var duplicatesListed = 0
        var unlistedDuplicates = 0
        var lastDuplicate: SourcePosition?
        var stream: (key: String, body: (StreamEvent) -> Void)?
        /// Reads a streamed member's value straight into the reader's model: false when it
        /// declines one, the parser's position, cursor, diagnostics and counts put back as they
        /// were, and the member is then read as a node and handed over.
        typealias DirectReader = (_ parser: inout Parser, _ key: String, _ keyLocation: SourcePosition) -> Bool
        var direct: DirectReader?
        /// Starts reading the second half of the streamed object on another core, given where
        /// the object's members start (see `StreamSplit`); used once.
        var splitter: ((Int) -> StreamSplit?)?
        /// The second half being read, once started.
        var split: StreamSplit?

        init(b: UnsafeBufferPointer<UInt8>, lines: LazyLineTable, path: String, start: Int = 0) {
            self.b = b
            self.lines = lines
            cursor = JSONPositions(bytes: b, lines: lines, startingAt: start)
            self.path = path
            pos = start
        }

        mutating func parseDocument() -> JSONNode? {
            do {
                skipSpace()
                guard pos < b.count else { throw SyntaxError(message: .jsonEmptyFile, offset: 0) }
                let root = try value(depth: 0)
                skipSpace()
                if pos < b.count { throw SyntaxError(message: .jsonTextAfterValue(found: describe(pos)), offset: pos) }
                return root
            } catch let error as SyntaxError {
                diagnostics.append(Diagnostic(.jsonSyntaxError, error.message, path: path, at: lines.table.location(ofByte: error.offset)))
                return nil
            } catch {
                return nil
            }
        }

        func describe(_ offset: Int) -> String {
            guard offset < b.count else { return "end of file" }
            let c = b[offset]
            return c >= 0x20 && c < 0x7F ? "'\(Character(UnicodeScalar(c)))'" : "byte 0x\(String(c, radix: 16, uppercase: true))"
        }

        mutating func skipSpace() {
            while pos < b.count {
                let byte = b[pos]
                if byte == 0x20 || byte == 0x0D || byte == 0x09 {
                    pos &+= 1
                    continue
                }
                guard byte == 0x0A else { return }
                pos &+= 1
                cursor.lineBreak(before: pos)
                skipIndentation()
            }
        }

        /// Runs of spaces eight at a time, the last few at once (on a little-endian machine;
        /// elsewhere `skipSpace` reads them): a line break is mostly followed by indentation
        /// (Xcode indents a catalog two spaces a level, ten and more for a unit's members).
        @inline(never)
        private mutating func skipIndentation() {
            guard let base = b.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            while pos &+ 8 <= b.count {
                let others = raw.loadUnaligned(fromByteOffset: pos, as: UInt64.self) ^ 0x2020_2020_2020_2020
                guard others == 0 else {
                    // The bytes before the first that is no space (the lowest first in memory).
                    #if _endian(little)
                        pos &+= others.trailingZeroBitCount >> 3
                    #endif
                    return
                }
                pos &+= 8
            }
        }

        mutating func value(depth: Int, streamed: ((StreamEvent) -> Void)? = nil) throws -> JSONNode {
            guard depth <= JSONReader.maximumDepth else {
                throw SyntaxError(message: .jsonNestedTooDeep(limit: JSONReader.maximumDepth), offset: pos)
            }
            let start = pos
            let location = cursor.location(ofByte: start)
            guard pos < b.count else { throw SyntaxError(message: .jsonExpectedValue(found: nil), offset: pos) }
            switch b[pos] {
            case UInt8(ascii: "{"):
                pos += 1
                var members: [JSONMember] = []
                // Duplicate keys (`noteKey`).
                var seen: [String: SourcePosition] = [:]
                var count = 0
                streamed?(.begin)
                if streamed != nil, let splitter {
                    self.splitter = nil
                    split = splitter(pos)
                }
                skipSpace()
                if pos < b.count, b[pos] == UInt8(ascii: "}") {
                    pos += 1
                    return JSONNode(value: .object([]), location: location)
                }
                while true {
                    skipSpace()
                    if streamed != nil, let split, !split.isSettled, pos >= split.start, let end = split.take(at: pos) {
                        // The rest of the object was read on another core: its keys are checked
                        // for duplicates here, in order, as if read now. A key's first place is
                        // in this half, else earlier in that one (the run found it).
                        for (key, keyLocation) in split.keys {
                            let inRun = split.firstPlaces[key]
                            noteDuplicate(key, at: keyLocation, first: seen[key] ?? (inRun == keyLocation ? nil : inRun))
                        }
                        pos = end + 1
                        if let positions = split.endPositions { cursor = positions }
                        return JSONNode(value: .object(members), location: location)
                    }
                    guard pos < b.count, b[pos] == UInt8(ascii: "\"") else {
                        throw SyntaxError(message: .jsonExpectedQuotedKey(found: describe(pos)), offset: pos)
                    }
                    let keyLocation = cursor.location(ofByte: pos)
                    let key = try string()
                    skipSpace()
                    guard pos < b.count, b[pos] == UInt8(ascii: ":") else {
                        throw SyntaxError(message: .jsonExpectedColon(key: key, found: describe(pos)), offset: pos)
                    }
                    pos += 1
                    skipSpace()
                    if streamed != nil, let direct, direct(&self, key, keyLocation) {
                        noteKey(key, at: keyLocation, members: members, seen: &seen, count: &count, streamed: true)
                    } else {
                        let streamsMember = depth == 0 && stream?.key == key && pos < b.count && b[pos] == UInt8(ascii: "{")
                        let member = try value(depth: depth + 1, streamed: streamsMember ? stream?.body : nil)
                        noteKey(key, at: keyLocation, members: members, seen: &seen, count: &count, streamed: streamed != nil)
                        if let streamed {
                            streamed(.member(JSONMember(key: key, keyLocation: keyLocation, value: member)))
                        } else {
                            members.append(JSONMember(key: key, keyLocation: keyLocation, value: member))
                        }
                    }
                    skipSpace()
                    guard pos < b.count else {
                        throw SyntaxError(message: .jsonObjectNeverClosed, offset: start)
                    }
                    if b[pos] == UInt8(ascii: ",") {
                        pos += 1
                        continue
                    }
                    if b[pos] == UInt8(ascii: "}") {
                        pos += 1
                        return JSONNode(value: .object(members), location: location)
                    }
                    throw SyntaxError(message: .jsonExpectedObjectSeparator(key: key, found: describe(pos)), offset: pos)
                }
            case UInt8(ascii: "["):
                pos += 1
                var items: [JSONNode] = []
                skipSpace()
                if pos < b.count, b[pos] == UInt8(ascii: "]") {
                    pos += 1
                    return JSONNode(value: .array([]), location: location)
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard pos < b.count else {
                        throw SyntaxError(message: .jsonArrayNeverClosed, offset: start)
                    }
                    if b[pos] == UInt8(ascii: ",") {
                        pos += 1
                        continue
                    }
                    if b[pos] == UInt8(ascii: "]") {
                        pos += 1
                        return JSONNode(value: .array(items), location: location)
                    }
                    throw SyntaxError(message: .jsonExpectedArraySeparator(found: describe(pos)), offset: pos)
                }
            case UInt8(ascii: "\""):
                return JSONNode(value: .string(try string()), location: location)
            case UInt8(ascii: "t"):
                try literal("true")
                return JSONNode(value: .bool(true), location: location)
            case UInt8(ascii: "f"):
                try literal("false")
                return JSONNode(value: .bool(false), location: location)
            case UInt8(ascii: "n"):
                try literal("null")
                return JSONNode(value: .null, location: location)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try number()), location: location)
            default:
                throw SyntaxError(message: .jsonExpectedValue(found: describe(pos)), offset: pos)
            }
        }
    }
}
