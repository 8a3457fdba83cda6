/// What an entry's value is, when it is not the usual string.
public enum StringsValueKind: String, Sendable, Hashable, Codable {
    case string
    case dictionary
    case array
    case data
}

/// One `key = value;` entry of a `.strings` table, with where it stands and whether it loads.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    /// The decoded value; nil when the value is not a string (see `valueKind`).
    public var value: String?
    /// The comments between the previous entry and this one, without comment markers.
    public var comment: String?
    // Positions and flags in 16 bytes (64 bytes an entry instead of 80): line 0 stands for no
    // position, and the flags take the top 6 bits of the value's line, so lines are clamped at
    // 67,108,863.
    private var keyLine: UInt32
    private var keyColumn: UInt32
    private var valueLineAndFlags: UInt32
    private var valueColumn: UInt32

    private static let lineMask: UInt32 = (1 << 26) - 1
    private static let loadedFlag: UInt32 = 1 << 26
    private static let shorthandFlag: UInt32 = 1 << 27
    private static let verbatimFlag: UInt32 = 1 << 28
    private static let quotedFlag: UInt32 = 1 << 29
    private static let kindShift: UInt32 = 30

    /// Nil only for compiled binary property lists, which carry no positions.
    public var keyLocation: SourcePosition? {
        get { keyLine == 0 ? nil : SourcePosition(line: Int(keyLine), column: Int(keyColumn)) }
        set { (keyLine, keyColumn) = Self.stored(newValue) }
    }

    public var valueLocation: SourcePosition? {
        get {
            let line = valueLineAndFlags & Self.lineMask
            return line == 0 ? nil : SourcePosition(line: Int(line), column: Int(valueColumn))
        }
        set {
            let (line, column) = Self.stored(newValue)
            valueLineAndFlags = valueLineAndFlags & ~Self.lineMask | line
            valueColumn = column
        }
    }

    public var valueKind: StringsValueKind {
        get {
            switch valueLineAndFlags >> Self.kindShift {
            case 0: .string
            case 1: .dictionary
            case 2: .array
            default: .data
            }
        }
        set {
            let code: UInt32 =
                switch newValue {
                case .string: 0
                case .dictionary: 1
                case .array: 2
                case .data: 3
                }
            valueLineAndFlags = valueLineAndFlags & ~(3 << Self.kindShift) | code << Self.kindShift
        }
    }

    /// False when a device would not load this entry: the file is rejected as a whole, or the entry
    /// stands after a point where CoreFoundation silently stops reading.
    public var loaded: Bool {
        get { flag(Self.loadedFlag) }
        set { setFlag(Self.loadedFlag, newValue) }
    }
    /// `"key";` shorthand, whose value is the key itself.
    public var isShorthand: Bool {
        get { flag(Self.shorthandFlag) }
        set { setFlag(Self.shorthandFlag, newValue) }
    }
    /// True when the value is written without escapes, so a character offset in `value` maps onto
    /// the source by counting from `valueLocation` (past the opening quote when quoted).
    public var valueIsVerbatim: Bool {
        get { flag(Self.verbatimFlag) }
        set { setFlag(Self.verbatimFlag, newValue) }
    }
    /// True when `valueLocation` is an opening quote.
    public var valueIsQuoted: Bool {
        get { flag(Self.quotedFlag) }
        set { setFlag(Self.quotedFlag, newValue) }
    }

    public init(
        key: String, value: String?, valueKind: StringsValueKind = .string, keyLocation: SourcePosition?,
        valueLocation: SourcePosition?, loaded: Bool = true, isShorthand: Bool = false, comment: String? = nil,
        valueIsVerbatim: Bool = false, valueIsQuoted: Bool = true
    ) {
        self.key = key
        self.value = value
        self.comment = comment
        (keyLine, keyColumn) = Self.stored(keyLocation)
        let (line, column) = Self.stored(valueLocation)
        valueLineAndFlags = line
        valueColumn = column
        self.valueKind = valueKind
        self.loaded = loaded
        self.isShorthand = isShorthand
        self.valueIsVerbatim = valueIsVerbatim
        self.valueIsQuoted = valueIsQuoted
    }

    private static func stored(_ position: SourcePosition?) -> (line: UInt32, column: UInt32) {
        guard let position else { return (0, 0) }
        return (UInt32(clamping: min(position.line, Int(lineMask))), UInt32(clamping: position.column))
    }

    private func flag(_ bit: UInt32) -> Bool { valueLineAndFlags & bit != 0 }

    private mutating func setFlag(_ bit: UInt32, _ on: Bool) {
        if on { valueLineAndFlags |= bit } else { valueLineAndFlags &= ~bit }
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
