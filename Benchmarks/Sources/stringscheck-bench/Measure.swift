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

/// The medians of closures compared with each other, run in turn: each repetition runs them in
/// the opposite order of the one before (A B, B A, …), so a drift of the machine's speed in the
/// middle of a measurement falls on all of them alike instead of on whichever ran then.
func interleavedMedians(_ repetitions: Int, _ bodies: [() -> Void]) -> [Double] {
    var times = Array(repeating: [Double](), count: bodies.count)
    for repetition in 0..<max(1, repetitions) {
        for index in repetition % 2 == 0 ? Array(bodies.indices) : bodies.indices.reversed() {
            let start = DispatchTime.now().uptimeNanoseconds
            bodies[index]()
            times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    return times.map { $0.sorted()[$0.count / 2] }
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

/// How many `"` bytes a buffer holds, found with `memchr` and nothing else done with them.
/// "2.4× faster than Foundation" or, when ours took longer, "1.2× slower than Foundation": a ratio
/// below one is never called faster.
func speed(_ ours: Double, against theirs: Double, _ other: String) -> String {
    theirs >= ours
        ? String(format: "%.1f× faster than %@", theirs / ours, other) : String(format: "%.1f× slower than %@", ours / theirs, other)
}

func quoteCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        var next = UnsafeRawPointer(base)
        let end = next + buffer.count
        while next < end, let found = memchr(next, 0x22, end - next) {
            count += 1
            next = UnsafeRawPointer(found) + 1
        }
        return count
    }
}

/// Peak resident memory of this process so far (Linux `VmHWM`), in bytes; nil elsewhere.
func peakResidentBytes() -> Int? { statusBytes("VmHWM:") }

/// Resident memory of this process now (Linux `VmRSS`), in bytes; nil elsewhere.
func residentBytes() -> Int? { statusBytes("VmRSS:") }

/// A size in `/proc/self/status` (the line starting with `field`), in bytes; nil elsewhere.
private func statusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
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

/// The `stringscheck` executable built beside this one, if there is one.
func siblingCLI() -> String? {
    guard let bench = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    let path = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("stringscheck").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// Runs a program with its output sent to /dev/null (standard error to `errorPath` when given) and
/// returns its wall time in seconds, process start and exit included: the figure a user of the CLI
/// sees. Nil when it cannot be started or does not exit with 0 or 1 (1: findings reported).
func runChild(_ path: String, _ arguments: [String], environment: [String] = [], errorPath: String? = nil) -> Double? {
    releaseFreeHeap()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let inherited = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let envp = (inherited + environment).map { strdup($0) } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { return nil }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    guard exited, code == 0 || code == 1 else { return nil }
    return seconds
}

/// What this process held resident around the child processes it timed (see `releaseFreeHeap`):
/// the most before its freed heap was given back and the most after, while a child ran; nil
/// until a child has run, and where `/proc` cannot tell. Written and read one call at a time:
/// the benchmark starts its children one after another, never from concurrent work.
nonisolated(unsafe) private(set) var residentAroundChildren: (before: Int, after: Int)?

/// Gives the heap this process has freed back to the system (on Linux, with glibc's
/// `malloc_trim`) before a child process is timed, and notes what it held before and after. The
/// in-process rows leave over a gigabyte freed but resident (Foundation's parses above all), and
/// a process started beside that much memory ran slower on this virtual machine: a 26 MB
/// catalog's check took 369 ms instead of 283 (medians of 12, the memory held by a process of
/// its own). A user's run does not start beside the benchmark's leftovers.
func releaseFreeHeap() {
    let before = residentBytes()
    #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
    #endif
    guard let before, let after = residentBytes() else { return }
    let known = residentAroundChildren ?? (0, 0)
    residentAroundChildren = (max(known.before, before), max(known.after, after))
}

/// Runs the CLI several times for the median wall time, then as many times again with
/// `--timings` for the median of its peak resident memory, which the CLI reports itself:
/// `wait4`'s `ru_maxrss` would include this process's own peak, which a spawned child inherits
/// until its `exec`. The peak is a median too: one run's peak of a 26 MB catalog's check has
/// moved between 93 and 106 MB from run to run, as its threads' heap arenas happen to reuse
/// what was freed.
func measureCLI(_ path: String, _ arguments: [String], repetitions: Int) -> (seconds: Double, peakBytes: Int?)? {
    var times: [Double] = []
    for _ in 0..<max(1, repetitions) {
        guard let seconds = runChild(path, arguments) else { return nil }
        times.append(seconds)
    }
    times.sort()
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bench-\(getpid()).timings").path
    defer { try? FileManager.default.removeItem(atPath: log) }
    var peaks: [Int] = []
    for _ in 0..<max(1, repetitions) {
        guard runChild(path, arguments, environment: ["STRINGSCHECK_TIMINGS=1"], errorPath: log) != nil,
            let text = try? String(contentsOfFile: log, encoding: .utf8),
            let line = text.split(separator: "\n").last(where: { $0.contains("peak resident:") }),
            let kilobytes = Int(line.split(separator: " ").dropLast().last ?? "")
        else { break }
        peaks.append(kilobytes * 1024)
    }
    peaks.sort()
    return (times[times.count / 2], peaks.isEmpty ? nil : peaks[peaks.count / 2])
}

/// The heap setting the CLI makes before any thread starts (a 64 MB glibc top pad; see the
/// command's `prepareHeapForOneRun`), so the in-process figures are taken under the CLI's
/// conditions.
func prepareHeapLikeTheCLI() {
    #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-2, 64 << 20)
    #endif
}

func printTable(_ title: String, _ rows: [Row]) {
    print(title)
    let width = rows.map(\.name.count).max() ?? 10
    for row in rows {
        let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
        let throughput = row.bytes > 0 ? String(format: "%8.1f MB/s", mbps(row.bytes, row.seconds)) : String(repeating: " ", count: 13)
        let perSecond = row.entries > 0 ? String(format: "%10.0f entries/s", Double(row.entries) / row.seconds) : ""
        print("  \(name)  \(String(format: "%9.2f ms", row.seconds * 1000))  \(throughput)  \(perSecond)  \(row.ratio)")
    }
}
