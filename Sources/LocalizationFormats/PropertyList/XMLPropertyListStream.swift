import CLibXML2

extension XMLPropertyListReader {
    /// Reads through libxml2's SAX2 callbacks, building our nodes as elements close: the document
    /// tree libxml2 would build (and free) was more than half of its time and most of its
    /// allocations. The result, diagnostics and their order included, is the tree reader's.
    @_spi(Fuzzing) public static func readStream(bytes: [UInt8], path: String) -> PropertyListDocument {
        let builder = StreamBuilder(StreamState(path: path, columns: ColumnFinder(bytes: bytes)))
        let unmanagedBuilder = Unmanaged.passRetained(builder)
        defer { unmanagedBuilder.release() }
        let (wellFormed, subsetLine, errors) = parseSAX(bytes, owner: unmanagedBuilder.toOpaque()) { handler in
            handler.pointee.startElementNs = streamStartElement
            handler.pointee.endElementNs = streamEndElement
            handler.pointee.characters = streamCharacters
            handler.pointee.ignorableWhitespace = streamCharacters
            handler.pointee.cdataBlock = streamCharacters
            handler.pointee.reference = streamReference
        }
        guard wellFormed, errors.isEmpty else { return syntaxFailure(errors, path: path) }
        return builder.state.document(subsetLine: subsetLine)
    }
}

/// The builder a stream parse hands its events to, in `_private` of the parser context.
private func builder(_ context: UnsafeMutableRawPointer?) -> StreamBuilder? {
    guard let context = context?.assumingMemoryBound(to: xmlParserCtxt.self), let opaque = context.pointee._private else { return nil }
    return Unmanaged<StreamBuilder>.fromOpaque(opaque).takeUnretainedValue()
}

private func streamStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let builder = builder(context), let localName else { return }
    let line = Int(xmlSAX2GetLineNumber(context))
    builder.state.start(String(cString: localName), line: line)
}

private func streamEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    builder(context)?.state.end()
}

private func streamCharacters(_ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let builder = builder(context), let characters, length > 0 else { return }
    builder.state.characters(UnsafeBufferPointer(start: characters, count: Int(length)))
}

private func streamReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    builder(context)?.state.entityReference(name.map { String(cString: $0) } ?? "")
}

/// The state a stream parse works on, in one box the callbacks reach through the parser
/// context: a struct, so its fields are reached without an exclusivity check each. The box's
/// one field is reached by one callback at a time (libxml2 calls them in turn, on one thread),
/// which the dynamic check cannot know (it cost a noticeable share of a parse).
private final class StreamBuilder {
    @exclusivity(unchecked) var state: StreamState

    init(_ state: StreamState) {
        self.state = state
    }
}

/// Builds property list nodes from element events, making the tree reader's decisions in the
/// same order: which elements get a position, which are skipped, what each failure says.
private struct StreamState {
    private enum Kind {
        /// `<plist>`: counts its values; the first is the root.
        case plist
        case dictionary
        case array
        /// An element whose content is text (`isKey` for a dictionary's key).
        case leaf
        /// An element the tree reader never walks into; `delivers` when it stands where a value
        /// was expected, so its parent's pending key is used up.
        case skipped
    }

    /// One open element. Fields of kinds that do not use them stay empty; the arrays are changed
    /// in place on the stack, never copied.
    private struct Frame {
        var kind: Kind
        var location: SourcePosition
        var depth: Int
        var name = ""
        var isKey = false
        /// `plist`: its line, its values so far, and the line of the second.
        var line = 0
        var children = 0
        var secondLine = 0
        var entries: [PropertyListEntry] = []
        var pendingKey: String?
        var pendingKeyLocation = SourcePosition(line: 1, column: 1)
        var items: [PropertyListNode] = []
        var skipDepth = 0
        var delivers = false

        init(_ kind: Kind, location: SourcePosition, depth: Int) {
            self.kind = kind
            self.location = location
            self.depth = depth
        }

        static func skipped(at location: SourcePosition, depth: Int, delivers: Bool) -> Frame {
            var frame = Frame(.skipped, location: location, depth: depth)
            frame.skipDepth = 1
            frame.delivers = delivers
            return frame
        }
    }

    /// What a leaf held besides text, in order: the tree reader reports these as it reads it.
    private enum LeafEvent {
        case entity(String)
        case element(String)
    }

    let path: String
    private var columns: ColumnFinder
    private var stack: [Frame] = []
    private var root: PropertyListNode?
    /// Reported before the walk by the tree reader: about `<plist>` itself.
    private var preamble: [Diagnostic] = []
    private var walk: [Diagnostic] = []
    private var loads = true
    private var text: [UInt8] = []
    private var events: [LeafEvent] = []

    init(path: String, columns: ColumnFinder) {
        self.path = path
        self.columns = columns
    }

    private mutating func fail(_ message: ParseMessage, at location: SourcePosition, kind: ParseDiagnosticKind = .plistInvalidStructure) {
        walk.append(Diagnostic(kind, message, path: path, at: location))
        loads = false
    }

    mutating func start(_ name: String, line: Int) {
        guard let top = stack.indices.last else {
            if name == "plist" {
                var frame = Frame(.plist, location: SourcePosition(line: 1, column: 1), depth: 0)
                frame.line = line
                stack.append(frame)
            } else {
                startValue(name, line: line, depth: 0)
            }
            return
        }
        switch stack[top].kind {
        case .skipped:
            stack[top].skipDepth += 1
        case .leaf:
            events.append(.element(name))
            stack.append(.skipped(at: stack[top].location, depth: stack[top].depth, delivers: false))
        case .plist:
            stack[top].children += 1
            if stack[top].children == 1 {
                startValue(name, line: line, depth: 0)
            } else {
                if stack[top].children == 2 { stack[top].secondLine = line }
                stack.append(.skipped(at: stack[top].location, depth: 0, delivers: false))
            }
        case .dictionary:
            if let key = stack[top].pendingKey {
                guard name == "key" else {
                    startValue(name, line: line, depth: stack[top].depth + 1)
                    return
                }
                fail(.plistKeyWithoutValue(key: key), at: stack[top].pendingKeyLocation)
                stack[top].pendingKey = nil
            }
            let location = columns.location(line: line, elementName: name)
            if name == "key" {
                beginLeaf()
                var frame = Frame(.leaf, location: location, depth: stack[top].depth)
                frame.name = name
                frame.isKey = true
                stack.append(frame)
            } else {
                fail(.plistExpectedKey(found: name), at: location)
                stack.append(.skipped(at: location, depth: stack[top].depth, delivers: false))
            }
        case .array:
            startValue(name, line: line, depth: stack[top].depth + 1)
        }
    }

    /// An element where a value stands (see the tree reader's `node(_:depth:)`).
    private mutating func startValue(_ name: String, line: Int, depth: Int) {
        let location = columns.location(line: line, elementName: name)
        if depth > XMLPropertyListReader.maximumDepth {
            fail(.nestedTooDeep(limit: XMLPropertyListReader.maximumDepth), at: location, kind: .nestingTooDeep)
            stack.append(.skipped(at: location, depth: depth, delivers: true))
            return
        }
        switch name {
        case "string", "integer", "real", "date", "data", "true", "false":
            beginLeaf()
            var frame = Frame(.leaf, location: location, depth: depth)
            frame.name = name
            stack.append(frame)
        case "array":
            stack.append(Frame(.array, location: location, depth: depth))
        case "dict":
            stack.append(Frame(.dictionary, location: location, depth: depth))
        case "key":
            fail(.plistKeyOutsideDictionary, at: location)
            stack.append(.skipped(at: location, depth: depth, delivers: true))
        default:
            fail(.plistUnknownElement(element: name), at: location)
            stack.append(.skipped(at: location, depth: depth, delivers: true))
        }
    }

    private mutating func beginLeaf() {
        text.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard stack.last?.kind == .leaf else { return }
        text.append(contentsOf: bytes)
    }

    mutating func entityReference(_ name: String) {
        guard stack.last?.kind == .leaf else { return }
        events.append(.entity(name))
    }

    mutating func end() {
        guard let top = stack.indices.last else { return }
        if stack[top].kind == .skipped, stack[top].skipDepth > 1 {
            stack[top].skipDepth -= 1
            return
        }
        let frame = stack.removeLast()
        switch frame.kind {
        case .skipped:
            if frame.delivers { deliver(nil) }
        case .leaf:
            endLeaf(frame)
        case .array:
            deliver(PropertyListNode(.array(frame.items), location: frame.location))
        case .dictionary:
            if let key = frame.pendingKey { fail(.plistKeyWithoutValue(key: key), at: frame.pendingKeyLocation) }
            deliver(PropertyListNode(.dictionary(frame.entries), location: frame.location))
        case .plist:
            if frame.children == 0 {
                preamble.append(
                    Diagnostic(.plistInvalidStructure, .plistEmpty, path: path, at: SourcePosition(line: max(1, frame.line), column: 1)))
                loads = false
            } else if frame.children > 1 {
                preamble.append(
                    Diagnostic(
                        .plistInvalidStructure, .plistSeveralValues(count: frame.children), path: path,
                        at: SourcePosition(line: max(1, frame.secondLine), column: 1), severity: .warning))
            }
        }
    }

    /// The tree reader's `text(of:at:)`: its problems, then the text.
    private mutating func leafText(_ name: String, at location: SourcePosition) -> String {
        for event in events {
            switch event {
            case .entity(let entity):
                fail(.xmlEntityReference(name: entity), at: location, kind: .xmlEntityReference)
            case .element(let child):
                fail(.plistElementInText(element: name, child: child), at: location)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func endLeaf(_ frame: Frame) {
        let location = frame.location
        if frame.isKey {
            let key = leafText(frame.name, at: location)
            guard let top = stack.indices.last, stack[top].kind == .dictionary else { return }
            stack[top].pendingKey = key
            stack[top].pendingKeyLocation = location
            return
        }
        switch frame.name {
        case "true", "false":
            let hasElements = events.contains {
                if case .element = $0 { return true }
                return false
            }
            if hasElements || !leafText(frame.name, at: location).trimmingASCIIWhitespace().isEmpty {
                fail(.plistBooleanNotEmpty(element: frame.name), at: location)
            }
            deliver(PropertyListNode(.bool(frame.name == "true"), location: location))
        default:
            let raw = leafText(frame.name, at: location)
            deliver(scalarNode(frame.name, text: raw, at: location) { fail($0, at: location) })
        }
    }

    /// Hands a finished value (nil: none) to the element it stands in.
    private mutating func deliver(_ node: PropertyListNode?) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        switch stack[top].kind {
        case .plist:
            root = node
        case .dictionary:
            if let node, let key = stack[top].pendingKey {
                stack[top].entries.append(PropertyListEntry(key: key, keyLocation: stack[top].pendingKeyLocation, value: node))
            }
            stack[top].pendingKey = nil
        case .array:
            if let node { stack[top].items.append(node) }
        case .leaf, .skipped:
            break
        }
    }

    mutating func document(subsetLine: Int?) -> PropertyListDocument {
        var diagnostics: [Diagnostic] = []
        if let subsetLine {
            diagnostics.append(
                Diagnostic(
                    .plistInvalidStructure, .plistInternalSubset, path: path, at: SourcePosition(line: max(1, subsetLine), column: 1)))
            loads = false
        }
        diagnostics += preamble
        // The tree reader stops at `<plist>` without a value, before walking anything.
        if preamble.contains(where: { $0.severity == .error }) {
            return PropertyListDocument(path: path, root: nil, diagnostics: diagnostics, loads: false, isBinary: false)
        }
        diagnostics += walk
        return PropertyListDocument(path: path, root: root, diagnostics: diagnostics, loads: loads && root != nil, isBinary: false)
    }
}
