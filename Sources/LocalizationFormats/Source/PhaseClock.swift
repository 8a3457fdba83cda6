#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall time per phase on standard error when `STRINGSCHECK_TIMINGS` is set (`check --timings`
/// sets it), so a slow run can be explained without a profiler. Costs nothing when off.
public struct PhaseClock {
    public static var isEnabled: Bool { getenv("STRINGSCHECK_TIMINGS") != nil }

    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private let scope: String
    private let enabled: Bool

    public init(_ scope: String) {
        self.scope = scope
        enabled = Self.isEnabled
        last = clock.now
    }

    /// Reports the time since the previous lap (or since `init`).
    public mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = clock.now
        Self.report(scope, phase, now - last)
        last = now
    }

    /// Reports one measured duration.
    public static func report(_ scope: String, _ phase: String, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let tenths = Int(seconds) * 10_000 + Int(attoseconds / 100_000_000_000_000)
        let line = "stringscheck: timing \(scope) \(phase): \(tenths / 10).\(tenths % 10) ms\n"
        var text = line
        _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    }
}
