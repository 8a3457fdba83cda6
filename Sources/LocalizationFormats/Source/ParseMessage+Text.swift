/// The words of every parse message, one branch per case of `ParseMessage`, in the order of its
/// cases (grouped by the diagnostic they are reported under).
extension ParseMessage {
    /// The message as users read it.
    public var text: String {
        switch self {
        case .cannotReadFile(let reason): "cannot read the file: \(reason)"
        case .noSuchFileOrFolder: "no such file or folder"
        case .nameNotUTF8(let name): "cannot read '\(name)': its name is not valid UTF-8 (shown with U+FFFD); rename it"
        case .cannotReadFolder(let reason): "cannot read the folder: \(reason)"
        case .cannotReadEntry(let reason): "cannot read it: \(reason)"
        case .fileIsSymbolicLinkLoop: "cannot read the file: it is a symbolic link loop; it is not checked"
        case .fileIsDanglingSymbolicLink: "cannot read the file: it is a symbolic link to nothing; it is not checked"
        case .notRegularFile(let what): "it is \(what), not a regular file; only regular files are read"

        case .fileNotRead(let reason): "the file is not read: \(reason)"
        case .overFileSizeLimit(let size, let limit):
            "it is \(FileReadError.megabytes(size)), over the limit of \(FileReadError.megabytes(limit)) for one file (max_file_size in .stringscheck.yml)"
        case .stringsFileTooLarge(let bytes): "the file is \(bytes) bytes; a .strings file of 1 GB or more is not read"
        case .tableTextTooLarge(let limit, let key):
            "the table's text passes \(limit) bytes at '\(key)'; the rest is not read and the table is not checked"

        case .stringsEmptyFile: "the file is empty; Foundation refuses a zero-length property list, so the table loads nothing"
        case .stringsOnlyByteOrderMark:
            "the file holds only a byte order mark; Foundation refuses an empty string, so the table loads nothing"
        case .propertyListEmptyFile: "the file is empty; Foundation refuses it, so nothing in it loads"

        case .invalidUTF8Byte(let byte, let offset):
            "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(offset); \(Self.rejected)"
        case .truncatedCharacter(let encoding, let count, let offset):
            "the file ends in the middle of a \(encoding.rawValue) character (\(count) stray byte\(count == 1 ? "" : "s") at byte offset \(offset)); \(Self.rejected)"
        case .invalidScalar(let value, let offset):
            "0x\(String(value, radix: 16, uppercase: true)) at byte offset \(offset) is not a Unicode scalar; \(Self.rejected)"
        case .moreUndecodableSequences(let count, let atLeast): " (and \(atLeast ? "at least " : "")\(count) more undecodable sequences)"
        case .notText(let limit):
            "; with more than \(limit) undecodable sequences the file is taken for something other than text and not read further"

        case .utf16WithoutBOM(let littleEndian):
            "\(littleEndian ? "little" : "big")-endian UTF-16 without a byte order mark: CoreFoundation drops the first two bytes and misreads the rest, so the table loads nothing; save as UTF-8 or add a BOM"

        case .unpairedSurrogateInFile(let unit, let offset):
            "unpaired UTF-16 surrogate U+\(hex(unit)) at byte offset \(offset); it shows as U+FFFD"
        case .unpairedHighSurrogateEscape(let unit): "escape produces an unpaired high surrogate U+\(hex(unit)); it shows as U+FFFD"
        case .unpairedLowSurrogateEscape(let unit): "escape produces an unpaired low surrogate U+\(hex(unit)); it shows as U+FFFD"
        case .jsonUnpairedSurrogate(let unit): "'\\u\(hex(unit))' is an unpaired surrogate; it becomes U+FFFD"

        case .binaryPropertyList: "compiled binary property list: values are read without line numbers"

        case .stringsTextAfterTable: "unexpected text after the closing '}' of the table"
        case .stringsExpectedTableClose(let found): "expected '}' to close the table, found \(found)"
        case .stringsTableNeverClosed: "expected '}' to close the table opened here"
        case .stringsTextAfterTopLevelValue: "unexpected text after the top-level value"
        case .stringsExpectedKey(let found): "expected a key (a quoted string or an unquoted word), found \(found)"
        case .stringsExpectedSeparatorAfterKey(let key, let found):
            "expected '=' or ';' after the key '\(key)', found \(found ?? "the end of the file")"
        case .stringsExpectedValueAtEnd(let key): "expected a value after '=' for the key '\(key)', found the end of the file"
        case .stringsExpectedQuotedValue(let key, let found):
            "expected a value (a quoted string) after '=' for the key '\(key)', found \(found)"
        case .stringsExpectedSemicolonAfterValue(let key): "expected ';' after the value of '\(key)'"
        case .stringsUnterminatedString(let quote): "unterminated quoted string; expected a closing \(Self.quoteName(quote))"
        case .stringsBackslashAtEnd: "backslash at the end of the file; expected an escaped character"
        case .stringsExpectedValue(let found): "expected a value, found \(found ?? "the end of the file")"
        case .stringsDictionaryNeverClosed: "expected '}' to close the dictionary opened here"
        case .stringsExpectedNestedKey(let found): "expected a key or '}' in the dictionary, found \(found)"
        case .stringsExpectedSeparatorAfterNestedKey(let found): "expected '=' or ';' after a key, found \(found ?? "the end of the file")"
        case .stringsExpectedSemicolonAfterEntry: "expected ';' after a dictionary entry"
        case .stringsArrayNeverClosed: "expected ')' to close the array opened here"
        case .stringsArrayUnfinished: "expected ',' or ')' in the array opened here"
        case .stringsExpectedArraySeparator(let found): "expected ',' or ')' in the array, found \(found)"
        case .stringsOddHexDigits: "data has an odd number of hex digits"
        case .stringsInvalidDataCharacter(let found): "data may hold only hex digits and spaces, found \(found)"
        case .stringsDataNeverClosed: "expected '>' to close the data opened here"
        case .stringsFileRejected(let count):
            count == 0
                ? "; Foundation rejects the whole file, so the table loads nothing"
                : "; Foundation rejects the whole file, so none of its \(Self.entries(count)) \(Self.load(count)) and every key in it shows raw"

        case .stringsSilentStopAtUnexpected(let found, let lost):
            "unexpected \(found) where a key should start: CoreFoundation silently stops reading here, so \(Self.entries(lost)) after it never \(Self.load(lost))"
        case .stringsSilentStopAtUnclosedKey(let lost):
            "this quoted key is never closed: CoreFoundation silently stops reading here, so \(Self.entries(lost)) after it never \(Self.load(lost))"

        case .stringsCommentHidesEntries(let count, let firstKeys):
            "this comment is never closed: CoreFoundation silently skips the rest of the file, so \(Self.entries(count)) (\(Self.listing(firstKeys, of: count))) never \(Self.load(count)); add '*/'"
        case .stringsCommentNeverClosed:
            "this comment is never closed; CoreFoundation skips to the end of the file, so any entry added below it will not load; add '*/'"

        case .stringsLowercaseUEscape:
            "'\\u' is not an escape in .strings files: this reads as 'u' followed by the digits; write '\\U' instead"
        case .writeUpperCaseU:
            "write '\\U', the escape CoreFoundation reads"
        case .removeStraySemicolon:
            "remove the stray ';', so that CoreFoundation reads on"
        case .addSemicolon:
            "add the ';' that ends the entry"
        case .removeEarlierDefinition:
            "remove the earlier definition (with its comment): it has the same text, and the later one is the one that loads"

        case .stringsUnknownEscape(let byte):
            "unknown escape '\\\(String(UnicodeScalar(byte)))' is read as '\(String(UnicodeScalar(byte)))'"

        case .duplicateKeySameValue(let key): "the key '\(key)' is defined twice with the same value"
        case .duplicateKeyDifferentValues(let key):
            "the key '\(key)' is defined twice with different values; Foundation uses this later one"
        case .duplicateKey(let key): "the key '\(key)' is defined twice; Foundation uses this later one"
        case .firstDefinition(let key): "first definition of '\(key)' is here"
        case .duplicateKeyUntranslatedWins(let key, let locale, let firstLine):
            "the key '\(key)' is defined twice, and Foundation uses this later one, which is the development language's text: users of '\(locale)' see it untranslated, and the translation at line \(firstLine) is never shown"
        case .duplicateKeyBothTranslated(let key, let firstLine):
            "the key '\(key)' is defined twice with different translations; Foundation uses this later one, so users see a translation, and the one at line \(firstLine) is never shown"
        case .duplicateKeyBlock(let key, let more, let lines):
            "'\(key)' and \(more) more key\(more == 1 ? "" : "s") (lines \(lines.lowerBound)–\(lines.upperBound)) are defined again with different translations, as a pasted block; Foundation uses these later ones, so users see translations, and the earlier ones are never shown"
        case .moreDuplicateKeys(let count, let different, let listed):
            "\(count) more key\(count == 1 ? " is" : "s are") defined twice in this file (\(different) with different values); only the first \(listed) problems of a file are listed"

        case .stringsNestedValue(let key, let kind):
            "the value of '\(key)' is \(kind == .array ? "an array" : kind == .data ? "data" : "a dictionary"), not a string; lookups of this key do not return text"
        case .nonStringValue(let key, let found):
            "the value of '\(key)' is \(found), not a string; lookups of this key do not return text"

        case .stringsFileHoldsArray: "the file holds an array, not key = value entries; \(Self.notATable)"
        case .stringsFileHoldsData: "the file holds a data value, not key = value entries; \(Self.notATable)"
        case .stringsFileHoldsSingleString(let single):
            "the file holds the single string '\(single)', not key = value entries; \(Self.notATable)"
        case .topLevelNotDictionary(let found): "the top level is \(found), not a dictionary; the table loads nothing"

        case .nestedTooDeep(let limit): "arrays and dictionaries are nested more than \(limit) deep"

        case .xml(let message): Self.fromLibXML2(message)
        case .xmlWithoutMessage: Self.fromLibXML2("XML error")
        case .xmlNotWellFormed: "the file is not well-formed XML"
        case .xmlNothingLoads: "; Foundation cannot read the file, so nothing in it loads"

        case .xmlEntityReference(let name):
            "the entity reference '&\(name);' is not expanded; use a character reference or the character itself"

        case .xliffTooManyAttributes(let count):
            "a start tag with \(count) attributes (an XLIFF element has a few); the file is not read"
        case .xliffInternalSubset:
            "the document type declares entities or elements, which no XLIFF export holds; the file is not read"
        case .xliffNothingImports: "; Xcode cannot import the file, so none of its translations arrive"
        case .xliffNotXliff(let root):
            root.isEmpty
                ? "the document has no <xliff> root element" : "the root element is <\(root)>, not <xliff>; the file is not read as XLIFF"
        case .xliffVersion(let version): "XLIFF version \(version); Xcode reads and writes XLIFF 1.2"
        case .xliffFileWithoutOriginal: "<file> has no 'original' attribute, so its units belong to no table; they are not read"
        case .xliffUnitWithoutID: "<trans-unit> has no 'id' attribute, so it names no key; it is not read"
        case .xliffUnitWithoutSource(let id): "the unit '\(id)' has no <source>"
        case .xliffInlineElement(let element, let parent):
            "<\(parent)> holds the element <\(element)>, which Xcode does not write; only its text is read"
        case .xliffDuplicateUnit(let id, let original):
            "the unit '\(id)' stands twice in '\(original)'; only one of them can be the key's translation"
        case .plistTooManyAttributes(let count):
            "a start tag with \(count) attributes (a property list element has at most one); the file is not read"
        case .plistInternalSubset:
            "the document type has an internal subset (entity or element declarations); Foundation refuses such property lists"
        case .plistNoRootElement: "the document has no root element"
        case .plistEmpty: "<plist> holds no value"
        case .plistSeveralValues(let count): "<plist> holds \(count) values; only the first is read"
        case .plistElementInText(let element, let child): "<\(element)> may hold only text, found <\(child)>"
        case .plistKeyOutsideDictionary: "<key> outside a <dict>"
        case .plistBooleanNotEmpty(let element): "<\(element)/> must be empty"
        case .plistUnknownElement(let element): "<\(element)> is not a property list element"
        case .plistExpectedKey(let found): "expected <key> in <dict>, found <\(found)>"
        case .plistKeyWithoutValue(let key): "the key '\(key)' has no value"
        case .plistInvalidInteger(let text): "'\(text)' is not an integer"
        case .plistInvalidReal(let text): "'\(text)' is not a real number"
        case .plistInvalidDate(let text): "'\(text)' is not a date of the form 2024-01-31T12:00:00Z"
        case .plistInvalidBase64: "<data> does not hold valid base64"
        case .binaryPropertyListCorrupt: "the binary property list is corrupt; Foundation cannot read it, so nothing in it loads"

        case .stringsdictVariantNotString(let name, let place, let found): "'\(name)' in \(place.text) must be a string, found \(found)"
        case .stringsdictUnknownVariant(let name, let allowed, let place):
            "'\(name)' is not one of \(allowed.sorted().joined(separator: ", ")) in \(place.text); it is never used"
        case .stringsdictEntryNotDictionary(let key, let found): "the entry '\(key)' must be a dictionary, found \(found)"
        case .stringsdictNoFormatKey(let key): "the entry '\(key)' has no NSStringLocalizedFormatKey, so Foundation has no text for it"
        case .stringsdictFormatKeyNotString(let key): "NSStringLocalizedFormatKey of '\(key)' must be a string"
        case .stringsdictVariableNotDictionary(let name, let entry, let found):
            "'\(name)' in '\(entry)' must be a variable dictionary, found \(found)"
        case .stringsdictNoSpecType(let place): "\(place.text) has no NSStringFormatSpecTypeKey (e.g. NSStringPluralRuleType)"
        case .stringsdictUnknownSpecType(let place, let specType):
            "\(place.text) has the unknown NSStringFormatSpecTypeKey '\(specType)'; expected NSStringPluralRuleType or NSStringDeviceSpecificRuleType"
        case .stringsdictMissingVariable(let key, let name):
            "the format of '\(key)' uses '%#@\(name)@' but the entry has no '\(name)' dictionary; the text shows unformatted"
        case .stringsdictUnusedVariable(let name, let key, let format):
            "the variable '\(name)' of '\(key)' is never used by the format '\(format.excerpt)'"
        case .stringsdictMissingOther(let place): "\(place.text) has no 'other' form, which every plural rule needs"
        case .stringsdictMissingValueType(let place):
            "\(place.text) has no NSStringFormatValueTypeKey, so the number's type is unknown (e.g. 'd' or 'ld')"

        case .jsonEmptyFile: "the file is empty; expected a JSON value"
        case .jsonTextAfterValue(let found): "unexpected \(found) after the JSON value"
        case .jsonNestedTooDeep(let limit): "JSON nested more than \(limit) levels deep"
        case .jsonExpectedValue(let found): "expected a JSON value, found \(found ?? "the end of the file")"
        case .jsonExpectedQuotedKey(let found): "expected a quoted key, found \(found)"
        case .jsonExpectedColon(let key, let found): "expected ':' after the key \"\(key)\", found \(found)"
        case .jsonObjectNeverClosed: "expected ',' or '}' to continue the object opened here"
        case .jsonExpectedObjectSeparator(let key, let found): "expected ',' or '}' after the value of \"\(key)\", found \(found)"
        case .jsonArrayNeverClosed: "expected ',' or ']' to continue the array opened here"
        case .jsonExpectedArraySeparator(let found): "expected ',' or ']' in the array, found \(found)"
        case .jsonExpectedDigit: "expected a digit in the number"
        case .jsonLeadingZero: "numbers may not have leading zeros"
        case .jsonExpectedFractionDigit: "expected a digit after '.'"
        case .jsonExpectedExponentDigit: "expected a digit in the exponent"
        case .jsonControlCharacter(let byte):
            "control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string; escape it"
        case .jsonShortUnicodeEscape: "'\\u' must be followed by four hex digits"
        case .jsonInvalidEscape(let byte): "'\\\(Character(UnicodeScalar(byte)))' is not a JSON escape"
        case .jsonUnterminatedString: "unterminated string; expected a closing '\"'"
        case .jsonNoValue: "the file holds no JSON value"

        case .jsonDuplicateKey(let key): "the key \"\(key)\" appears twice in this object; most readers keep only the later one"
        case .jsonFirstKey(let key): "first \"\(key)\" is here"
        case .jsonMoreDuplicateKeys(let count, let listed):
            "\(count) more key\(count == 1 ? " appears" : "s appear") twice in an object of this file; only the first \(listed) are listed"

        case .catalogStringsNotObject(let found): "\"strings\" must be an object, found \(found)"
        case .catalogTopLevelNotObject(let found):
            "the top level must be an object with \"sourceLanguage\" and \"strings\", found \(found)"
        case .catalogNoSourceLanguage: "the catalog has no \"sourceLanguage\""
        case .catalogMemberNotString(let name, let found): "\"\(name)\" must be a string, found \(found)"
        case .catalogEntryNotObject(let key, let found): "the entry \"\(key)\" must be an object, found \(found)"
        case .catalogShouldTranslateNotBool: "\"shouldTranslate\" must be true or false"
        case .catalogLocalizationsNotObject(let key): "\"localizations\" of \"\(key)\" must be an object"
        case .catalogValueNotObject(let place, let found): "\(place.text) must be an object, found \(found)"
        case .catalogUnknownState(let state, let place):
            "unknown state '\(state)' for \(place.text); expected translated, needs_review, new, stale or machine_translated"
        case .catalogStringUnitInvalid(let place): "the stringUnit of \(place.text) must be an object with a string \"value\""
        case .catalogSubstitutionsNotObject(let place): "\"substitutions\" of \(place.text) must be an object"
        case .catalogTooManySubstitutions(let place, let count, let limit):
            "\(place.text) has \(count) substitutions; only the first \(limit) are read"
        case .catalogInvalidArgNum(let substitution, let place, let found):
            "\"argNum\" of substitution '\(substitution)' in \(place.text) must be a whole number from 1, found \(found)"
        case .catalogVariationsNotObject(let place): "\"variations\" of \(place.text) must be an object"

        case .duplicateLocaleFolder(let folder, let first, let locale):
            "'\(folder)' and '\(first)' both name the locale '\(locale)'; a device loads only one of them, so keys in the other may show raw"
        case .localeFolderIsHere(let folder): "'\(folder)' is here"

        case .symlinkLoop: "this folder was already visited through another path (a symbolic link loop); it is not read again"

        case .symlinkFolderOutsideRoot(let root, let target):
            "this symbolic link leads outside '\(root)' (to '\(target)'); it is not followed"
        case .symlinkFileOutsideRoot(let root): "this symbolic link leads outside '\(root)'; it is not read"

        case .payloadUnknownShape(let part):
            "\(part.text) is no push payload stringscheck knows: expected an APNs payload ({\"aps\": …}), an FCM message (message.apns.payload), an Easemob message (ext.em_apns_ext), an array of payloads or an object of named payloads"

        case .moreLikeIt(let count): " (and \(count) more like it in this file)"

        case .pluralUnexpectedToken(let token, let rule): "unexpected '\(token)' in '\(rule)'"
        case .pluralExpectedOperand(let token): "expected an operand (n i f t v w c e) at '\(token)'"
        case .pluralExpectedModulus: "expected a modulus after '%'"
        case .pluralExpectedInAfterNot: "expected 'in' after 'not'"
        case .pluralExpectedComparison: "expected '=' or '!='"
        case .pluralExpectedNumber: "expected a number"
        case .pluralExpectedRangeEnd: "expected a range end"
        }
    }

    /// What Foundation does with a file it cannot decode.
    private static let rejected = "Foundation rejects the whole file (\"Conversion of string failed\"), so the table loads nothing"

    private static let notATable = "a table must be a dictionary, so it loads nothing"

    /// "1 entry", "3 entries".
    private static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

    /// `'"'` or `"'"`: the quote as a message names it.
    private static func quoteName(_ quote: UInt8) -> String { quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"" }

    /// "'a', 'b', 'c' and 4 more": the keys quoted, and how many of `count` they leave out.
    private static func listing(_ keys: [String], of count: Int) -> String {
        keys.map { "'\($0)'" }.joined(separator: ", ") + (count > keys.count ? " and \(count - keys.count) more" : "")
    }

    /// "loads" or "load", after `count` entries.
    private static func load(_ count: Int) -> String { count == 1 ? "loads" : "load" }

    /// A libxml2 message as a diagnostic words it: "XML: " and the message, its first letter lowercased.
    private static func fromLibXML2(_ message: String) -> String { "XML: " + message.prefix(1).lowercased() + message.dropFirst() }
}
