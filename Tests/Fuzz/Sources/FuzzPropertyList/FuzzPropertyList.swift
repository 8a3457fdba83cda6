@_spi(Fuzzing) import LocalizationFormats

/// XML (libxml2) and binary property lists, read as `.stringsdict`; and every input without
/// entity declarations (those always take the tree) read both ways an XML plist can be read,
/// libxml2's tree and its SAX2 stream, which must agree exactly, as must the plain reader (no
/// libxml2) whenever it reads the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StringsdictParser.parse(bytes: bytes, path: "fuzz.stringsdict")
    let entity = Array("<!ENTITY".utf8)
    if !bytes.indices.contains(where: { bytes[$0...].starts(with: entity) }) {
        let stream = XMLPropertyListReader.readStream(bytes: bytes, path: "fuzz.plist")
        let tree = XMLPropertyListReader.readTree(bytes: bytes, path: "fuzz.plist")
        if stream.root != tree.root || stream.diagnostics != tree.diagnostics || stream.loads != tree.loads {
            fatalError("the stream and tree readers disagree:\n\(stream.diagnostics)\n\(tree.diagnostics)")
        }
        if let plain = PlainPropertyListReader.read(bytes: bytes, path: "fuzz.plist"),
            plain.root != tree.root || plain.diagnostics != tree.diagnostics || plain.loads != tree.loads
        {
            fatalError("the plain and tree readers disagree:\n\(plain.diagnostics)\n\(tree.diagnostics)")
        }
    }
    return 0
}
