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

/// A wrapper the project calls instead of `NSLocalizedString` (`code: wrappers:`): which argument
/// is the key and which (if any) the table, by 1-based position or by label.
public struct LocalizedStringWrapper: Sendable, Hashable {
    public var name: String
    public var key: Int
    public var table: Int?
    public var tableLabel: String?

    public init(name: String, key: Int, table: Int? = nil, tableLabel: String? = nil) {
        self.name = name
        self.key = key
        self.table = table
        self.tableLabel = tableLabel
    }
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
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.uses == rhs.uses && lhs.dynamicTables == rhs.dynamicTables
            && lhs.dynamicPrefixes.map { "\($0.table ?? "")/\($0.prefix)" } == rhs.dynamicPrefixes.map { "\($0.table ?? "")/\($0.prefix)" }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(uses) }
}
