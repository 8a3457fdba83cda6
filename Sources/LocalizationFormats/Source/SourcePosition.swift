/// A 1-based line and column in decoded text.
///
/// (Not `SourceLocation`, which Swift Testing already declares.)
///
/// Columns count Unicode scalars from the start of the line, so a position means the same thing
/// whether the file on disk was UTF-8, UTF-16 or UTF-32.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
