/// A replacement that fixes a diagnostic: the text between `start` and `end` (columns in Unicode
/// scalars, `end` exclusive) becomes `replacement`.
public struct FixIt: Sendable, Hashable, Codable {
    public var message: String
    public var path: String
    public var start: SourcePosition
    public var end: SourcePosition
    public var replacement: String
    /// The text the range holds when the fix-it is made; `fix` leaves a file whose text there is
    /// anything else. Nil for a removal of a whole `.strings` entry, which must match one.
    public var original: String?
    /// Whether the repair changes what the file delivers (removing a payload key a device still
    /// reads): `fix` applies it only when asked to (`--unsafe`).
    public var unsafe = false

    public init(
        message: String, path: String, start: SourcePosition, end: SourcePosition, replacement: String, original: String? = nil,
        unsafe: Bool = false
    ) {
        self.message = message
        self.path = path
        self.start = start
        self.end = end
        self.replacement = replacement
        self.original = original
        self.unsafe = unsafe
    }

    private enum CodingKeys: String, CodingKey {
        case message, path, start, end, replacement
    }
}
