import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

@testable import StringsCheckReports

struct FormatRendererTests {
    @Test func objectsPositionsAndPercent() {
        #expect(FormatRenderer.format("%@ sent %@", [.string("Anna"), .string("a photo")]).text == "Anna sent a photo")
        #expect(FormatRenderer.format("%2$@ von %1$@", [.string("Anna"), .string("Foto")]).text == "Foto von Anna")
        #expect(FormatRenderer.format("100%% done", []).text == "100% done")
    }

    /// The argument numbers a format reads, as a set of them sorted would list them: on seeded
    /// random formats of numbered, plain and `*` specifiers, with arguments plural variables read.
    @Test func theArgumentsReadAreEachListedOnceInOrder() {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["%@", "%d", "%1$@", "%2$lld", "%3$@", "%*d", "%2$*1$d", "x", "%%", "%7$f"]
        for _ in 0..<500 {
            let text = (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined(separator: " ")
            let alsoRead = Set((0..<next(3)).map { _ in next(9) + 1 })
            let specifiers = FormatScanner.analyze(text).specifiers
            let expected = Set(specifiers.flatMap { [$0.argument] + $0.starArguments }).union(alsoRead).sorted()
            #expect(FormatRenderer.argumentsRead(specifiers, alsoRead: alsoRead) == expected, "\(text) \(alsoRead)")
        }
    }

    /// Typed sample arguments: the first specifier of each argument decides its sample, and an
    /// argument no specifier reads (or only one past the count) is shown as text.
    @Test func samplesFollowEachArgumentsFirstSpecifier() {
        let analysis = FormatScanner.analyze("%3$d %1$@ %3$@ %12$f %0$@")
        let samples = TranslationRenderer.samples(for: analysis, count: 12)
        #expect(samples.count == 12)
        #expect(samples[0] == .string("‹1›") && samples[1] == .string("‹2›") && samples[2] == .integer(3))
        #expect(samples[10] == .string("‹11›") && samples[11] == .double(2.5))
        #expect(TranslationRenderer.samples(for: analysis, count: 2) == [.string("‹1›"), .string("‹2›")])
        #expect(TranslationRenderer.samples(for: analysis, count: 0).isEmpty)
    }

    @Test func tooFewArgumentsShowAMarkerNeverACrash() {
        let result = FormatRenderer.format("Order %1$@ ships with %2$@", [.string("A-1")])
        #expect(result.text == "Order A-1 ships with ⟨argument 2 missing⟩")
        #expect(result.missingArguments == [2])
    }

    @Test func aGapShiftsTheLaterArgumentsAsCoreFoundationDoes() {
        // '%1$@ … %3$@' with two values: the third specifier reads the second value.
        #expect(FormatRenderer.format("%1$@ → %3$@", [.string("a"), .string("b")]).text == "a → b")
    }

    @Test func invalidSpecifiersLoseTheirPercentSign() {
        #expect(FormatRenderer.format("Save 20%!", []).text == "Save 20!")
        #expect(FormatRenderer.format("100%", []).text == "100")
    }

    @Test func textAroundSpecifiersKeepsEveryScalar() {
        // Offsets are in scalars: letters of two, three and four bytes before, between and after
        // specifiers, an invalid one (its '%' dropped) and a doubled percent sign.
        let result = FormatRenderer.format("é%yü 😀 %@ · %d%% ★", [.string("x"), .integer(3)])
        #expect(result.text == "éyü 😀 x · 3% ★")
        #expect(result.missingArguments.isEmpty && result.mismatchedArguments.isEmpty)
        // Plain integers are written without Foundation's formatter, and read as CoreFoundation
        // reads them: '%u' as 32 bits, '%lu' as 64, both unsigned.
        #expect(
            FormatRenderer.format("%u|%lu|%d|%ld", [.integer(-1), .integer(-1), .integer(-1), .integer(1 << 40)]).text
                == "4294967295|18446744073709551615|-1|1099511627776")
    }

    @Test func charactersStarWidthsAndWholeNumbersForFloats() {
        // Foundation's own formatting is the oracle where the arguments are of the right C type.
        let oracle = String(format: "%c|%C|%*d|%-*d|", 65, 0x263A, 5, 42, 4, 7)
        let ours = FormatRenderer.format(
            "%c|%C|%*d|%-*d|", [.integer(65), .integer(0x263A), .integer(5), .integer(42), .integer(4), .integer(7)])
        #expect(ours.text == oracle)
        #expect(ours.text == "A|☺|   42|7   |")
        // A whole number given to '%f' is shown as that number, not as the bits of an int read as a double.
        #expect(FormatRenderer.format("%.2f km", [.integer(3)]).text == "3.00 km")
        // A star whose argument is no number falls back to no width.
        #expect(FormatRenderer.format("%*d!", [.string("wide"), .integer(9)]).text == "9!")
    }

    @Test func sampleValuesFollowEachArgumentsFirstSpecifier() {
        // Argument 2 is read as a number first and as an object later: the first reading decides
        // its sample (3), which the later '%2$@' prints as an object's description.
        let text = "%1$@ %2$d %3$f %2$@ " + (4...40).map { "%\($0)$@" }.joined(separator: " ")
        let project = Check.project([("en.lproj/Localizable.strings", "\"k\" = \"\(text)\";\n")])
        let rendered = TranslationRenderer(index: ProjectIndex(project: project)).render(
            key: "k", table: "Localizable", locale: "en", arguments: nil)
        #expect(rendered.text.hasPrefix("‹1› 3 2.500000 3 ‹4› ‹5›"), "\(rendered.text)")
        #expect(rendered.text.hasSuffix("‹39› ‹40›"))
    }

    @Test func aNumberSpecifierGivenAStringIsShownAsSuch() {
        let result = FormatRenderer.format("%d new", [.string("3")])
        #expect(result.text == "⟨%d given a string⟩ new")
        #expect(result.mismatchedArguments == [1])
        #expect(FormatRenderer.format("%05.1f|%-4ld|%x", [.double(3.14159), .integer(7), .integer(255)]).text == "003.1|7   |ff")
    }
}

struct MessageRendererTests {
    static let tree: [(String, String)] = [
        ("en.lproj/Localizable.strings", "\"hi\" = \"Hi %@\";\n\"only.en\" = \"Only English\";\n"),
        ("zh-Hant.lproj/Localizable.strings", "\"hi\" = \"你好 %@\";\n"),
        ("de.lproj/Localizable.strings", "\"hi\" = \"Hallo %@\";\n"),
        (
            "ru.lproj/Localizable.stringsdict",
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ в %@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d файл</string><key>few</key><string>%d файла</string><key>many</key><string>%d файлов</string><key>other</key><string>%d файла</string></dict></dict></dict></plist>\n"
        ),
        (
            "en.lproj/Localizable.stringsdict",
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ in %@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>zero</key><string>No files</string><key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict></dict></dict></plist>\n"
        ),
    ]

    static let renderer = TranslationRenderer(index: ProjectIndex(project: Check.project(tree)))

    @Test func fallbackChainPicksTheLocaleThenShorterThenTheBase() {
        let table = "Localizable"
        #expect(Self.renderer.index.resolvedLocale("zh-Hant-HK", table: table) == "zh-Hant")
        #expect(Self.renderer.index.resolvedLocale("de-AT", table: table) == "de")
        #expect(Self.renderer.index.resolvedLocale("fr", table: table) == "en")
        #expect(Self.renderer.render(key: "hi", table: table, locale: "zh-Hant-HK", arguments: [.string("Anna")]).text == "你好 Anna")
    }

    @Test func aStoryboardTableLackingAKeyShowsTheNibsDevelopmentText() {
        let project = Check.project([
            ("Base.lproj/Main.strings", "\"Ab3-xY-z9Q.title\" = \"Settings\";\n\"Qx1-aa-bbb.text\" = \"Done\";\n"),
            ("de.lproj/Main.strings", "\"Ab3-xY-z9Q.title\" = \"Einstellungen\";\n"),
            ("Base.lproj/Main.storyboard", "<document/>\n"),
        ])
        let renderer = TranslationRenderer(index: ProjectIndex(project: project))
        let missing = renderer.render(key: "Qx1-aa-bbb.text", table: "Main", locale: "de", arguments: nil)
        #expect(missing.text == "Done" && missing.found)
        #expect(renderer.render(key: "Ab3-xY-z9Q.title", table: "Main", locale: "de", arguments: nil).text == "Einstellungen")
    }

    @Test func aKeyMissingFromTheChosenTableShowsRawWithoutPerKeyFallback() {
        let rendered = Self.renderer.render(key: "only.en", table: "Localizable", locale: "de", arguments: [])
        #expect(rendered.text == "only.en")
        #expect(!rendered.found)
    }

    @Test func pluralsRenderOncePerCLDRCategoryWithSampleNumbers() {
        let russian = Self.renderer.render(key: "files", table: "Localizable", locale: "ru", arguments: nil)
        // 'other' is only for fractions in Russian, which an integer count never is.
        #expect(russian.text == "one (1): 1 файл в ‹2›\nfew (2): 2 файла в ‹2›\nmany (0): 0 файлов в ‹2›")
        // Foundation uses a 'zero' form for 0 whenever present.
        let english = Self.renderer.render(key: "files", table: "Localizable", locale: "en", arguments: nil)
        #expect(english.text == "one (1): 1 file in ‹2›\nother (0): No files in ‹2›")
    }

    @Test func payloadRowsRenderEveryLocale() async {
        let project = Check.project(
            Self.tree + [
                ("payloads/hi.json", "{\"aps\": {\"alert\": {\"title\": \"App\", \"loc-key\": \"hi\", \"loc-args\": [\"{{name}}\"]}}}\n")
            ])
        let index = ProjectIndex(project: project)
        let rows = PreviewBuilder.payloadRows(index, findings: await PreviewBuilder.findings(index, forKeys: false))
        #expect(rows.map(\.locale) == ["en", "de", "ru", "zh-Hant"])
        // ru.lproj has a Localizable table (its .stringsdict) without 'hi': Russian users see the raw key.
        #expect(rows.map { $0.body ?? "" } == ["Hi {{name}}", "Hallo {{name}}", "hi", "你好 {{name}}"])
        #expect(rows.first?.title == "App")
        #expect(rows[2].resolvedLocale == "ru")
    }
}

/// Preview output in every format, on text meant to break renderers.
struct PreviewGoldenTests {
    static let hostile = "Pipe | quote \" <script>alert(1)</script>\nnew line مرحبا بك 👍🏽 \(String(repeating: "long ", count: 30))"

    static func rows() async -> [PreviewRow] {
        let escaped = hostile.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"k\" = \"\(escaped) %@\";\n"),
            ("ar.lproj/Localizable.strings", "\"k\" = \"مرحبا %@\";\n"),
            (
                "payloads/p.json",
                "{\"aps\": {\"alert\": {\"title\": \"<b>T|\\\"</b>\", \"loc-key\": \"k\", \"loc-args\": [\"<i>x</i>\"]}}}\n"
            ),
        ])
        let index = ProjectIndex(project: project)
        return PreviewBuilder.payloadRows(index, findings: await PreviewBuilder.findings(index, forKeys: false))
    }

    @Test(arguments: PreviewFormat.allCases)
    func matchesGoldenFile(format: PreviewFormat) async throws {
        let output = await Self.rows().rendered(as: format)
        let golden = Check.packageRoot.appendingPathComponent("Tests/StringsCheckReportsTests/Fixtures/preview/hostile.\(format.rawValue)")
        if ProcessInfo.processInfo.environment["STRINGSCHECK_UPDATE_GOLDEN"] != nil {
            try output.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(output == (try String(contentsOf: golden, encoding: .utf8)), "STRINGSCHECK_UPDATE_GOLDEN=1 swift test regenerates")
    }

    @Test func escapingHolds() async {
        let rows = await Self.rows()
        let html = rows.rendered(as: .html)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<i>x</i>"))
        #expect(html.contains("dir=\"rtl\""))
        #expect(!html.contains("http"))
        let csv = rows.rendered(as: .csv)
        #expect(csv.contains("\"Pipe | quote \"\" <script>"))
        let markdown = rows.rendered(as: .markdown)
        #expect(markdown.contains("Pipe \\| quote \" &lt;script>") && markdown.contains("<br>new line"))
    }
}

struct CatalogRenderTests {
    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "photos": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%#@count@ in %@"},
                   "substitutions": {"count": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                     "one": {"stringUnit": {"state": "translated", "value": "%arg photo"}},
                     "other": {"stringUnit": {"state": "translated", "value": "%arg photos"}}}}}}},
            "ru": {"stringUnit": {"state": "translated", "value": "%#@count@ в %@"},
                   "substitutions": {"count": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                     "one": {"stringUnit": {"state": "translated", "value": "%arg фото"}},
                     "few": {"stringUnit": {"state": "translated", "value": "%arg фотографии"}},
                     "many": {"stringUnit": {"state": "translated", "value": "%arg фотографий"}},
                     "other": {"stringUnit": {"state": "translated", "value": "%arg фотографии"}}}}}}}}},
          "items": {"localizations": {
            "en": {"variations": {"plural": {
              "zero": {"stringUnit": {"state": "translated", "value": "No items"}},
              "one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}}}}}}
        """
    static let renderer = TranslationRenderer(index: ProjectIndex(project: Check.project([("Localizable.xcstrings", catalog)])))

    @Test func substitutionsRenderOncePerCategoryOfTheLocale() {
        let english = Self.renderer.render(key: "photos", table: "Localizable", locale: "en", arguments: nil)
        #expect(english.text == "one (1): 1 photo in ‹2›\nother (0): 0 photos in ‹2›")
        let russian = Self.renderer.render(key: "photos", table: "Localizable", locale: "ru", arguments: nil)
        #expect(russian.text == "one (1): 1 фото в ‹2›\nfew (2): 2 фотографии в ‹2›\nmany (0): 0 фотографий в ‹2›")
    }

    @Test func pluralVariationsUseTheZeroCaseForZero() {
        let items = Self.renderer.render(key: "items", table: "Localizable", locale: "en", arguments: nil)
        #expect(items.text == "one (1): 1 item\nother (0): No items")
    }
}

struct VariantRenderTests {
    @Test func deviceAndWidthVariantsRenderEachVariant() {
        let project = Check.project([
            (
                "en.lproj/Localizable.stringsdict",
                "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>tap</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>Tap %@</string><key>mac</key><string>Click %@</string></dict></dict></dict></plist>\n"
            )
        ])
        let rendered = TranslationRenderer(index: ProjectIndex(project: project)).render(
            key: "tap", table: "Localizable", locale: "en", arguments: [.string("Save")])
        #expect(rendered.text == "iphone: Tap Save\nmac: Click Save")
    }
}

/// The preview page as people who are not engineers read it.
@Suite struct PreviewPageTests {
    @Test func bannersShowTheAppsNameAndTheirWorstSeverity() async {
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"k\" = \"Hello %@\";\n\"w\" = \"Hi\";\n"),
            ("de.lproj/Localizable.strings", "\"k\" = \"Hallo %d\";\n\"w\" = \"Hallo\";\n"),
            ("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Chirp\";\n"),
            ("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Zwitscher\";\n"),
            ("payloads/p.json", "{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"Ann\"]}}}\n"),
            ("payloads/q.json", "{\"aps\": {\"alert\": {\"loc-key\": \"w\"}, \"sound\": 3}}\n"),
        ])
        let index = ProjectIndex(project: project)
        let rows = PreviewBuilder.payloadRows(index, findings: await PreviewBuilder.findings(index, forKeys: false))
        #expect(rows.first { $0.locale == "de" }?.appName == "Zwitscher")
        #expect(rows.first { $0.locale == "en" }?.appName == "Chirp")
        let page = rows.rendered(as: .html)
        #expect(page.contains("<span dir=\"auto\">Zwitscher</span>"))
        #expect(page.contains("<div class=\"banner error\" data-locale=\"de\""))
        #expect(page.contains("<p class=\"summary\">2 messages in 2 locales: <span class=\"error\">3 with errors</span>"), "\(page)")
        #expect(page.contains("<div class=\"error\"><b>error</b> "))
    }

    @Test func withoutTemplatesThePageSaysHowToPreviewKeys() {
        let rows: [PreviewRow] = []
        let page = rows.rendered(as: .html)
        #expect(page.contains("no push payload templates were found") && page.contains("stringscheck render --keys "))
        #expect(rows.rendered(as: .text).hasPrefix("nothing to render: no push payload templates were found"))
    }
}
