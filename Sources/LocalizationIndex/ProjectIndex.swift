import LocalizationFormats

/// What the index needs from the configuration.
public struct IndexOptions: Sendable, Hashable {
    /// Locales left out of every comparison (their texts are not indexed).
    public var ignoredLocales: Set<String> = []
    /// The table payload keys are looked up in.
    public var payloadTable = "Localizable"
    /// Table name or table ID → its usage, set in the configuration (`tables:`); wins over evidence.
    public var tableUsages: [String: TableUsage] = [:]
    /// Table name or table ID → when its texts are formatted (`tables: {formatted: …}`).
    public var tableFormatting: [String: TableFormatting] = [:]
    /// Table name or ID (`*` for every table) → whether a missing key shows the development text
    /// through the app's own fallback (`fallback: development`).
    public var tableFallbacks: [String: Bool] = [:]
    /// Where `tableUsages` were set, named in each decision's reason.
    public var tableUsagesSource = "the configuration"
    /// Push types of templates by glob (`push_types:`, `voip_payloads:`), first match wins.
    public var pushTypes: [PushTypePattern] = []

    public init() {}
}

/// The project as every command reads it: merged tables per table and locale, how the app uses
/// each table, every localized text with its format, each key's arguments per locale, payload
/// keys looked up in every locale, and plural forms.
///
/// Sits between the parsers and everything that reads localizations: rules, the coverage report
/// and the preview all ask it, so each question has one answer. Tables and usages are built
/// with the index; the other parts (`IndexPart`) when a reader declares them (`parts(_:)`), once,
/// so a command pays only for what it reads.
public final class ProjectIndex: Sendable {
    public let project: LocalizationProject
    public let options: IndexOptions
    /// The development locale the translations are compared against.
    public let baseLocale: String?
    /// Every locale except the base, `Base` and ignored ones, sorted.
    public let translationLocales: [String]
    /// Every locale but the base and `Base`, ignored ones included.
    let otherLocales: [String]
    /// table → locale → merged table (`Base` folded into the base locale).
    public let tables: [String: [String: LocaleTable]]
    /// table ID → how the app uses it (see `TableUsage`) and why that was decided.
    public let usages: [String: TableUsageDecision]
    /// Catalog keys marked `shouldTranslate: false`, per table.
    public let doNotTranslate: [String: Set<String>]

    let textsPart = Lazy<TextBatch>()
    let formatsPart = Lazy<[String: [String: TableFormats]]>()
    let pairsPart = Lazy<[FormatPair]>()
    let presencePart = Lazy<[String: KeyPresence]>()
    let lookupsPart = Lazy<[PayloadKeyLookup]>()
    let pluralPart = Lazy<[PluralForms]>()
    let markdownUsagePart = Lazy<MarkdownUsage>()
    private let catalogKeysPart = Lazy<[String: [String: CatalogKey]]>()

    /// A catalog entry and, when it has many, where each normalized locale's value is: `render`
    /// asks for every locale of every key, so a search per question would grow with the square
    /// of the number of locales.
    private struct CatalogKey: Sendable {
        var entry: CatalogEntry
        var byLocale: [String: Int]?

        init(_ entry: CatalogEntry) {
            self.entry = entry
            guard entry.localizations.count > 8 else { return }
            var index: [String: Int] = [:]
            for (position, localization) in entry.localizations.enumerated() {
                let locale = LocaleName.normalize(localization.locale)
                if index[locale] == nil { index[locale] = position }
            }
            byLocale = index
        }

        func value(locale: String) -> CatalogValue? {
            if let byLocale { return byLocale[locale].map { entry.localizations[$0].value } }
            return entry.localizations.first { LocaleName.normalize($0.locale) == locale }?.value
        }
    }
    let codeLookupsPart = Lazy<[CodeKeyLookup]>()
    let payloadTablesPart = Lazy<[[String]: String]>()

    public init(project: LocalizationProject, options: IndexOptions = IndexOptions()) {
        self.project = project
        self.options = options
        var phases = PhaseClock("index")
        let base = project.baseLocale
        baseLocale = base
        var tables = project.allTables()
        if let base, base != "Base" {
            // Base.lproj holds the development text of storyboards; it is part of the base locale.
            for (name, byLocale) in tables {
                guard let baseFolder = byLocale["Base"] else { continue }
                var merged =
                    byLocale[base]
                    ?? LocaleTable(locale: base, table: name, strings: LocaleStrings(numbering: baseFolder.strings.numbering))
                for (key, value) in baseFolder.strings where merged.strings[key] == nil { merged.strings[key] = value }
                tables[name]?[base] = merged
            }
        }
        self.tables = tables
        phases.lap("tables")
        // Computed once: every catalog's locales are gathered from all its entries.
        otherLocales = project.locales.filter { $0 != base && $0 != "Base" }
        translationLocales = otherLocales.filter { !options.ignoredLocales.contains($0) }
        usages = TableUsageDetector.detect(
            project, overrides: options.tableUsages, formatting: options.tableFormatting, fallbacks: options.tableFallbacks,
            overrideSource: options.tableUsagesSource)
        phases.lap("usages")
        var doNotTranslate: [String: Set<String>] = [:]
        for file in project.files {
            guard case .catalog(let catalog) = file.content else { continue }
            for entry in catalog.entries where !entry.shouldTranslate { doNotTranslate[file.tableID, default: []].insert(entry.key) }
        }
        self.doNotTranslate = doNotTranslate
    }

    /// The context a configuration's base locale asks for.
    public convenience init(project: LocalizationProject, baseLocale: String?, baseLocaleSource: String, options: IndexOptions) {
        var project = project
        if let baseLocale {
            project.baseLocale = baseLocale
            project.baseLocaleReason = "base_locale in \(baseLocaleSource)"
        }
        self.init(project: project, options: options)
    }

    // MARK: Parts built when first read

    var textBatch: TextBatch {
        textsPart.get {
            var phases = PhaseClock("index")
            defer { phases.lap("texts") }
            return LocalizedTextBuilder.texts(
                of: project, ignoring: options.ignoredLocales, usages: usages.mapValues(\.usage))
        }
    }

    /// Every localized text in file order (a `.stringsdict` entry gives one per permutation of
    /// its forms, a catalog value one per variation).
    package var texts: TextStore { textBatch.texts }
    /// Texts with format specifiers, in tables used as formats.
    package var textsWithSpecifiers: TextPositions { textBatch.withSpecifiers }
    /// Texts whose scan found format problems, in tables used as formats.
    package var textsWithProblems: TextPositions { textBatch.withProblems }
    /// Texts from `.stringsdict` files.
    package var stringsdictTexts: TextPositions { textBatch.stringsdict }
    /// Texts that are empty.
    package var emptyTexts: TextPositions { textBatch.empty }

    /// table → locale → key → the arguments its text reads.
    package var formats: [String: [String: TableFormats]] {
        formatsPart.get {
            let batch = textBatch
            var phases = PhaseClock("index")
            defer { phases.lap("formats") }
            return LocalizedTextBuilder.formats(batch, numberingLocale: baseLocale)
        }
    }

    /// Each translated key's arguments beside the base's, for keys whose arguments differ (in
    /// number, type or size); a translation that reads what the base passes has no pair.
    package var formatPairs: [FormatPair] {
        pairsPart.get {
            let formats = formats
            let texts = texts
            var phases = PhaseClock("index")
            defer { phases.lap("pairs") }
            return FormatPair.pairs(formats, texts: texts, baseLocale: baseLocale, locales: translationLocales)
        }
    }

    /// table → which base keys each translation has; see `KeyPresence`.
    package var keyPresence: [String: KeyPresence] {
        presencePart.get {
            var phases = PhaseClock("index")
            defer { phases.lap("key presence") }
            return KeyPresence.compute(tables, baseLocale: baseLocale, locales: otherLocales)
        }
    }

    /// Every localized part of every payload, looked up in every locale.
    package var payloadLookups: [PayloadKeyLookup] {
        lookupsPart.get {
            // Without payloads no text needs scanning.
            guard !project.payloadFiles.isEmpty || !project.codeFiles.isEmpty else { return [] }
            let formats = formats
            var phases = PhaseClock("index")
            defer { phases.lap("payload lookups") }
            return computePayloadLookups(formats: formats)
        }
    }

    /// Every set of plural forms (`.stringsdict` plural variables, catalog plural variations).
    package var pluralForms: [PluralForms] {
        pluralPart.get {
            var phases = PhaseClock("index")
            defer { phases.lap("plural forms") }
            return PluralForms.collect(project, baseLocale: baseLocale)
        }
    }

    // MARK: Questions

    /// The base locale, then every translation locale.
    public var localesBaseFirst: [String] { (baseLocale.map { [$0] } ?? []) + translationLocales }

    /// The base locale's merged table.
    public func baseTable(_ name: String) -> LocaleTable? {
        guard let baseLocale else { return nil }
        return tables[name]?[baseLocale]
    }

    /// Tables the base locale has, sorted.
    public var baseTableNames: [String] {
        guard let baseLocale else { return [] }
        return tables.filter { $0.value[baseLocale] != nil }.keys.sorted()
    }

    /// What shows a key a translation of the table lacks through the app's own fallback to the
    /// development text, if anything does (by table ID).
    public func developmentFallback(of table: String) -> String? { usages[table]?.developmentFallback }

    /// Why the table's development text is its keys, if it is (by table ID).
    public func developmentTextInKeys(of table: String) -> String? { usages[table]?.developmentTextInKeys }

    /// What the keys of the tables are, together: text if any of them is text-keyed, identifiers
    /// if all are, else mixed.
    public func keyStyle(of tables: [String]) -> KeyStyle {
        let styles = tables.map { usages[$0]?.keyStyle ?? .mixed }
        if styles.contains(.text) { return .text }
        return !styles.isEmpty && styles.allSatisfy { $0 == .identifiers } ? .identifiers : .mixed
    }

    /// Whether the table's keys are its text and its development table is a stub, so the keys the
    /// code asks for are known only from the translations (by table ID).
    public func keysAreTextBesideAStub(_ table: String) -> Bool {
        usages[table].map { $0.developmentTextInKeys != nil && $0.developmentTableIsStub } ?? false
    }

    /// How the app uses a table (by table ID).
    public func usage(of table: String) -> TableUsage { usages[table]?.usage ?? .format }

    /// Whether a text is used as a format: it has a specifier or '%%', or the base text of its
    /// key has (`baseFormat`). A plain text with a stray '%' is shown as written, so only formats
    /// are checked for percent signs.
    public static func isFormat(_ text: LocalizedText, baseFormat base: @autoclosure () -> KeyFormat?, texts: TextStore) -> Bool {
        if !text.isFormatted { return false }
        let literal = Set(text.analysis.problems.filter { $0.kind == .probableLiteralPercent }.map(\.start))
        if text.analysis.specifiers.contains(where: { !literal.contains($0.start) }) || text.text.contains("%%")
            || !text.variableArguments.isEmpty
        {
            return true
        }
        guard let base = base() else { return false }
        return !base.shape.isEmpty || base.texts.contains { texts.text(at: $0).contains("%%") }
    }

    /// The arguments the base text of a text's key reads (the base locale's, else `Base`'s);
    /// nil for a text of the base locale, or when the base lacks the key.
    public static func baseFormat(of text: LocalizedText, formats: [String: [String: TableFormats]], baseLocale: String?) -> KeyFormat? {
        guard let baseLocale, text.locale != baseLocale else { return nil }
        let byLocale = formats[text.table]
        return byLocale?[baseLocale]?[text.key] ?? byLocale?["Base"]?[text.key]
    }

    /// The locales each bundle (the folder holding `.lproj` folders) ships: its `.lproj` folders,
    /// and with `includingCatalogs` its catalogs' locales.
    public func localesByBundle(includingCatalogs: Bool) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for file in project.files {
            if let locale = file.locale { result[file.bundle, default: []].insert(locale) }
            if includingCatalogs, case .catalog(let catalog) = file.content {
                result[file.bundle, default: []].formUnion(catalog.locales.map(LocaleName.normalize))
            }
        }
        return result
    }

    /// The first file that holds `table` for `locale`, for findings about a whole table.
    public func file(table: String, locale: String) -> ResourceFile? {
        project.files.first { $0.tableID == table && ($0.locale == locale || ($0.locale == "Base" && locale == baseLocale)) }
    }

    // MARK: What a device reads

    /// The locale whose table a device in `locale` reads: the locale itself, then with subtags
    /// removed (`zh-Hant-HK` → `zh-Hant` → `zh`), then the development locale; nil when none
    /// has the table.
    public func resolvedLocale(_ locale: String, table: String) -> String? {
        guard let byLocale = tables[table] else { return nil }
        // The fallback chain walked in place (`zh-Hant-HK`, `zh-Hant`, `zh`), with no array of
        // names made for each lookup; a name with empty subtags takes the chain as made.
        if locale.isEmpty || locale.hasPrefix("-") || locale.hasSuffix("-") || locale.utf8Contains("--") {
            return (LocaleName.fallbackChain(locale) + (baseLocale.map { [$0] } ?? [])).first { byLocale[$0] != nil }
        }
        var candidate = Substring(locale)
        while true {
            let name = String(candidate)
            if byLocale[name] != nil { return name }
            guard let dash = candidate.utf8.lastIndex(of: UInt8(ascii: "-")) else { break }
            candidate = candidate[..<dash]
        }
        if let baseLocale, byLocale[baseLocale] != nil { return baseLocale }
        return nil
    }

    /// What a device in `locale` finds for `key`: the table it reads (see `resolvedLocale`) and
    /// the entry there, if any. A key missing from that table shows as the key itself: there is
    /// no per-key fallback.
    public func lookup(key: String, table: String, locale: String) -> DeviceLookup {
        let resolved = resolvedLocale(locale, table: table)
        return DeviceLookup(
            key: key, table: table, locale: locale, resolvedLocale: resolved,
            string: resolved.flatMap { tables[table]?[$0]?.strings[key] })
    }

    /// What a device in `locale` reads for the keys of `table`, resolved once for a caller that
    /// looks up many keys (`lookup(key:)` on the result is `lookup(key:table:locale:)`).
    public func deviceTable(_ table: String, locale: String) -> DeviceTable {
        let resolved = resolvedLocale(locale, table: table)
        return DeviceTable(
            table: table, locale: locale, resolvedLocale: resolved, strings: resolved.flatMap { tables[table]?[$0]?.strings })
    }

    /// A catalog key's value in one locale (with its variations and substitutions).
    public func catalogValue(key: String, table: String, locale: String) -> CatalogValue? {
        let entries = catalogKeysPart.get {
            var result: [String: [String: CatalogKey]] = [:]
            for file in project.files {
                guard case .catalog(let catalog) = file.content else { continue }
                for entry in catalog.entries where result[file.tableID]?[entry.key] == nil {
                    result[file.tableID, default: [:]][entry.key] = CatalogKey(entry)
                }
            }
            return result
        }
        return entries[table]?[key]?.value(locale: locale)
    }
}

/// A table as a device in one locale reads it (see `ProjectIndex.deviceTable`). A class: a caller
/// looking up thousands of keys in each of a table's locales reads it in place, where each lookup
/// in a structure read from an array copied it first (a count on each of its strings).
public final class DeviceTable: Sendable {
    public let table: String
    public let locale: String
    /// The locale whose table is read, nil when no locale has the table.
    public let resolvedLocale: String?
    let strings: LocaleStrings?

    init(table: String, locale: String, resolvedLocale: String?, strings: LocaleStrings?) {
        self.table = table
        self.locale = locale
        self.resolvedLocale = resolvedLocale
        self.strings = strings
    }

    /// What the device finds for `key`.
    public func lookup(key: String) -> DeviceLookup {
        DeviceLookup(key: key, table: table, locale: locale, resolvedLocale: resolvedLocale, string: strings?[key])
    }

    /// The numbering this locale's strings of the table read their keys by (`.empty` when
    /// they keep every key by name). The locales of a table mostly share their development
    /// locale's: a caller looking a key up in each takes its number once (`number(of:)`), hashing
    /// it once for all.
    public var numbering: TableKeyNumbers? { strings?.numbering }

    /// `lookup(key:)` for a key whose number in `numbering` is `number` (nil: not numbered
    /// there): read by number when these strings are numbered by it, else by key.
    public func lookup(key: String, number: Int?, in numbering: TableKeyNumbers) -> DeviceLookup {
        DeviceLookup(
            key: key, table: table, locale: locale, resolvedLocale: resolvedLocale,
            string: strings?.string(forKey: key, number: number, numberedBy: numbering))
    }
}

/// A key as a device in one locale finds it.
public struct DeviceLookup: Sendable, Hashable {
    public var key: String
    public var table: String
    /// The device's locale.
    public var locale: String
    /// The locale whose table is read, nil when no locale has the table.
    public var resolvedLocale: String?
    /// The entry in that table, nil when it lacks the key.
    public var string: LocalizedString?

    /// The text the device shows, nil when it shows the key itself (missing, or not loaded).
    public var shownValue: String? {
        guard let string, string.loaded else { return nil }
        return string.value
    }
}

extension ProjectIndex {
    /// A payload's push type and where it comes from: declared in the template, else the first
    /// `push_types` (or `voip_payloads`) glob of the configuration matching its path, else a file
    /// name with "voip", else its content. Rules and previews both ask here.
    public func pushType(of payload: PushPayload) -> (type: PushType, origin: PushTypeOrigin) {
        payload.pushType(configured: options.pushTypes)
    }
}
