import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules
import TestSupport
import Testing

/// The preview and `check` answer "what is wrong with this text" once: every error `check`
/// reports about a key in a locale is a problem in that key's preview row there, in the same
/// words, and every problem a row shows is a finding of `check`.
struct RenderAgreementTests {
    /// A key's rows with check's findings, built the way `render --keys` builds them.
    static func keyRows(_ project: LocalizationProject, configuration: Configuration = Configuration()) async -> (
        rows: [PreviewRow], check: CheckResult
    ) {
        let index = ProjectIndex(project: project, configuration: configuration)
        let findings = await PreviewBuilder.findings(index, configuration: configuration, forKeys: true)
        let check = await RuleEngine.run(project: project, configuration: configuration)
        return (PreviewBuilder.keyRows(index, findings: findings), check)
    }

    /// Every error of `check` with a key and locales has a problem in each of those rows, and
    /// every problem of every row is the message of a finding of `check`.
    static func expectAgreement(_ rows: [PreviewRow], _ check: CheckResult, _ name: String) {
        var rowsByPlace: [String: PreviewRow] = [:]
        for row in rows { rowsByPlace["\(row.table ?? "")\u{1F}\(row.key ?? "")\u{1F}\(row.locale)"] = row }
        for finding in check.findings where finding.diagnostic.severity == .error {
            guard let key = finding.key, let table = finding.table else { continue }
            for locale in finding.coveredLocales {
                // Rows exist for base keys; a key only a translation has has none.
                guard let row = rowsByPlace["\(table)\u{1F}\(key)\u{1F}\(locale)"] else { continue }
                #expect(
                    row.problems.contains { $0.rule == finding.diagnostic.id && $0.message == finding.diagnostic.message },
                    "\(name): '\(key)' in \(locale): check says \(finding.diagnostic.id) '\(finding.diagnostic.message)', the row says \(row.problems.map(\.message))"
                )
            }
        }
        let messages = Set(check.findings.map { "\($0.diagnostic.id)\u{1F}\($0.diagnostic.message)" })
        for row in rows {
            for problem in row.problems {
                #expect(
                    messages.contains("\(problem.rule)\u{1F}\(problem.message)"),
                    "\(name): the row of '\(row.key ?? "")' in \(row.locale) shows '\(problem.message)', which check does not report")
            }
        }
    }

    @Test func aTranslationThatRetypesOrLosesAnArgumentIsAProblemInItsRow() async throws {
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"price\" = \"Total: %@\";\n\"done\" = \"%d%% done\";\n"),
            ("de.lproj/Localizable.strings", "\"price\" = \"Summe: %.2f\";\n\"done\" = \"d%% erledigt\";\n"),
        ])
        let (rows, check) = await Self.keyRows(project)
        let price = try #require(rows.first { $0.key == "price" && $0.locale == "de" })
        let retyped = try #require(check.findings.first { $0.key == "price" && $0.locale == "de" })
        #expect(price.problems.map(\.message) == [retyped.diagnostic.message])
        #expect(price.problems.first?.rule == "format-argument-mismatch" && price.problems.first?.severity == .error)
        let done = try #require(rows.first { $0.key == "done" && $0.locale == "de" })
        #expect(!done.problems.isEmpty, "a value that lost its '%' renders with problems")
        #expect(done.problems.allSatisfy { problem in check.findings.contains { $0.diagnostic.message == problem.message } })
        #expect(rows.first { $0.key == "price" && $0.locale == "en" }?.problems.isEmpty == true)
        Self.expectAgreement(rows, check, "inline")
    }

    @Test func aPayloadRowSaysWhatCheckSaysInTheSameWords() async throws {
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"shipped\" = \"%1$@ shipped %2$@\";\n"),
            ("de.lproj/Localizable.strings", "\"shipped\" = \"%1$@ hat %2$@ versandt\";\n"),
            ("payloads/order.json", "{\"aps\": {\"alert\": {\"loc-key\": \"shipped\", \"loc-args\": [\"A-1\"]}}}\n"),
        ])
        let index = ProjectIndex(project: project)
        let rows = PreviewBuilder.payloadRows(index, findings: await PreviewBuilder.findings(index, forKeys: false))
        let check = await RuleEngine.run(project: project)
        let finding = try #require(check.findings.first { $0.diagnostic.id == "payload-argument-count" })
        #expect(finding.diagnostic.message.contains("'shipped' takes 2 arguments in en and de but 'loc-args' gives 1"))
        #expect(finding.locales == ["en", "de"])
        for row in rows {
            #expect(row.problems.map(\.message) == [finding.diagnostic.message], "\(row.locale)")
        }
    }

    @Test func anEntryThatDoesNotLoadShowsTheErrorThatStopsIt() async throws {
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"A-de\";;\n\"b\" = \"B-de\";\n"),
        ])
        let (rows, check) = await Self.keyRows(project)
        let row = try #require(rows.first { $0.key == "b" && $0.locale == "de" })
        #expect(row.value == "b")
        let truncation = try #require(check.findings.first { $0.diagnostic.id == "strings-silent-truncation" })
        #expect(row.problems.map(\.message).contains(truncation.diagnostic.message))
        #expect(rows.first { $0.key == "a" && $0.locale == "de" }?.problems.isEmpty == true)
    }

    /// A catalog as Xcode compiles it: device cases (one varying by plural), substitutions beside
    /// them, and translations with a retyped form, a dropped reference and a missing case; the
    /// rows show every device and agree with check, and coverage counts what the device shows.
    @Test func aCatalogWithDevicesPluralsAndSubstitutionsAgrees() async throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%lld photos in %lld albums" : {
                  "localizations" : {
                    "en" : {
                      "substitutions" : { "albums" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg album" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg albums" } } } } } },
                      "variations" : { "device" : {
                        "mac" : { "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo in %#@albums@" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos in %#@albums@" } } } } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos, %#@albums@" } } } }
                    },
                    "de" : {
                      "substitutions" : { "albums" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Album" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ Alben" } } } } } },
                      "variations" : { "device" : {
                        "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld Fotos, %#@albums@" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Fotos in %#@albums@" } } } }
                    },
                    "fr" : {
                      "variations" : { "device" : {
                        "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Touchez" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos dans %#@albums@" } } } }
                    }
                  }
                },
                "Tap" : {
                  "localizations" : {
                    "de" : { "variations" : { "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Klicken" } } } } }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        let project = Check.project([("Localizable.xcstrings", catalog)])
        let (rows, check) = await Self.keyRows(project)
        #expect(check.findings.contains { $0.diagnostic.id == "catalog-variation-type-mismatch" && $0.locale == "de" })
        #expect(check.findings.contains { $0.diagnostic.id == "catalog-undefined-substitution" && $0.locale == "fr" })
        // Xcode's own source text is not reported.
        #expect(!check.findings.contains { $0.locale == "en" }, "\(check.findings.map(\.diagnostic.message))")
        Self.expectAgreement(rows, check, "catalog")
        let tap = try #require(rows.first { $0.key == "Tap" && $0.locale == "de" })
        #expect(tap.value == "iphone: Tippen\nother devices: Klicken")
        let photos = try #require(rows.first { $0.key == "%lld photos in %lld albums" && $0.locale == "en" })
        #expect(photos.value?.hasPrefix("mac, one (1): ") == true)
        #expect(photos.value?.contains("other devices, other (0): ") == true)
        let coverage = CoverageBuilder.build(ProjectIndex(project: project), payloadFindings: [])
        let german = try #require(coverage.locales.first { $0.locale == "de" })
        #expect((german.translated, german.missing) == (2, 0))
    }

    @Test func theDemoAgrees() async throws {
        let demo = Check.packageRoot.appendingPathComponent("Resources/DemoApp").path
        let (rows, check) = await Self.keyRows(ProjectLoader.load(roots: [demo]))
        #expect(check.errorCount > 0)
        Self.expectAgreement(rows, check, "demo")
    }

    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func everyCorpusAppAgrees() async throws {
        let folder = Check.corpus.appendingPathComponent("apps")
        for app in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let (rows, check) = await Self.keyRows(ProjectLoader.load(roots: [folder.appendingPathComponent(app).path]))
            Self.expectAgreement(rows, check, app)
        }
    }

    @Test func aBaseFolderTextsFindingsReachTheDevelopmentLocalesRow() async throws {
        let project = Check.project([
            ("Base.lproj/Localizable.strings", "\"a\" = \"x\";\n\"a\" = \"y\";\n\"b\" = { \"c\" = \"d\"; };\n"),
            ("en.lproj/Other.strings", "\"z\" = \"Z\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
        ])
        let (rows, check) = await Self.keyRows(project)
        let duplicate = try #require(check.findings.first { $0.diagnostic.id == "duplicate-key" })
        #expect(duplicate.key == "a" && duplicate.locale == "Base")
        let a = try #require(rows.first { $0.key == "a" && $0.locale == "en" })
        #expect(a.problems.map(\.message) == [duplicate.diagnostic.message])
        // A value that is not a string shows the key itself: its finding is the row's problem.
        let b = try #require(rows.first { $0.key == "b" && $0.locale == "en" })
        #expect(b.value == "b" && b.raw == ["value"])
        #expect(b.problems.map(\.rule) == ["non-string-value"])
        Self.expectAgreement(rows, check, "Base")
    }

    @Test func findingsInsideLocArgsAndPerLocalePluralKeysReachTheirRows() async throws {
        let project = Check.project([
            ("en.lproj/Localizable.strings", "\"hi\" = \"Hi %@\";\n\"n\" = \"%@ new\";\n"),
            ("de.lproj/Localizable.strings", "\"hi\" = \"Hallo %@\";\n"),
            (
                "de.lproj/Localizable.stringsdict",
                "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string><key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>@</string><key>other</key><string>%@ neu</string></dict></dict></dict></plist>\n"
            ),
            ("payloads/a.json", "{\"aps\": {\"alert\": {\"loc-key\": \"hi\", \"loc-args\": [3]}}}\n"),
            (
                "payloads/b.json",
                "{\"aps\": {\"alert\": {\"title-loc-key\": \"missing.title\", \"loc-key\": \"n\", \"loc-args\": [\"x\"]}}}\n"
            ),
        ])
        let index = ProjectIndex(project: project)
        let findings = await PreviewBuilder.findings(index, forKeys: false)
        let rows = PreviewBuilder.payloadRows(index, findings: findings)
        // An item of loc-args that is no string is reported at the item: every row shows it.
        let itemFinding = try #require(findings.first { $0.diagnostic.id == "payload-loc-args-type" })
        for row in rows where row.payload == "a.json" { #expect(row.problems.map(\.message).contains(itemFinding.diagnostic.message)) }
        // The plural entry is German only: the English row of b.json does not show it.
        let plural = try #require(findings.first { $0.diagnostic.id == "payload-plural-key" })
        #expect(plural.locales == ["de"])
        let english = try #require(rows.first { $0.payload == "b.json" && $0.locale == "en" })
        let german = try #require(rows.first { $0.payload == "b.json" && $0.locale == "de" })
        #expect(!english.problems.contains { $0.rule == "payload-plural-key" })
        #expect(german.problems.contains { $0.rule == "payload-plural-key" })
        // The raw key is the title's, and the preview marks the title.
        #expect(english.raw == ["title"] && english.title == "missing.title")
        let html = rows.rendered(as: .html)
        #expect(html.contains("<div class=\"title raw\" dir=\"auto\">missing.title</div>"))
        #expect(!html.contains("<div class=\"body raw\""))
    }
}
