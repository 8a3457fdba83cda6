import Foundation
import Testing

@testable import LocalizationFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Large String Catalogs are mapped into memory rather than read: the bytes are the file's, a
/// page the file lost while mapped reads as zeros instead of stopping the process, and a catalog
/// parsed from its mapping is the catalog parsed from its bytes.
struct MappedFileTests {
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileIsMappedFromTheSizeAskedAndIsTheFileByteForByte() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [1, 4_095, 4_096, 4_097, FileBytes.mappingSize + 7] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 12) }
            let file = folder.appendingPathComponent("table-\(size).xcstrings")
            try Data(bytes).write(to: file)
            guard case .mapped(let mapped) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
                Issue.record("\(size) bytes were read, not mapped")
                continue
            }
            #expect(Array(mapped.bytes) == bytes, "\(size) bytes")
            #expect(!mapped.changedWhileMapped)
            guard case .bytes(let read) = try FileBytes.contents(file.path, mappingFrom: size + 1).get() else {
                Issue.record("\(size) bytes were mapped below the size asked")
                continue
            }
            #expect(read == bytes)
        }
        let empty = folder.appendingPathComponent("empty.xcstrings")
        try Data().write(to: empty)
        guard case .bytes(let none) = try FileBytes.contents(empty.path, mappingFrom: 0).get() else {
            Issue.record("an empty file was mapped")
            return
        }
        #expect(none.isEmpty)
        #expect(throws: FileReadError.self) { try FileBytes.contents(folder.path, mappingFrom: 0).get() }
        #expect(throws: FileReadError.self) {
            try FileBytes.contents(folder.appendingPathComponent("table-1.xcstrings").path, maximumSize: 0, mappingFrom: 0).get()
        }
    }

    @Test func aPageTheFileLostWhileMappedReadsAsZerosAndTheMappingSaysSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cut.xcstrings")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        try Data(repeating: UInt8(ascii: "a"), count: 3 * page).write(to: file)
        guard case .mapped(let mapped) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the file was read, not mapped")
            return
        }
        #expect(mapped.bytes[2 * page] == UInt8(ascii: "a"))
        #expect(!mapped.changedWhileMapped)
        // Another program cuts the file to one page: the mapping's last two pages are gone, and
        // read as zeros instead of stopping the process.
        #expect(truncate(file.path, off_t(page)) == 0)
        #expect(mapped.changedWhileMapped)
        #expect(mapped.bytes[0] == UInt8(ascii: "a"))
        #expect(mapped.bytes[2 * page + 5] == 0)
        #expect(mapped.bytes[page] == 0)
        #expect(mapped.changedWhileMapped)
        // Another mapping is guarded on its own.
        guard case .mapped(let other) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the file was read, not mapped")
            return
        }
        #expect(other.bytes.count == page && !other.changedWhileMapped)
    }

    @Test func aFileWrittenAgainInPlaceWhileMappedIsChanged() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rewritten.xcstrings")
        try Data(repeating: UInt8(ascii: "a"), count: 10_000).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file.path)
        guard case .mapped(let mapped) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the file was read, not mapped")
            return
        }
        #expect(!mapped.changedWhileMapped)
        // The same size written again in place: the time of its last writing tells.
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "b"), count: 10_000))
        try handle.close()
        #expect(mapped.changedWhileMapped)
        // A file saved by renaming a new one over it leaves the mapped one as it was.
        guard case .mapped(let kept) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the file was read, not mapped")
            return
        }
        let replacement = folder.appendingPathComponent("new.xcstrings")
        try Data(repeating: UInt8(ascii: "c"), count: 20_000).write(to: replacement)
        #expect(rename(replacement.path, file.path) == 0)
        #expect(!kept.changedWhileMapped && kept.bytes.allSatisfy { $0 == UInt8(ascii: "b") })
    }

    /// A catalog that changed while it was parsed from its mapping is read and parsed again: the
    /// catalog is the file's as it is now.
    @Test func aCatalogChangedWhileMappedIsReadAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        func catalog(keys: Int) -> [UInt8] {
            let entries = (0..<keys).map { key in
                #""k\#(key)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"v\#(key)"}}}}"#
            }
            return Array((#"{"sourceLanguage":"en","strings":{"# + entries.joined(separator: ",") + "}}").utf8)
        }
        let first = catalog(keys: 400)
        let second = catalog(keys: 150)
        #expect(first.count > 2 * second.count && second.count > 4_096)
        try Data(first).write(to: file)
        guard case .mapped(let mapped) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the catalog was read, not mapped")
            return
        }
        // Written again in place, shorter: the mapping holds its start and zeros after it.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(second))
        try handle.close()
        let candidate = ProjectLoader.Candidate(filePath: file.path, path: "Localizable.xcstrings", folder: nil, kind: .catalog)
        let parsed = ProjectLoader.parse(candidate, mapped: mapped, maximumSize: FileBytes.defaultMaximumSize, keyPool: nil)
        guard case .catalog(let again) = parsed.content, case .catalog(let expected) = ProjectLoader.parse(candidate, bytes: second).content
        else {
            Issue.record("no catalog")
            return
        }
        #expect(again.entries.count == 150)
        #expect(again.entries == expected.entries && again.diagnostics == expected.diagnostics)
        // Parsed from the mapping alone, it is neither the first catalog nor the second.
        guard case .catalog(let fromMapping) = ProjectLoader.parse(candidate, contents: .mapped(mapped)).content else {
            Issue.record("no catalog")
            return
        }
        #expect(fromMapping.entries != expected.entries || fromMapping.diagnostics != expected.diagnostics)
    }

    @Test(arguments: [false, true])
    func aCatalogParsedFromItsMappingIsTheCatalogParsedFromItsBytes(utf16: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = #"{"sourceLanguage":"en","version":"1.0","strings":{"#
        for key in 0..<18_000 {
            if key > 0 { text += "," }
            text += #""key.\#(key)":{"localizations":{"#
            text += ["en", "de", "fr"].map { locale in
                #""\#(locale)":{"stringUnit":{"state":"translated","value":"\#(locale) text \#(key) %@ ✓"}}"#
            }.joined(separator: ",")
            text += "}}"
        }
        // A duplicate key and a value of the wrong type: diagnostics placed by line and column.
        text += #","key.1":{"localizations":{"de":{"stringUnit":5}}}}}"#
        var bytes = Array(text.utf8)
        if utf16 { bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] } }
        // Above the size whose members are read in two runs at once.
        #expect(bytes.count > 4 << 20)
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(bytes).write(to: file)
        guard case .mapped = try FileBytes.contents(file.path, mappingFrom: FileBytes.mappingSize).get() else {
            Issue.record("the catalog would be read, not mapped")
            return
        }
        let candidate = ProjectLoader.Candidate(filePath: file.path, path: "Localizable.xcstrings", folder: nil, kind: .catalog)
        guard case .catalog(let mapped) = ProjectLoader.parse(candidate).content,
            case .catalog(let read) = ProjectLoader.parse(candidate, bytes: bytes).content
        else {
            Issue.record("no catalog")
            return
        }
        // The duplicate is kept as an entry of its own, as it is when read.
        #expect(mapped.entries.count == 18_001)
        #expect(mapped.entries == read.entries)
        #expect(mapped.locales == read.locales)
        #expect(mapped.sourceLanguage == read.sourceLanguage && mapped.version == read.version)
        #expect(mapped.diagnostics == read.diagnostics)
        #expect(mapped.diagnostics.count >= 2)
    }
}
