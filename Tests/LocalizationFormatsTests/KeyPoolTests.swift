import Foundation
import Testing

@testable import LocalizationFormats

struct KeyPoolTests {
    private func parse(_ text: String, pool: KeyPool? = nil) -> StringsFile {
        StringsParser.parse(bytes: Array(text.utf8), path: "fr.lproj/Localizable.strings", keyPool: pool)
    }

    private func storage(_ string: String) -> UnsafeRawPointer? {
        string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// A translation's long keys are the base's strings (one copy for all locales); keys the base
    /// lacks, short keys and escaped keys are made as before, and the parse is the same.
    @Test func aTranslationSharesTheBaseKeysItHas() throws {
        let base = parse("\"settings.notifications.title\" = \"Notifications\";\n\"short\" = \"S\";\n")
        let pool = KeyPool(base)
        #expect(pool.count == 1)
        let text =
            "\"settings.notifications.title\" = \"Notifications FR\";\n\"settings.only.in.french\" = \"x\";\n"
            + "\"short\" = \"s\";\n\"settings.notifications.\\U0074itle\" = \"dup\";\nsettings.notifications.title = bare;\n"
        let shared = parse(text, pool: pool)
        let alone = parse(text)
        #expect(shared.entries.map(\.key) == alone.entries.map(\.key))
        #expect((0..<shared.entries.count).map { shared.value(at: $0) } == (0..<alone.entries.count).map { alone.value(at: $0) })
        #expect(shared.diagnostics.map(\.message) == alone.diagnostics.map(\.message))
        let baseKey = try #require(storage(base.entries[0].key))
        #expect(storage(shared.entries[0].key) == baseKey, "a quoted key with the base's bytes is the base's string")
        #expect(storage(shared.entries[4].key) == baseKey, "an unquoted one too")
        #expect(storage(alone.entries[0].key) != baseKey)
        #expect(storage(shared.entries[1].key) != baseKey)
    }

    /// Keys whose hashes collide are all found, up to the probe limit; past it a key is left out
    /// of the pool (made again by the parser), never confused with another.
    @Test func collidingKeysAreComparedNotTrusted() {
        let keys = (0..<200).map { "a.long.enough.key.\($0)" }
        let pool = KeyPool(keys: keys)
        #expect(pool.count == 200)
        for key in keys {
            var copy = key
            let found = copy.withUTF8 { pool.key($0, hash: DuplicateKeyFinder.hash(bytes: $0)) }
            #expect(found == key)
        }
        var other = "a.long.enough.key.200"
        #expect(other.withUTF8 { pool.key($0, hash: DuplicateKeyFinder.hash(bytes: $0)) } == nil)
        // The same hash for another key's bytes: compared, so not returned.
        var wrong = "a.long.enough.key.999"
        let hash = DuplicateKeyFinder.hash(keys[7])
        #expect(wrong.withUTF8 { pool.key($0, hash: hash) } == nil)
    }

    /// The other locales of a table with several are parsed with its largest file's keys; the
    /// table a file belongs to is its bundle folder and file name.
    @Test func tablesAreTheBundleFolderAndFileName() {
        func candidate(_ path: String, folder: String?) -> ProjectLoader.Candidate {
            ProjectLoader.Candidate(url: URL(fileURLWithPath: "/tmp/" + path), path: path, folder: folder, kind: .strings)
        }
        #expect(ProjectLoader.sharedTable(candidate("App/fr.lproj/Localizable.strings", folder: "fr.lproj")) == "App/Localizable.strings")
        #expect(ProjectLoader.sharedTable(candidate("fr.lproj/Main.strings", folder: "fr.lproj")) == "Main.strings")
        #expect(ProjectLoader.sharedTable(candidate("App/Global.strings", folder: nil)) == nil)
    }
}
