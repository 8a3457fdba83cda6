import StringsCheckReports
import StringsCheckRules

/// The readers of files a pull request controls beside the tables: a committed baseline and the
/// previous coverage report `coverage --compare` reads. The first byte chooses the reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 0 {
        if let baseline = try? Baseline.read(bytes, path: "fuzz.json") {
            // Every count is bounded, so filtering cannot overflow.
            _ = baseline.filter([])
        }
    } else {
        _ = try? CoverageReport.readPrevious(bytes, path: "fuzz.json")
    }
    return 0
}
