#if canImport(Glibc)
    import CLibXML2
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall time per phase on standard error when `STRINGSCHECK_TIMINGS` is set (`check --timings`
/// sets it), so a slow run can be explained without a profiler. Costs nothing when off.
package struct PhaseClock {
    package static var isEnabled: Bool { getenv("STRINGSCHECK_TIMINGS") != nil }
    /// `STRINGSCHECK_TIMINGS=heap` also reports the heap in use. Opt-in: glibc finds it by walking
    /// every free chunk under the arena locks, which slows every phase after a large catalog.
    static var reportsHeap: Bool {
        guard let value = getenv("STRINGSCHECK_TIMINGS") else { return false }
        return String(cString: value) == "heap"
    }

    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private var lastCPU: Duration = .zero
    private let scope: String
    private let enabled: Bool
    private let heap: Bool

    package init(_ scope: String) {
        self.scope = scope
        enabled = Self.isEnabled
        heap = enabled && Self.reportsHeap
        last = clock.now
        if enabled { lastCPU = Self.processCPU() }
    }

    /// The CPU time all the process's threads have used so far.
    static func processCPU() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// Reports the time since the previous lap (or since `init`).
    package mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = clock.now
        // Memory is the other half of a slow run: each phase also says how much is resident.
        let cpu = Self.processCPU()
        Self.report(scope, phase, now - last, resident: Self.residentBytes(), heap: heap ? Self.heapBytes() : nil, cpu: cpu - lastCPU)
        last = now
        lastCPU = cpu
    }

    /// Reports the process's peak resident memory so far (Linux `VmHWM`), in KB: the figure a
    /// memory target is stated in, which a parent cannot take from `wait4` (a spawned child's
    /// `ru_maxrss` starts from the parent's own peak). `heap` says how the heap was paged, when
    /// that was chosen for the run.
    package func reportPeak(heap: String? = nil) {
        guard enabled else { return }
        if let heap { Self.emit("stringscheck: timing \(scope) heap: \(heap)\n") }
        guard let peak = Self.peakResidentBytes() else { return }
        Self.emit("stringscheck: timing \(scope) peak resident: \(peak >> 10) KB\n")
    }

    /// Reports one measured duration.
    package static func report(
        _ scope: String, _ phase: String, _ duration: Duration, resident: Int? = nil, heap: Int? = nil, cpu: Duration? = nil
    ) {
        let memory = (resident.map { ", resident \($0 >> 20) MB" } ?? "") + (heap.map { ", heap \($0 >> 20) MB" } ?? "")
        let busy = cpu.map { ", CPU \(milliseconds($0)) ms" } ?? ""
        emit("stringscheck: timing \(scope) \(phase): \(milliseconds(duration)) ms\(busy)\(memory)\n")
    }

    /// A duration in milliseconds to a tenth, as `12.3`.
    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = Int(seconds) * 10_000 + Int(attoseconds / 100_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Whether a timing has been written yet (a host that would start the process again must
    /// not say it twice). Set, never cleared; read before any concurrent work.
    nonisolated(unsafe) package private(set) static var hasEmitted = false

    /// Writes to standard error directly: no Foundation, and no buffering to interleave.
    private static func emit(_ line: String) {
        if !hasEmitted { hasEmitted = true }
        var text = line
        _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    }

    /// Bytes the allocator has handed out and not yet been given back (glibc, all arenas): unlike
    /// the resident size, it falls when a phase frees what it no longer needs.
    static func heapBytes() -> Int? {
        #if canImport(Glibc)
            let info = mallinfo2()
            return Int(info.uordblks) + Int(info.hblkhd)
        #else
            return nil
        #endif
    }

    /// The peak resident set size (Linux `/proc/self/status`); nil elsewhere.
    static func peakResidentBytes() -> Int? {
        guard let status = procFile("/proc/self/status", capacity: 8192) else { return nil }
        // "VmHWM:\t   12345 kB"
        guard let line = status.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: "VmHWM:".utf8) }) else { return nil }
        let digits = line.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int(String(decoding: digits, as: UTF8.self)).map { $0 * 1024 }
    }

    /// The resident set size now (Linux `/proc/self/statm`); nil elsewhere.
    static func residentBytes() -> Int? {
        guard let statm = procFile("/proc/self/statm", capacity: 128) else { return nil }
        // "size resident shared …" in pages.
        let fields = statm.split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The start of a Linux `/proc` file, read with one system call (no Foundation, no
    /// allocation beyond the buffer); nil elsewhere or when it cannot be read.
    private static func procFile(_ path: String, capacity: Int) -> ArraySlice<UInt8>? {
        #if os(Linux)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            return count > 0 ? buffer[..<count] : nil
        #else
            return nil
        #endif
    }
}
