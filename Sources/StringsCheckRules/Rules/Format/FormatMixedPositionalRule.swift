import LocalizationFormats

/// Finds a string that mixes numbered specifiers (%1$@) with plain ones (%@).
struct FormatMixedPositionalRule: Rule {
    static let description = RuleDescription(
        id: "format-mixed-positional", name: "Positional and plain specifiers mixed", area: .format,
        summary: "a string that mixes numbered specifiers (%1$@) with plain ones (%@)",
        rationale:
            "CoreFoundation's own source says reordering some specifiers and not all gives 'random garbage': which argument a plain specifier reads is undefined once others carry positions.",
        fix: "Number every specifier: '%1$@ … %2$d'.",
        defaultSeverity: .error,
        triggering: [.strings("\"share\" = \"%1$@ shared ↓%@\";\n")],
        nonTriggering: [.strings("\"share\" = \"%1$@ shared %2$@\";\n"), .strings("\"share\" = \"%@ shared %@\";\n")])

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.mixedPositional])
    }
}
