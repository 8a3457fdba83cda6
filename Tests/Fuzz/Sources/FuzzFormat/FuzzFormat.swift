import LocalizationFormats

/// The format-specifier scanner, with every first argument a `.stringsdict` form can have.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let analysis = FormatScanner.analyze(text)
    _ = FormatScanner.argumentProblems(analysis.specifiers)
    _ = FormatScanner.analyze(text, firstArgument: Int(size % 130) + 1, checkAcrossArguments: false)
    return 0
}
