import LocalizationFormats

/// Source code in every language the key scanners read: the lexer and both recognizers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the language and whether a key name is appended (so the push-key
    // scanner lexes the file too); without it, literals unterminated at the end of the file.
    guard let first = bytes.first else { return 0 }
    let language = CodeLanguage.allCases[Int(first >> 1) % CodeLanguage.allCases.count]
    let body = Array(bytes.dropFirst()) + (first & 1 == 1 ? Array(" loc_key".utf8) : [])
    let read = CodePayloadReader.read(bytes: body, path: "fuzz", language: language)
    for payload in read.payloads { _ = payload.payload.minified }
    return 0
}
