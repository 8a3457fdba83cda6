import LocalizationFormats

/// Source code in every language the payload-key scanner reads: its lexer and recognizer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the language; the rest is the file, with a key name so it is lexed.
    guard let first = bytes.first else { return 0 }
    let language = CodeLanguage.allCases[Int(first) % CodeLanguage.allCases.count]
    let read = CodePayloadReader.read(bytes: Array(bytes.dropFirst()) + Array(" loc_key".utf8), path: "fuzz", language: language)
    for payload in read.payloads { _ = payload.payload.minified }
    return 0
}
