import LocalizationFormats

/// Finds a '%' that starts no specifier CoreFoundation knows ('%!', '%'d', a '%' at the end).
struct FormatInvalidSpecifierRule: Rule {
    static let description = RuleDescription(
        id: "format-invalid-specifier", name: "Not a specifier", area: .format,
        summary: "a '%' that starts no specifier CoreFoundation knows ('%!', '%'d', a '%' at the end)",
        rationale:
            "CoreFoundation prints such text literally, which is rarely what the writer meant ('%'d' does not group digits), and the text changes meaning as soon as a letter after the '%' happens to be a conversion.",
        fix: "Write '%%' for a percent sign; use a specifier CoreFoundation knows for a value.",
        defaultSeverity: .warning,
        triggering: [.strings("\"sale\" = \"Save 20↓%!\";\n")],
        nonTriggering: [.strings("\"sale\" = \"Save 20%%!\";\n")])

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.invalidConversion, .incompleteSpecifier, .thousandsFlag])
    }
}
