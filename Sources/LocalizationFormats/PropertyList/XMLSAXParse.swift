import CLibXML2

/// What the property list and XLIFF readers share of a libxml2 SAX2 parse: the hardened options,
/// the parse itself with libxml2's errors collected, and what a failure says.
extension XMLPropertyListReader {
    /// Parses `bytes` through libxml2's SAX2 callbacks, which `install` sets on the handler, with
    /// `owner` in the parser context's `_private`. The default SAX2 handlers keep the document
    /// node and its DTD (entity and internal subset checks need them); elements and text go to the
    /// callbacks instead of into a tree. Returns whether the document is well-formed, the line of
    /// an internal DTD subset that declares anything, and libxml2's errors.
    static func parseSAX(
        _ bytes: [UInt8], owner: UnsafeMutableRawPointer, install: (UnsafeMutablePointer<xmlSAXHandler>) -> Void
    ) -> (wellFormed: Bool, subsetLine: Int?, errors: [ErrorCollector.Item]) {
        let ((wellFormed, subsetLine), errors) = collectingErrors { () -> (Bool, Int?) in
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress,
                    let context = base.withMemoryRebound(
                        to: CChar.self, capacity: buffer.count, { xmlCreateMemoryParserCtxt($0, Int32(clamping: buffer.count)) })
                else { return (false, nil) }
                defer { xmlFreeParserCtxt(context) }
                guard let handler = context.pointee.sax else { return (false, nil) }
                xmlSAXVersion(handler, 2)
                install(handler)
                context.pointee._private = owner
                xmlCtxtUseOptions(context, options)
                xmlParseDocument(context)
                guard let document = context.pointee.myDoc else { return (context.pointee.wellFormed != 0, nil) }
                defer {
                    xmlFreeDoc(document)
                    context.pointee.myDoc = nil
                }
                return (context.pointee.wellFormed != 0, internalSubsetLine(document))
            }
        }
        return (wellFormed, subsetLine, errors)
    }

    /// The diagnostics of a file libxml2 could not read: its first ten errors, the first saying
    /// what that means (`consequence`, appended).
    static func syntaxDiagnostics(_ errors: [ErrorCollector.Item], path: String, consequence: ParseMessage) -> [Diagnostic] {
        var diagnostics = errors.prefix(10).map { error in
            Diagnostic(
                .xmlSyntaxError, error.message, path: path, at: SourcePosition(line: max(1, error.line), column: max(1, error.column)))
        }
        if diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.xmlSyntaxError, .xmlNotWellFormed, path: path, at: SourcePosition(line: 1, column: 1)))
        }
        diagnostics[0].message += consequence.text
        return diagnostics
    }

    /// The line and column of byte `offset` of `bytes`, counted from the start (for the rare
    /// refusal that stops before a line table is made).
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
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
