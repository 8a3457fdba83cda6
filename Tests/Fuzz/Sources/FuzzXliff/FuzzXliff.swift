import LocalizationFormats

/// The XLIFF reader, then the tables an export imports as (every unit ID read as a `.strings`
/// key, a `.stringsdict` form or a catalog variation), alone and over a project table it names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document = XliffReader.read(bytes: bytes, path: "fuzz.xliff")
    for file in document.files {
        for unit in file.units {
            for kind in [XliffFileKind.strings, .stringsdict, .catalog] { _ = XliffUnitID(unit.id, kind: kind).variationSteps }
        }
    }
    _ = ProjectLoader.load(virtualFiles: [("fuzz.xliff", bytes)]).allTables()
    _ = ProjectLoader.load(virtualFiles: [
        ("App/en.lproj/Localizable.strings", Array("\"a\" = \"A\";\n".utf8)), ("de.xliff", bytes),
    ]).allTables()
    return 0
}
