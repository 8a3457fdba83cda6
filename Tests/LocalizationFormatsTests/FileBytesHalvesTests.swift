import Foundation
import Testing

@testable import LocalizationFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Large files are read in two halves at once: the bytes are the file's whatever the size, and a
/// file whose size changed since it was measured is left to the reading in order.
struct FileBytesHalvesTests {
    @Test func aFileReadInHalvesIsTheFileByteForByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-halves-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let smallest = FileBytes.halvesSizes.lowerBound
        for size in [smallest - 1, smallest, smallest + 1, smallest + (3 << 20) + 7] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 12) }
            let file = folder.appendingPathComponent("table-\(size).xcstrings")
            try Data(bytes).write(to: file)
            #expect(try FileBytes.read(file.path).get() == bytes, "\(size) bytes")
        }
    }

    @Test func aFileWhoseSizeChangedIsNotTakenFromTheHalves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-halves-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("t.xcstrings")
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        try Data(bytes).write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(FileBytes.readInHalves(descriptor, size: bytes.count) == bytes)
        // Measured larger than it is (it shrank): a half comes up short.
        #expect(FileBytes.readInHalves(descriptor, size: bytes.count + 10) == nil)
        // Measured smaller than it is (it grew): a byte lies past the size.
        #expect(FileBytes.readInHalves(descriptor, size: bytes.count - 10) == nil)
    }
}
