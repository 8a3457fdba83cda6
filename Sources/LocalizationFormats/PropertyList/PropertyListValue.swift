/// A property list value with the position of its element.
public struct PropertyListNode: Sendable, Hashable {
    // Not `indirect`, as for JSON: the arrays break the recursion, and a box per node cost an
    // allocation each.
    public enum Value: Sendable, Hashable {
        case string(String)
        /// The integer as written and its value (nil when it does not fit 64 bits).
        case integer(text: String, value: Int64?)
        case real(Double)
        case bool(Bool)
        /// The ISO 8601 text as written.
        case date(String)
        case data([UInt8])
        case array([PropertyListNode])
        case dictionary([PropertyListEntry])
    }

    public var value: Value
    /// Nil only for compiled binary property lists.
    public var location: SourcePosition?

    public init(_ value: Value, location: SourcePosition?) {
        self.value = value
        self.location = location
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var dictionary: [PropertyListEntry]? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }

    /// The value of the last entry with `key` (Foundation keeps the last of duplicate keys).
    public subscript(key: String) -> PropertyListNode? {
        dictionary?.last(where: { $0.key == key })?.value
    }

    /// The element name this value is written as, for messages.
    public var typeName: String {
        switch value {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// The type name as a message reads it: "an array", "a string", "data".
    public var typeNameWithArticle: String {
        switch value {
        case .data: "data"
        case .integer, .array: "an \(typeName)"
        case .real: "a real number"
        default: "a \(typeName)"
        }
    }
}

/// One `<key>` and its value inside a `<dict>`.
public struct PropertyListEntry: Sendable, Hashable {
    public var key: String
    public var keyLocation: SourcePosition?
    public var value: PropertyListNode

    public init(key: String, keyLocation: SourcePosition?, value: PropertyListNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A parsed property list file.
public struct PropertyListDocument: Sendable {
    public var path: String
    public var root: PropertyListNode?
    public var diagnostics: [Diagnostic]
    /// False when Foundation would refuse the file.
    public var loads: Bool
    /// True for compiled binary property lists (no positions).
    public var isBinary: Bool
}
