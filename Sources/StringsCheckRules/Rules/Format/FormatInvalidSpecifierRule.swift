import LocalizationFormats
import LocalizationIndex

/// Finds a '%' that starts no specifier CoreFoundation knows ('%!', '%'d', a '%' at the end).
struct FormatInvalidSpecifierRule: Rule {
    static let description = RuleDescription(
        id: "format-invalid-specifier", name: "Not a specifier", area: .format,
        summary: "a '%' that starts no specifier CoreFoundation knows ('%!', '%'d', a '%' at the end)",
        rationale:
            "Formatted, CoreFoundation drops the '%' and prints only the next character ('Save 20%!' shows 'Save 20!', a trailing '%' vanishes, '%'d' shows ''d' and no number). Only strings that are formatted are checked (they have a specifier or '%%', or their base text has); a plain text is shown as written.",
        fix: "Write '%%' for a percent sign; use a specifier CoreFoundation knows for a value.",
        defaultSeverity: .warning,
        triggering: [.strings("\"sale\" = \"Save 20↓%! on %@\";\n")],
        nonTriggering: [.strings("\"sale\" = \"Save 20%%! on %@\";\n"), .strings("\"plain\" = \"Save 20%!\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.invalidConversion, .incompleteSpecifier, .thousandsFlag])
    }
}

extension Finding.Message {
    static let percentAtEnd: Finding.Message =
        "a '%' at the end of the string disappears when the string is formatted; write '%%' for a percent sign"
    static let specifierCutOff: Finding.Message = "the specifier is cut off by the end of the string; formatted, it disappears"
    static let variableNameCutOff: Finding.Message = "the variable name is cut off by the end of the string"

    /// `shown`: the character after the '%' ("'x'", or "this character").
    static func thousandsFlag(shown: String) -> Finding.Message {
        "CoreFoundation does not know the ' (thousands) flag: formatted, this shows \(shown) and the rest as text and reads no number"
    }

    static func unknownConversion(shown: String) -> Finding.Message {
        "'%' followed by \(shown) is not a specifier: formatted, the '%' disappears; write '%%' for a percent sign"
    }
}
