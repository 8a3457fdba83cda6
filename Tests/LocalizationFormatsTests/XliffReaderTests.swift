import Foundation
import Testing

@testable import LocalizationFormats

/// The XLIFF reader: units with their positions, the IDs of `.stringsdict` forms and catalog
/// variations, the tables an export imports as, and the hardening.
struct XliffReaderTests {
    static func document(_ files: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            \(files)
            </xliff>

            """.utf8)
    }

    @Test func unitsHaveTheirTextsStatesNotesAndPositions() throws {
        let bytes = Self.document(
            """
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="greeting" xml:space="preserve">
                    <source>Hello, %@ &amp; friends
            two lines</source>
                    <target state="needs-review-l10n">Hallo, %@ &amp; Freunde
            zwei Zeilen</target>
                    <note>A greeting</note>
                  </trans-unit>
                  <trans-unit id="bye"><source>Bye</source></trans-unit>
                </body>
              </file>
            """)
        let document = XliffReader.read(bytes: bytes, path: "de.xliff")
        #expect(document.diagnostics.isEmpty)
        let file = try #require(document.files.first)
        #expect(file.original == "App/en.lproj/Localizable.strings" && file.targetLanguage == "de" && file.sourceLanguage == "en")
        #expect(file.table == "Localizable" && file.bundle == "App" && file.kind == .strings)
        #expect(file.location == SourcePosition(line: 3, column: 3))
        let greeting = file.units[0]
        #expect(greeting.source == "Hello, %@ & friends\ntwo lines" && greeting.target == "Hallo, %@ & Freunde\nzwei Zeilen")
        #expect(greeting.state == "needs-review-l10n" && greeting.note == "A greeting")
        #expect(greeting.location == SourcePosition(line: 5, column: 7) && greeting.targetLocation == SourcePosition(line: 8, column: 9))
        let bye = file.units[1]
        #expect(bye.target == nil && bye.translationLocation == bye.location && bye.location == SourcePosition(line: 12, column: 7))
    }

    @Test(arguments: [
        ("/%d items:dict/NSStringLocalizedFormatKey:dict/:string", XliffFileKind.stringsdict, XliffUnitID(key: "%d items")),
        ("/%d items:dict/count:dict/few:dict/:string", .stringsdict, XliffUnitID(key: "%d items", variable: "count", form: "few")),
        ("plain", .stringsdict, XliffUnitID(key: "plain")),
        ("%lld files|==|plural.one", .catalog, XliffUnitID(key: "%lld files", variation: "plural.one")),
        ("a|b", .catalog, XliffUnitID(key: "a|b")),
        ("x|==|substitutions.n.plural.few", .catalog, XliffUnitID(key: "x", variation: "substitutions.n.plural.few")),
        ("dI7-PE-hkI.normalTitle", .interface, XliffUnitID(key: "dI7-PE-hkI.normalTitle")),
    ])
    func unitIDsNameKeysFormsAndVariations(id: String, kind: XliffFileKind, expected: XliffUnitID) {
        #expect(XliffUnitID(id, kind: kind) == expected)
    }

    @Test func variationStepsReadNestedAndSubstitutionPaths() {
        let nested = XliffUnitID("k|==|device.iphone|==|plural.one", kind: .catalog).variationSteps
        #expect(nested.map(\.axis) == ["device", "plural"] && nested.map(\.name) == ["iphone", "one"])
        let dotted = XliffUnitID("k|==|device.iphone.plural.one", kind: .catalog).variationSteps
        #expect(dotted.map(\.axis) == ["device", "plural"] && dotted.map(\.name) == ["iphone", "one"])
        let substitution = XliffUnitID("k|==|substitutions.count.plural.few", kind: .catalog).variationSteps
        #expect(substitution.map(\.axis) == ["substitutions", "plural"] && substitution.map(\.name) == ["count", "few"])
    }

    /// `.stringsdict` forms and catalog variations import as `.stringsdict` entries; plain keys
    /// as `.strings` entries; the export's `<source>` texts stand for the development table.
    @Test func anExportImportsAsTables() throws {
        let bytes = Self.document(
            """
              <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="pl">
                <body>
                  <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source><target>%#@n@</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/one:dict/:string"><source>%d file</source><target>%d plik</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/few:dict/:string"><source>%d files</source><target>%d pliki</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/other:dict/:string"><source>%d files</source><target>%d plików</target></trans-unit>
                </body>
              </file>
              <file original="App/Localizable.xcstrings" source-language="en" target-language="pl">
                <body>
                  <trans-unit id="Done"><source>Done</source><target state="translated">Gotowe</target></trans-unit>
                  <trans-unit id="%lld songs|==|plural.one"><source>%lld song</source><target state="translated">%lld utwór</target></trans-unit>
                  <trans-unit id="%lld songs|==|plural.other"><source>%lld songs</source><target state="translated">%lld utworów</target></trans-unit>
                </body>
              </file>
            """)
        var project = ProjectLoader.load(virtualFiles: [("pl.xliff", bytes)])
        #expect(project.baseLocale == "en" && project.exports.count == 1 && project.fileCount == 1)
        let tables = project.allTables()
        let plural = try #require(tables["App/Localizable"]?["pl"]?.strings["%d files"]?.stringsdictEntry)
        #expect(plural.formatKey == "%#@n@" && plural.variables.first?.valueType == "d")
        #expect(plural.variables.first?.variants.map(\.name) == ["one", "few", "other"])
        let songs = try #require(tables["App/Localizable"]?["pl"]?.strings["%lld songs"]?.stringsdictEntry)
        #expect(songs.formatKey == "%#@plural@" && songs.variables.first?.valueType == "lld")
        #expect(tables["App/Localizable"]?["pl"]?.strings["Done"]?.value == "Gotowe")
        #expect(tables["App/Localizable"]?["en"]?.strings["Done"]?.value == "Done")
        // Checked with the project, the export's translations override the project's key by key,
        // and its sources are the project's.
        project = ProjectLoader.load(virtualFiles: [
            ("App/en.lproj/Localizable.strings", Array("\"Done\" = \"Done now\";\n".utf8)),
            ("App/pl.lproj/Localizable.strings", Array("\"Done\" = \"Stare\";\n\"Old\" = \"x\";\n".utf8)),
            ("pl.xliff", bytes),
        ])
        let merged = project.allTables()
        #expect(
            project.exports.first?.inProject == [true, true] && project.exports.first?.tableIDs == ["App/Localizable", "App/Localizable"])
        #expect(merged["App/Localizable"]?["pl"]?.strings["Done"]?.value == "Gotowe")
        // A key the export leaves out stays as the project has it.
        #expect(merged["App/Localizable"]?["pl"]?.strings["Old"]?.value == "x")
        #expect(merged["App/Localizable"]?["en"]?.strings["Done"]?.value == "Done now")
    }

    /// A storyboard's or intent definition's units make an Interface Builder table.
    @Test func interfaceFilesMakeInterfaceTables() {
        let bytes = Self.document(
            """
              <file original="App/Base.lproj/Intents.intentdefinition" source-language="en" target-language="de">
                <body><trans-unit id="Intents.Erase.Title"><source>Erase</source><target>Löschen</target></trans-unit></body>
              </file>
            """)
        let project = ProjectLoader.load(virtualFiles: [("de.xliff", bytes)])
        #expect(project.interfaceFiles["App/Intents"] == "App/Base.lproj/Intents.intentdefinition")
        #expect(project.allTables()["App/Intents"]?["de"]?.strings["Intents.Erase.Title"]?.value == "Löschen")
    }

    /// `&amp;` in an attribute is `&`; an `<alt-trans>` is a suggestion, not the translation; a
    /// start tag over several lines is where it starts; an empty language attribute is none.
    @Test func attributesAlternativesAndPositions() throws {
        let bytes = Self.document(
            """
              <file original="App/en.lproj/Terms &amp; More.strings" source-language="en" target-language="">
                <body>
                  <trans-unit
                      id="Terms &amp; Conditions &#233;"
                      xml:space="preserve">
                    <source>Terms</source>
                    <target state="translated">Bedingungen</target>
                    <alt-trans><source>Terms %@</source><target state="new">Bedingungen %@</target></alt-trans>
                  </trans-unit>
                </body>
              </file>
            """)
        let document = XliffReader.read(bytes: bytes, path: "de.xliff")
        let file = try #require(document.files.first)
        #expect(file.original == "App/en.lproj/Terms & More.strings" && file.targetLanguage == nil)
        let unit = try #require(file.units.first)
        #expect(unit.id == "Terms & Conditions é" && unit.source == "Terms" && unit.target == "Bedingungen")
        #expect(unit.state == "translated" && unit.location == SourcePosition(line: 5, column: 7))
        #expect(XMLAttributes.resolvingReferences("a &#38; b &#x41; &lt;c&gt; &unknown; & d") == "a & b A <c> &unknown; & d")
    }

    /// Standalone, the sources of plural forms the development language does not use are left
    /// out; a catalog entry's root unit is the format of its variations.
    @Test func sourcesKeepTheDevelopmentLanguagesFormsAndCatalogRootsAreFormats() throws {
        let bytes = Self.document(
            """
              <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="pl">
                <body>
                  <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source><target>%#@n@</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/one:dict/:string"><source>%d file</source><target>%d plik</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/few:dict/:string"><source>%d files</source><target>%d pliki</target></trans-unit>
                  <trans-unit id="/%d files:dict/n:dict/other:dict/:string"><source>%d files</source><target>%d plików</target></trans-unit>
                </body>
              </file>
              <file original="App/Catalog.xcstrings" source-language="en" target-language="pl">
                <body>
                  <trans-unit id="both"><source>%1$#@a@ and %2$#@b@</source><target>%1$#@a@ i %2$#@b@</target></trans-unit>
                  <trans-unit id="both|==|substitutions.b.plural.other"><source>%arg bs</source><target>%arg b</target></trans-unit>
                  <trans-unit id="both|==|substitutions.a.plural.other"><source>%arg as</source><target>%arg a</target></trans-unit>
                  <trans-unit id="device|==|device.iphone.plural.other"><source>%lld on iPhone</source><target>%lld na iPhonie</target></trans-unit>
                  <trans-unit id="device|==|device.other.plural.other"><source>%lld here</source><target>%lld tutaj</target></trans-unit>
                </body>
              </file>
            """)
        let tables = ProjectLoader.load(virtualFiles: [("pl.xliff", bytes)]).allTables()
        let source = try #require(tables["App/Localizable"]?["en"]?.strings["%d files"]?.stringsdictEntry)
        #expect(source.variables.first?.variants.map(\.name) == ["one", "other"])
        let target = try #require(tables["App/Localizable"]?["pl"]?.strings["%d files"]?.stringsdictEntry)
        #expect(target.variables.first?.variants.map(\.name) == ["one", "few", "other"])
        let both = try #require(tables["App/Catalog"]?["pl"]?.strings["both"]?.stringsdictEntry)
        #expect(both.formatKey == "%1$#@a@ i %2$#@b@" && Set(both.variables.map(\.name)) == ["a", "b"])
        let device = try #require(tables["App/Catalog"]?["pl"]?.strings["device"]?.stringsdictEntry)
        #expect(device.variables.first?.variants.map(\.value) == ["%lld tutaj"])
    }

    @Test func anXclocBundleIsReadWithItsContents() throws {
        let xliff = Self.document(
            """
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de">
                <body><trans-unit id="a"><source>A</source><target>Ä</target></trans-unit></body>
              </file>
            """)
        let project = ProjectLoader.load(virtualFiles: [
            ("de.xcloc/contents.json", Array(#"{"developmentRegion" : "en", "targetLocale" : "de", "version" : "1.0"}"#.utf8)),
            ("de.xcloc/Localized Contents/de.xliff", xliff),
        ])
        let bundle = try #require(project.exports.first?.bundle)
        #expect(bundle.path == "de.xcloc" && bundle.targetLocale == "de" && bundle.developmentRegion == "en" && bundle.nameLocale == "de")
    }

    @Test(arguments: [
        ("<plist><dict/></plist>", "the root element is <plist>, not <xliff>; the file is not read as XLIFF"),
        (
            "<!DOCTYPE xliff [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><xliff><file original=\"x.strings\"><body><trans-unit id=\"k\"><source>&b;</source></trans-unit></body></file></xliff>",
            "the document type declares entities or elements, which no XLIFF export holds; the file is not read"
        ),
        (
            "<!DOCTYPE xliff SYSTEM \"http://example.com/x.dtd\"><xliff><file original=\"x.strings\"><body><trans-unit id=\"k\"><source>&ext;</source></trans-unit></body></file></xliff>",
            "entity 'ext' not defined"
        ),
        ("<xliff><file><body/></file></xliff>", "<file> has no 'original' attribute"),
        (
            "<xliff><file original=\"a.strings\"><body><trans-unit id=\"k\"><source>a<g id=\"1\">b</g></source></trans-unit></body></file></xliff>",
            "holds the element <g>"
        ),
        ("<xliff><file original=\"a.strings\"><body><trans-unit id=\"k\"></trans-unit></body></file></xliff>", "has no <source>"),
        ("<xliff><file original=\"a.strings\"", "; Xcode cannot import the file"),
    ])
    func badInputGetsAClearMessage(text: String, expected: String) {
        let document = XliffReader.read(bytes: Array(text.utf8), path: "x.xliff")
        #expect(document.diagnostics.contains { $0.message.contains(expected) }, "\(document.diagnostics.map(\.message))")
    }

    @Test func deepNestingAndCrowdedTagsAreBounded() {
        let deep = "<xliff>" + String(repeating: "<g>", count: 200) + String(repeating: "</g>", count: 200) + "</xliff>"
        let document = XliffReader.read(bytes: Array(deep.utf8), path: "x.xliff")
        #expect(document.diagnostics.contains { $0.id == "xliff-invalid-structure" || $0.id == "xml-syntax-error" })
        let crowded = "<xliff " + (0..<100).map { "a\($0)=\"x\"" }.joined(separator: " ") + "/>"
        #expect(XliffReader.read(bytes: Array(crowded.utf8), path: "x.xliff").diagnostics.first?.message.contains("100 attributes") == true)
    }

    /// Every corpus export reads without a diagnostic, every unit with a source.
    @Test func corpusExportsRead() throws {
        let folder = Corpus.root.appendingPathComponent("xliff/mozilla-l10n__focusios-l10n")
        guard Corpus.isAvailable else {
            print(Corpus.skipMessage)
            return
        }
        let locales = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.contains(".") && $0 != "LICENSE" }
        #expect(locales.count > 40)
        for locale in locales {
            let path = folder.appendingPathComponent("\(locale)/focus-ios.xliff").path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let document = XliffReader.read(bytes: Array(data), path: path)
            #expect(document.diagnostics.isEmpty, "\(locale): \(document.diagnostics.map(\.message))")
            #expect(document.files.count == 6 && document.files.allSatisfy { $0.targetLanguage != nil }, "\(locale)")
            #expect(document.files.flatMap(\.units).count == 258, "\(locale)")
        }
    }
}
