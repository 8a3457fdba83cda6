import LocalizationFormats

// The parse rules report what the parsers find; their descriptions and examples live here so the
// docs, `explain` and the example tests treat them like every other rule.

/// Descriptions of the diagnostics the parsers and the tree loader emit.
public enum ParseRules {
    public static let descriptionsByID: [String: RuleDescription] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static let all: [RuleDescription] = ParseDiagnosticKind.allCases.map(description)

    static func description(_ kind: ParseDiagnosticKind) -> RuleDescription {
        let (rationale, fix) = texts(kind)
        let (triggering, nonTriggering) = examples(kind)
        return RuleDescription(
            id: kind.rawValue, name: kind.rawValue, area: .parse, summary: kind.summary, rationale: rationale, fix: fix,
            defaultSeverity: kind.defaultSeverity, triggering: triggering, nonTriggering: nonTriggering,
            examplesNotApplicable: notApplicable(kind))
    }

    static func texts(_ kind: ParseDiagnosticKind) -> (String, String) {
        switch kind {
        case .fileUnreadable:
            return (
                "The file or folder could not be read (missing, permission denied, or a folder named like a table).",
                "Fix the permissions or the path."
            )
        case .emptyFile:
            return (
                "A zero-length file, or one holding only a byte order mark. Foundation refuses a zero-length property list, so the table loads nothing: every key looked up in it shows raw. A warning, since an empty table and a refused one look the same on a device.",
                "Delete the file, or add the entries it should hold."
            )
        case .invalidEncoding:
            return (
                "Bytes that are not valid in the detected encoding (invalid UTF-8, a UTF-16 file with an odd byte count, a UTF-32 value that is no Unicode scalar). Foundation rejects the whole file (\"Conversion of string failed\"). The message gives the byte offset on disk; the position is in the decoded text, where U+FFFD stands in.",
                "Re-save the file as UTF-8."
            )
        case .utf16WithoutBOM:
            return (
                "UTF-16 text without a byte order mark. CoreFoundation takes any file whose first or second byte is NUL for UTF-16, skips two bytes and reads the rest in host order, so the table loads nothing. We decode it properly to report its entries. **How to fix:** Save as UTF-8 (diffs better) or UTF-16 with a BOM.",
                ""
            )
        case .loneSurrogate:
            return (
                "An unpaired UTF-16 surrogate, in UTF-16 text or made by a `\\U` escape (`\\Ud83d` without its low half). It shows as U+FFFD.",
                "Write the whole pair (`\\Ud83d\\Ude00`) or the character itself."
            )
        case .binaryPropertyList:
            return (
                "A compiled binary property list (`bplist00`), as built app bundles hold. Read through Foundation, so entries have no line numbers. **How to fix:** Nothing to fix; check the source file instead if you have it.",
                ""
            )
        case .stringsSyntaxError:
            return (
                "A syntax error CoreFoundation stops at: a missing `;` or `=`, a missing value, an unterminated string or `\\`, junk after a braced table, bad data. Foundation rejects the whole file, so every key of the table shows raw. The message names what was expected; the parser recovers at the next line and reports the rest.",
                "Add what the message says is expected."
            )
        case .stringsSilentTruncation:
            return (
                "After an entry's `;`, a character that cannot start a key (a second `;`, `}`, `,`, `#`, `<` …) or a quoted key that never closes ends CoreFoundation's reading loop *without an error*: the entries before it load, every entry after it silently does not. No other tool reports this.",
                "Delete the stray character."
            )
        case .stringsUnterminatedComment:
            return (
                "A `/*` that never closes: CoreFoundation silently skips everything after it. An error when entries follow (they are named), a warning when only comment text does. **How to fix:** Add `*/`.",
                ""
            )
        case .stringsLowercaseUEscape:
            return (
                "`\\u00e9` is not an escape in `.strings` files: CoreFoundation reads `u00e9` literally. Only `\\U` (upper case) takes hex digits. **How to fix:** Write `\\U00E9`, or the character itself.",
                ""
            )
        case .stringsUnknownEscape:
            return (
                "A backslash before a letter or digit that is not an escape (`\\x`, `\\8`): CoreFoundation keeps the character and drops the backslash. **How to fix:** Remove the backslash, or write `\\\\` for a backslash.",
                ""
            )
        case .duplicateKey:
            return (
                "A key defined twice in one table. Foundation keeps the last definition. An error when the values differ (which one did the author mean?), a warning when they are the same. A note points at the first definition. **How to fix:** Delete one of them.",
                ""
            )
        case .nonStringValue:
            return (
                "A value that is an array, dictionary or data (`(a, b)`, `{…}`, `<0a>`). Foundation loads it, but a lookup returns no text. **How to fix:** Make it a quoted string.",
                ""
            )
        case .notATable:
            return (
                "The top level is not a dictionary: a lone string, an array, data, or a property list whose root is not `<dict>`. A table must be a dictionary, so it loads nothing. **How to fix:** Write `\"key\" = \"value\";` entries.",
                ""
            )
        case .nestingTooDeep:
            return (
                "Arrays or dictionaries nested deeper than CoreFoundation (512) or our XML reader (128) allows. **How to fix:** Flatten the structure.",
                ""
            )
        case .xmlSyntaxError:
            return (
                "libxml2 found the XML not well-formed; Foundation cannot read the file either, so nothing in it loads. Position as libxml2 reports it.",
                "Fix the XML at the line given."
            )
        case .xmlEntityReference:
            return (
                "An entity reference (`&name;`) other than the five predefined ones. Entities are never expanded (no external files, no entity bombs). **How to fix:** Use the character or a character reference (`&#233;`).",
                ""
            )
        case .plistInvalidStructure:
            return (
                "A property list element in the wrong place or with a bad value: a `<key>` without a value, an unknown element, a bad `<integer>`, `<date>` or `<data>`, or an internal DTD subset, which Foundation refuses. **How to fix:** Fix the element.",
                ""
            )
        case .stringsdictInvalidStructure:
            return (
                "A `.stringsdict` entry that does not follow the format: not a dictionary, no `NSStringLocalizedFormatKey`, a variable without `NSStringFormatSpecTypeKey` or with an unknown one, a category name that is not `zero one two few many other` (or a device name). **How to fix:** Follow Apple's Stringsdict File Format.",
                ""
            )
        case .stringsdictMissingVariable:
            return (
                "The format uses `%#@name@` but the entry has no `name` dictionary; the text shows unformatted. **How to fix:** Add the variable's rule dictionary, or fix the name.",
                ""
            )
        case .stringsdictUnusedVariable:
            return (
                "A variable rule dictionary that neither the format nor any variant uses. **How to fix:** Delete it, or reference it with `%#@name@`.",
                ""
            )
        case .stringsdictMissingOther:
            return (
                "A plural rule without `other`, which every locale's plural rules need. **How to fix:** Add the `other` form.",
                ""
            )
        case .stringsdictMissingValueType:
            return (
                "A plural rule without `NSStringFormatValueTypeKey`, so the type of the number is unknown. **How to fix:** Add it (`d`, `ld`, `lld`, `f` …).",
                ""
            )
        case .jsonSyntaxError:
            return (
                "The JSON is not well-formed (RFC 8259, strictly: no comments, no trailing commas, no leading zeros). The message names what was expected. **How to fix:** Fix the JSON at the position given.",
                ""
            )
        case .jsonDuplicateKey:
            return (
                "An object with the same key twice; most readers keep the later one. **How to fix:** Delete one of them.",
                ""
            )
        case .xcstringsInvalidStructure:
            return (
                "A String Catalog value of the wrong type or shape, or an unknown `state`. **How to fix:** Let Xcode rewrite the catalog, or fix the value.",
                ""
            )
        case .duplicateLocaleFolder:
            return (
                "Two `.lproj` folders that name the same locale (`pt_BR.lproj` and `pt-BR.lproj`). A device loads one of them. **How to fix:** Merge them into one folder.",
                ""
            )
        case .symlinkLoop:
            return (
                "A symbolic link that leads back to a folder already read. It is not followed again. **How to fix:** Nothing, unless the link is a mistake.",
                ""
            )
        case .symlinkOutsideRoot:
            return (
                "A symbolic link that leads outside the tree given. It is not followed, so the tool never reads outside the paths it was given. **How to fix:** Give the link's target as a path of its own if it should be checked.",
                ""
            )
        }
    }

    static func notApplicable(_ kind: ParseDiagnosticKind) -> String? {
        switch kind {
        case .fileUnreadable: "needs a real file system (permissions, folders named like tables); covered by ProjectLoaderTests"
        case .binaryPropertyList: "a compiled property list has no positions to mark; covered by EncodingTests"
        case .nestingTooDeep: "needs 512 levels of nesting; covered by StringsParserTests"
        case .duplicateLocaleFolder: "reported on folders, not in a file; covered by ProjectLoaderTests"
        case .symlinkLoop: "needs symbolic links on disk; covered by ProjectLoaderTests"
        case .symlinkOutsideRoot: "needs symbolic links on disk; covered by ProjectLoaderTests"
        default: nil
        }
    }

    static func examples(_ kind: ParseDiagnosticKind) -> ([RuleExample], [RuleExample]) {
        switch kind {
        case .emptyFile:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n")])]
            )
        case .invalidEncoding:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"b\" = \"caf↓é\";\n", encoding: .latin1)])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"b\" = \"café\";\n")])]
            )
        case .utf16WithoutBOM:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓\"a\" = \"b\";\n", encoding: .utf16LittleEndian)])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n", encoding: .utf16LittleEndianWithBOM)])]
            )
        case .loneSurrogate:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"↓\\UD800\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"\\UD83D\\UDE00\";\n")])]
            )
        case .stringsSyntaxError:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\"↓\n\"c\" = \"d\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\";\n")])]
            )
        case .stringsSilentTruncation:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";↓;\n\"c\" = \"d\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\";\n")])]
            )
        case .stringsUnterminatedComment:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n↓/* the next entry\n\"c\" = \"d\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n/* the next entry */\n\"c\" = \"d\";\n")])]
            )
        case .stringsLowercaseUEscape:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"caf↓\\u00e9\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"caf\\U00e9\";\n")])]
            )
        case .stringsUnknownEscape:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"↓\\q\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"\\\"q\\\"\";\n")])]
            )
        case .duplicateKey:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"x\";\n↓\"a\" = \"y\";\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"x\";\n\"b\" = \"y\";\n")])]
            )
        case .nonStringValue:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = ↓{ \"b\" = \"c\"; };\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"{ b = c; }\";\n")])]
            )
        case .notATable:
            return (
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓(\"a\", \"b\")\n")])],
                [RuleExample([ExampleFile("en.lproj/Localizable.strings", "{ \"a\" = \"b\"; }\n")])]
            )
        case .xmlSyntaxError:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n</plist>↓\n↓")
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .xmlEntityReference:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist [<!ENTITY name \"Files\">]>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n↓<string>&name;</string>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .plistInvalidStructure:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n↓<integer>many</integer>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .stringsdictInvalidStructure:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n↓<key>files</key>\n<dict>\n<key>n</key><string>x</string>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .stringsdictMissingVariable:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>↓<string>%#@count@</string>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .stringsdictUnusedVariable:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>other</key><string>%d files</string>\n</dict>\n↓<key>m</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>other</key><string>%d</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .stringsdictMissingOther:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n↓<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .stringsdictMissingValueType:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n↓<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "en.lproj/Localizable.stringsdict",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n<key>one</key><string>%d file</string>\n<key>other</key><string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                        )
                    ])
                ]
            )
        case .jsonSyntaxError:
            return (
                [RuleExample([ExampleFile("Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n↓}\n")])],
                [
                    RuleExample([
                        ExampleFile(
                            "Localizable.xcstrings",
                            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                        )
                    ])
                ]
            )
        case .jsonDuplicateKey:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "Localizable.xcstrings",
                            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {},\n    ↓\"a\" : {}\n  },\n  \"version\" : \"1.0\"\n}\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "Localizable.xcstrings",
                            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                        )
                    ])
                ]
            )
        case .xcstringsInvalidStructure:
            return (
                [
                    RuleExample([
                        ExampleFile(
                            "Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : ↓[],\n  \"version\" : \"1.0\"\n}\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "Localizable.xcstrings",
                            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                        )
                    ])
                ]
            )
        default: return ([], [])
        }
    }
}
