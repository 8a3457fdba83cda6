/// Every diagnostic the parsers and the tree loader can emit, with its stable id.
///
/// The id strings are API: configurations, baselines and scripts refer to them, so a case may be
/// renamed but its raw value may not.
public enum ParseDiagnosticKind: String, Sendable, CaseIterable, Codable {
    case fileUnreadable = "file-unreadable"
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

    /// One line for `stringscheck dump` and the docs.
    public var summary: String {
        switch self {
        case .fileUnreadable: "the file could not be read"
        case .emptyFile: "the file is empty; Foundation refuses it and no key loads"
        case .invalidEncoding: "bytes that cannot be decoded in the file's encoding"
        case .utf16WithoutBOM: "UTF-16 text without a byte order mark, which CoreFoundation misreads"
        case .loneSurrogate: "an unpaired UTF-16 surrogate, shown as U+FFFD"
        case .binaryPropertyList: "a compiled binary property list, read without line numbers"
        case .stringsSyntaxError: "a .strings syntax error; Foundation loads nothing from the file"
        case .stringsSilentTruncation: "CoreFoundation silently stops reading here; later entries never load"
        case .stringsUnterminatedComment: "a /* comment that never ends silently swallows the rest of the file"
        case .stringsLowercaseUEscape: "\\u is not an escape in .strings files; use \\U"
        case .stringsUnknownEscape: "an unknown escape is read as the character itself"
        case .duplicateKey: "a key defined twice; the last definition wins"
        case .nonStringValue: "a value that is not a string"
        case .notATable: "the file's top level is not a dictionary of strings"
        case .nestingTooDeep: "nesting deeper than the parser allows"
        case .xmlSyntaxError: "the XML is not well-formed"
        case .xmlEntityReference: "an entity reference that is never expanded"
        case .plistInvalidStructure: "a property list element in the wrong place or with a bad value"
        case .stringsdictInvalidStructure: "a .stringsdict entry that does not follow the format"
        case .stringsdictMissingVariable: "a %#@variable@ with no rule dictionary"
        case .stringsdictUnusedVariable: "a variable rule dictionary that the format never uses"
        case .stringsdictMissingOther: "a plural rule without the required 'other' form"
        case .stringsdictMissingValueType: "a plural rule without NSStringFormatValueTypeKey"
        case .jsonSyntaxError: "the JSON is not well-formed"
        case .jsonDuplicateKey: "a JSON object with the same key twice"
        case .xcstringsInvalidStructure: "a String Catalog value of the wrong type or shape"
        case .duplicateLocaleFolder: "two .lproj folders that name the same locale"
        case .symlinkLoop: "a symbolic link that leads back into the tree; not followed"
        case .symlinkOutsideRoot: "a symbolic link that leads outside the tree; not followed"
        }
    }
}

extension Diagnostic {
    /// A diagnostic of a known parse kind, with its default severity unless one is given.
    public init(
        _ kind: ParseDiagnosticKind, _ message: String, path: String, at location: SourcePosition?,
        severity: Severity? = nil, byteOffset: Int? = nil, notes: [DiagnosticNote] = []
    ) {
        self.init(
            id: kind.rawValue, severity: severity ?? kind.defaultSeverity, message: message, path: path,
            location: location, byteOffset: byteOffset, notes: notes)
    }
}
