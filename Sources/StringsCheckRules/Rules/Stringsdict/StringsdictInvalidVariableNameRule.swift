import LocalizationFormats
import LocalizationIndex

/// A variable name CoreFoundation cannot read in `%#@name@`.
struct StringsdictInvalidVariableNameRule: Rule {
    static let description = RuleDescription(
        id: "stringsdict-invalid-variable-name", name: "Variable name CoreFoundation cannot read", area: .stringsdict,
        summary: "a .stringsdict variable whose name has characters other than letters, digits and '_'",
        rationale:
            "CoreFoundation reads a variable name in '%#@name@' as [A-Za-z0-9_] only, so '%#@file.count@' never finds its rule dictionary and the user sees the unformatted text.",
        fix: "Rename the variable (in the format and its dictionary key) with letters, digits and '_' only.",
        defaultSeverity: .warning,
        triggering: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n<string>%#@file-count@</string>\n↓<key>file-count</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key>\n<string>d</string>\n<key>other</key>\n<string>%d files</string>\n</dict>\n</dict>\n</dict>\n</plist>\n"
                )
            ])
        ],
        nonTriggering: [RuleExample([stringsdictExample(format: "%#@n@", variants: [("other", "%d files")])])])

    /// An ASCII letter, digit or '_', compared as bytes, not by each character's Unicode properties.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    static let reads: Set<IndexPart> = [.stringsdictEntries]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachStringsdictEntry { file, locale, entry in
            // Read in place: a copy of each variable retained its strings and forms.
            entry.pointee.variables.withUnsafeBufferPointer { variables in
                for variable in variables.indices
                where variables[variable].name.isEmpty || !variables[variable].name.utf8.allSatisfy(Self.isNameByte) {
                    result.append(
                        finding(
                            .invalidVariableName(name: variables[variable].name, key: entry.pointee.key),
                            path: file.path, at: variables[variable].location, key: entry.pointee.key, locale: locale,
                            table: file.tableID))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func invalidVariableName(name: String, key: String) -> Finding.Message {
        "the variable name '\(name)' in '\(key)' has characters CoreFoundation does not read in '%#@…@'; use letters, digits and '_'"
    }
}
