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
            #expect(!mapped.wasCutShort)
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
        // Another program cuts the file to one page: the mapping's last two pages are gone.
        #expect(truncate(file.path, off_t(page)) == 0)
        #expect(mapped.bytes[0] == UInt8(ascii: "a"))
        #expect(!mapped.wasCutShort)
        #expect(mapped.bytes[2 * page + 5] == 0)
        #expect(mapped.bytes[page] == 0)
        #expect(mapped.wasCutShort)
        // Another mapping is guarded on its own.
        guard case .mapped(let other) = try FileBytes.contents(file.path, mappingFrom: 1).get() else {
            Issue.record("the file was read, not mapped")
            return
        }
        #expect(other.bytes.count == page && !other.wasCutShort)
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
