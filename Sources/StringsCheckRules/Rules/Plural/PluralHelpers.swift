import LocalizationFormats
import LocalizationIndex

/// A `.stringsdict` file with one plural entry `files` in `locale`, forms as given.
func pluralExample(locale: String, forms: [(String, String)], marker: String? = nil) -> RuleExample {
    var body = "<key>NSStringLocalizedFormatKey</key>\n<string>%#@n@</string>\n\(marker == "variable" ? "↓" : "")<key>n</key>\n<dict>\n"
    body += "<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n"
    body += "<key>NSStringFormatValueTypeKey</key>\n<string>d</string>\n"
    for (name, text) in forms { body += "\(marker == name ? "↓" : "")<key>\(name)</key>\n<string>\(text)</string>\n" }
    body += "</dict>\n"
    return RuleExample([
        ExampleFile(
            "\(locale).lproj/Localizable.stringsdict",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n\(body)</dict>\n</dict>\n</plist>\n"
        )
    ])
}

extension CatalogValue {
    /// Each set of plural forms in this value (variations within variations and substitutions),
    /// as (category, text, location).
    var pluralSets: [[(name: String, text: String, location: SourcePosition?)]] {
        var result: [[(name: String, text: String, location: SourcePosition?)]] = []
        forEachPluralVariation { result.append(Self.pluralSet(of: $0)) }
        return result
    }

    /// The set of plural forms of a plural variation's cases: those with a unit, as (category,
    /// text, location).
    static func pluralSet(of cases: UnsafeBufferPointer<CatalogVariation.Case>) -> [(
        name: String, text: String, location: SourcePosition?
    )] {
        cases.compactMap { item in item.value.stringUnit.map { (name: item.name, text: $0.value, location: $0.location) } }
    }

    /// Calls `body` with the cases of each plural variation in this value, in the order of
    /// `pluralSets` (each set is the cases that have a unit), read in place: a rule that reads
    /// few sets need not build them all.
    func forEachPluralVariation(_ body: (UnsafeBufferPointer<CatalogVariation.Case>) -> Void) {
        func visit(_ variations: UnsafeBufferPointer<CatalogVariation>) {
            for variation in variations.indices {
                variations[variation].cases.withUnsafeBufferPointer { cases in
                    if variations[variation].selector == "plural" { body(cases) }
                    for item in cases.indices where cases[item].value.hasVariations {
                        cases[item].value.variations.withUnsafeBufferPointer(visit)
                    }
                }
            }
        }
        variations.withUnsafeBufferPointer(visit)
        substitutions.withUnsafeBufferPointer { substitutions in
            for index in substitutions.indices { substitutions[index].variations.withUnsafeBufferPointer(visit) }
        }
    }
}

/// `pluralExample` of a translation beside the development language's (`en`) forms.
func pluralExample(locale: String, forms: [(String, String)], marker: String? = nil, besides base: [(String, String)]) -> RuleExample {
    RuleExample(pluralExample(locale: "en", forms: base).files + pluralExample(locale: locale, forms: forms, marker: marker).files)
}

/// The categories each locale's CLDR rules use, worked out once per locale; nil for a language
/// CLDR does not list. Thousands of plural sets share a few locales, and the sets of one file come
/// together: the last locale's answer is asked first.
struct LocaleCategories {
    private var byLocale: [String: PluralCategorySet?] = [:]
    private var last: (locale: String, used: PluralCategorySet?)?

    mutating func used(in locale: String) -> PluralCategorySet? {
        if let last, last.locale == locale { return last.used }
        let used =
            byLocale[locale]
            ?? {
                let used = PluralRules.cldrLocale(for: locale).map { _ in PluralCategorySet(PluralRules.cardinal(for: locale).categories) }
                byLocale[locale] = .some(used)
                return used
            }()
        last = (locale, used)
        return used
    }
}
