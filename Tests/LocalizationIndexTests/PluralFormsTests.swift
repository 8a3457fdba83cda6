import LocalizationFormats
import TestSupport
import Testing

@testable import LocalizationIndex

/// Every set of plural forms lists its forms in the order the file writes them, each at its name's
/// place, and the categories they are written for: a `.stringsdict` variable, a catalog's plural
/// variation (also one nested in a device variation) and a substitution's.
struct PluralFormsTests {
    @Test func setsListTheirFormsWhereTheFileWritesThem() {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "items" : {
                  "localizations" : {
                    "de" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Ding" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dinge" } },
                          "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dinge" } }
                        }
                      }
                    },
                    "en" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@count@" },
                      "substitutions" : {
                        "count" : {
                          "argNum" : 1,
                          "formatSpecifier" : "lld",
                          "variations" : {
                            "plural" : {
                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } },
                              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg item" } }
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "nested" : {
                  "localizations" : {
                    "fr" : {
                      "variations" : {
                        "device" : {
                          "iphone" : {
                            "variations" : {
                              "plural" : {
                                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld truc" } },
                                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld trucs" } }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let index = ProjectIndex(
            project: Check.project([
                ("App/Localizable.xcstrings", catalog),
                (
                    "fr.lproj/Localizable.stringsdict",
                    KeyFormatTests.stringsdict(key: "files", format: "%#@n@", one: "%ld fichier", other: "%ld fichiers")
                ),
            ]))
        let sets = index.pluralForms.sorted { ($0.locale, $0.key) < ($1.locale, $1.key) }
        #expect(sets.map(\.locale) == ["de", "en", "fr", "fr"])
        let de = sets[0]
        #expect(de.key == "items" && de.subject == "the plural variation")
        #expect(de.forms.map(\.name) == ["one", "other", "few"])
        #expect(de.forms.map { $0.location?.line } == [9, 10, 11])
        #expect(de.categories.contains(.few) && de.categories.contains(.one) && !de.categories.contains(.many))
        #expect(de.missing(from: [.one, .few, .many, .other]) == [.many])
        let en = sets[1]
        #expect(en.subject == "the substitution 'count'" && en.forms.map(\.name) == ["other", "one"])
        #expect(en.forms.map { $0.location?.line } == [23, 24])
        let fr = sets[2]
        #expect(fr.subject == "the variable 'n'" && fr.key == "files" && fr.forms.map(\.name) == ["one", "other"])
        #expect(fr.forms.allSatisfy { $0.location?.line == 6 } && fr.categories.contains(.one) && fr.categories.contains(.other))
        let nested = sets[3]
        #expect(nested.key == "nested" && nested.subject == "the plural variation" && nested.forms.map(\.name) == ["one", "other"])
        #expect(nested.forms.map { $0.location?.line } == [40, 41])
    }
}
