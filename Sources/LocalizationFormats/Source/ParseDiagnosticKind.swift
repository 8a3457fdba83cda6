/// Every diagnostic the parsers and the tree loader can emit, with its stable id.
///
/// The id strings are API: configurations, baselines and scripts refer to them, so a case may be
/// renamed but its raw value may not.
public enum ParseDiagnosticKind: String, Sendable, CaseIterable, Codable {
    case fileUnreadable = "file-unreadable"
    case fileTooLarge = "file-too-large"
    case emptyFile = "empty-file"
    case invalidEncoding = "invalid-encoding"
    case utf16WithoutBOM = "utf16-without-bom"
    case loneSurrogate = "lone-surrogate"
    case binaryPropertyList = "binary-plist"
    case stringsSyntaxError = "strings-syntax-error"
    case stringsSilentTruncation = "strings-silent-truncation"
    case stringsUnterminatedComment = "strings-unterminated-comment"
    case stringsLowercaseUEscape = "strings-lowercase-u-escape"
    case stringsUnknownEscape = "strings-unknown-escape"
    case duplicateKey = "duplicate-key"
    case nonStringValue = "non-string-value"
    case notATable = "not-a-table"
    case nestingTooDeep = "nesting-too-deep"
    case xmlSyntaxError = "xml-syntax-error"
    case xmlEntityReference = "xml-entity-reference"
    case plistInvalidStructure = "plist-invalid-structure"
    case stringsdictInvalidStructure = "stringsdict-invalid-structure"
    case stringsdictMissingVariable = "stringsdict-missing-variable"
    case stringsdictUnusedVariable = "stringsdict-unused-variable"
    case stringsdictMissingOther = "stringsdict-missing-other"
    case stringsdictMissingValueType = "stringsdict-missing-value-type"
    case jsonSyntaxError = "json-syntax-error"
    case jsonDuplicateKey = "json-duplicate-key"
    case xcstringsInvalidStructure = "xcstrings-invalid-structure"
    case xliffInvalidStructure = "xliff-invalid-structure"
    case duplicateLocaleFolder = "duplicate-locale-folder"
    case symlinkLoop = "symlink-loop"
    case symlinkOutsideRoot = "symlink-outside-root"

    /// The severity a finding of this kind has unless the finding itself says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .emptyFile, .loneSurrogate, .stringsLowercaseUEscape, .duplicateKey, .jsonDuplicateKey,
            .stringsdictUnusedVariable, .stringsdictMissingValueType, .duplicateLocaleFolder, .symlinkLoop, .symlinkOutsideRoot:
            .warning
        case .binaryPropertyList, .stringsUnknownEscape:
            .note
        default:
            .error
        }
    }
}

extension Diagnostic {
    /// A diagnostic of a known parse kind, with its default severity unless one is given.
    public init(
        _ kind: ParseDiagnosticKind, _ message: ParseMessage, path: String, at location: SourcePosition?,
        severity: Severity? = nil, byteOffset: Int? = nil, notes: [DiagnosticNote] = [], key: String? = nil
    ) {
        self.init(
            id: kind.rawValue, severity: severity ?? kind.defaultSeverity, message: message.text, path: path,
            location: location, byteOffset: byteOffset, notes: notes, key: key)
    }
}

extension DiagnosticNote {
    /// A note in the parsers' words.
    public init(message: ParseMessage, path: String, location: SourcePosition?) {
        self.init(message: message.text, path: path, location: location)
    }
}

extension Diagnostic {
    /// A file that could not be read: over the size limit, or unreadable for the reason given.
    public static func unreadable(_ error: FileReadError, path: String) -> Diagnostic {
        if case .tooLarge = error.reason {
            return Diagnostic(.fileTooLarge, .fileNotRead(reason: error.description), path: path, at: SourcePosition(line: 1, column: 1))
        }
        return Diagnostic(.fileUnreadable, .cannotReadFile(reason: error.description), path: path, at: SourcePosition(line: 1, column: 1))
    }
}

/// Counts a file's diagnostics of the kinds one value can repeat without end (one per escape)
/// by kind and key, and keeps the first `keptPerKind` of each: a value of 160,000 broken escapes
/// gets twenty findings and a count, not a record per escape. Counted per key, so a key's
/// suppression covers all of its findings alike.
struct DiagnosticKindTally {
    static let keptPerKind = 20
    /// The kinds counted: those reported once per escape in a text.
    static let repeatable: Set<ParseDiagnosticKind> = [.loneSurrogate, .stringsUnknownEscape, .stringsLowercaseUEscape]
    private var counts: [String: Int] = [:]

    private static func identity(_ id: String, _ key: String?) -> String { id + "\u{1F}" + (key ?? "") }

    /// Counts one more of `kind` about `key`; true while it is among the first `keptPerKind` (or
    /// the kind is not one that repeats).
    mutating func admit(_ kind: ParseDiagnosticKind, key: String?) -> Bool {
        guard Self.repeatable.contains(kind) else { return true }
        let identity = Self.identity(kind.rawValue, key)
        let count = counts[identity, default: 0] + 1
        counts[identity] = count
        return count <= Self.keptPerKind
    }

    mutating func reset() { counts = [:] }

    /// Appends "(and N more like it in this file)" to the last kept message of each kind and key
    /// that had more than were kept.
    func annotate<Item>(
        _ items: inout [Item], id: (Item) -> String, key: KeyPath<Item, String?>, message: WritableKeyPath<Item, String>
    ) {
        for (overflowing, count) in counts where count > Self.keptPerKind {
            guard let index = items.lastIndex(where: { Self.identity(id($0), $0[keyPath: key]) == overflowing }) else { continue }
            items[index][keyPath: message] += ParseMessage.moreLikeIt(count: count - Self.keptPerKind).text
        }
    }
}
