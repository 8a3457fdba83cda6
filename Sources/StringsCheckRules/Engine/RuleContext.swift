import LocalizationFormats
import LocalizationIndex

/// Settings a few rules take from the configuration.
public struct RuleSettings: Sendable, Hashable {
    /// `incomplete-locale`: a locale with fewer than this share of the base keys is reported.
    public var incompleteLocaleThreshold: Double = 0.5
    /// Rule ID → locales that rule ignores (for findings that name several locales at once).
    public var ignoredLocales: [String: Set<String>] = [:]
    /// The legacy binary interface's 2048-byte limit instead of HTTP/2's.
    public var legacyBinaryInterface = false
    /// How long a placeholder loc-arg may get when the backend fills it.
    public var placeholderLength = 64
    /// `unused-key`: globs over keys the code uses in ways no scanner sees (`code: dynamic_keys`).
    public var dynamicKeys: [String] = []

    public init() {}
}

/// The project as rules see it: the index, every part of it built, and the settings rules take
/// from the configuration. Built once and shared by every rule.
@dynamicMemberLookup
public struct RuleContext: Sendable {
    public let index: ProjectIndex
    public let settings: RuleSettings
    // The parts rules read in their loops, held here so a rule reads an array, not a lock.
    /// Every localized text in file order.
    public let texts: TextStore
    /// Texts with format specifiers, in tables used as formats.
    public let textsWithSpecifiers: [Int]
    /// Texts whose scan found format problems, in tables used as formats.
    public let textsWithProblems: [Int]
    /// Texts from `.stringsdict` files.
    public let stringsdictTexts: [Int]
    /// Texts that are empty.
    public let emptyTexts: [Int]
    /// table → locale → key → the arguments its text reads.
    public let formats: [String: [String: TableFormats]]
    /// See `ProjectIndex.formatPairs`.
    public let formatPairs: [FormatPair]
    /// See `ProjectIndex.keyPresence`.
    public let keyPresence: [String: KeyPresence]
    /// Every payload key looked up in every locale; see `payloadLookups(ruleID:)`.
    public let allPayloadLookups: [PayloadKeyLookup]
    /// See `ProjectIndex.pluralForms`.
    public let pluralForms: [PluralForms]

    public init(index: ProjectIndex, settings: RuleSettings = RuleSettings()) {
        self.index = index
        self.settings = settings
        index.buildAllParts()
        texts = index.texts
        textsWithSpecifiers = index.textsWithSpecifiers
        textsWithProblems = index.textsWithProblems
        stringsdictTexts = index.stringsdictTexts
        emptyTexts = index.emptyTexts
        formats = index.formats
        formatPairs = index.formatPairs
        keyPresence = index.keyPresence
        allPayloadLookups = index.payloadLookups
        pluralForms = index.pluralForms
    }

    public init(project: LocalizationProject, ignoredLocales: Set<String> = [], settings: RuleSettings = RuleSettings()) {
        var options = IndexOptions()
        options.ignoredLocales = ignoredLocales
        self.init(index: ProjectIndex(project: project, options: options), settings: settings)
    }

    /// The context a configuration asks for: its base locale, ignored locales and rule settings.
    public init(project: LocalizationProject, configuration: Configuration) {
        self.init(index: ProjectIndex(project: project, configuration: configuration), settings: configuration.ruleSettings)
    }

    /// The index's tables, locales, usages and questions, read as the context's own.
    public subscript<Value>(dynamicMember path: KeyPath<ProjectIndex, Value>) -> Value { index[keyPath: path] }

    public var project: LocalizationProject { index.project }
    public var baseLocale: String? { index.baseLocale }
    public var translationLocales: [String] { index.translationLocales }

    /// The translation locales a rule looks at.
    public func translationLocales(for ruleID: String) -> [String] {
        guard let ignored = settings.ignoredLocales[ruleID] else { return index.translationLocales }
        return index.translationLocales.filter { !ignored.contains($0) }
    }

    /// See `ProjectIndex.isFormat(_:baseFormat:texts:)`, over the parts held here.
    public func isFormat(_ text: LocalizedText) -> Bool {
        ProjectIndex.isFormat(text, baseFormat: baseFormat(of: text), texts: texts)
    }

    /// See `ProjectIndex.baseFormat(of:formats:baseLocale:)`, over the parts held here.
    public func baseFormat(of text: LocalizedText) -> KeyFormat? {
        ProjectIndex.baseFormat(of: text, formats: formats, baseLocale: index.baseLocale)
    }
    public func baseTable(_ name: String) -> LocaleTable? { index.baseTable(name) }
    public func usage(of table: String) -> TableUsage { index.usage(of: table) }
    public func file(table: String, locale: String) -> ResourceFile? { index.file(table: table, locale: locale) }
    public func localesByBundle(includingCatalogs: Bool) -> [String: Set<String>] {
        index.localesByBundle(includingCatalogs: includingCatalogs)
    }
}

extension ProjectIndex {
    /// The index a configuration asks for: its base locale, ignored locales, payload table and
    /// table usages.
    public convenience init(project: LocalizationProject, configuration: Configuration) {
        self.init(
            project: project, baseLocale: configuration.baseLocale, baseLocaleSource: configuration.path ?? "the configuration",
            options: configuration.indexOptions)
    }
}
