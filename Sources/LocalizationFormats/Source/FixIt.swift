/// A replacement that fixes a diagnostic: the text between `start` and `end` (columns in Unicode
/// scalars, `end` exclusive) becomes `replacement`.
public struct FixIt: Sendable, Hashable, Codable {
    public var message: String
    public var path: String
    public var start: SourcePosition
    public var end: SourcePosition
    public var replacement: String

    public init(message: String, path: String, start: SourcePosition, end: SourcePosition, replacement: String) {
        self.message = message
        self.path = path
        self.start = start
        self.end = end
        self.replacement = replacement
    }
}
