import Foundation

/// Wall time of a closure: the median of several runs, in seconds.
func median(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<max(1, repetitions) {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// The same for async work, with what the last run returned. What a run returns is released after
/// its time is taken, as the CLI never frees its model: freeing it inside the next run would bill
/// that run for it.
func median<Kept>(_ repetitions: Int, _ body: () async throws -> Kept) async rethrows -> (seconds: Double, last: Kept) {
    var times: [Double] = []
    var last = try await timed(&times, body)
    for _ in 1..<max(1, repetitions) {
        let previous = last
        last = try await timed(&times, body)
        withExtendedLifetime(previous) {}
    }
    times.sort()
    return (times[times.count / 2], last)
}

private func timed<Kept>(_ times: inout [Double], _ body: () async throws -> Kept) async rethrows -> Kept {
    let start = DispatchTime.now().uptimeNanoseconds
    let kept = try await body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    return kept
}

/// Takes the rule context from `RuleEngine.run`, so the caller decides when it is freed.
final class ContextKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Any] = []

    func keep(_ value: Any) { lock.withLock { kept.append(value) } }
}

/// Peak resident memory of this process so far (Linux `VmHWM`), in bytes; nil elsewhere.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}

/// Every file under a folder with one of the extensions, sorted.
func files(under root: URL, extensions: Set<String>) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var result: [URL] = []
    for case let url as URL in enumerator where extensions.contains(url.pathExtension) { result.append(url) }
    return result.sorted { $0.path < $1.path }
}
