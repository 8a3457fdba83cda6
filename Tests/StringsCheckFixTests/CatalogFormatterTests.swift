import Foundation
import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckFix

/// Catalogs in Xcode's form: one Xcode saved comes out byte for byte, a hand-edited one in that form.
struct CatalogFormatterTests {
    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func everyCorpusCatalogComesOutAsXcodeSavedIt() throws {
        var count = 0
        for (relative, data) in Check.corpusFiles(endingWith: ".xcstrings") {
            let formatted = try CatalogFormatter.format(data, path: relative)
            if formatted != data {
                Issue.record("\(relative): \(UnifiedDiff.diff(data, formatted, path: relative).prefix(1500))")
            }
            count += 1
        }
        #expect(count >= 1)
    }

    @Test func aHandEditedCatalogTakesXcodesForm() throws {
        let edited = """
            {"version":"1.0","sourceLanguage":"en","strings":{"23.title":{},"5.title":{"comment":"A \\"quoted\\" path/to","localizations":{"de":{"stringUnit":{"value":"Fünf\\tTab\\u0001","state":"translated"}}}},"Cancel":{},"Can’t":{},"apple":{"extractionState":"manual"}}}

            """
        let formatted = try CatalogFormatter.format(Array(edited.utf8), path: "Localizable.xcstrings")
        let expected = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "5.title" : {
                  "comment" : "A \\"quoted\\" path/to",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Fünf\\tTab\\u0001"
                      }
                    }
                  }
                },
                "23.title" : {

                },
                "apple" : {
                  "extractionState" : "manual"
                },
                "Can’t" : {

                },
                "Cancel" : {

                }
              },
              "version" : "1.0"
            }

            """
        #expect(String(decoding: formatted, as: UTF8.self) == expected)
        #expect(try CatalogFormatter.format(formatted, path: "Localizable.xcstrings") == formatted)
    }

    @Test func aBrokenCatalogIsRefused() {
        #expect(throws: EditRefusal.self) { try CatalogFormatter.format(Array("{\"a\": 1, \"a\": 2}".utf8), path: "x.xcstrings") }
        #expect(throws: EditRefusal.self) { try CatalogFormatter.format(Array("{\"a\": }".utf8), path: "x.xcstrings") }
    }
}
