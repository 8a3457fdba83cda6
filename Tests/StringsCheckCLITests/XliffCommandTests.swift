import Foundation
import Testing

/// An XLIFF deliverable checked before its import: alone, together with the project it imports
/// into, in an `.xcloc` bundle, and through `coverage`, `render` and `dump`.
struct XliffCommandTests {
    static func xliff(_ units: String, target: String = "de") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="\(target)" datatype="plaintext">
            <body>
        \(units)
            </body>
          </file>
        </xliff>

        """
    }

    static let units = """
              <trans-unit id="welcome" xml:space="preserve">
                <source>Welcome!</source>
                <target state="translated">Willkommen!</target>
              </trans-unit>
              <trans-unit id="count" xml:space="preserve">
                <source>%d files</source>
                <target state="translated">%@ Dateien</target>
              </trans-unit>
              <trans-unit id="removed" xml:space="preserve">
                <source>Old text</source>
                <target state="needs-review-l10n">Alter Text</target>
              </trans-unit>
              <trans-unit id="later" xml:space="preserve">
                <source>Later</source>
              </trans-unit>
        """

    @Test func anXliffAloneIsCheckedAgainstItsSources() throws {
        let root = try CheckCommandTests.temporaryTree(["de.xliff": Self.xliff(Self.units)])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "--backlog", "de.xliff"], in: root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("de.xliff:11:9: error: 'count' in 'de' reads argument 1 with '%@' as an object"))
        #expect(result.stdout.contains("de.xliff:15:9: warning: the 'de' translation of 'removed' is in the state 'needs-review-l10n'"))
        #expect(result.stdout.contains("de.xliff:17:7: warning: 'later' has no 'de' translation in this file ('Later')"))
        #expect(result.stdout.contains("1 file checked"))
        // Without the project, nothing can be said about drift or removed keys.
        #expect(!result.stdout.contains("xliff-source-drift") && !result.stdout.contains("xliff-unknown-key"))
    }

    @Test func anXliffWithItsProjectIsCheckedAsImported() throws {
        let root = try CheckCommandTests.temporaryTree([
            "de.xliff": Self.xliff(Self.units),
            "App/en.lproj/Localizable.strings": "\"welcome\" = \"Welcome back!\";\n\"count\" = \"%d files\";\n\"later\" = \"Later\";\n",
            "App/de.lproj/Localizable.strings":
                "\"welcome\" = \"Willkommen zurück!\";\n\"count\" = \"%d Dateien\";\n\"later\" = \"Später\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "App", "de.xliff"], in: root)
        #expect(
            result.stdout.contains(
                "de.xliff:7:9: warning: 'welcome' was translated from 'Welcome!', but the development text is now 'Welcome back!'"))
        #expect(
            result.stdout.contains("de.xliff:15:9: warning: the project's table 'App/Localizable' no longer has the key 'removed'"))
        // Only the findings about the XLIFF are reported.
        #expect(!result.stdout.contains("App/de.lproj"), "\(result.stdout)")
        // Coverage and render show the locale as it would be after the import.
        let coverage = try CLITests.run(["coverage", "--no-config", "--format", "csv", "App", "de.xliff"], in: root)
        #expect(coverage.status == 0, "\(coverage.stderr)")
        let render = try CLITests.run(["render", "--no-config", "--keys", "welcome", "--locale", "de", "App", "de.xliff"], in: root)
        #expect(render.stdout.contains("Willkommen!") && !render.stdout.contains("Willkommen zurück!"), "\(render.stdout)")
    }

    /// A template (a file into its own source language) changes nothing of the project, and a
    /// file matches the project's table when checked from inside the app's folder too.
    @Test func templatesAndTablesMatchedFromInside() throws {
        let root = try CheckCommandTests.temporaryTree([
            "en.xliff": Self.xliff("      <trans-unit id=\"welcome\"><source>Welcome back!</source></trans-unit>", target: "en"),
            "de.xliff": Self.xliff(Self.units),
            "App/en.lproj/Localizable.strings": "\"welcome\" = \"Welcome back!\";\n\"count\" = \"%d files\";\n",
            "App/de.lproj/Localizable.strings": "\"welcome\" = \"Willkommen zurück!\";\n\"count\" = \"%d Dateien\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let template = try CLITests.run(["dump", "App", "en.xliff"], in: root)
        #expect(template.stdout.contains("locales: de, en"), "\(template.stdout)")
        let inside = try CLITests.run(["check", "--no-config", ".", "../de.xliff"], in: root.appendingPathComponent("App"))
        #expect(
            inside.stdout.contains("'welcome' was translated from 'Welcome!', but the development text is now 'Welcome back!'"),
            "\(inside.stdout)")
        #expect(!inside.stdout.contains("App/Localizable"), "\(inside.stdout)")
    }

    @Test func anXclocBundleIsCheckedWithItsContents() throws {
        let root = try CheckCommandTests.temporaryTree([
            "fr.xcloc/contents.json": "{\"developmentRegion\" : \"en\", \"targetLocale\" : \"fr\", \"version\" : \"1.0\"}\n",
            "fr.xcloc/Localized Contents/fr.xliff": Self.xliff(Self.units, target: "de"),
            "fr.xcloc/Source Contents/App/en.lproj/Localizable.strings": "\"welcome\" = \"Welcome!\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "fr.xcloc"], in: root)
        #expect(
            result.stdout.contains(
                "fr.xcloc/Localized Contents/fr.xliff:3:3: error: 'App/en.lproj/Localizable.strings' in fr.xcloc has target-language 'de', but the bundle is for 'fr'"
            ), "\(result.stdout)")
        // The bundle's copies of the project's files are not read as a project.
        #expect(!result.stdout.contains("Source Contents"))
        // Checked from inside the bundle, it is the same bundle.
        let inside = try CLITests.run(["check", "--no-config", "."], in: root.appendingPathComponent("fr.xcloc"))
        #expect(
            inside.stdout.contains("error: 'App/en.lproj/Localizable.strings' in fr.xcloc has target-language 'de'"), "\(inside.stdout)")
        #expect(!inside.stdout.contains("Source Contents"))
        let dump = try CLITests.run(["dump", "fr.xcloc"], in: root)
        #expect(dump.stdout.contains("[de · Localizable · strings"), "\(dump.stdout)")
    }

    /// `.stringsdict` forms and catalog variations are checked against the target language's
    /// plural categories, and read with the type the development text passes.
    @Test func pluralFormsOfAnExportAreChecked() throws {
        let root = try CheckCommandTests.temporaryTree(["pl.xliff": try String(contentsOfFile: Self.fixture("pl.xliff"), encoding: .utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "pl.xliff"], in: root)
        #expect(
            result.stdout.contains(
                "pl.xliff:6:87: warning: the variable 'n' of '%d files' has no 'few' (e.g. 2) and 'many' (e.g. 0) forms, which 'pl' uses"),
            "\(result.stdout)")
        #expect(result.stdout.contains("pl.xliff:7:90: error: the 'other' form of '%d files' reads the number with '%@'"))
        #expect(result.stdout.contains("pl.xliff:12:75: warning: the variable 'plural' of '%lld songs' has no 'few'"))
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/xliff/\(name)").path
    }

    @Test func aBrokenXliffSaysWhereAndOthersAreStillChecked() throws {
        let root = try CheckCommandTests.temporaryTree([
            "de.xliff": "<xliff version=\"1.2\"><file original=\"App/en.lproj/Localizable.strings\">\n<body><trans-unit id=\"a\">",
            "ja.xliff": Self.xliff(Self.units, target: "ja"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["check", "--no-config", "."], in: root)
        #expect(result.stdout.contains("de.xliff:2:") && result.stdout.contains("Xcode cannot import the file"), "\(result.stdout)")
        #expect(result.stdout.contains("ja.xliff:11:9: error: 'count' in 'ja'"))
    }
}
