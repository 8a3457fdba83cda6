import Foundation

/// `--timings`: wall time per phase on standard error, so a slow run can be explained without a profiler.
struct PhaseTimer {
    let enabled: Bool
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant

    init(enabled: Bool) {
        self.enabled = enabled
        last = clock.now
    }

    mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = clock.now
        let elapsed = now - last
        last = now
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        Console.error("stringscheck: \(phase) \(String(format: "%.1f", milliseconds)) ms")
    }
}
