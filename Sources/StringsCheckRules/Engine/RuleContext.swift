import LocalizationFormats
import LocalizationIndex

/// Settings a few rules take from the configuration.
/// A length budget: the texts of a table, or whose keys a glob matches, hold at most `length`
/// grapheme clusters (in every locale).
public struct LengthBudget: Sendable, Hashable {
    public var keys: String?
    public var table: String?
    /// A table usage (`info-plist`, `interface-builder`, …) or a push alert part the payloads
    /// look keys up for (`push-title`, `push-subtitle`, `push-body`, `push-action`).
    public var usage: String?
    public var length: Int

    public init(keys: String? = nil, table: String? = nil, usage: String? = nil, length: Int) {
        self.keys = keys
        self.table = table
        self.usage = usage
        self.length = length
    }

    /// The `usage` values: each table usage, and each push alert part.
    public static let usages = TableUsage.allCases.map(\.rawValue) + PushAlertPart.allCases.map { "push-\($0.rawValue)" }

    /// The push alert part a `push-…` usage names.
    public var pushPart: PushAlertPart? {
        guard let usage, usage.hasPrefix("push-") else { return nil }
        return PushAlertPart(rawValue: String(usage.dropFirst(5)))
    }

    /// How the configuration names it: `keys 'widget.*'`, `table InfoPlist`, `usage push-title`.
    public var scope: String {
        [keys.map { "keys '\($0)'" }, table.map { "table \($0)" }, usage.map { "usage \($0)" }].compactMap { $0 }
            .joined(separator: " in ")
    }
}

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
    /// Length budgets (`max_length`): the most grapheme clusters the texts they name may hold.
    public var lengthBudgets: [LengthBudget] = []
    /// `max_length_ratio`: how many times its development text's length a translation may be.
    public var lengthRatio: Double?
    /// `terms`: do-not-translate words (brand and product names) a translation keeps as written.
    public var terms: [String] = []
    /// `allow_identical`: texts, or globs over keys, a translation may leave as the development text.
    public var allowIdentical: [String] = []

    public init() {}
}

/// The project as a rule sees it, the one way a rule reads it: the index's questions (tables,
/// usages, lookups) and the parts the rule declared (`Rule.reads`), as properties of the context,
/// and the settings rules take from the configuration.
@dynamicMemberLookup
public struct RuleContext: Sendable {
    private let index: ProjectIndex
    public let settings: RuleSettings
    /// The index parts built for the rules that run; a rule's own context reads only those it
    /// declared, as its own properties.
    private let parts: IndexParts

    /// A context that reads `parts` of `index` (built now, if they were not).
    public init(index: ProjectIndex, reading parts: Set<IndexPart> = Set(IndexPart.allCases), settings: RuleSettings = RuleSettings()) {
        self.index = index
        self.settings = settings
        self.parts = index.parts(parts)
    }

    private init(index: ProjectIndex, parts: IndexParts, settings: RuleSettings) {
        self.index = index
        self.parts = parts
        self.settings = settings
    }

    public init(project: LocalizationProject, ignoredLocales: Set<String> = [], settings: RuleSettings = RuleSettings()) {
        var options = IndexOptions()
        options.ignoredLocales = ignoredLocales
        self.init(index: ProjectIndex(project: project, options: options), settings: settings)
    }

    /// The context of one rule: the same index, reading only the parts the rule declares.
    func narrowed(to rule: any Rule.Type) -> RuleContext {
        RuleContext(index: index, parts: parts.narrowed(to: rule.reads), settings: settings)
    }

    // MARK: The project and the index's questions

    public var project: LocalizationProject { index.project }
    public var baseLocale: String? { index.baseLocale }
    public var translationLocales: [String] { index.translationLocales }
    /// See `ProjectIndex.localesBaseFirst`.
    public var localesBaseFirst: [String] { index.localesBaseFirst }
    /// See `ProjectIndex.tables`.
    public var tables: [String: [String: LocaleTable]] { index.tables }
    /// See `ProjectIndex.baseTableNames`.
    public var baseTableNames: [String] { index.baseTableNames }
    /// See `ProjectIndex.doNotTranslate`.
    public var doNotTranslate: [String: Set<String>] { index.doNotTranslate }
    /// See `ProjectIndex.payloads`.
    public var payloads: [PushPayload] { index.payloads }
    /// The name of the tables payload keys are looked up in (`IndexOptions.payloadTable`).
    public var payloadTableName: String { index.options.payloadTable }
    /// See `ProjectIndex.templatePayloads`.
    public var templatePayloads: [PushPayload] { index.templatePayloads }

    /// The translation locales a rule looks at.
    public func translationLocales(for ruleID: String) -> [String] {
        guard let ignored = settings.ignoredLocales[ruleID] else { return index.translationLocales }
        return index.translationLocales.filter { !ignored.contains($0) }
    }

    public func baseTable(_ name: String) -> LocaleTable? { index.baseTable(name) }
    public func usage(of table: String) -> TableUsage { index.usage(of: table) }
    public func file(table: String, locale: String) -> ResourceFile? { index.file(table: table, locale: locale) }
    public func localesByBundle(includingCatalogs: Bool) -> [String: Set<String>] {
        index.localesByBundle(includingCatalogs: includingCatalogs)
    }
    /// See `ProjectIndex.pushType(of:)`.
    public func pushType(of payload: PushPayload) -> (type: PushType, origin: PushTypeOrigin) { index.pushType(of: payload) }
    /// See `ProjectIndex.payloadTable(keys:)`.
    public func payloadTable(keys: [String]) -> String? { index.payloadTable(keys: keys) }

    // MARK: The declared parts, read as the context's own

    /// Stops the program when the rule reads `part` without declaring it (for the walked parts,
    /// which nothing is built for).
    func require(_ part: IndexPart) {
        precondition(parts.declared.contains(part), "the index part '\(part.rawValue)' is read but was not declared")
    }

    /// The payload templates with their bytes (`.templateBytes`).
    public var templateFiles: [PayloadTemplateFile] {
        require(.templateBytes)
        return index.project.payloadFiles
    }

    /// A part the rule declared (`context.texts`, `context.formats`, …; see `IndexParts`).
    public subscript<Value>(dynamicMember path: KeyPath<IndexParts, Value>) -> Value { parts[keyPath: path] }

    /// See `ProjectIndex.isFormat(_:baseFormat:texts:)` (reads `.texts` and `.formats`).
    public func isFormat(_ text: LocalizedText) -> Bool {
        if text.isFormatted, formatting(of: text.table) == .always { return true }
        return ProjectIndex.isFormat(text, baseFormat: baseFormat(of: text), texts: parts.texts)
    }

    /// Why the table's development text is its keys, if it is (by table ID).
    public func developmentTextInKeys(of table: String) -> String? { index.developmentTextInKeys(of: table) }

    /// See `ProjectIndex.keyStyle(of:)`.
    public func keyStyle(of tables: [String]) -> KeyStyle { index.keyStyle(of: tables) }

    /// See `ProjectIndex.keysAreTextBesideAStub(_:)`.
    public func keysAreTextBesideAStub(_ table: String) -> Bool { index.keysAreTextBesideAStub(table) }

    /// What shows a missing key of the table as the development text, if anything (by table ID).
    public func developmentFallback(of table: String) -> String? { index.developmentFallback(of: table) }

    /// See `ProjectIndex.markdownUsage` (reads `.codeLookups`).
    public var markdownUsage: MarkdownUsage {
        require(.codeLookups)
        return index.markdownUsage
    }

    /// When a table's texts are formatted (by table ID), with why.
    public func formatting(of table: String) -> TableFormatting { index.usages[table]?.formatting ?? .withArguments }

    /// Why a table's texts are formatted as `formatting(of:)` says.
    public func formattingReason(of table: String) -> String { index.usages[table]?.formattingReason ?? "" }

    /// See `ProjectIndex.baseFormat(of:formats:baseLocale:)` (reads `.formats`).
    public func baseFormat(of text: LocalizedText) -> KeyFormat? {
        ProjectIndex.baseFormat(of: text, formats: parts.formats, baseLocale: index.baseLocale)
    }
}
