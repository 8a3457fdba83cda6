import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

@testable import StringsCheckReports

/// Coverage numbers against counts worked out by hand on small trees.
struct CoverageTests {
    static func report(_ files: [(String, String)], allowIdentical: [String] = []) -> CoverageReport {
        CoverageBuilder.build(ProjectIndex(project: Check.project(files)), payloadFindings: [], allowIdentical: allowIdentical)
    }

    static let tree = [
        (
            "en.lproj/Localizable.strings",
            "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n\"d\" = \"OK\";\n\"e\" = \"%@\";\n"
        ),
        ("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Fruit\";\n"),
        // de: a, b translated; c empty; d identical; e identical but no letters (nothing to translate); extra x.
        (
            "de.lproj/Localizable.strings",
            "\"a\" = \"Apfel\";\n\"b\" = \"Banane\";\n\"c\" = \"\";\n\"d\" = \"OK\";\n\"e\" = \"%@\";\n\"x\" = \"X\";\n"
        ),
        // fr: only a; InfoPlist missing as a table.
        ("fr.lproj/Localizable.strings", "\"a\" = \"Pomme\";\n"),
        ("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Obst\";\n"),
    ]

    @Test func countsPerLocaleAndTable() throws {
        let report = Self.report(Self.tree)
        #expect(report.total == 6)
        let de = try #require(report.locales.first { $0.locale == "de" })
        #expect((de.total, de.translated, de.missing, de.extra, de.empty, de.identical) == (6, 4, 0, 1, 1, 1))
        #expect(de.percent == 66.7)
        #expect(de.identicalKeys.map(\.key) == ["d"])
        let fr = try #require(report.locales.first { $0.locale == "fr" })
        #expect((fr.total, fr.translated, fr.missing) == (6, 1, 5))
        #expect(fr.tables.map { "\($0.table) \($0.translated)/\($0.total)" } == ["InfoPlist 0/1", "Localizable 1/5"])
        #expect(fr.missingKeys.map(\.key) == ["CFBundleDisplayName", "b", "c", "d", "e"])
    }

    @Test func allowListCountsIdenticalTextsAsTranslated() throws {
        let report = Self.report(Self.tree, allowIdentical: ["OK"])
        let de = try #require(report.locales.first { $0.locale == "de" })
        #expect((de.translated, de.identical) == (5, 0))
    }

    @Test func catalogStatesAndPluralsCount() throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "hello": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "Hallo"}}}},
              "bye": {"localizations": {"de": {"stringUnit": {"state": "new", "value": "Bye"}}}},
              "old": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Alt"}}}},
              "Brand": {"shouldTranslate": false}
            }}
            """
        let report = Self.report([("Localizable.xcstrings", catalog)])
        #expect(report.total == 2)  // stale and "Don't translate" entries are not counted
        let de = try #require(report.locales.first)
        #expect((de.translated, de.needsReview, de.untranslated, de.missing) == (1, 1, 1, 0))
    }

    @Test func minimumCoverageNamesTheLocalesBelow() {
        let report = Self.report(Self.tree)
        #expect(report.belowMinimum(global: 50, perLocale: [:]).map(\.locale) == ["fr"])
        #expect(report.belowMinimum(global: nil, perLocale: ["de": 90]).map(\.locale) == ["de"])
        #expect(report.belowMinimum(global: nil, perLocale: ["*": 70, "fr": 10]).map(\.locale) == ["de"])
    }

    @Test func comparingWithAPreviousReport() throws {
        let before = Self.report(Self.tree)
        var after = Self.report(Self.tree.map { $0.0 == "en.lproj/Localizable.strings" ? ($0.0, $0.1 + "\"f\" = \"Fig\";\n") : $0 })
        try after.compare(withJSON: Data(before.rendered(as: .json).utf8))
        #expect(after.newlyMissing["de"]?.map(\.key) == ["f"])
        #expect(after.previous?["de"] == 66.7)
        // One change, named once with every locale that lacks it.
        #expect(after.newlyMissing["fr"]?.map(\.key) == ["f"])
        #expect(
            after.rendered(as: .text).contains("de, fr: 1 key added without a translation since the previous report\n  Localizable: f\n"))
        let markdown = after.rendered(as: .markdown)
        #expect(markdown.contains("- 1 key added without a translation (`f`) in **de, fr**"), "\(markdown)")
        #expect(!markdown.contains("**de**"))
        // The JSON report carries the same delta per locale, so a bot can comment on it.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(after.rendered(as: .json).utf8)) as? [String: Any])
        let delta = try #require(json["delta"] as? [String: [String: Any]])
        #expect(Set(delta.keys) == Set(after.locales.map(\.locale)))
        #expect(delta["de"]?["previousPercent"] as? Double == 66.7)
        #expect(delta["de"]?["newlyMissing"] as? [[String: String]] == [["table": "Localizable", "key": "f"]])
        // A report read without a comparison has no delta at all.
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(before.rendered(as: .json).utf8)) as? [String: Any])
        #expect(plain["delta"] == nil)
    }

    @Test func everyFormatEscapesHostileText() {
        let hostile = "a|b <script>\"x\",\n=cmd() مرحبا 👍🏽"
        let report = Self.report([
            (
                "en.lproj/Localizable.strings",
                "\"\(hostile.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n"))\" = \"A\";\n"
            ),
            ("de.lproj/Localizable.strings", "\"other\" = \"B\";\n"),
        ])
        let html = report.rendered(as: .html)
        #expect(html.contains("a|b &lt;script&gt;&quot;x&quot;,\n=cmd() مرحبا 👍🏽") || html.contains("&lt;script&gt;"))
        #expect(!html.contains("<script>\"x\""))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page must load nothing from the network")
        let markdown = report.rendered(as: .markdown, details: true)
        #expect(markdown.contains("a|b"))  // inside a code span in the details list
        let table = ReportTable(columns: [.init("k")], rows: [[hostile]])
        #expect(table.markdown.contains("a\\|b &lt;script>\"x\",<br>=cmd()"))
        #expect(table.csv == "k\r\n\"a|b <script>\"\"x\"\",\n=cmd() مرحبا 👍🏽\"\r\n")
        #expect(ReportTable(columns: [.init("k")], rows: [["=SUM(A1)"]]).csv == "k\r\n'=SUM(A1)\r\n")
    }

    @Test func displayWidthCountsWideCharactersTwiceAndMarksNever() {
        #expect(displayWidth("abc") == 3)
        #expect(displayWidth("日本語") == 6)
        #expect(displayWidth("e\u{301}") == 1)
        #expect(displayWidth("👍") == 2)
        let table = ReportTable(columns: [.init("k"), .init("v", .right)], rows: [["日本", "1"], ["ab", "22"]]).text()
        #expect(table == "k      v\n────  ──\n日本   1\nab    22\n")
        // ASCII skips the property tables: control characters take no column, the rest one.
        for value in 0..<0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(displayWidth(String(scalar)) == (scalar.properties.generalCategory == .control ? 0 : 1), "\(value)")
        }
    }

    /// Wrapping keeps a running width; it must break exactly where measuring each candidate line
    /// again would (the way it used to work, kept here as the oracle).
    @Test func wrappingMatchesMeasuringEachLineAgain() {
        func oracle(_ text: String, width: Int) -> [String] {
            var lines: [String] = []
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                var current = ""
                for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                    let candidate = current.isEmpty ? String(word) : current + " " + word
                    if displayWidth(candidate) > width, !current.isEmpty {
                        lines.append(current)
                        current = String(word)
                    } else {
                        current = candidate
                    }
                    while displayWidth(current) > width {
                        var head = ""
                        for character in current {
                            if displayWidth(head + String(character)) > width { break }
                            head.append(character)
                        }
                        guard !head.isEmpty else { break }
                        lines.append(head)
                        current = String(current.dropFirst(head.count))
                    }
                }
                lines.append(current)
            }
            return lines.isEmpty ? [""] : lines
        }
        let words = ["a", "word", "日本語", "e\u{301}", "👍🏽", "", "averyveryverylongwordthatnevereverfits", "\n", "x\ty"]
        var state: UInt64 = 42
        for width in [1, 2, 5, 12] {
            for _ in 0..<200 {
                var text = ""
                for _ in 0..<Int(state % 12) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text += words[Int(state >> 33) % words.count] + (state & 1 == 0 ? " " : "")
                }
                #expect(ReportTable.wrap(text, width: width) == oracle(text, width: width), "\(text.debugDescription) at \(width)")
            }
        }
    }
}

struct RegionalCoverageTests {
    @Test func aRegionalVariantOfTheBaseLanguageMayKeepTheBaseText() throws {
        let report = CoverageTests.report([
            ("en.lproj/Localizable.strings", "\"a\" = \"Color\";\n\"b\" = \"Settings\";\n"),
            ("en-GB.lproj/Localizable.strings", "\"a\" = \"Colour\";\n\"b\" = \"Settings\";\n"),
        ])
        let british = try #require(report.locales.first)
        #expect((british.translated, british.identical) == (2, 0))
    }
}

/// One table of a real app, counted independently with Foundation's own parser.
@Suite(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
struct CoverageCorpusTests {
    @Test func adiumGermanLocalizableMatchesFoundationsCount() async throws {
        let app = Check.corpus.appendingPathComponent("apps/adium__adium")
        func table(_ locale: String) throws -> [String: String] {
            let data = try Data(contentsOf: app.appendingPathComponent("Resources/\(locale).lproj/Localizable.strings"))
            return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
        }
        let base = try table("en")
        let german = try table("de")
        // Translated: present, not empty, and not the English text (unless it has no letters).
        let translated = base.filter { key, text in
            guard let value = german[key], !value.isEmpty else { return false }
            return value != text || !text.contains(where: \.isLetter)
        }.count
        let missing = base.keys.filter { german[$0] == nil }.count
        let extra = german.keys.filter { base[$0] == nil }.count

        let project = await ProjectLoader.load(roots: [app.path])
        let report = CoverageBuilder.build(ProjectIndex(project: project), payloadFindings: [], locales: ["de"])
        let row = try #require(report.locales.first?.tables.first { $0.table == "Resources/Localizable" })
        #expect((row.total, row.translated, row.missing, row.extra) == (base.count, translated, missing, extra))
        #expect(row.total > 500)
    }
}

/// Coverage and render give the table model's answers: keys that are the text beside a stub,
/// and the app's fallback to the development text.
struct TableModelReportTests {
    @Test func keysThatAreTheTextAreMeasuredAgainstEveryLocalesKeys() {
        let report = CoverageTests.report([
            ("en.lproj/Localizable.strings", "\"\" = \"\";\n"),
            (
                "de.lproj/Localizable.strings",
                "\"Restart\" = \"Neu starten\";\n\"Turn off sync\" = \"Sync ausschalten\";\n\"Open\" = \"Öffnen\";\n"
            ),
            ("fr.lproj/Localizable.strings", "\"Restart\" = \"Redémarrer\";\n\"Turn off sync\" = \"Turn off sync\";\n"),
        ])
        let de = report.locales.first { $0.locale == "de" }
        let fr = report.locales.first { $0.locale == "fr" }
        #expect(de?.total == 3 && de?.translated == 3 && de?.missing == 0 && de?.extra == 0)
        // fr lacks 'Open' and keeps 'Turn off sync' as the English key.
        #expect(fr?.total == 3 && fr?.translated == 1 && fr?.missing == 1 && fr?.identical == 1)
    }

    @Test func theAppsFallbackRendersTheDevelopmentText() {
        let files = [
            ("en.lproj/Localizable.strings", "\"settings.title\" = \"Settings for %@\";\n\"done\" = \"Done\";\n"),
            ("de.lproj/Localizable.strings", "\"done\" = \"Fertig\";\n"),
        ]
        var options = IndexOptions()
        let plain = TranslationRenderer(index: ProjectIndex(project: Check.project(files), options: options))
            .render(key: "settings.title", table: "Localizable", locale: "de", arguments: [.string("Anna")])
        #expect(plain.text == "settings.title" && !plain.found)
        options.tableFallbacks = ["*": true]
        let fallback = TranslationRenderer(index: ProjectIndex(project: Check.project(files), options: options))
            .render(key: "settings.title", table: "Localizable", locale: "de", arguments: [.string("Anna")])
        #expect(fallback.text == "Settings for Anna" && fallback.found && fallback.resolvedLocale == "en")
    }
}
