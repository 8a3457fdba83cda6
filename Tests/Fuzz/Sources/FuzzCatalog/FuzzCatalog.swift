import LocalizationFormats

/// The positioned JSON reader and the String Catalog model on top of it; a catalog read in two
/// runs at once (wherever its layout lets the second start) is the catalog read in one, and the
/// catalog whose usual entries are read straight from the bytes is the catalog read through JSON
/// alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog = StringCatalogParser.parse(bytes: bytes, path: "fuzz.xcstrings", splittingAbove: .max)
    let split = StringCatalogParser.parse(bytes: bytes, path: "fuzz.xcstrings", splittingAbove: 0)
    precondition(split.entries == catalog.entries, "the entries differ when read in two runs")
    precondition(split.diagnostics == catalog.diagnostics, "the diagnostics differ when read in two runs")
    precondition(split.loads == catalog.loads)
    let general = StringCatalogParser.parse(bytes: bytes, path: "fuzz.xcstrings", splittingAbove: .max, direct: false)
    precondition(general.entries == catalog.entries, "the entries differ when usual entries are read straight")
    precondition(general.diagnostics == catalog.diagnostics, "the diagnostics differ when usual entries are read straight")
    precondition(general.locales == catalog.locales, "the locales differ when usual entries are read straight")
    _ = catalog.locales.map { catalog.strings(for: LocaleName.normalize($0)) }
    _ = catalog.stringsByLocale()
    return 0
}
