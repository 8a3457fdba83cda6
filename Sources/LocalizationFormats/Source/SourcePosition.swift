/// A 1-based line and column in decoded text.
///
/// (Not `SourceLocation`, which Swift Testing already declares.)
///
/// Columns count Unicode scalars from the start of the line, so a position means the same thing
/// whether the file on disk was UTF-8, UTF-16 or UTF-32.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    // Stored in 32 bits: every entry, text and message holds one or two positions, and a pair of
    // `Int`s made each 24 bytes with its optional tag instead of 12. A text would need two billion
    // lines or columns to be clamped.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.clamped(newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.clamped(newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Self.clamped(line)
        storedColumn = Self.clamped(column)
    }

    private static func clamped(_ value: Int) -> Int32 {
        Int32(clamping: value)
    }

    private enum CodingKeys: String, CodingKey {
        case line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    public var description: String { "\(line):\(column)" }
}
