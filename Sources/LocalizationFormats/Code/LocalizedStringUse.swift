/// A key the app's own code looks up in one of its tables.
public struct LocalizedStringUse: Sendable, Hashable {
    /// The key; for an interpolated SwiftUI key, its text with `CodeLexer.hole` where each
    /// interpolation stands.
    public var key: String
    public var interpolated: Bool
    /// The table named at the call (`tableName:`, `table:`, `NSLocalizedStringFromTable`); nil
    /// for the default, `Localizable`.
    public var table: String?
    /// The bundle argument as written (`.module`, `Bundle.main`), when one is given.
    public var bundle: String?
    /// The text shown where the table lacks the key (`value:`, `defaultValue:`, SwiftGen's `fallback:`).
    public var defaultValue: String?
    /// The function, initialiser or modifier: `NSLocalizedString`, `Text`, `.navigationTitle`.
    public var construct: String
    public var keyOffset: Int
    /// `String(format: NSLocalizedString("k", …), a, b)`: the arguments given, and where.
    public var formatArguments: Int?
    public var formatOffset: Int?
    /// Inside `#Preview`, a `PreviewProvider` or `#if DEBUG`: code no user runs.
    public var inPreviewOrDebug = false
    /// Whether Xcode extracts the key into a String Catalog when it builds (`NSLocalizedString`,
    /// `String(localized:)`, `LocalizedStringResource`, SwiftUI), unlike a `Bundle` lookup, SwiftGen
    /// or a wrapper.
    public var extractedByXcode = true
    /// For SwiftGen's `tr`: the generated accessor (`L10n.Common.Controls.Actions.open`) whose
    /// use elsewhere is the key's use.
    public var accessor: String?

}

/// A wrapper the project calls instead of `NSLocalizedString`: configured (`code: wrappers:`),
/// which argument is the key and which (if any) the table, by 1-based position or by label; or
/// inferred from its definition in the app's code (`WrapperInference`).
public struct LocalizedStringWrapper: Sendable, Hashable {
    public var name: String
    public var key: Int
    public var table: Int?
    public var tableLabel: String?
    /// The key argument's label (`key:`), when the definition gives it one: then the argument of
    /// that label is the key wherever it stands.
    public var keyLabel: String?
    /// A member of `String` whose receiver is the key: `"settings.title".localized`.
    public var onString = false
    /// The table the wrapper's body names (`tableName: "Settings"`), when it names one.
    public var fixedTable: String?
    /// Whether the body looks the key up in a table chosen at run time (not a literal, not a
    /// parameter): its keys are then not matched to a table.
    public var tableUnknown = false
    /// Whether the key parameter is a `LocalizedStringKey` (or `LocalizedStringResource`,
    /// `String.LocalizationValue`): Xcode extracts the literals passed for it, and an interpolated
    /// one is a format key (`"\(count) posts"` → `%lld posts`).
    public var takesLocalizedKey = false
    /// An inferred wrapper's parameters' labels (nil for `_`), and whether it takes a variadic
    /// list: a call that does not fit is another function of the same name.
    public var parameterLabels: [String?]?
    public var variadic = false
    /// Where an inferred wrapper is defined, and what it passes its key to, for `dump`.
    public var inferred: InferredAt?

    /// Where an inferred wrapper is defined (path, 1-based line) and the call its key goes to.
    public struct InferredAt: Sendable, Hashable {
        public var path: String
        public var line: Int
        public var passesTo: String
    }

    public init(name: String, key: Int, table: Int? = nil, tableLabel: String? = nil) {
        self.name = name
        self.key = key
        self.table = table
        self.tableLabel = tableLabel
    }

    /// How it is called, for messages: `localizedString(_:)`, `"…".localized`.
    public var shape: String { onString ? "\"…\".\(name)" : "\(name)(…)" }
}

/// What the app's code does with its tables: the literal keys it looks up, and the tables it
/// looks keys up in by a key built while the program runs (whose keys all may be used).
public struct LocalizedStringUses: Sendable, Hashable {
    public var uses: [LocalizedStringUse] = []
    /// Tables (nil: `Localizable`) with a lookup whose key is not a literal.
    public var dynamicTables: Set<String?> = []
    /// Keys prefixes of interpolated lookups (`NSLocalizedString("error.\(code)", …)` → `error.`).
    public var dynamicPrefixes: [(table: String?, prefix: String)] = []
    /// Every plain string literal of the file: a key written anywhere in code (an enum's
    /// `var title: LocalizedStringKey { "timeline.home" }`, a dictionary of keys) may be looked up.
    public var literals: Set<String> = []
    /// Interpolated literals, with `CodeLexer.hole` for each interpolation: `"\(x) liked it"` may
    /// become the key `%@ liked it` through a `LocalizedStringKey` or `LocalizedStringResource`.
    public var literalPatterns: Set<String> = []
    /// The wrappers this file defines (see `WrapperDefinition`).
    public var wrapperDefinitions: [WrapperDefinition] = []
    /// Member chains starting with a capitalised name (`L10n.Common.Controls.Actions.open`), for
    /// SwiftGen's accessors.
    public var memberChains: Set<String> = []

    public init() {}

    /// Adds what another stretch of the same file uses (the code inside an interpolation).
    mutating func merge(_ other: LocalizedStringUses) {
        uses += other.uses
        dynamicTables.formUnion(other.dynamicTables)
        dynamicPrefixes += other.dynamicPrefixes
        literals.formUnion(other.literals)
        literalPatterns.formUnion(other.literalPatterns)
        memberChains.formUnion(other.memberChains)
        wrapperDefinitions += other.wrapperDefinitions
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.uses == rhs.uses && lhs.dynamicTables == rhs.dynamicTables
            && lhs.dynamicPrefixes.map { "\($0.table ?? "")/\($0.prefix)" } == rhs.dynamicPrefixes.map { "\($0.table ?? "")/\($0.prefix)" }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(uses) }
}
