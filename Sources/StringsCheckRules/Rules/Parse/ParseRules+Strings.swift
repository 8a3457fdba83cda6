import LocalizationFormats

// The `.strings` grammar's diagnostics: what CoreFoundation's old-style property list parser
// stops at, skips or reads otherwise than written, and the fix-its of those `fix` repairs.
extension ParseRules {
    static func stringsGrammar(_ kind: ParseDiagnosticKind) -> RuleDescription {
        switch kind {
        case .stringsSyntaxError:
            return make(
                kind, name: "Syntax error",
                summary: "a .strings syntax error, which makes Foundation load nothing from the file",
                rationale:
                    "A syntax error CoreFoundation stops at: a missing `;` or `=`, a missing value, an unterminated string or `\\`, junk after a braced table, bad data. Foundation rejects the whole file, so every key of the table shows raw. The message names what was expected; the parser recovers at the next line and reports the rest.",
                fix:
                    "Add what the message says is expected. The fix-it adds a `;` left out at the end of a line when the next line starts an entry; every other syntax error needs a person.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\"↓\n\"c\" = \"d\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\";\n")])]
                ),
                fixIt: FixItExample(
                    before: .strings("/* Greeting */\n\"hello\" = \"Hello\"\n\"bye\" = \"Bye\";\n"),
                    after: ["en.lproj/Localizable.strings": "/* Greeting */\n\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n"]))
        case .stringsSilentTruncation:
            return make(
                kind, name: "Silent truncation",
                summary: "a place where CoreFoundation silently stops reading, so later entries never load",
                rationale:
                    "After an entry's `;`, a character that cannot start a key (a second `;`, `}`, `,`, `#`, `<` …) or a quoted key that never closes ends CoreFoundation's reading loop *without an error*: the entries before it load, every entry after it silently does not. No other tool reports this.",
                fix: "Delete the stray character. The fix-it deletes a stray `;`; any other character needs a person.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";↓;\n\"c\" = \"d\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\";\n")])]
                ),
                fixIt: FixItExample(
                    before: .strings("\"hello\" = \"Hello\";;\n\"bye\" = \"Bye\";\n"),
                    after: ["en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n"]))
        case .stringsUnterminatedComment:
            return make(
                kind, name: "Unterminated comment",
                summary: "a /* comment that never ends, which silently swallows the rest of the file",
                rationale:
                    "A `/*` that never closes: CoreFoundation silently skips everything after it. An error when entries follow (they are named), a warning when only comment text does.",
                fix: "Add `*/`.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n↓/* the next entry\n\"c\" = \"d\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"b\";\n/* the next entry */\n\"c\" = \"d\";\n")])]
                ))
        case .stringsLowercaseUEscape:
            return make(
                kind, name: "Lower-case \\u escape",
                summary: "a \\u escape, which .strings files do not have (the escape is \\U)",
                rationale:
                    "`\\u00e9` is not an escape in `.strings` files: CoreFoundation reads `u00e9` literally. Only `\\U` (upper case) takes hex digits.",
                fix: "Write `\\U00E9`, or the character itself (the fix-it writes `\\U`).",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"caf↓\\u00e9\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"caf\\U00e9\";\n")])]
                ),
                fixIt: FixItExample(
                    before: .strings("\"a\" = \"caf\\u00e9 \\u2013 bar\";\n"),
                    after: ["en.lproj/Localizable.strings": "\"a\" = \"caf\\U00e9 \\U2013 bar\";\n"]))
        case .stringsUnknownEscape:
            return make(
                kind, name: "Unknown escape",
                summary: "an unknown escape, read as the character itself",
                rationale:
                    "A backslash before a letter or digit that is not an escape (`\\x`, `\\8`): CoreFoundation keeps the character and drops the backslash.",
                fix: "Remove the backslash, or write `\\\\` for a backslash.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"↓\\q\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"\\\"q\\\"\";\n")])]
                ))
        case .duplicateKey:
            return make(
                kind, name: "Key defined twice",
                summary: "a key defined twice in one table, where the last definition wins",
                rationale:
                    "A key defined twice in one table. Foundation keeps the last definition. In the development table two values mean one meaning is lost: an error. In a translation it is an error when the later value is the untranslated development text and an earlier one was translated (users lose the translation); two different translations are a warning, one per pasted block, as users see a correct text. The same value twice is a warning. A note points at the first definition.",
                fix:
                    "Delete one of them. When both have the same text the fix-it deletes the earlier one with its comment; different texts need a person to choose.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"x\";\n↓\"a\" = \"y\";\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"x\";\n\"b\" = \"y\";\n")])]
                ),
                fixIt: FixItExample(
                    before: .strings(
                        "/* Title of the inbox */\n\"inbox\" = \"Inbox\";\n\"sent\" = \"Sent\";\n\n/* Title of the inbox */\n\"inbox\" = \"Inbox\";\n"
                    ),
                    after: ["en.lproj/Localizable.strings": "\"sent\" = \"Sent\";\n\n/* Title of the inbox */\n\"inbox\" = \"Inbox\";\n"]))
        case .nonStringValue:
            return make(
                kind, name: "Value that is not a string",
                summary: "a value that is not a string, so lookups of its key return no text",
                rationale:
                    "A value that is an array, dictionary or data (`(a, b)`, `{…}`, `<0a>`). Foundation loads it, but a lookup returns no text.",
                fix: "Make it a quoted string.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = ↓{ \"b\" = \"c\"; };\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"{ b = c; }\";\n")])]
                ))
        case .notATable:
            return make(
                kind, name: "Not a table",
                summary: "a file whose top level is not a dictionary of strings",
                rationale:
                    "The top level is not a dictionary: a lone string, an array, data, or a property list whose root is not `<dict>`. A table must be a dictionary, so it loads nothing.",
                fix: "Write `\"key\" = \"value\";` entries.",
                examples: (
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓(\"a\", \"b\")\n")])],
                    [RuleExample([ExampleFile("en.lproj/Localizable.strings", "{ \"a\" = \"b\"; }\n")])]
                ))
        default:
            preconditionFailure("\(kind.rawValue) is not a .strings grammar diagnostic")
        }
    }
}
