import LocalizationFormats

/// One set of plural forms: a `.stringsdict` plural variable or a catalog `plural` variation.
public struct PluralForms: Sendable {
    /// The file the set is in.
    public var file: ResourceFile { shared.file }
    /// The file's path, read in its box (`file` copies the whole file, a retain of each of its
    /// strings, for every finding).
    public var path: String { shared.file.path }
    /// The file's table (see `path`).
    public var tableID: String { shared.file.tableID }
    public var locale: String
    public var key: String
    /// "the variable 'n'", "the plural variation" or "the substitution 'n'".
    public var subject: String {
        switch kind {
        case .variable: "the variable '\(name)'"
        case .variation: "the plural variation"
        case .substitution: "the substitution '\(name)'"
        }
    }
    /// Where findings about the whole set go.
    public var location: SourcePosition?
    public let forms: [(name: String, location: SourcePosition?)]
    /// The categories the forms are written for (worked out once: every rule asks).
    public let categories: PluralCategorySet

    /// The file, one box for all its sets rather than a copy in each.
    private let shared: SharedFile
    /// What the set is, and the variable's or the substitution's name (the subject is made when
    /// a message asks for it).
    private let kind: Kind
    private let name: String

    private enum Kind {
        case variable, variation, substitution
    }

    private init(
        _ shared: SharedFile, locale: String, key: String, kind: Kind, name: String = "", location: SourcePosition?,
        forms: [(name: String, location: SourcePosition?)]
    ) {
        self.shared = shared
        self.locale = locale
        self.key = key
        self.kind = kind
        self.name = name
        self.location = location
        self.forms = forms
        var categories = PluralCategorySet()
        for form in forms { categories.insert(named: form.name) }
        self.categories = categories
    }

    /// The set of a catalog plural variation's `cases` (read where they lie), placed at its first
    /// case, else at `fallback` (the value's or the substitution's place).
    private init(
        _ shared: SharedFile, locale: String, key: String, kind: Kind, name: String = "",
        cases: UnsafeBufferPointer<CatalogVariation.Case>, fallback: SourcePosition
    ) {
        self.init(
            shared, locale: locale, key: key, kind: kind, name: name, location: cases.first?.nameLocation ?? fallback,
            forms: cases.map { ($0.name, $0.nameLocation) })
    }

    /// The categories the locale's CLDR rules use that the forms lack (`other` included); nil for
    /// a language CLDR does not list, whose rules are unknown rather than the root's.
    public var missingCategories: [PluralCategory]? {
        guard PluralRules.cldrLocale(for: locale) != nil else { return nil }
        return missing(from: PluralRules.cardinal(for: locale).categories)
    }

    /// Which of `categories` no form is written for.
    public func missing(from categories: [PluralCategory]) -> [PluralCategory] {
        categories.filter { !self.categories.contains($0) }
    }
}

extension PluralForms {
    /// The locale whose CLDR rules apply to a file's forms: `Base` is the development language.
    public static func pluralLocale(_ locale: String, baseLocale: String?) -> String {
        guard locale == "Base" else { return locale }
        return baseLocale.flatMap { $0 == "Base" ? nil : $0 } ?? "en"
    }

    /// Every set of plural forms in the project, collected once when the context is built: the
    /// files, and runs of a large catalog's entries, on every core, joined in order.
    static func collect(_ project: LocalizationProject, baseLocale: String?) -> [PluralForms] {
        var jobs: [(file: SharedFile, entries: Range<Int>?)] = []
        for file in project.files {
            switch file.content {
            case .stringsdict: jobs.append((SharedFile(file), nil))
            case .catalog(let catalog):
                let shared = SharedFile(file)
                // Runs of 2,000 entries: a catalog of tens of thousands is read on every core.
                for start in stride(from: 0, to: catalog.entries.count, by: 2_000) {
                    jobs.append((shared, start..<min(start + 2_000, catalog.entries.count)))
                }
            case .strings: continue
            }
        }
        let parts = jobs.concurrentMap { job in collect(job.file, entries: job.entries, baseLocale: baseLocale) }
        var result: [PluralForms] = []
        result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { result += part }
        return result
    }

    /// The sets of plural forms of one file (of a catalog, of its entries `range`).
    private static func collect(_ shared: SharedFile, entries range: Range<Int>?, baseLocale: String?) -> [PluralForms] {
        var result: [PluralForms] = []
        let file = shared.file
        switch file.content {
        case .stringsdict(let parsed):
            guard let locale = file.locale else { return [] }
            for entry in parsed.entries {
                for variable in entry.variables where variable.specType == "NSStringPluralRuleType" {
                    result.append(
                        PluralForms(
                            shared, locale: pluralLocale(locale, baseLocale: baseLocale), key: entry.key, kind: .variable,
                            name: variable.name, location: variable.location, forms: variable.variants.map { ($0.name, $0.location) }))
                }
            }
        case .catalog(let catalog):
            var normalized = NormalizedLocaleNames()
            // Most values have no variations: nothing to collect, and no locale to normalise.
            catalog.forEachValueInPlace(entries: range, where: \.hasForms) { _, entry, written, value in
                collect(at: value, file: shared, locale: normalized(written), key: entry.key, into: &result)
            }
        case .strings:
            break
        }
        return result
    }

    /// The plural forms of the value `value` points to and of the values nested in its variations'
    /// cases, each value and its variations' cases read where they lie
    /// (`CatalogValue.withParts(at:_:)`): a copy of each value and case retained its store and
    /// strings, contended between the cores.
    private static func collect(
        at value: UnsafePointer<CatalogValue>, file: SharedFile, locale: String, key: String, into result: inout [PluralForms]
    ) {
        CatalogValue.withParts(at: value) { _, _, variations, substitutions in
            for index in variations.indices {
                variations[index].cases.withUnsafeBufferPointer { cases in
                    if variations[index].selector == "plural" {
                        result.append(
                            PluralForms(file, locale: locale, key: key, kind: .variation, cases: cases, fallback: value.pointee.location))
                    }
                    guard let first = cases.baseAddress else { return }
                    for item in cases.indices {
                        collect(at: CatalogVariation.Case.value(at: first + item), file: file, locale: locale, key: key, into: &result)
                    }
                }
            }
            for index in substitutions.indices {
                substitutions[index].variations.withUnsafeBufferPointer { variations in
                    for variation in variations.indices where variations[variation].selector == "plural" {
                        variations[variation].cases.withUnsafeBufferPointer { cases in
                            result.append(
                                PluralForms(
                                    file, locale: locale, key: key, kind: .substitution, name: substitutions[index].name, cases: cases,
                                    fallback: substitutions[index].location))
                        }
                    }
                }
            }
        }
    }
}

/// A file shared by reference (see `PluralForms.file`).
private final class SharedFile: Sendable {
    let file: ResourceFile

    init(_ file: ResourceFile) {
        self.file = file
    }
}
