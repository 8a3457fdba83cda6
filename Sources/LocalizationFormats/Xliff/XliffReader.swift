import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads XLIFF 1.2 through libxml2's SAX2 callbacks with the property list reader's hardening:
/// no network, no entity substitution, no DTD loading, a bound on nesting, on attributes per tag
/// and on the file's size (the loader's). A document type with an internal subset (entity or
/// element declarations) is refused outright: Xcode never writes one, and it is how entity
/// expansion attacks start.
public enum XliffReader {
    /// Deeper than any export (xliff > file > body > group > trans-unit > target > g).
    public static let maximumDepth = 32

    public static func read(bytes: [UInt8], path: String) -> XliffDocument {
        func refuse(_ message: ParseMessage, at location: SourcePosition) -> XliffDocument {
            XliffDocument(path: path, files: [], diagnostics: [Diagnostic(.xliffInvalidStructure, message, path: path, at: location)])
        }
        if let crowded = XMLPropertyListReader.firstCrowdedTag(bytes, limit: XMLPropertyListReader.maximumAttributes) {
            return refuse(
                .xliffTooManyAttributes(count: crowded.count), at: XMLPropertyListReader.position(ofByte: crowded.offset, in: bytes))
        }
        let state = XliffBuilder(XliffState(path: path, columns: ColumnFinder(bytes: bytes)))
        let unmanaged = Unmanaged.passRetained(state)
        defer { unmanaged.release() }
        let (wellFormed, subsetLine, errors) = XMLPropertyListReader.parseSAX(bytes, owner: unmanaged.toOpaque()) { handler in
            handler.pointee.startElementNs = xliffStartElement
            handler.pointee.endElementNs = xliffEndElement
            handler.pointee.characters = xliffCharacters
            handler.pointee.cdataBlock = xliffCharacters
            handler.pointee.ignorableWhitespace = xliffCharacters
            handler.pointee.reference = xliffReference
        }
        if let subsetLine { return refuse(.xliffInternalSubset, at: SourcePosition(line: max(1, subsetLine), column: 1)) }
        guard wellFormed, errors.isEmpty else {
            let diagnostics = XMLPropertyListReader.syntaxDiagnostics(errors, path: path, consequence: .xliffNothingImports)
            return XliffDocument(path: path, files: [], diagnostics: diagnostics)
        }
        return state.document()
    }
}

private func xliffBuilder(_ context: UnsafeMutableRawPointer?) -> XliffBuilder? {
    guard let context = context?.assumingMemoryBound(to: xmlParserCtxt.self), let opaque = context.pointee._private else { return nil }
    return Unmanaged<XliffBuilder>.fromOpaque(opaque).takeUnretainedValue()
}

/// Whether the C string `pointer` is `name`, compared in place.
private func equals(_ pointer: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
    let name = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    return strcmp(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self), name) == 0
}

/// The attributes of a start tag as libxml2 hands them over (five pointers each: local name,
/// prefix, URI, value start, value end), read by name without a dictionary.
struct XMLAttributes {
    let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the unprefixed attribute `name` (`xml:lang` and the like are not asked for).
    func value(_ name: StaticString) -> String? {
        guard let pointers else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let local = pointers[base], pointers[base + 1] == nil, equals(local, name), let start = pointers[base + 3],
                let end = pointers[base + 4]
            else { continue }
            let value = String(decoding: UnsafeBufferPointer(start: start, count: max(0, end - start)), as: UTF8.self)
            return value.contains("&") ? Self.resolvingReferences(value) : value
        }
        return nil
    }

    /// Without entity substitution libxml2 hands an attribute's `&amp;` over as `&#38;`: the
    /// character references (and the predefined entities) resolved, as the attribute means them.
    static func resolvingReferences(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let scalar {
                result.unicodeScalars.append(scalar)
            } else if let text = named[name] {
                result += text
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}

private func xliffStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let builder = xliffBuilder(context), let localName else { return }
    let kind: XliffElement =
        if equals(localName, "trans-unit") {
            .unit
        } else if equals(localName, "source") {
            .source
        } else if equals(localName, "target") {
            .target
        } else if equals(localName, "note") {
            .note
        } else if equals(localName, "file") {
            .file
        } else if equals(localName, "xliff") {
            .xliff
        } else {
            .other
        }
    builder.state.start(
        kind, name: localName, attributes: XMLAttributes(pointers: attributes, count: Int(max(0, attributeCount))),
        line: Int(xmlSAX2GetLineNumber(context)))
}

private func xliffEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    xliffBuilder(context)?.state.end()
}

private func xliffCharacters(_ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let builder = xliffBuilder(context), let characters, length > 0 else { return }
    builder.state.characters(UnsafeBufferPointer(start: characters, count: Int(length)))
}

private func xliffReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    guard let builder = xliffBuilder(context) else { return }
    builder.state.entityReference(name.map { String(cString: $0) } ?? "", line: Int(xmlSAX2GetLineNumber(context)))
}

/// The elements the reader tells apart.
enum XliffElement {
    case xliff, file, unit, source, target, note, other
}

/// The box the callbacks reach the state through: one field, reached by one callback at a time
/// (libxml2 calls them in turn, on one thread), which a dynamic exclusivity check cannot know.
private final class XliffBuilder {
    @exclusivity(unchecked) var state: XliffState

    init(_ state: XliffState) {
        self.state = state
    }

    func document() -> XliffDocument { state.document() }
}

/// Builds the document from element events. The unit being read is kept in fields of its own
/// and made once at its end; its file's units in an array of their own.
struct XliffState {
    let path: String
    var columns: ColumnFinder
    var files: [XliffFile] = []
    var diagnostics: [Diagnostic] = []
    /// Open elements.
    var stack: [XliffElement] = []
    var sawRoot = false
    /// The file being read (its units are `units`).
    var file: XliffFile?
    var units: [XliffUnit] = []
    var inUnit = false
    var unitID = ""
    var unitLocation = SourcePosition(line: 1, column: 1)
    var unitTranslatable = true
    var source: String?
    var target: String?
    var targetLocation: SourcePosition?
    var state: String?
    var note: String?
    /// The element whose text is being gathered (`source`, `target`, `note`) and its depth.
    var collecting: (element: XliffElement, depth: Int)?
    var text: [UInt8] = []
    var tooDeep = false

    init(path: String, columns: ColumnFinder) {
        self.path = path
        self.columns = columns
    }

    mutating func fail(_ message: ParseMessage, at location: SourcePosition, severity: Severity? = nil) {
        diagnostics.append(Diagnostic(.xliffInvalidStructure, message, path: path, at: location, severity: severity))
    }

    mutating func start(_ kind: XliffElement, name: UnsafePointer<xmlChar>, attributes: XMLAttributes, line: Int) {
        stack.append(kind)
        if stack.count > XliffReader.maximumDepth {
            if !tooDeep { fail(.nestedTooDeep(limit: XliffReader.maximumDepth), at: SourcePosition(line: max(1, line), column: 1)) }
            tooDeep = true
            return
        }
        if let collecting {
            // Inline markup (<g>, <x/>, <ph>): Xcode writes none; its text is kept, the tags are not.
            if stack.count == collecting.depth + 2 {
                let element = String(cString: name)
                let parent = collecting.element == .source ? "source" : collecting.element == .target ? "target" : "note"
                fail(
                    .xliffInlineElement(element: element, parent: parent), at: columns.location(line: line, elementName: element),
                    severity: .warning)
            }
            return
        }
        if stack.count == 1 {
            guard kind == .xliff else {
                let element = String(cString: name)
                fail(.xliffNotXliff(root: element), at: columns.location(line: line, elementName: element))
                return
            }
            sawRoot = true
            if let version = attributes.value("version"), version != "1.2" {
                fail(.xliffVersion(version), at: columns.location(line: line, elementName: "xliff"), severity: .warning)
            }
            return
        }
        switch kind {
        case .file:
            let location = columns.location(line: line, elementName: "file")
            units = []
            guard let original = attributes.value("original") else {
                fail(.xliffFileWithoutOriginal, at: location)
                file = nil
                return
            }
            // An empty language attribute names no language.
            file = XliffFile(
                original: original, sourceLanguage: attributes.value("source-language").flatMap { $0.isEmpty ? nil : $0 },
                targetLanguage: attributes.value("target-language").flatMap { $0.isEmpty ? nil : $0 }, location: location, units: [])
        case .unit:
            let location = columns.location(line: line, elementName: "trans-unit")
            guard file != nil else { return }
            guard let id = attributes.value("id") else {
                fail(.xliffUnitWithoutID, at: location)
                return
            }
            inUnit = true
            unitID = id
            unitLocation = location
            unitTranslatable = attributes.value("translate") != "no"
            (source, target, targetLocation, state, note) = (nil, nil, nil, nil, nil)
        case .source, .target, .note:
            // A unit's own texts only: those of an <alt-trans> (a suggestion) are not its translation.
            guard inUnit, stack.count >= 2, stack[stack.count - 2] == .unit else { return }
            if kind == .target {
                targetLocation = columns.location(line: line, elementName: "target")
                state = attributes.value("state")
            }
            collecting = (kind, stack.count - 1)
            text.removeAll(keepingCapacity: true)
        case .xliff, .other:
            break
        }
    }

    mutating func end() {
        defer { stack.removeLast() }
        guard stack.count <= XliffReader.maximumDepth, let kind = stack.last else { return }
        if let gathering = collecting {
            guard stack.count - 1 == gathering.depth else { return }
            let value = String(decoding: text, as: UTF8.self)
            switch gathering.element {
            case .source: source = value
            case .target: target = value
            default: note = note.map { $0 + "\n" + value } ?? value
            }
            collecting = nil
            return
        }
        switch kind {
        case .unit:
            guard inUnit else { return }
            inUnit = false
            if source == nil { fail(.xliffUnitWithoutSource(id: unitID), at: unitLocation) }
            units.append(
                XliffUnit(
                    id: unitID, source: source ?? "", target: target, state: state, note: note, location: unitLocation,
                    targetLocation: targetLocation, translatable: unitTranslatable))
        case .file:
            if var finished = file {
                finished.units = units
                files.append(finished)
            }
            file = nil
            units = []
        default:
            break
        }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collecting != nil, stack.count <= XliffReader.maximumDepth else { return }
        text.append(contentsOf: bytes)
    }

    mutating func entityReference(_ name: String, line: Int) {
        guard collecting != nil else { return }
        fail(.xmlEntityReference(name: name), at: SourcePosition(line: max(1, line), column: 1), severity: .warning)
        text.append(contentsOf: "&\(name);".utf8)
    }

    mutating func document() -> XliffDocument {
        if !sawRoot, diagnostics.isEmpty { fail(.xliffNotXliff(root: ""), at: SourcePosition(line: 1, column: 1)) }
        // Units of one file with one ID: the import keeps one of them.
        for file in files {
            var seen: Set<String> = []
            for unit in file.units where !seen.insert(unit.id).inserted {
                fail(.xliffDuplicateUnit(id: unit.id, original: file.original), at: unit.location, severity: .warning)
            }
        }
        return XliffDocument(path: path, files: files, diagnostics: diagnostics.sorted(by: Diagnostic.ordered))
    }
}
