import Foundation
import Testing

@testable import LocalizationFormats

struct ProjectLoaderTests {
    static let demo = Corpus.packageRoot.appendingPathComponent("Resources/DemoApp").path

    @Test(arguments: [
        ("pt_BR", "pt-BR"), ("pt-BR.lproj", "pt-BR"), ("English", "en"), ("zh_CN", "zh-CN"), ("zh-hant-hk", "zh-Hant-HK"),
        ("Base", "Base"), ("es-419", "es-419"), ("el_GR", "el-GR"), ("sr-Latn", "sr-Latn"), ("test-base", "test-base"),
    ])
    func localeNames(folder: String, expected: String) {
        #expect(LocaleName.normalize(folder) == expected)
    }

    /// Canonical names skip the spelling work; they must come out exactly as that work makes
    /// them, and every other name must still go through it.
    @Test func canonicalNamesAreRecognisedExactly() {
        let subtags = [
            "de", "DE", "pt", "zh", "yue", "x", "Hans", "hans", "HANS", "BR", "br", "Br", "419", "4a9", "1996", "POSIX", "", "lproj", "é",
        ]
        for first in subtags {
            for second in subtags + [nil] {
                for separator in ["-", "_", "--"] {
                    let name = second.map { first + separator + $0 } ?? first
                    #expect(LocaleName.normalize(name) == LocaleName.normalizeSpelling(name), "\(name)")
                    if LocaleName.isCanonical(name) { #expect(LocaleName.normalizeSpelling(name) == name, "\(name)") }
                }
            }
        }
        for name in ["Base", "base", "english", "thai", "zh-Hant-HK", "sr-Latn-RS", "en-US-POSIX", "de.lproj", "-de", "de-"] {
            #expect(LocaleName.normalize(name) == LocaleName.normalizeSpelling(name), "\(name)")
        }
        #expect(LocaleName.isCanonical("pt-BR") && LocaleName.isCanonical("zh-Hans") && !LocaleName.isCanonical("pt_BR"))
    }

    @Test func demoProject() async throws {
        let project = await ProjectLoader.load(roots: [Self.demo])
        #expect(project.baseLocale == "en")
        #expect(project.locales == ["Base", "ar", "de", "en", "fr", "ja", "pt-BR", "zh-Hans"])
        #expect(project.tableNames == ["InfoPlist", "Localizable", "Main", "Settings"])
        let french = project.table("Localizable", locale: "fr")
        #expect(french.strings["push.message.action"]?.loaded == true)
        #expect(french.strings["push.order.shipped"]?.loaded == false)
        #expect(project.table("Localizable", locale: "ar").strings.values.filter { $0.origin == .strings }.allSatisfy { !$0.loaded })
        // .stringsdict overrides .strings; catalogs fold in per locale.
        #expect(project.table("Localizable", locale: "de").strings["unread.count"]?.origin == .stringsdict)
        #expect(project.table("Settings", locale: "ja").strings["settings.sync.title"]?.state == "needs_review")
        #expect(project.table("Settings", locale: "en").strings["settings.sync.never"]?.value == "—")
        // Strings of one catalog share a source per state; each still reads its own.
        let japanese = project.table("Settings", locale: "ja").strings.values.filter { $0.origin == .catalog }
        let catalogFile = try #require(project.files.first { $0.path.hasSuffix("Settings.xcstrings") })
        guard case .catalog(let catalog) = catalogFile.content else { throw CancellationError() }
        let units = Dictionary(catalog.strings(for: "ja").map { ($0.key, $0.unit?.state) }, uniquingKeysWith: { first, _ in first })
        #expect(!japanese.isEmpty)
        #expect(japanese.allSatisfy { $0.path == catalogFile.path && $0.state == units[$0.key] ?? nil })
        #expect(
            french.strings.values.filter { $0.origin == .strings }.allSatisfy {
                $0.path.hasSuffix("fr.lproj/Localizable.strings") && $0.state == nil
            })
        let made = LocalizedString(key: "k", value: "v", path: "a.strings", location: nil, loaded: true, origin: .catalog, state: "new")
        #expect(made.path == "a.strings" && made.state == "new")
        #expect(
            made == LocalizedString(key: "k", value: "v", path: "a.strings", location: nil, loaded: true, origin: .catalog, state: "new"))
        #expect(
            made != LocalizedString(key: "k", value: "v", path: "a.strings", location: nil, loaded: true, origin: .catalog, state: "stale"))
        let ids = Set(project.allDiagnostics.map(\.id))
        #expect(ids.isSuperset(of: ["strings-syntax-error", "strings-silent-truncation", "duplicate-key", "stringsdict-missing-other"]))
    }

    /// Table strings point into their files: each must read back its own entry's fields, and the
    /// merge must keep Foundation's order (`.stringsdict` beats `.strings`, catalogs only fill
    /// keys the files lack).
    @Test func tableStringsReadTheirOwnEntries() throws {
        let strings = StringsParser.parse(
            bytes: Array("\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n".utf8), path: "fr.lproj/T.strings")
        let dict = StringsdictParser.parse(
            bytes: Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>b</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>other</key><string>%d B</string></dict></dict></dict></plist>
                """.utf8), path: "fr.lproj/T.stringsdict")
        let catalog = StringCatalogParser.parse(
            bytes: Array(
                """
                {"sourceLanguage": "en", "version": "1.0", "strings": {
                  "a": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "cat A"}}}},
                  "e": {"localizations": {"fr": {"stringUnit": {"state": "needs_review", "value": "cat E"}}}}}}
                """.utf8), path: "T.xcstrings")
        let files = [
            ResourceFile(path: "fr.lproj/T.strings", locale: "fr", folder: "fr.lproj", table: "T", content: .strings(strings)),
            ResourceFile(path: "fr.lproj/T.stringsdict", locale: "fr", folder: "fr.lproj", table: "T", content: .stringsdict(dict)),
        ]
        let catalogFile = ResourceFile(path: "T.xcstrings", locale: nil, folder: nil, table: "T", content: .catalog(catalog))
        let table = LocalizationProject.mergeTable("T", locale: "fr", files: files, catalogs: [(catalogFile, catalog.strings(for: "fr"))])
        #expect(table.strings.keys.sorted() == ["a", "b", "c", "d", "e"])
        let a = try #require(table.strings["a"])
        #expect(a.value == "A" && a.origin == .strings && a.path == "fr.lproj/T.strings" && a.state == nil)
        #expect(a.location == SourcePosition(line: 1, column: 1) && a.loaded)
        #expect(table.strings["c"]?.location == SourcePosition(line: 3, column: 1) && table.strings["d"]?.value == "D")
        let b = try #require(table.strings["b"])
        #expect(b.origin == .stringsdict && b.value == "%#@n@" && b.path == "fr.lproj/T.stringsdict" && b.loaded)
        let e = try #require(table.strings["e"])
        #expect(e.origin == .catalog && e.value == "cat E" && e.state == "needs_review" && e.path == "T.xcstrings")
        // One made field by field equals the one read from the file, and hashes alike.
        let made = LocalizedString(
            key: "a", value: "A", path: "fr.lproj/T.strings", location: SourcePosition(line: 1, column: 1), loaded: true,
            origin: .strings, state: nil)
        #expect(made == a && made.hashValue == a.hashValue && a != b)
    }

    /// A locale's strings must behave as the dictionary they replaced, whether a key is numbered
    /// by the table or kept by name: random sets, removals and reads against a `Dictionary`.
    @Test func localeStringsBehaveAsADictionary() throws {
        let strings = StringsParser.parse(
            bytes: Array((0..<12).map { "\"k\($0)\" = \"v\($0)\";\n" }.joined().utf8), path: "en.lproj/T.strings")
        let file = ResourceFile(path: "en.lproj/T.strings", locale: "en", folder: "en.lproj", table: "T", content: .strings(strings))
        let numbering = LocalizationProject.numbering(files: [file], catalogs: [])
        #expect(numbering.keys == (0..<12).map { "k\($0)" } && numbering.number(of: "k3") == 3 && numbering.number(of: "x") == nil)
        let table = LocalizationProject.mergeTable("T", locale: "en", files: [file], catalogs: [], numbering: numbering)
        let values = (0..<12).compactMap { table.strings["k\($0)"] }
        #expect(values.count == 12 && table.strings.count == 12 && table.strings[number: 5]?.value == "v5")
        var subject = LocaleStrings(numbering: numbering)
        var oracle: [String: LocalizedString] = [:]
        var generator = GeneratedDifferentialTests.Generator(state: 7)
        // A file's strings, and strings made one by one (each its own source, so a table holds
        // many: found by identity past the first few).
        let made = (0..<40).map {
            LocalizedString(
                key: "m\($0)", value: "made \($0)", path: "m\($0).strings", location: nil, loaded: true, origin: .strings, state: nil)
        }
        for _ in 0..<2_000 {
            // Half the keys are numbered (k0…k11), half are not (x0…x11).
            let key = (generator.next() % 2 == 0 ? "k" : "x") + String(generator.next() % 12)
            let choice = generator.next() % 3
            let value = choice == 0 ? nil : choice == 1 ? values[Int(generator.next() % 12)] : made[Int(generator.next() % 40)]
            subject[key] = value
            oracle[key] = value
            #expect(subject[key] == oracle[key])
        }
        #expect(subject.count == oracle.count && subject.isEmpty == oracle.isEmpty)
        #expect(Set(subject.keys) == Set(oracle.keys) && subject.keys.count == oracle.count)
        var seen: [String: LocalizedString] = [:]
        for (key, value) in subject { seen[key] = value }
        #expect(seen == oracle)
        subject.forEach { key, number, value in
            #expect(number == numbering.number(of: key) && oracle[key] == value)
        }
        let literal: LocaleStrings = ["a": values[0]]
        #expect(literal["a"] == values[0] && literal.count == 1 && LocaleStrings(oracle).count == oracle.count)
        // What another locale lacks, by number when the numbering is shared and by key when not.
        var other = LocaleStrings(numbering: numbering)
        for key in ["k0", "k1", "k7", "x2", "x5"] { other[key] = values[0] }
        let byName = LocaleStrings(["k0": values[0], "x2": values[0]])
        for reference in [other, byName] {
            let expected = oracle.filter { reference[$0.key] == nil }.values.map(\.key).sorted()
            #expect(subject.strings(missingFrom: reference).map(\.key).sorted() == expected)
            for key in Set(oracle.keys).union(["k0", "x2", "none"]) {
                #expect(
                    reference.contains(key: key, number: numbering.number(of: key), numberedBy: numbering) == (reference[key] != nil),
                    "\(key)")
            }
        }
    }

    /// `forEachText` yields every string `forEach` does: `.strings` values and catalog texts as
    /// their bytes by number (a catalog's with whether its unit is settled), every other string
    /// (a value that is no string, a `.stringsdict` override, a key outside the numbering) as
    /// itself.
    @Test func forEachTextYieldsWhatForEachDoes() throws {
        let plist = """
            <plist version="1.0"><dict><key>b</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d B</string></dict></dict></dict></plist>
            """
        let catalog = """
            {"sourceLanguage":"en","strings":{"c":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"C"}}}},\
            "g":{"localizations":{"de":{"stringUnit":{"state":"needs_review","value":"Gé"}}}},\
            "h":{"localizations":{"de":{"stringUnit":{"value":"H"}}}}},"version":"1.0"}
            """
        let project = ProjectLoader.load(virtualFiles: [
            ("en.lproj/Localizable.strings", Array("\"a\" = \"A\";\n\"b\" = \"B\";\n\"d\" = \"D é\";\n\"f\" = \"F\";\n".utf8)),
            ("de.lproj/Localizable.strings", Array("\"a\" = \"Ä\";\n\"b\" = \"B\";\n\"d\" = \"Dé\";\n\"e\" = (x);\n\"f\" = (y);\n".utf8)),
            ("de.lproj/Localizable.stringsdict", Array(plist.utf8)),
            ("Localizable.xcstrings", Array(catalog.utf8)),
        ])
        let tables = try #require(project.allTables().values.first { $0["de"] != nil })
        let table = try #require(tables["de"])
        var expected: [String: String] = [:]
        table.strings.forEach { key, _, string in
            if string.origin != .strings || string.value != nil { expected[key] = "\(string.origin):\(string.value ?? "")" }
        }
        var found: [String: String] = [:]
        var settled: [String: Bool] = [:]
        table.strings.forEachText(
            texts: { number, bytes, kind in
                let key = table.strings.numbering.keys[number]
                found[key] = (kind.isCatalog ? "catalog:" : "strings:") + String(decoding: bytes, as: UTF8.self)
                settled[key] = kind.isSettled
            },
            others: { key, _, string in
                if string.origin != .strings || string.value != nil { found[key] = "\(string.origin):\(string.value ?? "")" }
            })
        #expect(found == expected)
        #expect(found["a"] == "strings:Ä" && found["d"] == "strings:Dé" && found["b"]?.hasPrefix("stringsdict:") == true)
        #expect(found["c"] == "catalog:C" && found["g"] == "catalog:Gé" && found["h"] == "catalog:H" && found["e"] == nil)
        #expect(settled == ["a": true, "d": true, "c": true, "g": false, "h": true])
        // A value that is no string comes to `others`, as itself; catalog texts do not.
        var otherKeys: [String] = []
        table.strings.forEachText(texts: { _, _, _ in }, others: { key, _, _ in otherKeys.append(key) })
        #expect(otherKeys.sorted() == ["b", "e", "f"])
        // The source language's list holds the keys it has no unit for: the key is the text.
        let source = try #require(tables["en"])
        var sourceTexts: [String: String] = [:]
        source.strings.forEachText(
            texts: { number, bytes, kind in
                if kind.isCatalog { sourceTexts[source.strings.numbering.keys[number]] = String(decoding: bytes, as: UTF8.self) }
            }, others: { _, _, _ in })
        #expect(sourceTexts == ["c": "c", "g": "g", "h": "h"])
    }

    @Test func parallelAndSerialParsingAgree() async {
        var diagnostics: [Diagnostic] = []
        let candidates = ProjectLoader.discover(root: Self.demo, excluding: [], diagnostics: &diagnostics)
        let serial = await ProjectLoader.parse(candidates, jobs: 1)
        let parallel = await ProjectLoader.parse(candidates, jobs: 4)
        #expect(serial.map(\.path) == parallel.map(\.path))
        #expect(serial.map(\.diagnostics) == parallel.map(\.diagnostics))
    }

    @Test func treeWalkSkipsBuildFoldersAndSymlinkLoops() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for folder in ["App/en.lproj", "App/pt_BR.lproj", "App/pt-BR.lproj", ".build/x/en.lproj", "Pods/P/de.lproj"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("\"a\" = \"b\";".utf8).write(to: root.appendingPathComponent(folder + "/Localizable.strings"))
        }
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("App/loop").path, withDestinationPath: root.appendingPathComponent("App").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("App/outside").path, withDestinationPath: "/etc")
        let project = await ProjectLoader.load(roots: [root.path])
        #expect(project.files.count == 3)
        #expect(project.files.allSatisfy { !$0.path.contains(".build") && !$0.path.contains("Pods") })
        let ids = project.diagnostics.map(\.id).sorted()
        #expect(ids == ["duplicate-locale-folder", "symlink-loop", "symlink-outside-root"])
    }

    @Test func aLinkedFileIsReadOnlyWhenItStaysInsideTheRoot() async throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("stringscheck-links-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: base) }
        let root = base.appendingPathComponent("App")
        try fm.createDirectory(at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        try fm.createDirectory(at: base.appendingPathComponent("Secrets"), withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n".utf8).write(to: root.appendingPathComponent("Shared/Main.strings"))
        try Data("\"token\" = \"hunter2\";\n".utf8).write(to: base.appendingPathComponent("Secrets/Keys.strings"))
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("en.lproj/Main.strings").path, withDestinationPath: "../Shared/Main.strings")
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("en.lproj/Keys.strings").path, withDestinationPath: "../../Secrets/Keys.strings")
        let project = await ProjectLoader.load(roots: [root.path])
        // The link's target is also a global table of the tree (read as such), never the secret.
        #expect(project.files.map(\.path) == [root.path + "/Shared/Main.strings", root.path + "/en.lproj/Main.strings"])
        let outside = try #require(project.diagnostics.first { $0.id == "symlink-outside-root" })
        #expect(outside.path == root.path + "/en.lproj/Keys.strings")
        #expect(outside.message.contains("leads outside"))
        #expect(project.diagnostics.count == 1)
    }

    /// Plain files are skipped on the folder listing's word; tables, interface files, links
    /// named like tables and folders named like tables are still looked at, and a link to a plain
    /// file named like a table is read.
    @Test func discoveryLooksAtEveryNameThatCouldBeATable() async throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("stringscheck-names-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        try fm.createDirectory(at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("de.lproj/Folder.strings"), withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n".utf8).write(to: root.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data("\"a\" = \"A\";\n".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data("# readme\n".utf8).write(to: root.appendingPathComponent("README.md"))
        try Data("<document/>".utf8).write(to: root.appendingPathComponent("Base.lproj/Main.storyboard"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("en.lproj/Linked.strings").path, withDestinationPath: "../notes.txt")
        let project = await ProjectLoader.load(roots: [root.path])
        #expect(
            project.files.map(\.path).sorted()
                == ["de.lproj/Folder.strings", "en.lproj/Linked.strings", "en.lproj/Localizable.strings"].map { root.path + "/" + $0 })
        #expect(project.interfaceFiles.values.sorted() == [root.path + "/Base.lproj/Main.storyboard"])
        #expect(
            project.files.first { $0.path.hasSuffix("Linked.strings") }.map {
                if case .strings(let parsed) = $0.content { parsed.entries.map(\.key) } else { [] }
            } == ["a"])
    }

    @Test func aSingleFileIsItsOwnRoot() async throws {
        let file = Self.demo + "/de.lproj/Localizable.strings"
        let project = await ProjectLoader.load(roots: [file])
        #expect(project.files.map(\.path) == [file])
        #expect(project.files.first?.locale == "de")
        #expect(project.files.first?.table == "Localizable")
        // A file that is no resource gives nothing to read, and no error either: the CLI warns.
        let none = await ProjectLoader.load(roots: [Corpus.packageRoot.appendingPathComponent("README.md").path])
        #expect(none.files.isEmpty && none.diagnostics.isEmpty)
    }

    @Test func unreadableFileIsADiagnosticNotACrash() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-unreadable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("en.lproj/Broken.strings"), withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";".utf8).write(to: root.appendingPathComponent("en.lproj/Localizable.strings"))
        let project = await ProjectLoader.load(roots: [root.path])
        let broken = try #require(project.files.first { $0.path.hasSuffix("Broken.strings") })
        #expect(broken.diagnostics.map(\.id) == ["file-unreadable"])
        #expect(project.files.first { $0.path.hasSuffix("Localizable.strings") }?.diagnostics.isEmpty == true)
    }
}

/// The peers' fixtures in the shared corpus.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct PeerFixtureTests {
    @Test func locheckSyntaxErrorThatLocheckMisses() async throws {
        let root = Corpus.root.appendingPathComponent("peers/Asana__locheck/Examples").path
        let project = await ProjectLoader.load(roots: [root])
        let broken = try #require(project.files.first { $0.path.hasSuffix("test-translation.lproj/file2.strings") })
        let error = try #require(broken.diagnostics.first)
        #expect(error.id == "strings-syntax-error")
        #expect(error.location == SourcePosition(line: 2, column: 17))
        #expect(error.message.contains("expected '=' or ';' after the key 'just_in_file1'"))
    }

    @Test func everyPeerFixtureParsesWithoutCrashing() async {
        let root = Corpus.root.appendingPathComponent("peers").path
        let project = await ProjectLoader.load(roots: [root])
        #expect(project.files.count > 20)
        // The UTF-16LE fixtures of SwiftGen and BartyCrouch sit outside .lproj folders; read them directly.
        let utf16 = Corpus.files(under: "peers", extensions: ["strings"]).filter { url in
            let bytes = (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
            return StringsParser.parse(bytes: bytes, path: url.path).encoding == .utf16LEBOM
        }
        #expect(!utf16.isEmpty, "the peers' UTF-16LE fixtures")
        print("peers: \(project.files.count) files, \(project.allDiagnostics.count) diagnostics")
    }

    @Test func wholeCorpusLoads() async {
        let project = await ProjectLoader.load(roots: [Corpus.root.appendingPathComponent("apps").path])
        #expect(project.files.count > 1200)
        // Adium's prebuilt frameworks and the tables of Mastodon's converter package.
        #expect(project.leftOutFolders.reduce(0) { $0 + $1.tableCount } > 200)
        #expect(project.locales.contains("pt-BR"))
        print("apps: \(project.files.count) files, \(project.locales.count) locales, \(project.allDiagnostics.count) diagnostics")
    }
}

struct FileBytesTests {
    @Test func readsWholeFilesAndSaysWhyOthersFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bytes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let file = folder.appendingPathComponent("big.strings")
        try Data(bytes).write(to: file)
        #expect(try FileBytes.read(file.path).get() == bytes)
        let empty = folder.appendingPathComponent("empty.strings")
        try Data().write(to: empty)
        #expect(try FileBytes.read(empty.path).get().isEmpty)
        #expect(throws: FileReadError.self) { try FileBytes.read(folder.path).get() }
        #expect(throws: FileReadError.self) { try FileBytes.read(folder.appendingPathComponent("none").path).get() }
        if case .failure(let error) = FileBytes.read(folder.path) { #expect(error.description == "is a directory") }
        if case .failure(let error) = FileBytes.read(folder.appendingPathComponent("none").path) {
            #expect(error.description == "no such file or directory")
        }
    }

    /// Files whose size the system does not report (`/proc`) are read to their end in chunks.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func readsFilesThatReportNoSize() throws {
        let status = try FileBytes.read("/proc/self/status").get()
        #expect(String(decoding: status, as: UTF8.self).contains("VmRSS"))
    }
}

/// What the app does not ship is left out, each folder said once with its reason.
struct ShippingTests {
    static func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ships-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let files = [
        "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "App/qqq.lproj/Localizable.strings": "\"a\" = \"The letter shown on the button\";\n",
        "fastlane/metadata/de.lproj/Screenshots.strings": "\"a\" = \"A\";\n",
        "fastlane/Fastfile": "lane :x do end\n",
        "Vendor/Kit/en.lproj/Kit.strings": "\"k\" = \"K\";\n",
        "Frameworks/Sparkle.framework/Resources/de.lproj/Sparkle.strings": "\"s\" = \"S\";\n",
        "Tools/Converter/Package.swift": "let package = Package(name: \"Converter\", targets: [.target(name: \"Converter\")])\n",
        "Tools/Converter/Sources/Converter/en.lproj/Tool.strings": "\"t\" = \"T\";\n",
        "Tools/Converter/input/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "Kit/Package.swift": "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", path: \"Lib/Kit\")])\n",
        "Kit/Lib/Kit/de.lproj/Kit.strings": "\"k\" = \"K\";\n",
        "empty/vendor/README": "nothing\n",
    ]

    @Test func foldersTheAppDoesNotShipAreLeftOutWithTheirReason() async throws {
        let root = try Self.tree(Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = await ProjectLoader.load(roots: [root])
        let paths = project.files.map { String($0.path.dropFirst(root.count + 1)) }.sorted()
        #expect(
            paths == [
                "App/en.lproj/Localizable.strings", "Kit/Lib/Kit/de.lproj/Kit.strings",
                "Tools/Converter/Sources/Converter/en.lproj/Tool.strings",
            ])
        let leftOut = project.leftOutFolders.map { "\($0.path.dropFirst(root.count + 1)) \($0.reason.rawValue) \($0.tableCount)" }.sorted()
        #expect(
            leftOut == [
                "App/qqq.lproj message-documentation 1", "Frameworks/Sparkle.framework prebuilt-framework 1",
                "Tools/Converter/input outside-package-targets 1", "Vendor vendored 1", "fastlane release-tooling 1",
            ])
    }

    @Test func checkUnshippedReadsEverything() async throws {
        let root = try Self.tree(Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = await ProjectLoader.load(roots: [root], checkUnshipped: true)
        #expect(project.files.count == 8)
        #expect(project.leftOutFolders.isEmpty)
    }

    @Test func aTargetAtThePackageFolderOrAProjectUnderItKeepsEverything() async throws {
        for extra in [
            ["Package.swift": "let package = Package(name: \"App\", targets: [.executableTarget(name: \"App\", path: \".\")])\n"],
            ["Package.swift": "let package = Package(name: \"Tools\")\n", "App/App.xcodeproj/project.pbxproj": "{}\n"],
            ["Package.swift": "let package = Package(name: \"Tools\")\n", "project.yml": "name: App\n"],
        ] {
            let root = try Self.tree(extra.merging(["Resources/de.lproj/Localizable.strings": "\"a\" = \"A\";\n"]) { $1 })
            defer { try? FileManager.default.removeItem(atPath: root) }
            let project = await ProjectLoader.load(roots: [root])
            #expect(project.files.count == 1 && project.leftOutFolders.isEmpty, "\(extra.keys.sorted())")
        }
    }

    @Test func anXcodeProjectBesideAManifestMayCopyAnything() async throws {
        let root = try Self.tree([
            "Package.swift": "let package = Package(name: \"App\")\n", "App.xcodeproj/project.pbxproj": "{}\n",
            "Resources/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = await ProjectLoader.load(roots: [root])
        #expect(project.files.count == 1)
        #expect(project.leftOutFolders.isEmpty)
    }
}

/// The development language as the project records it comes first.
struct DevelopmentRegionTests {
    static let tables = [
        "App/de.lproj/Localizable.strings": "\"a\" = \"Apfel\";\n\"b\" = \"Birne\";\n",
        "App/en.lproj/Localizable.strings": "\"a\" = \"Apple\";\n",
    ]

    @Test func theXcodeProjectsDevelopmentRegionComesFirst() async throws {
        var files = Self.tables
        files["App.xcodeproj/project.pbxproj"] =
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\t1 = {\n\t\t\tisa = PBXProject;\n\t\t\tdevelopmentRegion = de;\n\t\t\tknownRegions = (en, de, Base);\n\t\t};\n\t};\n}\n"
        let root = try ShippingTests.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = await ProjectLoader.load(roots: [root])
        #expect(project.baseLocale == "de")
        #expect(project.baseLocaleReason == "developmentRegion of \(root)/App.xcodeproj/project.pbxproj")
    }

    @Test func infoPlistsDevelopmentRegionUnlessItIsABuildSetting() async throws {
        var files = Self.tables
        files["App/Info.plist"] = "<plist><dict>\n<key>CFBundleDevelopmentRegion</key>\n<string>de</string>\n</dict></plist>\n"
        var root = try ShippingTests.tree(files)
        #expect(await ProjectLoader.load(roots: [root]).baseLocale == "de")
        try? FileManager.default.removeItem(atPath: root)
        files["App/Info.plist"] =
            "<plist><dict><key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string></dict></plist>\n"
        root = try ShippingTests.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = await ProjectLoader.load(roots: [root])
        #expect(project.baseLocale == "en" && project.baseLocaleReason == "en.lproj is present")
    }
}
