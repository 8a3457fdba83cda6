import LocalizationFormats

/// Settings a few rules take from the configuration.
public struct RuleSettings: Sendable, Hashable {
    /// `incomplete-locale`: a locale with fewer than this share of the base keys is reported.
    public var incompleteLocaleThreshold: Double = 0.5
    /// Rule ID → locales that rule ignores (for findings that name several locales at once).
    public var ignoredLocales: [String: Set<String>] = [:]
    /// The table payload keys are looked up in.
    public var payloadTable = "Localizable"
    /// Globs naming VoIP payload templates (5120 bytes instead of 4096).
    public var voipPayloads: [String] = []
    /// The legacy binary interface's 2048-byte limit instead of HTTP/2's.
    public var legacyBinaryInterface = false
    /// How long a placeholder loc-arg may get when the backend fills it.
    public var placeholderLength = 64
    /// Table name or table ID → its usage, set in the configuration (`tables:`); wins over evidence.
    public var tableUsages: [String: TableUsage] = [:]
    /// Where `tableUsages` were set, named in each decision's reason.
    public var tableUsagesSource = "the configuration"

    public init() {}
}

/// The project as rules see it: merged tables per locale, every message scanned once, and each
/// key's argument list per locale. Built once and shared by every rule.
public struct RuleContext: Sendable {
    public let project: LocalizationProject
    /// The development locale the translations are compared against.
    public let baseLocale: String?
    /// Every locale except the base, `Base` and ignored ones, sorted.
    public let translationLocales: [String]
    public let settings: RuleSettings
    /// table → locale → merged table (`Base` folded into the base locale).
    public let tables: [String: [String: LocaleTable]]
    /// Every message in file order.
    public let messages: [Message]
    // Indexes into `messages` of the few most rules look at, found in one pass: walking every
    // message in each rule cost more than the rules' own work.
    /// Messages with format specifiers, outside `InfoPlist` tables.
    public let messagesWithSpecifiers: [Int]
    /// Messages whose scan found format problems, outside `InfoPlist` tables.
    public let messagesWithProblems: [Int]
    /// Messages from `.stringsdict` files.
    public let stringsdictMessages: [Int]
    /// Messages with an empty text.
    public let emptyMessages: [Int]
    /// table → locale → key → the arguments its text reads.
    public let formats: [String: [String: TableFormats]]
    /// table ID → how the app uses it (see `TableUsage`) and why that was decided.
    public let usages: [String: TableUsageDecision]
    /// Catalog keys marked `shouldTranslate: false`, per table.
    public let doNotTranslate: [String: Set<String>]
    /// Each translated key's arguments beside the base's, for keys whose arguments differ (in
    /// number, type or size); a translation that reads what the base passes has no pair.
    public let formatPairs: [FormatPair]
    /// table → which base keys each translation has; see `KeyPresence`.
    public let keyPresence: [String: KeyPresence]
    /// Every payload key looked up in every locale; see `payloadLookups(ruleID:)`.
    public private(set) var allPayloadLookups: [PayloadKeyLookup] = []
    /// Every set of plural forms (`.stringsdict` plural variables, catalog plural variations).
    public private(set) var pluralForms: [PluralForms] = []

    public init(project: LocalizationProject, ignoredLocales: Set<String> = [], settings: RuleSettings = RuleSettings()) {
        self.project = project
        self.settings = settings
        var phases = PhaseClock("context")
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
        let otherLocales = project.locales.filter { $0 != base && $0 != "Base" }
        keyPresence = KeyPresence.compute(tables, baseLocale: base, locales: otherLocales)
        phases.lap("key presence")
        translationLocales = otherLocales.filter { !ignoredLocales.contains($0) }
        let usages = TableUsageDetector.detect(project, overrides: settings.tableUsages, overrideSource: settings.tableUsagesSource)
        self.usages = usages
        phases.lap("usages")
        let batch = MessageBuilder.messages(of: project, ignoring: ignoredLocales, usages: usages.mapValues(\.usage))
        let messages = batch.messages
        self.messages = messages
        messagesWithSpecifiers = batch.withSpecifiers
        messagesWithProblems = batch.withProblems
        stringsdictMessages = batch.stringsdict
        emptyMessages = batch.empty
        phases.lap("messages")
        let formats = MessageBuilder.formats(batch, numberingLocale: base)
        self.formats = formats
        phases.lap("formats")
        formatPairs = Self.pairs(formats, messages: messages, baseLocale: base, locales: translationLocales)
        phases.lap("pairs")
        var doNotTranslate: [String: Set<String>] = [:]
        for file in project.files {
            guard case .catalog(let catalog) = file.content else { continue }
            for entry in catalog.entries where !entry.shouldTranslate { doNotTranslate[file.tableID, default: []].insert(entry.key) }
        }
        self.doNotTranslate = doNotTranslate
        allPayloadLookups = computePayloadLookups()
        phases.lap("lookups")
        // Read by two rules and the coverage report; collected once.
        pluralForms = Self.collectPluralForms(project, baseLocale: base)
        phases.lap("plural forms")
    }

    /// The context a configuration asks for: its base locale, ignored locales and rule settings.
    public init(project: LocalizationProject, configuration: Configuration) {
        var project = project
        if let base = configuration.baseLocale {
            project.baseLocale = base
            project.baseLocaleReason = "base_locale in \(configuration.path ?? "the configuration")"
        }
        self.init(project: project, ignoredLocales: configuration.ignoreLocales, settings: configuration.ruleSettings)
    }

    /// The base locale, then every translation locale.
    public var localesBaseFirst: [String] { (baseLocale.map { [$0] } ?? []) + translationLocales }

    /// The translation locales a rule looks at.
    public func translationLocales(for ruleID: String) -> [String] {
        guard let ignored = settings.ignoredLocales[ruleID] else { return translationLocales }
        return translationLocales.filter { !ignored.contains($0) }
    }

    /// Whether a message is used as a format: it has a specifier or '%%', or the base text of its
    /// key has. A plain text with a stray '%' is shown as written, so only formats are checked
    /// for percent signs.
    public func isFormat(_ message: Message) -> Bool {
        if !message.isFormatted { return false }
        let literal = Set(message.analysis.problems.filter { $0.kind == .probableLiteralPercent }.map(\.start))
        if message.analysis.specifiers.contains(where: { !literal.contains($0.start) }) || message.text.contains("%%")
            || !message.variableArguments.isEmpty
        {
            return true
        }
        guard let base = baseFormat(of: message) else { return false }
        return !base.arguments.isEmpty || base.messages.contains { messages[$0].text.contains("%%") }
    }

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

    /// The arguments the base text of a message's key reads (the base locale's, else `Base`'s);
    /// nil for a text of the base locale, or when the base lacks the key.
    public func baseFormat(of message: Message) -> KeyFormat? {
        guard let baseLocale, message.locale != baseLocale else { return nil }
        let byLocale = formats[message.table]
        return byLocale?[baseLocale]?[message.key] ?? byLocale?["Base"]?[message.key]
    }

    /// How the app uses a table (by table ID).
    public func usage(of table: String) -> TableUsage { usages[table]?.usage ?? .format }

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

    static func pairs(_ formats: [String: [String: TableFormats]], messages: [Message], baseLocale: String?, locales: [String])
        -> [FormatPair]
    {
        guard let baseLocale else { return [] }
        var jobs: [(table: String, locale: String)] = []
        for table in formats.keys.sorted() where formats[table]?[baseLocale] != nil || formats[table]?["Base"] != nil {
            for locale in locales where formats[table]?[locale] != nil { jobs.append((table, locale)) }
        }
        // One job per translation: few pairs differ, so the jobs share little but the base table.
        return jobs.concurrentMap { job -> [FormatPair] in
            guard let byLocale = formats[job.table], let baseKeys = byLocale[baseLocale] ?? byLocale["Base"],
                let keys = byLocale[job.locale]
            else { return [] }
            let fallback = byLocale["Base"]
            // Locales of one table share the key numbers: the base is then read by number.
            let sameNumbers = keys.keys === baseKeys.keys
            var result: [FormatPair] = []
            keys.forEach { key, number, translation in
                let found = sameNumbers ? number.flatMap { baseKeys[number: $0] } : baseKeys[key]
                guard var base = found ?? fallback?[key] else { return }
                // A catalog key extracted from code is the format the code passes ('%lld items'),
                // even when the source text leaves an argument out ('starred'): a translation may
                // read those arguments, and need not, as the source text does not.
                var optional: Set<Int> = []
                if key.utf8.contains(UInt8(ascii: "%")), let first = base.messages.first, messages[first].origin == .catalog {
                    for specifier in FormatScanner.analyze(key).specifiers where base.arguments[specifier.argument] == nil {
                        base.arguments[specifier.argument] = ArgumentUse(
                            signature: specifier.signature, text: specifier.text, message: first, offset: 0)
                        optional.insert(specifier.argument)
                    }
                }
                // Most translations read exactly what the base passes; none of the rules reading
                // pairs has anything to say about those, so only differing pairs are kept.
                guard !base.arguments.readsLike(translation.arguments) else { return }
                result.append(
                    FormatPair(table: job.table, key: key, locale: job.locale, base: base, translation: translation, optional: optional))
            }
            return result
        }.flatMap { $0 }
    }
}

/// A key's arguments in a translation beside the base's, where the two differ.
public struct FormatPair: Sendable {
    public let table: String
    public let key: String
    public let locale: String
    public let base: KeyFormat
    public let translation: KeyFormat
    /// Arguments the code passes (a catalog key reads them) that the base text leaves out.
    public var optional: Set<Int> = []
}

/// Which base keys each translation of a table has, worked out once (one hash per key of every
/// locale) for the rules and reports that compare key sets.
public struct KeyPresence: Sendable {
    /// The base table's entries, sorted by key.
    public let base: [LocalizedString]
    /// Translation locale → for each entry of `base`, whether that locale's table has the key.
    /// Locales without the table are absent.
    public let has: [String: [Bool]]
    /// Translation locale → its entries whose key the base lacks, sorted by key.
    public let extra: [String: [LocalizedString]]

    static func compute(_ tables: [String: [String: LocaleTable]], baseLocale: String?, locales: [String]) -> [String: KeyPresence] {
        guard let baseLocale else { return [:] }
        let names = tables.keys.filter { tables[$0]?[baseLocale] != nil }.sorted()
        let bases = names.map { name in (tables[name]?[baseLocale]?.strings.values.sorted { $0.key < $1.key }) ?? [] }
        var jobs: [(table: Int, locale: String)] = []
        for (position, name) in names.enumerated() {
            for locale in locales where tables[name]?[locale] != nil { jobs.append((position, locale)) }
        }
        // The locales of a table share its key numbers: each base key is hashed once, and
        // presence is then read by number (a hash only for keys outside the numbering).
        let baseNumbers = names.indices.concurrentMap { position in
            let numbering = tables[names[position]]?[baseLocale]?.strings.numbering ?? .empty
            return bases[position].map { numbering.number(of: $0.key) }
        }
        let rows = jobs.concurrentMap { job -> (has: [Bool], extra: [LocalizedString]) in
            let base = bases[job.table]
            guard let baseStrings = tables[names[job.table]]?[baseLocale]?.strings,
                let strings = tables[names[job.table]]?[job.locale]?.strings
            else { return ([Bool](repeating: false, count: base.count), []) }
            let numbers = baseNumbers[job.table]
            let has = base.indices.map { position in
                strings.string(forKey: base[position].key, number: numbers[position], numberedBy: baseStrings.numbering) != nil
            }
            var extra: [LocalizedString] = []
            strings.forEach { key, number, string in
                if baseStrings.string(forKey: key, number: number, numberedBy: strings.numbering) == nil { extra.append(string) }
            }
            return (has, extra.sorted { $0.key < $1.key })
        }
        var has: [[String: [Bool]]] = Array(repeating: [:], count: names.count)
        var extra: [[String: [LocalizedString]]] = Array(repeating: [:], count: names.count)
        for (job, row) in zip(jobs, rows) {
            has[job.table][job.locale] = row.has
            extra[job.table][job.locale] = row.extra
        }
        var result: [String: KeyPresence] = [:]
        for (position, name) in names.enumerated() {
            result[name] = KeyPresence(base: bases[position], has: has[position], extra: extra[position])
        }
        return result
    }
}
