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
