import LocalizationFormats
import LocalizationIndex

/// Finds a string that reads the same argument with two different types.
struct FormatConflictingTypesRule: Rule {
    static let description = RuleDescription(
        id: "format-conflicting-types", name: "One argument, two types", area: .format,
        summary: "a string that reads the same argument with two different types",
        rationale:
            "An argument has one type; reading it as two means one of them reads garbage (CoreFoundation uses the first type it meets).",
        fix: "Use the same specifier for every use of the argument.",
        defaultSeverity: .error,
        triggering: [.strings("\"twice\" = \"%1$@ (↓%1$d)\";\n")],
        nonTriggering: [.strings("\"twice\" = \"%1$@ (%1$@)\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.conflictingTypes])
    }
}

extension Finding.Message {
    static func conflictingTypes(argument: Int, first: String, second: String) -> Finding.Message {
        "argument \(argument) is read as '\(first)' and as '\(second)'; one argument cannot have two types"
    }
}
