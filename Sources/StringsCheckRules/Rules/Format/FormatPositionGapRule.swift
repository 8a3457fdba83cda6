import LocalizationFormats
import LocalizationIndex

/// Finds a string whose numbered specifiers skip a position (%1$@ … %3$@).
struct FormatPositionGapRule: Rule {
    static let description = RuleDescription(
        id: "format-position-gap", name: "Hole in the positions", area: .format,
        summary: "a string whose numbered specifiers skip a position (%1$@ … %3$@)",
        rationale:
            "CoreFoundation does not skip an argument nobody reads: it shifts the later ones down, so '%3$@' shows the second argument and the text is wrong or crashes when types differ.",
        fix: "Use every position from 1 up, or renumber the specifiers.",
        defaultSeverity: .error,
        triggering: [.strings("\"route\" = \"From %1$@ to ↓%3$@\";\n")],
        nonTriggering: [.strings("\"route\" = \"From %1$@ to %2$@\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        problemFindings(context, [.positionGap])
    }
}

extension Finding.Message {
    static func positionGap(missing: [Int]) -> Finding.Message {
        let one = missing.count == 1
        return
            "argument\(one ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) \(one ? "is" : "are") never read; CoreFoundation then shifts the later arguments, so the wrong values show"
    }
}
