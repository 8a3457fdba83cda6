import CLibXML2

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
            return refuse(.xliffTooManyAttributes(count: crowded.count), at: position(of: crowded.offset, in: bytes))
        }
        let state = XliffBuilder(path: path, columns: ColumnFinder(bytes: bytes))
        let unmanaged = Unmanaged.passRetained(state)
        defer { unmanaged.release() }
        let ((wellFormed, subsetLine), errors) = XMLPropertyListReader.collectingErrors { () -> (Bool, Int?) in
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress,
                    let context = base.withMemoryRebound(
                        to: CChar.self, capacity: buffer.count, { xmlCreateMemoryParserCtxt($0, Int32(clamping: buffer.count)) })
                else { return (false, nil) }
                defer { xmlFreeParserCtxt(context) }
                guard let handler = context.pointee.sax else { return (false, nil) }
                xmlSAXVersion(handler, 2)
                handler.pointee.startElementNs = xliffStartElement
                handler.pointee.endElementNs = xliffEndElement
                handler.pointee.characters = xliffCharacters
                handler.pointee.cdataBlock = xliffCharacters
                handler.pointee.ignorableWhitespace = xliffCharacters
                handler.pointee.reference = xliffReference
                context.pointee._private = unmanaged.toOpaque()
                xmlCtxtUseOptions(context, XMLPropertyListReader.options)
                xmlParseDocument(context)
                guard let document = context.pointee.myDoc else { return (context.pointee.wellFormed != 0, nil) }
                defer {
                    xmlFreeDoc(document)
                    context.pointee.myDoc = nil
                }
                return (context.pointee.wellFormed != 0, XMLPropertyListReader.internalSubsetLine(document))
            }
        }
        if let subsetLine { return refuse(.xliffInternalSubset, at: SourcePosition(line: subsetLine, column: 1)) }
        guard wellFormed, errors.isEmpty else {
            var diagnostics = errors.prefix(10).map { error in
                Diagnostic(
                    .xmlSyntaxError, error.message, path: path, at: SourcePosition(line: max(1, error.line), column: max(1, error.column)))
            }
            if diagnostics.isEmpty {
                diagnostics.append(Diagnostic(.xmlSyntaxError, .xmlNotWellFormed, path: path, at: SourcePosition(line: 1, column: 1)))
            }
            diagnostics[0].message += ParseMessage.xliffNothingImports.text
            return XliffDocument(path: path, files: [], diagnostics: diagnostics)
        }
        return state.document()
    }

    /// The line and column of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}

private func xliffBuilder(_ context: UnsafeMutableRawPointer?) -> XliffBuilder? {
    guard let context = context?.assumingMemoryBound(to: xmlParserCtxt.self), let opaque = context.pointee._private else { return nil }
    return Unmanaged<XliffBuilder>.fromOpaque(opaque).takeUnretainedValue()
}

private func xliffStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let builder = xliffBuilder(context), let localName else { return }
    // Five pointers per attribute: local name, prefix, URI, value start, value end.
    var values: [String: String] = [:]
    if let attributes {
        for index in 0..<Int(max(0, attributeCount)) {
            let base = index * 5
            guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
            let prefix = attributes[base + 1].map { String(cString: $0) }
            let local = String(cString: name)
            let count = end - start
            let value = String(decoding: UnsafeBufferPointer(start: start, count: max(0, count)), as: UTF8.self)
            values[prefix.map { "\($0):\(local)" } ?? local] = value
        }
    }
    builder.start(String(cString: localName), attributes: values, line: Int(xmlSAX2GetLineNumber(context)))
}

private func xliffEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    xliffBuilder(context)?.end()
}

private func xliffCharacters(_ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let builder = xliffBuilder(context), let characters, length > 0 else { return }
    builder.characters(UnsafeBufferPointer(start: characters, count: Int(length)))
}

private func xliffReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    guard let builder = xliffBuilder(context) else { return }
    builder.entityReference(name.map { String(cString: $0) } ?? "", line: Int(xmlSAX2GetLineNumber(context)))
}

/// Builds the document from element events (libxml2 calls them in turn, on one thread).
private final class XliffBuilder {
    let path: String
    var columns: ColumnFinder
    var files: [XliffFile] = []
    var diagnostics: [Diagnostic] = []
    /// Open element names.
    var stack: [String] = []
    var sawRoot = false
    var file: XliffFile?
    var unit: XliffUnit?
    var unitHasSource = false
    /// The element whose text is being gathered (`source`, `target`, `note`) and its depth.
    var collecting: (name: String, depth: Int)?
    var text: [UInt8] = []
    var tooDeep = false

    init(path: String, columns: ColumnFinder) {
        self.path = path
        self.columns = columns
    }

    func fail(_ message: ParseMessage, at location: SourcePosition, severity: Severity? = nil) {
        diagnostics.append(Diagnostic(.xliffInvalidStructure, message, path: path, at: location, severity: severity))
    }

    func start(_ name: String, attributes: [String: String], line: Int) {
        let location = columns.location(line: line, elementName: name)
        stack.append(name)
        if stack.count > XliffReader.maximumDepth {
            if !tooDeep { fail(.nestedTooDeep(limit: XliffReader.maximumDepth), at: location) }
            tooDeep = true
            return
        }
        if let collecting {
            // Inline markup (<g>, <x/>, <ph>): Xcode writes none; its text is kept, the tags are not.
            if stack.count == collecting.depth + 2 {
                fail(.xliffInlineElement(element: name, parent: collecting.name), at: location, severity: .warning)
            }
            return
        }
        switch name {
        case "xliff" where stack.count == 1:
            sawRoot = true
            if let version = attributes["version"], version != "1.2" {
                fail(.xliffVersion(version), at: location, severity: .warning)
            }
        case _ where stack.count == 1:
            fail(.xliffNotXliff(root: name), at: location)
        case "file":
            guard let original = attributes["original"] else {
                fail(.xliffFileWithoutOriginal, at: location)
                file = XliffFile(original: "", sourceLanguage: nil, targetLanguage: nil, location: location, units: [])
                return
            }
            file = XliffFile(
                original: original, sourceLanguage: attributes["source-language"], targetLanguage: attributes["target-language"],
                location: location, units: [])
        case "trans-unit":
            guard file != nil else { return }
            guard let id = attributes["id"] else {
                fail(.xliffUnitWithoutID, at: location)
                return
            }
            unit = XliffUnit(
                id: id, source: "", target: nil, state: nil, note: nil, location: location, targetLocation: nil,
                translatable: attributes["translate"] != "no")
            unitHasSource = false
        case "source", "target", "note":
            guard unit != nil else { return }
            if name == "target" {
                unit?.targetLocation = location
                unit?.state = attributes["state"]
            }
            collecting = (name, stack.count - 1)
            text.removeAll(keepingCapacity: true)
        default:
            break
        }
    }

    func end() {
        defer { stack.removeLast() }
        guard stack.count <= XliffReader.maximumDepth else { return }
        let name = stack.last ?? ""
        if let gathering = collecting {
            guard stack.count - 1 == gathering.depth else { return }
            let value = String(decoding: text, as: UTF8.self)
            switch gathering.name {
            case "source":
                unit?.source = value
                unitHasSource = true
            case "target": unit?.target = value
            default:
                let earlier = unit?.note
                unit?.note = earlier.map { $0 + "\n" + value } ?? value
            }
            collecting = nil
            return
        }
        switch name {
        case "trans-unit":
            guard var finished = unit else { return }
            unit = nil
            if !unitHasSource {
                fail(.xliffUnitWithoutSource(id: finished.id), at: finished.location)
                finished.source = ""
            }
            file?.units.append(finished)
        case "file":
            if let finished = file { files.append(finished) }
            file = nil
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collecting != nil else { return }
        text.append(contentsOf: bytes)
    }

    func entityReference(_ name: String, line: Int) {
        guard collecting != nil else { return }
        fail(.xmlEntityReference(name: name), at: SourcePosition(line: max(1, line), column: 1), severity: .warning)
        text.append(contentsOf: "&\(name);".utf8)
    }

    func document() -> XliffDocument {
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
