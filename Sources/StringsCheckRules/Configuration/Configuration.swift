import LocalizationFormats
import LocalizationIndex

/// How one rule is configured: its severity (or off) and where it does not apply.
public struct RuleConfiguration: Sendable, Hashable {
    /// Nil keeps the default; `enabled: false` turns the rule off.
    public var severity: Severity?
    public var enabled: Bool?
    public var ignoreLocales: Set<String> = []
    /// Glob patterns over keys (`debug.*`).
    public var ignoreKeys: [String] = []
    /// `incomplete-locale`: the share of base keys (in percent) below which a locale is reported.
    public var threshold: Double?

    public init() {}
}

/// A configured exception: findings of these rules about these keys, locales and paths are dropped.
public struct Suppression: Sendable, Hashable {
    /// Empty means every rule.
    public var rules: Set<String> = []
    /// Glob patterns over keys; empty means every key.
    public var keys: [String] = []
    public var locales: Set<String> = []
    /// Glob patterns over paths relative to the configuration file's folder; empty means every path.
    public var paths: [String] = []
    /// Why: kept for readers of the configuration.
    public var reason: String?

    public init() {}
}

/// `code:` in the configuration: the source files whose payload keys are checked, and the
/// project's own functions that take a key by position.
public struct CodeConfiguration: Sendable, Hashable {
    /// Globs (relative to the configuration's folder) of source files scanned under the folders
    /// checked; empty: only source files given by name are scanned.
    public var include: [String] = []
    public var exclude: [String] = []
    public var functions: [PushKeyFunction] = []
    /// The app's wrappers of `NSLocalizedString`, by argument position or label.
    public var wrappers: [LocalizedStringWrapper] = []
    /// Globs over keys the code builds at run time (`"error.*"`): `unused-key` leaves them alone.
    public var dynamicKeys: [String] = []
    /// Whether test code (`Tests/` folders, `*Tests.swift`, …) under the folders checked is
    /// scanned too (`code: tests: true`); left out by default, as no user runs it.
    public var tests = false

    public init() {}
}

/// The contents of `.stringscheck.yml`. Paths and globs are relative to the file's folder.
public struct Configuration: Sendable, Hashable {
    /// The file it came from; nil for the built-in defaults.
    public var path: String?
    /// The folder relative paths start from.
    public var directory: String = "."
    public var roots: [String] = []
    public var include: [String] = []
    public var exclude: [String] = []
    public var baseLocale: String?
    public var ignoreLocales: Set<String> = []
    public var rules: [String: RuleConfiguration] = [:]
    public var suppressions: [Suppression] = []
    /// Globs that find push payload templates; empty means the defaults.
    public var payloads: [String] = []
    /// `coverage --min-coverage` per locale (percent); `*` for every locale.
    public var minimumCoverage: [String: Double] = [:]
    /// Texts that may stay the same in a translation (brand names, "OK"): exact texts, or globs
    /// over keys. Coverage counts them as translated.
    public var allowIdentical: [String] = []
    /// The table push payload keys are looked up in (default `Localizable`).
    public var payloadTable: String?
    /// Globs naming VoIP payload templates (the same as `push_types: {glob: voip}`).
    public var voipPayloads: [String] = []
    /// The push type of the templates each glob matches (`push_types:`), in the file's order.
    public var pushTypes: [PushTypePattern] = []
    /// Characters a placeholder loc-arg ('{{name}}') may grow to, for the worst-case size.
    public var placeholderLength: Int?
    /// `max_length`: length budgets by key glob and table.
    public var lengthBudgets: [LengthBudget] = []
    /// `max_length_ratio`: the most times its development text's length a translation may be.
    public var lengthRatio: Double?
    /// `terms`: words a translation keeps as written (brand and product names).
    public var terms: [String] = []
    /// Table name or table ID (`App/Predicates`) → how the app uses it (`tables: {X: {usage: …}}`).
    public var tableUsages: [String: TableUsage] = [:]
    /// Table name or table ID → when its texts are formatted (`tables: X: {formatted: …}`).
    public var tableFormatting: [String: TableFormatting] = [:]
    /// Table name or ID (`*`: the top-level `fallback:`) → whether a missing key shows the
    /// development text through the app's own fallback.
    public var tableFallbacks: [String: Bool] = [:]
    /// The largest file read, in bytes (`max_file_size`, in megabytes in the file).
    public var maximumFileSize = FileBytes.defaultMaximumSize
    /// Which source files are scanned for the payload keys backend code builds (`code:`).
    public var code = CodeConfiguration()
    /// Set by `check --legacy-binary`, not by the file.
    public var legacyBinaryInterface = false
    /// Whether folders the app does not ship (`fastlane`, `vendor`, prebuilt frameworks, `qqq`,
    /// a package's non-target folders) are checked too.
    public var checkUnshipped = false
    /// The baseline `check` reads when no `--baseline` is given (`baseline:`), as written in the
    /// file: relative to the configuration file's folder.
    public var baseline: String?
    /// `--strict` counts translation backlog warnings too (`strict_backlog: true`).
    public var strictBacklog = false

    public init() {}

    /// The file name looked for in the current folder and above it.
    public static let fileName = ".stringscheck.yml"

    /// Whether a rule runs under this configuration.
    public func isEnabled(_ description: RuleDescription) -> Bool {
        let configured = rules[description.id] ?? description.deprecatedIDs.lazy.compactMap { rules[$0] }.first
        if let enabled = configured?.enabled { return enabled }
        if configured?.severity != nil { return true }
        return !description.isOptIn
    }

    /// The severity a rule's findings are reported at.
    public func severity(of description: RuleDescription, default severity: Severity) -> Severity {
        configuredSeverity(of: description) ?? severity
    }

    /// The severity the configuration sets for a rule (under its ID or a deprecated one), if any.
    public func configuredSeverity(of description: RuleDescription) -> Severity? {
        let configured = rules[description.id] ?? description.deprecatedIDs.lazy.compactMap { rules[$0] }.first
        return configured?.severity
    }

    /// What the project index is built with: ignored locales, the payload table, table usages.
    public var indexOptions: IndexOptions {
        var options = IndexOptions()
        options.ignoredLocales = ignoreLocales
        if let payloadTable { options.payloadTable = payloadTable }
        options.tableUsages = tableUsages
        options.tableFormatting = tableFormatting
        options.tableFallbacks = tableFallbacks
        options.tableUsagesSource = "'tables' of \(path ?? "the configuration")"
        options.pushTypes = pushTypes + voipPayloads.map { PushTypePattern(pattern: $0, type: .voip, setting: "voip_payloads") }
        return options
    }

    /// Rule settings taken from the rules' options.
    public var ruleSettings: RuleSettings {
        var settings = RuleSettings()
        if let threshold = rules["incomplete-locale"]?.threshold { settings.incompleteLocaleThreshold = threshold / 100 }
        for (id, rule) in rules where !rule.ignoreLocales.isEmpty { settings.ignoredLocales[id] = rule.ignoreLocales }
        if let placeholderLength { settings.placeholderLength = placeholderLength }
        settings.lengthBudgets = lengthBudgets
        settings.lengthRatio = lengthRatio
        settings.terms = terms
        settings.allowIdentical = allowIdentical
        settings.dynamicKeys = code.dynamicKeys
        settings.legacyBinaryInterface = legacyBinaryInterface
        return settings
    }
}
