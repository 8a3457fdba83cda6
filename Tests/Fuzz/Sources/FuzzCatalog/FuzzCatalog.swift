import LocalizationFormats

/// The positioned JSON reader and the String Catalog model on top of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog = StringCatalogParser.parse(bytes: bytes, path: "fuzz.xcstrings")
    _ = catalog.locales.map { catalog.strings(for: LocaleName.normalize($0)) }
    _ = catalog.stringsByLocale()
    return 0
}
