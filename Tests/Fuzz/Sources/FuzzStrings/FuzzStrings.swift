import LocalizationFormats

/// `.strings` parsing, every encoding detection path included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = StringsParser.parse(bytes: bytes, path: "fuzz.strings")
    for entry in file.entries { _ = file.value(of: entry).map { FormatScanner.analyze($0) } }
    return 0
}
