import LocalizationFormats
import LocalizationIndex
import StringsCheckRules

/// One table of one locale in a coverage report.
public struct TableCoverage: Sendable, Hashable {
    public var table: String
    public var total: Int
    public var translated: Int
    public var missing: Int
    public var extra: Int

    public var percent: Double { total == 0 ? 100 : (Double(translated) / Double(total) * 1000).rounded() / 10 }
}

/// A key of the base that a locale lacks or has not translated yet.
public struct CoverageKey: Sendable, Hashable, Comparable {
    public var table: String
    public var key: String

    public static func < (lhs: CoverageKey, rhs: CoverageKey) -> Bool { (lhs.table, lhs.key) < (rhs.table, rhs.key) }
}

/// How far one locale is translated.
public struct LocaleCoverage: Sendable, Hashable {
    public var locale: String
    /// Keys in the base locale's tables (stale catalog entries and "Don't translate" ones left out).
    public var total = 0
    /// Base keys the locale has, loads, with text that is not empty, not a catalog placeholder
    /// ('new') and not identical to the base (unless allowed).
    public var translated = 0
    public var missing = 0
    /// Keys the locale has that the base does not.
    public var extra = 0
    public var empty = 0
    /// Same text as the base: may be untranslated.
    public var identical = 0
    public var needsReview = 0
    /// Catalog units in the state 'new'.
    public var untranslated = 0
    /// Plural entries that lack a category the locale's CLDR rules use.
    public var pluralIncomplete = 0
    public var tables: [TableCoverage] = []
    public var missingKeys: [CoverageKey] = []
    public var identicalKeys: [CoverageKey] = []

    public var percent: Double { total == 0 ? 100 : (Double(translated) / Double(total) * 1000).rounded() / 10 }
}

/// Whether users of each locale see a payload as intended.
public struct PayloadReadiness: Sendable, Hashable {
    public var payload: String
    public var path: String
    public var readyLocales: [String]
    /// Locale → why it is broken ("raw key 'push.promo.title'", "2 arguments, 1 given").
    public var brokenLocales: [(locale: String, reasons: [String])]

    public static func == (lhs: PayloadReadiness, rhs: PayloadReadiness) -> Bool {
        lhs.payload == rhs.payload && lhs.path == rhs.path && lhs.readyLocales == rhs.readyLocales
            && lhs.brokenLocales.map(\.locale) == rhs.brokenLocales.map(\.locale)
            && lhs.brokenLocales.map(\.reasons) == rhs.brokenLocales.map(\.reasons)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(payload)
    }
}

/// The coverage of every locale, and the readiness of every payload, in one value every output
/// format renders.
public struct CoverageReport: Sendable {
    public static let version = 1
    public var baseLocale: String?
    /// Keys in the base.
    public var total: Int
    /// Sorted by locale.
    public var locales: [LocaleCoverage]
    public var payloads: [PayloadReadiness]
    /// The previous report's percentages, when compared.
    public var previous: [String: Double]?
    /// Keys missing now that were not missing in the previous report, per locale.
    public var newlyMissing: [String: [CoverageKey]] = [:]
    /// When and from what the report was made, for people reading the HTML page: the date
    /// (`2026-11-26`) and the checked tree's git commit, when the command knows them.
    public var generatedOn: String?
    public var commit: String?

    /// Locales below their minimum (`--min-coverage`, or `min_coverage` in the configuration).
    public func belowMinimum(global: Double?, perLocale: [String: Double]) -> [(locale: String, percent: Double, minimum: Double)] {
        locales.compactMap { item in
            guard let minimum = perLocale[item.locale] ?? global ?? perLocale["*"], item.percent < minimum else { return nil }
            return (item.locale, item.percent, minimum)
        }
    }
}
