import LocalizationFormats
import LocalizationIndex

/// Finds a '%n' specifier.
struct FormatCountSpecifierRule: Rule {
    static let description = RuleDescription(
        id: "format-count-specifier", name: "%n", area: .format,
        summary: "a '%n' specifier",
        rationale:
            "'%n' writes through a pointer argument; CoreFoundation disables it, and in a translation it is a known attack on format strings.",
        fix: "Remove it.",
        defaultSeverity: .error,
        triggering: [.strings("\"n\" = \"Done ↓%n\";\n")],
        nonTriggering: [.strings("\"n\" = \"Done\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.countConversion])
    }
}

extension Finding.Message {
    static let countConversion: Finding.Message = "'%n' is disabled in CoreFoundation and writes nothing"
}
