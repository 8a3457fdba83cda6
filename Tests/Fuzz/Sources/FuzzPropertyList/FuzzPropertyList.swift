import LocalizationFormats

/// XML (libxml2) and binary property lists, read as `.stringsdict`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StringsdictParser.parse(bytes: bytes, path: "fuzz.stringsdict")
    return 0
}
