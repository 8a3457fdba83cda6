import LocalizationFormats

/// Push payload templates in every dialect, their keys and their minified size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = PayloadReader.read(bytes: bytes, path: "payloads/fuzz.json")
    for payload in file.payloads {
        _ = payload.keys
        // The size counted without writing must be the written size.
        precondition(payload.payload.minifiedLength == payload.payload.minified.utf8.count)
    }
    return 0
}
