/// Every message the parsers and the tree loader write: a parser says what it saw and its
/// operands (a key, a byte, a count), grouped by the diagnostic kind (`ParseDiagnosticKind`) they
/// are reported under; the words are in `ParseMessage+Text.swift`, one branch per case.
public enum ParseMessage: Sendable, Hashable {
    // MARK: file-unreadable

    /// `reason`: a `FileReadError`'s description.
    case cannotReadFile(reason: String)
    case noSuchFileOrFolder
    case nameNotUTF8(name: String)
    case cannotReadFolder(reason: String)
    /// A folder entry whose `lstat` failed, for the system's `reason`.
    case cannotReadEntry(reason: String)
    case fileIsSymbolicLinkLoop
    case fileIsDanglingSymbolicLink
    /// A `FileReadError` for a named pipe, a device …; `what` is what it is instead.
    case notRegularFile(what: String)

    // MARK: file-too-large

    /// `reason`: a `FileReadError`'s description.
    case fileNotRead(reason: String)
    /// A `FileReadError` for a file over `max_file_size`.
    case overFileSizeLimit(size: Int, limit: Int)
    case stringsFileTooLarge(bytes: Int)
    case tableTextTooLarge(limit: Int, key: String)

    // MARK: empty-file

    case stringsEmptyFile
    case stringsOnlyByteOrderMark
    case propertyListEmptyFile

    // MARK: invalid-encoding

    case invalidUTF8Byte(byte: UInt8, offset: Int)
    case truncatedCharacter(encoding: TextEncoding, strayBytes: Int, offset: Int)
    case invalidScalar(value: UInt32, offset: Int)
    /// Appended to the last kept decoding problem of a file with more.
    case moreUndecodableSequences(count: Int, atLeast: Bool)
    /// Appended to the last decoding problem of a file taken for something other than text.
    case notText(limit: Int)

    // MARK: utf16-without-bom

    case utf16WithoutBOM(littleEndian: Bool)

    // MARK: lone-surrogate

    case unpairedSurrogateInFile(unit: UInt16, offset: Int)
    case unpairedHighSurrogateEscape(unit: UInt16)
    case unpairedLowSurrogateEscape(unit: UInt16)
    case jsonUnpairedSurrogate(unit: UInt16)

    // MARK: binary-plist

    case binaryPropertyList

    // MARK: strings-syntax-error

    case stringsTextAfterTable
    case stringsExpectedTableClose(found: String)
    case stringsTableNeverClosed
    case stringsTextAfterTopLevelValue
    case stringsExpectedKey(found: String)
    /// `found`: nil at the end of the file.
    case stringsExpectedSeparatorAfterKey(key: String, found: String?)
    case stringsExpectedValueAtEnd(key: String)
    case stringsExpectedQuotedValue(key: String, found: String)
    case stringsExpectedSemicolonAfterValue(key: String)
    /// `quote`: the quote that opened the string.
    case stringsUnterminatedString(quote: UInt8)
    case stringsBackslashAtEnd
    /// `found`: nil at the end of the file.
    case stringsExpectedValue(found: String?)
    case stringsDictionaryNeverClosed
    case stringsExpectedNestedKey(found: String)
    /// `found`: nil at the end of the file.
    case stringsExpectedSeparatorAfterNestedKey(found: String?)
    case stringsExpectedSemicolonAfterEntry
    case stringsArrayNeverClosed
    case stringsArrayUnfinished
    case stringsExpectedArraySeparator(found: String)
    case stringsOddHexDigits
    case stringsInvalidDataCharacter(found: String)
    case stringsDataNeverClosed
    /// Appended to the first error CoreFoundation stops at; `entries`: the file's entries.
    case stringsFileRejected(entries: Int)

    // MARK: strings-silent-truncation

    /// `lost`: the entries after the stop.
    case stringsSilentStopAtUnexpected(found: String, lost: Int)
    case stringsSilentStopAtUnclosedKey(lost: Int)

    // MARK: strings-unterminated-comment

    /// `firstKeys`: the first three of the `count` entries hidden.
    case stringsCommentHidesEntries(count: Int, firstKeys: [String])
    case stringsCommentNeverClosed

    // MARK: strings-lowercase-u-escape

    case stringsLowercaseUEscape
    /// Its fix-it.
    case writeUpperCaseU
    /// The fix-it of a key defined twice with the same text.
    case removeEarlierDefinition
    /// The fix-its of CoreFoundation's grammar.
    case removeStraySemicolon
    case addSemicolon

    // MARK: strings-unknown-escape

    /// `character`: the byte after the backslash.
    case stringsUnknownEscape(character: UInt8)

    // MARK: duplicate-key

    case duplicateKeySameValue(key: String)
    case duplicateKeyDifferentValues(key: String)
    case duplicateKey(key: String)
    /// A note.
    case firstDefinition(key: String)
    /// Duplicates past the first `listed` problems of a file, `different` of them with different values.
    case moreDuplicateKeys(count: Int, different: Int, listed: Int)
    /// In a translation, the later definition is the development text and an earlier one was translated.
    case duplicateKeyUntranslatedWins(key: String, locale: String, firstLine: Int)
    /// In a translation, both definitions are translations: users see the later one.
    case duplicateKeyBothTranslated(key: String, firstLine: Int)
    /// A run of keys of a translation defined again, as a pasted block.
    case duplicateKeyBlock(key: String, more: Int, lines: ClosedRange<Int>)

    // MARK: non-string-value

    /// A `.strings` value written as an array, data or a dictionary.
    case stringsNestedValue(key: String, kind: StringsValueKind)
    /// `found`: the value's type with its article.
    case nonStringValue(key: String, found: String)

    // MARK: not-a-table

    case stringsFileHoldsArray
    case stringsFileHoldsData
    case stringsFileHoldsSingleString(String)
    /// `found`: the top level's type with its article.
    case topLevelNotDictionary(found: String)

    // MARK: nesting-too-deep

    case nestedTooDeep(limit: Int)

    // MARK: xml-syntax-error

    /// Text that comes from libxml2 itself is an operand.
    case xml(libxml2: String)
    /// A libxml2 error without a message.
    case xmlWithoutMessage
    case xmlNotWellFormed
    /// Appended to the first syntax error.
    case xmlNothingLoads

    // MARK: xml-entity-reference

    case xmlEntityReference(name: String)

    // MARK: plist-invalid-structure

    case plistTooManyAttributes(count: Int)
    case plistInternalSubset
    case plistNoRootElement
    case plistEmpty
    case plistSeveralValues(count: Int)
    case plistElementInText(element: String, child: String)
    case plistKeyOutsideDictionary
    case plistBooleanNotEmpty(element: String)
    case plistUnknownElement(element: String)
    case plistExpectedKey(found: String)
    case plistKeyWithoutValue(key: String)
    case plistInvalidInteger(text: String)
    case plistInvalidReal(text: String)
    case plistInvalidDate(text: String)
    case plistInvalidBase64
    case binaryPropertyListCorrupt

    // MARK: stringsdict-invalid-structure

    /// `found`: the value's type with its article.
    case stringsdictVariantNotString(name: String, place: StringsdictPlace, found: String)
    case stringsdictUnknownVariant(name: String, allowed: Set<String>, place: StringsdictPlace)
    case stringsdictEntryNotDictionary(key: String, found: String)
    case stringsdictNoFormatKey(key: String)
    case stringsdictFormatKeyNotString(key: String)
    case stringsdictVariableNotDictionary(name: String, entry: String, found: String)
    case stringsdictNoSpecType(StringsdictPlace)
    case stringsdictUnknownSpecType(StringsdictPlace, specType: String)

    // MARK: stringsdict-missing-variable

    case stringsdictMissingVariable(key: String, name: String)

    // MARK: stringsdict-unused-variable

    case stringsdictUnusedVariable(name: String, key: String, format: String)

    // MARK: stringsdict-missing-other

    case stringsdictMissingOther(StringsdictPlace)

    // MARK: stringsdict-missing-value-type

    case stringsdictMissingValueType(StringsdictPlace)

    // MARK: json-syntax-error

    case jsonEmptyFile
    case jsonTextAfterValue(found: String)
    case jsonNestedTooDeep(limit: Int)
    /// `found`: nil at the end of the file.
    case jsonExpectedValue(found: String?)
    case jsonExpectedQuotedKey(found: String)
    case jsonExpectedColon(key: String, found: String)
    case jsonObjectNeverClosed
    case jsonExpectedObjectSeparator(key: String, found: String)
    case jsonArrayNeverClosed
    case jsonExpectedArraySeparator(found: String)
    case jsonExpectedDigit
    case jsonLeadingZero
    case jsonExpectedFractionDigit
    case jsonExpectedExponentDigit
    case jsonControlCharacter(byte: UInt8)
    case jsonShortUnicodeEscape
    /// `character`: the byte after the backslash.
    case jsonInvalidEscape(character: UInt8)
    case jsonUnterminatedString
    /// A file read with `JSONReader.root` that holds no value.
    case jsonNoValue

    // MARK: json-duplicate-key

    case jsonDuplicateKey(key: String)
    /// A note.
    case jsonFirstKey(key: String)
    case jsonMoreDuplicateKeys(count: Int, listed: Int)

    // MARK: xliff-invalid-structure

    case xliffTooManyAttributes(count: Int)
    case xliffInternalSubset
    /// Appended to the first syntax error of an XLIFF file.
    case xliffNothingImports
    case xliffNotXliff(root: String)
    case xliffVersion(String)
    case xliffFileWithoutOriginal
    case xliffUnitWithoutID
    case xliffUnitWithoutSource(id: String)
    case xliffInlineElement(element: String, parent: String)
    case xliffDuplicateUnit(id: String, original: String)

    // MARK: xcstrings-invalid-structure

    case catalogStringsNotObject(found: String)
    case catalogTopLevelNotObject(found: String)
    case catalogNoSourceLanguage
    case catalogMemberNotString(name: String, found: String)
    case catalogEntryNotObject(key: String, found: String)
    case catalogShouldTranslateNotBool
    case catalogLocalizationsNotObject(key: String)
    case catalogValueNotObject(CatalogPlace, found: String)
    case catalogUnknownState(state: String, CatalogPlace)
    case catalogStringUnitInvalid(CatalogPlace)
    case catalogSubstitutionsNotObject(CatalogPlace)
    case catalogTooManySubstitutions(CatalogPlace, count: Int, limit: Int)
    /// `found`: the value as written.
    case catalogInvalidArgNum(substitution: String, place: CatalogPlace, found: String)
    case catalogVariationsNotObject(CatalogPlace)

    // MARK: duplicate-locale-folder

    case duplicateLocaleFolder(folder: String, first: String, locale: String)
    /// A note.
    case localeFolderIsHere(folder: String)

    // MARK: symlink-loop

    case symlinkLoop

    // MARK: symlink-outside-root

    case symlinkFolderOutsideRoot(root: String, target: String)
    case symlinkFileOutsideRoot(root: String)

    // MARK: payload-invalid-structure

    case payloadUnknownShape(PayloadPart)

    // MARK: several kinds

    /// Appended by `DiagnosticKindTally` to the last kept message of a kind that repeats.
    case moreLikeIt(count: Int)

    // MARK: plural rules (PluralRuleError)

    case pluralUnexpectedToken(token: String, rule: String)
    case pluralExpectedOperand(at: String)
    case pluralExpectedModulus
    case pluralExpectedInAfterNot
    case pluralExpectedComparison
    case pluralExpectedNumber
    case pluralExpectedRangeEnd

    /// The dictionary of a `.stringsdict` entry a message is about.
    public enum StringsdictPlace: Sendable, Hashable {
        /// The entry's own dictionary (a width or device rule).
        case entry(String)
        case variable(String, entry: String)

        var text: String {
            switch self {
            case .entry(let key): "'\(key)'"
            case .variable(let name, let entry): "the variable '\(name)' of '\(entry)'"
            }
        }
    }

    /// The value of a String Catalog entry a message is about.
    public indirect enum CatalogPlace: Sendable, Hashable {
        case localization(key: String, locale: String)
        case substitution(CatalogPlace, name: String)
        case variation(CatalogPlace, selector: String, name: String)

        var text: String {
            switch self {
            case .localization(let key, let locale): "\"\(key)\" in \(locale)"
            case .substitution(let place, let name): "\(place.text), substitution '\(name)'"
            case .variation(let place, let selector, let name): "\(place.text), \(selector) '\(name)'"
            }
        }
    }

    /// The part of a payload template file that holds no payload.
    public enum PayloadPart: Sendable, Hashable {
        case file
        case item(Int)
        case member(String)

        var text: String {
            switch self {
            case .file: "the file"
            case .item(let index): "item \(index) of the array"
            case .member(let name): "'\(name)'"
            }
        }
    }
}
