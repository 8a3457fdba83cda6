import Foundation
import Testing

@testable import LocalizationFormats

/// Runs made on every core and handed over in order as they become due.
struct ConcurrentRunsTests {
    /// Each run handed to `emit` once, in run order, covering `0..<count` exactly: what
    /// `concurrentRuns` returns, in the same order, for counts on either side of one run and of
    /// the number of parts, with runs that take uneven time (later runs finish first).
    @Test(arguments: [0, 1, 63, 64, 65, 200, 1_023, 1_024, 5_000])
    func runsAreHandedOverInOrder(count: Int) {
        let made = concurrentRuns(of: count) { $0 }
        var handed: [Range<Int>] = []
        concurrentRuns(of: count) { range in
            // The first runs take longest, so later ones are made first and must wait.
            if range.lowerBound < count / 4 { usleep(2_000) }
            return range
        } inOrder: { range in
            handed.append(range)
        }
        #expect(handed == made)
        #expect(handed.flatMap { Array($0) } == Array(0..<count))
    }

    /// A run is handed over before the last run is made, once the runs before it are (the last
    /// run waits for the first to be handed over, and would time out if runs were kept to the
    /// end), and never while another is being handed over.
    @Test func runsAreHandedOverAsSoonAsTheyAreDue() {
        let count = 1_024
        let firstHandedOver = DispatchSemaphore(value: 0)
        let state = LockedValue((inside: 0, most: 0, waited: false))
        let last = concurrentRuns(of: count) { $0 }.last
        concurrentRuns(of: count) { range in
            if range == last {
                let signalled = firstHandedOver.wait(timeout: .now() + 20) == .success
                state.withLock { $0.waited = signalled }
            }
            return range
        } inOrder: { range in
            state.withLock {
                $0.inside += 1
                $0.most = max($0.most, $0.inside)
            }
            if range.lowerBound == 0 { firstHandedOver.signal() }
            usleep(1_000)
            state.withLock { $0.inside -= 1 }
        }
        let seen = state.withLock { $0 }
        #expect(seen.waited, "the first run was not handed over before the last was made")
        #expect(seen.most == 1)
    }

    /// The whole 2 MB pages inside a buffer: aligned, inside it, none under the minimum size.
    @Test func hugePagesAreAskedForInsideTheBufferOnly() {
        let page = 2 << 20
        for base in [0, 1, 4_096, page - 1, page, page + 17, 3 * page - 5] {
            for count in [HugePages.minimumSize - 1, HugePages.minimumSize, HugePages.minimumSize + 1, 5 * page + 3] {
                guard let range = HugePages.range(base: base, count: count) else {
                    #expect(count < HugePages.minimumSize, "\(base) \(count)")
                    continue
                }
                #expect(count >= HugePages.minimumSize)
                #expect(range.lowerBound % page == 0 && range.upperBound % page == 0, "\(base) \(count)")
                #expect(range.lowerBound >= base && range.upperBound <= base + count, "\(base) \(count)")
                // Every whole page inside is included.
                #expect(range.lowerBound - base < page && base + count - range.upperBound < page, "\(base) \(count)")
            }
        }
    }

    /// A run's bytes handed over by the writer that wrote them are the bytes written, and stay
    /// readable after the writer is gone; a buffer large enough to be given huge pages keeps
    /// every byte too.
    @Test(arguments: [16, HugePages.minimumSize + 12_345])
    func writtenBytesAreWhatTheWriterWrote(capacity: Int) {
        var writer = ByteWriter(capacity: capacity)
        var expected: [UInt8] = []
        for index in 0..<(capacity / 7 + 100) {
            let byte = UInt8(truncatingIfNeeded: index &* 31)
            writer.append(byte)
            expected.append(byte)
        }
        let written = writer.finish()
        #expect(written.count == expected.count)
        #expect(written.withUnsafeBytes { Array($0) } == expected)
    }
}
