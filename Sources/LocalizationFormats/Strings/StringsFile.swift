/// What an entry's value is, when it is not the usual string.
public enum StringsValueKind: String, Sendable, Hashable, Codable {
    case string
    case dictionary
    case array
    case data
}

/// One `key = value;` entry of a `.strings` table, with where it stands and whether it loads.
///
/// The value and the comment are kept by the file, as UTF-8 in one buffer (see
/// `StringsFile.value(of:)`): a table of 5,000 entries holds one allocation for its text
/// instead of a string object per value and per comment, and an entry is 48 bytes.
public struct StringsEntry: Sendable {
    public var key: String
    /// Where the value's UTF-8 stands in the file's text; `noText` when the value is not a string.
    var valueStart: UInt32
    var valueCount: UInt32
    /// Where the comment's UTF-8 stands in the file's text; `noText` when there is none.
    var commentStart: UInt32
    var commentCount: UInt32
    // Positions and flags in 16 bytes: line 0 stands for no position, and the flags take the top
    // 6 bits of the value's line, so lines are clamped at 67,108,863.
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
    static let noText = UInt32.max

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

    /// `.string` unless the value is a dictionary, an array or data, which has no text.
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
    /// True when the value is written without escapes, so a character offset in the value maps
    /// onto the source by counting from `valueLocation` (past the opening quote when quoted).
    public var valueIsVerbatim: Bool {
        get { flag(Self.verbatimFlag) }
        set { setFlag(Self.verbatimFlag, newValue) }
    }
    /// True when `valueLocation` is an opening quote.
    public var valueIsQuoted: Bool {
        get { flag(Self.quotedFlag) }
        set { setFlag(Self.quotedFlag, newValue) }
    }
    /// False when the value is not a string (see `valueKind`): the file's `value(of:)` is nil.
    public var hasValue: Bool { valueStart != Self.noText }

    /// An entry whose value (`value`) and comment (`comment`) stand at these ranges of its file's
    /// text (nil for a value that is not a string and for no comment).
    init(
        key: String, value: Range<Int>?, valueKind: StringsValueKind, comment: Range<Int>?, loaded: Bool = true,
        isShorthand: Bool = false, valueIsVerbatim: Bool = false, valueIsQuoted: Bool = true
    ) {
        self.key = key
        valueStart = value.map { UInt32($0.lowerBound) } ?? Self.noText
        valueCount = value.map { UInt32($0.count) } ?? 0
        commentStart = comment.map { UInt32($0.lowerBound) } ?? Self.noText
        commentCount = comment.map { UInt32($0.count) } ?? 0
        (keyLine, keyColumn) = (0, 0)
        (valueLineAndFlags, valueColumn) = (0, 0)
        self.valueKind = valueKind
        self.loaded = loaded
        self.isShorthand = isShorthand
        self.valueIsVerbatim = valueIsVerbatim
        self.valueIsQuoted = valueIsQuoted
    }

    var valueRange: Range<Int> { Int(valueStart)..<Int(valueStart) + Int(valueCount) }
    var commentRange: Range<Int>? {
        commentStart == Self.noText ? nil : Int(commentStart)..<Int(commentStart) + Int(commentCount)
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
    /// Every entry in source order, including those that would not load. Set only here: an
    /// entry's ranges point into this file's text.
    public internal(set) var entries: [StringsEntry]
    /// The values and comments of the entries, UTF-8, end to end.
    private(set) var text: [UInt8]
    public var diagnostics: [Diagnostic]
    /// False when Foundation would reject the file as a whole, so no key of it loads.
    public var loads: Bool

    /// No file: what a text that is not from a `.strings` file points to.
    static let none = StringsFile(path: "", encoding: .utf8, diagnostics: [], loads: true)

    /// A file with no entries (add them with `append`).
    public init(path: String, encoding: TextEncoding, diagnostics: [Diagnostic], loads: Bool) {
        self.init(path: path, encoding: encoding, entries: [], text: [], diagnostics: diagnostics, loads: loads)
    }

    init(
        path: String, encoding: TextEncoding, entries: [StringsEntry], text: [UInt8], diagnostics: [Diagnostic], loads: Bool
    ) {
        self.path = path
        self.encoding = encoding
        self.entries = entries
        self.text = text
        self.diagnostics = diagnostics
        self.loads = loads
    }

    /// The most text a file's entries can address (their ranges are 32-bit).
    static let maximumTextSize = Int(UInt32.max) - 1

    /// Adds an entry; `value` is nil for a value that is not a string (`valueKind` says what it is).
    /// Returns false, adding nothing, when the file's text would pass `maximumTextSize`.
    @discardableResult
    public mutating func append(
        key: String, value: String?, valueKind: StringsValueKind = .string, keyLocation: SourcePosition?,
        valueLocation: SourcePosition?, loaded: Bool = true, isShorthand: Bool = false, comment: String? = nil,
        valueIsVerbatim: Bool = false, valueIsQuoted: Bool = true
    ) -> Bool {
        guard text.count + (value?.utf8.count ?? 0) + (comment?.utf8.count ?? 0) <= Self.maximumTextSize else { return false }
        let valueRange = value.map { Self.append($0, to: &text) }
        let commentRange = comment.map { Self.append($0, to: &text) }
        append(
            key: key, valueRange: valueRange, valueKind: valueKind, keyLocation: keyLocation, valueLocation: valueLocation,
            loaded: loaded, isShorthand: isShorthand, commentRange: commentRange, valueIsVerbatim: valueIsVerbatim,
            valueIsQuoted: valueIsQuoted)
        return true
    }

    /// Adds an entry whose value (and comment) is text this file already holds: a property list
    /// that gives many keys one string object holds its text once.
    mutating func append(
        key: String, valueRange: Range<Int>?, valueKind: StringsValueKind, keyLocation: SourcePosition?,
        valueLocation: SourcePosition?, loaded: Bool = true, isShorthand: Bool = false, commentRange: Range<Int>? = nil,
        valueIsVerbatim: Bool = false, valueIsQuoted: Bool = true
    ) {
        var entry = StringsEntry(
            key: key, value: valueRange, valueKind: valueKind,
            comment: commentRange, loaded: loaded, isShorthand: isShorthand, valueIsVerbatim: valueIsVerbatim,
            valueIsQuoted: valueIsQuoted)
        entry.keyLocation = keyLocation
        entry.valueLocation = valueLocation
        entries.append(entry)
    }

    /// Adds `string` to the file's text; its range there, or nil past `maximumTextSize`.
    mutating func appendText(_ string: String) -> Range<Int>? {
        guard text.count + string.utf8.count <= Self.maximumTextSize else { return nil }
        return Self.append(string, to: &text)
    }

    private static func append(_ string: String, to text: inout [UInt8]) -> Range<Int> {
        let start = text.count
        text.append(contentsOf: string.utf8)
        return start..<text.count
    }

    /// The value of `entry` (one of this file's entries); nil when it is not a string.
    public func value(of entry: StringsEntry) -> String? {
        guard entry.hasValue else { return nil }
        return string(entry.valueRange)
    }

    /// The value of entry `index`; nil when it is not a string.
    public func value(at index: Int) -> String? {
        entries.withUnsafeBufferPointer { value(of: $0[index]) }
    }

    /// The comments written before `entry` (one of this file's entries), without comment markers.
    public func comment(of entry: StringsEntry) -> String? {
        entry.commentRange.map(string)
    }

    /// Whether `needle` is anywhere in the file's values and comments: a search for a word that
    /// most files never hold, made once before reading any entry's comment as a string.
    public func textContains(_ needle: String) -> Bool {
        ByteSearch.firstOccurrence(of: Array(needle.utf8), in: text) != nil
    }

    /// Calls `body` with the UTF-8 of the value of `entry` (one of this file's entries), without
    /// making a string; nil when the value is not a string.
    public func withValueBytes<Result>(
        of entry: StringsEntry, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        guard entry.hasValue else { return nil }
        return try withText(entry.valueRange, body)
    }

    /// The same for entry `index`, read in place (a copy of the entry retained its key).
    public func withValueBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        let range = entries.withUnsafeBufferPointer { $0[index].hasValue ? $0[index].valueRange : nil }
        guard let range else { return nil }
        return try withText(range, body)
    }

    /// Calls `body` with each entry's index and the UTF-8 of its value (entries whose value is a
    /// string), all read in place in one pass.
    public func forEachValueBytes(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try text.withUnsafeBufferPointer { text in
            try entries.withUnsafeBufferPointer { entries in
                for index in entries.indices where entries[index].hasValue {
                    try body(index, UnsafeBufferPointer(rebasing: text[entries[index].valueRange]))
                }
            }
        }
    }

    private func withText<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether `entry`'s value (one of this file's entries) is `string`, without making a string.
    public func value(of entry: StringsEntry, equals string: String) -> Bool {
        var string = string
        return withValueBytes(of: entry) { value in string.withUTF8 { value.elementsEqual($0) } } ?? false
    }

    private func string(_ range: Range<Int>) -> String {
        // The text holds only valid UTF-8 (the decoder repairs what is not).
        withText(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// The key → value table a device would load: the last loaded definition of each key wins,
    /// and a key whose winning value is not a string has no text.
    public var loadedTable: [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries where entry.loaded {
            table[entry.key] = value(of: entry)
        }
        return table
    }
}
