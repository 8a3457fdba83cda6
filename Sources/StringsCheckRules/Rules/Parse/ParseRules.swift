import LocalizationFormats

// What the parsers and the tree loader report. Each diagnostic kind is a rule like any other: one
// complete description (name, summary, rationale, fix, examples) per kind, here, so the docs,
// `explain`, SARIF and the example tests treat it as they treat every rule, and the engine
// enables, disables, grades and suppresses it through the same lane.

/// Descriptions of the diagnostics the parsers and the tree loader emit.
public enum ParseRules {
    public static let all: [RuleDescription] = ParseDiagnosticKind.allCases.map(description)

    /// A parse rule's description: everything about one diagnostic kind in one place.
    static func description(_ kind: ParseDiagnosticKind) -> RuleDescription {
        switch kind {
        case .fileUnreadable:
            return make(
                kind, name: "Unreadable file",
                summary: "a file or folder that cannot be read",
                rationale:
                    "The file or folder could not be read (missing, permission denied, or a folder named like a table).",
                fix: "Fix the permissions or the path.",
                notApplicable: "needs a real file system (permissions, folders named like tables); covered by ProjectLoaderTests")
        case .fileTooLarge:
            return make(
                kind, name: "File over the size limit",
                summary: "a file over the size limit for one file, which is not read",
                rationale:
                    "A file larger than `max_file_size` (128 MB unless the configuration says otherwise) is not read, so a sparse or runaway file cannot exhaust memory: parsing takes up to three times a file's size. Its keys are not checked, which this error says instead of failing silently. Real tables are far smaller; the largest String Catalogs of large apps are tens of megabytes.",
                fix: "Find out why the file is so large (a generated or corrupted file), or raise `max_file_size` in `.stringscheck.yml`.",
                notApplicable: "needs a file over the limit on disk; covered by the CLI tests")
        case .emptyFile:
            return make(
                kind, name: "Empty file",
                summary: "an empty file, which Foundation refuses, so no key of its table loads",
                rationale:
                    "A zero-length file, or one holding only a byte order mark. Foundation refuses a zero-length property list, so the table loads nothing: every key looked up in it shows raw. A warning, since an empty table and a refused one look the same on a device.",
                fix: "Delete the file, or add the entries it should hold.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n")])]
                ))
        case .invalidEncoding:
            return make(
                kind, name: "Invalid encoding",
                summary: "bytes that cannot be decoded in the file's encoding",
                rationale:
                    "Bytes that are not valid in the detected encoding (invalid UTF-8, a UTF-16 file with an odd byte count, a UTF-32 value that is no Unicode scalar). Foundation rejects the whole file (\"Conversion of string failed\"). The message gives the byte offset on disk; the position is in the decoded text, where U+FFFD stands in.",
                fix: "Re-save the file as UTF-8.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"b\" = \"caf↓é\";\n", encoding: .latin1)])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"b\" = \"café\";\n")])]
                ))
        case .utf16WithoutBOM:
            return make(
                kind, name: "UTF-16 without a byte order mark",
                summary: "UTF-16 text without a byte order mark, which CoreFoundation misreads",
                rationale:
                    "UTF-16 text without a byte order mark. CoreFoundation takes any file whose first or second byte is NUL for UTF-16, skips two bytes and reads the rest in host order, so the table loads nothing. We decode it properly to report its entries.",
                fix: "Save as UTF-8 (diffs better) or UTF-16 with a BOM.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓\"a\" = \"b\";\n", encoding: .utf16LittleEndian)])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n", encoding: .utf16LittleEndianWithBOM)])]
                ))
        case .loneSurrogate:
            return make(
                kind, name: "Unpaired surrogate",
                summary: "an unpaired UTF-16 surrogate, shown as U+FFFD",
                rationale:
                    "An unpaired UTF-16 surrogate, in UTF-16 text or made by a `\\U` escape (`\\Ud83d` without its low half). It shows as U+FFFD.",
                fix: "Write the whole pair (`\\Ud83d\\Ude00`) or the character itself.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"↓\\UD800\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"\\UD83D\\UDE00\";\n")])]
                ))
        case .binaryPropertyList:
            return make(
                kind, name: "Binary property list",
                summary: "a compiled binary property list, read without line numbers",
                rationale:
                    "A compiled binary property list (`bplist00`), as built app bundles hold. Read through Foundation, so entries have no line numbers.",
                fix: "Nothing to fix; check the source file instead if you have it.",
                notApplicable: "a compiled property list has no positions to mark; covered by EncodingTests")
        case .stringsSyntaxError, .stringsSilentTruncation, .stringsUnterminatedComment, .stringsLowercaseUEscape, .stringsUnknownEscape,
            .duplicateKey, .nonStringValue, .notATable:
            return stringsGrammar(kind)
        case .nestingTooDeep:
            return make(
                kind, name: "Nesting too deep",
                summary: "nesting deeper than the parser allows",
                rationale:
                    "Arrays or dictionaries nested deeper than CoreFoundation (512) or our XML reader (128) allows.",
                fix: "Flatten the structure.",
                notApplicable: "needs 512 levels of nesting; covered by StringsParserTests")
        case .xmlSyntaxError:
            return make(
                kind, name: "XML syntax error",
                summary: "XML that is not well-formed",
                rationale:
                    "libxml2 found the XML not well-formed; Foundation cannot read the file either, so nothing in it loads. Position as libxml2 reports it.",
                fix: "Fix the XML at the line given.",
                examples: (
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
                ))
        case .xmlEntityReference:
            return make(
                kind, name: "Entity reference",
                summary: "an entity reference, which is never expanded",
                rationale:
                    "An entity reference (`&name;`) other than the five predefined ones. Entities are never expanded (no external files, no entity bombs).",
                fix: "Use the character or a character reference (`&#233;`).",
                examples: (
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
                ))
        case .plistInvalidStructure:
            return make(
                kind, name: "Invalid property list structure",
                summary: "a property list element in the wrong place or with a bad value",
                rationale:
                    "A property list element in the wrong place or with a bad value: a `<key>` without a value, an unknown element, a bad `<integer>`, `<date>` or `<data>`, or an internal DTD subset, which Foundation refuses.",
                fix: "Fix the element.",
                examples: (
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
                ))
        case .stringsdictInvalidStructure:
            return make(
                kind, name: "Invalid .stringsdict entry",
                summary: "a .stringsdict entry that does not follow the format",
                rationale:
                    "A `.stringsdict` entry that does not follow the format: not a dictionary, no `NSStringLocalizedFormatKey`, a variable without `NSStringFormatSpecTypeKey` or with an unknown one, a category name that is not `zero one two few many other` (or a device name).",
                fix: "Follow Apple's Stringsdict File Format.",
                examples: (
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
                ))
        case .stringsdictMissingVariable:
            return make(
                kind, name: "Undefined variable",
                summary: "a %#@variable@ reference with no rule dictionary",
                rationale:
                    "The format uses `%#@name@` but the entry has no `name` dictionary; the text shows unformatted.",
                fix: "Add the variable's rule dictionary, or fix the name.",
                examples: (
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
                ))
        case .stringsdictUnusedVariable:
            return make(
                kind, name: "Unused variable",
                summary: "a variable rule dictionary that the format never uses",
                rationale:
                    "A variable rule dictionary that neither the format nor any variant uses.",
                fix: "Delete it, or reference it with `%#@name@`.",
                examples: (
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
                ))
        case .stringsdictMissingOther:
            return make(
                kind, name: "Plural rule without 'other'",
                summary: "a plural rule without the 'other' form every plural rule needs",
                rationale:
                    "A plural rule without `other`, which every locale's plural rules need.",
                fix: "Add the `other` form.",
                examples: (
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
                ))
        case .stringsdictMissingValueType:
            return make(
                kind, name: "Plural rule without a value type",
                summary: "a plural rule without NSStringFormatValueTypeKey",
                rationale:
                    "A plural rule without `NSStringFormatValueTypeKey`, so the type of the number is unknown.",
                fix: "Add it (`d`, `ld`, `lld`, `f` …).",
                examples: (
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
                ))
        case .jsonSyntaxError:
            return make(
                kind, name: "JSON syntax error",
                summary: "JSON that is not well-formed",
                rationale:
                    "The JSON is not well-formed (RFC 8259, strictly: no comments, no trailing commas, no leading zeros). The message names what was expected.",
                fix: "Fix the JSON at the position given.",
                examples: (
                    [RuleExample([ExampleFile("Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n↓}\n")])],
                    [
                        RuleExample([
                            ExampleFile(
                                "Localizable.xcstrings",
                                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                            )
                        ])
                    ]
                ))
        case .jsonDuplicateKey:
            return make(
                kind, name: "JSON key defined twice",
                summary: "a JSON object with the same key twice",
                rationale:
                    "An object with the same key twice; most readers keep the later one.",
                fix: "Delete one of them.",
                examples: (
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
                ))
        case .xcstringsInvalidStructure:
            return make(
                kind, name: "Invalid String Catalog value",
                summary: "a String Catalog value of the wrong type or shape",
                rationale:
                    "A String Catalog value of the wrong type or shape, or an unknown `state`.",
                fix: "Let Xcode rewrite the catalog, or fix the value.",
                examples: (
                    [
                        RuleExample([
                            ExampleFile(
                                "Localizable.xcstrings",
                                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : ↓[],\n  \"version\" : \"1.0\"\n}\n"
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
                ))
        case .xliffInvalidStructure:
            return xliffInvalidStructure(kind)
        case .duplicateLocaleFolder:
            return make(
                kind, name: "Two folders for one locale",
                summary: "two .lproj folders that name the same locale",
                rationale:
                    "Two `.lproj` folders that name the same locale (`pt_BR.lproj` and `pt-BR.lproj`). A device loads one of them.",
                fix: "Merge them into one folder.",
                notApplicable: "reported on folders, not in a file; covered by ProjectLoaderTests")
        case .symlinkLoop:
            return make(
                kind, name: "Symbolic link loop",
                summary: "a symbolic link that leads back into the tree (not followed)",
                rationale:
                    "A symbolic link that leads back to a folder already read. It is not followed again.",
                fix: "Nothing, unless the link is a mistake.",
                notApplicable: "needs symbolic links on disk; covered by ProjectLoaderTests")
        case .symlinkOutsideRoot:
            return make(
                kind, name: "Symbolic link outside the tree",
                summary: "a symbolic link that leads outside the tree (not followed)",
                rationale:
                    "A symbolic link that leads outside the tree given. It is not followed, so the tool never reads outside the paths it was given.",
                fix: "Give the link's target as a path of its own if it should be checked.",
                notApplicable: "needs symbolic links on disk; covered by ProjectLoaderTests")
        }
    }

    /// The examples are made when first read (see `RuleExamples`).
    static func make(
        _ kind: ParseDiagnosticKind, name: String, summary: String, rationale: String, fix: String,
        examples: @autoclosure @escaping @Sendable () -> (triggering: [RuleExample], nonTriggering: [RuleExample]) = ([], []),
        notApplicable: String? = nil, fixIt: @autoclosure @escaping @Sendable () -> FixItExample? = nil
    ) -> RuleDescription {
        RuleDescription(
            id: kind.rawValue, name: name, area: .parse, summary: summary, rationale: rationale, fix: fix,
            defaultSeverity: kind.defaultSeverity,
            examples: RuleExamples {
                let made = examples()
                return .init(triggering: made.triggering, nonTriggering: made.nonTriggering, fixIt: fixIt())
            }, examplesNotApplicable: notApplicable)
    }
}
