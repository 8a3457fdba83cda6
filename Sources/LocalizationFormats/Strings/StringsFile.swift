/// What an entry's value is, when it is not the usual string.
public enum StringsValueKind: String, Sendable, Hashable, Codable {
    case string
    case dictionary
    case array
    case data
}

/// One `key = value;` entry of a `.strings` table, with where it stands and whether it loads.
public struct StringsEntry: Sendable, Hashable {
    // The strings first and the flags together: 80 bytes an entry instead of 88.
    public var key: String
    /// The decoded value; nil when the value is not a string (see `valueKind`).
    public var value: String?
    /// The comments between the previous entry and this one, without comment markers.
    public var comment: String?
    /// Nil only for compiled binary property lists, which carry no positions.
    public var keyLocation: SourcePosition?
    public var valueLocation: SourcePosition?
    public var valueKind: StringsValueKind
    /// False when a device would not load this entry: the file is rejected as a whole, or the entry
    /// stands after a point where CoreFoundation silently stops reading.
    public var loaded: Bool
    /// `"key";` shorthand, whose value is the key itself.
    public var isShorthand: Bool
    /// True when the value is written without escapes, so a character offset in `value` maps onto
    /// the source by counting from `valueLocation` (past the opening quote when quoted).
    public var valueIsVerbatim: Bool
    /// True when `valueLocation` is an opening quote.
    public var valueIsQuoted: Bool

    public init(
        key: String, value: String?, valueKind: StringsValueKind = .string, keyLocation: SourcePosition?,
        valueLocation: SourcePosition?, loaded: Bool = true, isShorthand: Bool = false, comment: String? = nil,
        valueIsVerbatim: Bool = false, valueIsQuoted: Bool = true
    ) {
        self.valueIsVerbatim = valueIsVerbatim
        self.valueIsQuoted = valueIsQuoted
        self.key = key
        self.value = value
        self.valueKind = valueKind
        self.keyLocation = keyLocation
        self.valueLocation = valueLocation
        self.loaded = loaded
        self.isShorthand = isShorthand
        self.comment = comment
    }
}

/// The parsed content of one `.strings` file.
public struct StringsFile: Sendable {
    public var path: String
    public var encoding: TextEncoding
    /// Every entry in source order, including those that would not load.
    public var entries: [StringsEntry]
    public var diagnostics: [Diagnostic]
    /// False when Foundation would reject the file as a whole, so no key of it loads.
    public var loads: Bool

    public init(
        path: String, encoding: TextEncoding, entries: [StringsEntry], diagnostics: [Diagnostic], loads: Bool
    ) {
        self.path = path
        self.encoding = encoding
        self.entries = entries
        self.diagnostics = diagnostics
        self.loads = loads
    }

    /// The key → value table a device would load: the last loaded definition of each key wins,
    /// and a key whose winning value is not a string has no text.
    public var loadedTable: [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries where entry.loaded {
            table[entry.key] = entry.value
        }
        return table
    }
}
