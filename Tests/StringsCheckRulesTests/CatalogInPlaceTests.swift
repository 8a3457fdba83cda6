import Foundation
import TestSupport
import Testing

@testable import LocalizationFormats
@testable import StringsCheckRules

/// The catalog rules read values in place and compare specifiers and keys as bytes where bytes
/// decide; what they report is what reading copies and strings reported.
struct CatalogInPlaceTests {
    static func catalog(_ strings: String) -> String {
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    /// A value with a unit, variations and substitutions, read in place: the same unit, lists
    /// and shape as the value's own properties give.
    @Test func partsReadInPlaceAreTheValuesOwn() {
        let text = Self.catalog(
            """
                "%lld files" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
                      "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Datei" } },
                        "other" : { "stringUnit" : { "state" : "new", "value" : "%arg Dateien" } }
                      } } } }
                    },
                    "fr" : { "variations" : { "device" : {
                      "iphone" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } } } } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } }
                    } } },
                    "it" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } }
                  }
                }
            """)
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "Localizable.xcstrings")
        var seen: [String] = []
        catalog.forEachValueInPlace { _, _, locale, pointer in
            let value = pointer.pointee
            CatalogValue.withParts(at: pointer) { shape, unit, variations, substitutions in
                #expect(shape.hasStringUnit == value.hasStringUnit)
                #expect(shape.hasStringUnit ? copy unit == value.stringUnit : value.stringUnit == nil)
                #expect(Array(variations) == value.variations)
                #expect(Array(substitutions) == value.substitutions)
                seen.append("\(locale): \(variations.count) \(substitutions.count)")
            }
        }
        #expect(seen == ["de: 0 1", "fr: 1 0", "it: 0 0"])
        // Only the localizations whose shape is asked for are handed over.
        var withForms: [String] = []
        catalog.forEachValueInPlace(where: \.hasForms) { position, entry, locale, _ in
            withForms.append("\(entry.key) \(locale) \(position.localization)")
        }
        #expect(withForms == ["%lld files de 0", "%lld files fr 1"])
    }

    /// A key outside ASCII holds `_` or `.` only as characters of their own: a byte of one
    /// followed by a combining accent is part of a larger character, and a dot joined to the
    /// character before it (U+0600) does not end the key.
    @Test func keyMarksOutsideASCIIAreCharacters() {
        #expect(KeyStyle.text.readsAsIdentifier("settings_title"))
        #expect(!KeyStyle.text.readsAsIdentifier("x_\u{301}y"))
        #expect(KeyStyle.text.readsAsIdentifier("settings.title"))
        #expect(!KeyStyle.text.readsAsIdentifier("a.\u{301}b"))
        #expect(!KeyStyle.text.readsAsIdentifier("Done."))
        #expect(!KeyStyle.text.readsAsIdentifier("done."))
        #expect(KeyStyle.text.readsAsIdentifier("ab\u{600}."))
        #expect(KeyStyle.identifiers.readsAsIdentifier("überschrift"))
    }

    /// Two substitutions whose specifiers compare equal as strings but differ in bytes read what
    /// their bytes say: `Å` written as one scalar starts no specifier, written as `A` and a ring
    /// it is `%A`, a double.
    @Test func specifiersEqualAsStringsAreComparedByTheirBytes() async {
        let composed = "\u{C5}%d"
        let decomposed = "A\u{30A}%d"
        #expect(composed == decomposed)
        func entry(_ format: String) -> String {
            "\"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"\(format)\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg\" } } } } } }"
        }
        let text = Self.catalog(
            """
                "%lld files" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@" }, \(entry(composed)) },
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@" }, \(entry(decomposed)) }
                  }
                }
            """)
        let result = await Check.run([("Localizable.xcstrings", text)])
        let mismatches = result.findings.filter { $0.diagnostic.id == "catalog-substitution-mismatch" }
        #expect(mismatches.count == 1, "\(Check.summary(result))")
        #expect(mismatches.first?.diagnostic.message.contains("the 'de' substitution 'n' of '%lld files'") == true)
    }

    /// A substitution without `argNum` reads the argument its token's place gives, beside one
    /// with it: a form of the second that reads its count as an object is reported as reading
    /// argument 2.
    @Test func aSubstitutionWithoutArgNumReadsItsTokensPlace() async {
        let text = Self.catalog(
            """
                "%lld of %lld" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@a@ von %#@b@" },
                      "substitutions" : {
                        "a" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } },
                        "b" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien" } } } } }
                      }
                    }
                  }
                }
            """)
        let result = await Check.run([("Localizable.xcstrings", text)])
        let reads = result.findings.filter { $0.diagnostic.id == "catalog-variation-type-mismatch" }
        #expect(reads.count == 1, "\(Check.summary(result))")
        let message = reads.first?.diagnostic.message ?? ""
        #expect(message.contains("the 'other' of 'b' form of '%lld of %lld' in 'de' reads argument 2 with '%@'"), "\(message)")
    }
}
