import LocalizationFormats
import LocalizationIndex

/// Finds a specifier numbered 0 or above 127.
struct FormatInvalidPositionRule: Rule {
    static let description = RuleDescription(
        id: "format-invalid-position", name: "Position 0 or above 127", area: .format,
        summary: "a specifier numbered 0 or above 127",
        rationale:
            "Positions start at 1, and CoreFoundation refuses a whole format whose position exceeds 127 (INT8_MAX), so the user sees the unformatted text.",
        fix: "Renumber the specifier from 1.",
        defaultSeverity: .error,
        triggering: [.strings("\"many\" = \"Item ↓%128$@\";\n")],
        nonTriggering: [.strings("\"many\" = \"Item %1$@\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.positionZero, .positionTooLarge])
    }
}

extension Finding.Message {
    static let zeroFlagBeforeDollar: Finding.Message = "positions start at 1; '%0$' is not a specifier, and formatted, the '%' disappears"

    static func positionZero(specifier: String) -> Finding.Message { "positions start at 1; '\(specifier)' names position 0" }

    static func positionTooLarge(_ position: Int, maximum: Int) -> Finding.Message {
        "position \(position) is above \(maximum); CoreFoundation refuses the whole format"
    }
}
