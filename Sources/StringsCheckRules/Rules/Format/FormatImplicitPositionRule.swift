import LocalizationFormats
import LocalizationIndex

/// A string with several arguments and no positions, so a translation cannot reorder them.
struct FormatImplicitPositionRule: Rule {
    static let description = RuleDescription(
        id: "format-implicit-position", name: "Several arguments without positions", area: .format,
        summary: "a base string with two or more arguments and no `n$` positions",
        rationale:
            "Word order differs between languages. Without positions ('%1$@ invited %2$@'), a translator cannot put the arguments in another order without breaking the text. Opt-in, since many projects number only when needed.",
        fix: "Number the specifiers in the base text: '%1$@ invited %2$@'.",
        defaultSeverity: .warning, isOptIn: true,
        triggering: [.strings("\"invite\" = \"↓%@ invited %@\";\n")],
        nonTriggering: [.strings("\"invite\" = \"%1$@ invited %2$@\";\n"), .strings("\"hello\" = \"Hello %@\";\n")])

    static let reads: Set<IndexPart> = [.texts]

    func check(_ context: RuleContext) -> [Finding] {
        // Permutations of a `.stringsdict` entry share places; report each place once.
        var seen: Set<String> = []
        // Read once: each read of the part retains and releases it.
        let texts = context.texts
        return context.textsWithSpecifiers.compactMap { index -> Finding? in
            // Filtered by what the index recorded of the text's scan before the text is made.
            let locale = texts.source(at: index).locale
            guard locale == context.baseLocale || locale == "Base", texts.hasUnpositionedArguments(at: index) else { return nil }
            let message = texts[index]
            let implicit = message.analysis.specifiers.filter { $0.explicitPosition == nil && $0.variableName == nil }
            guard implicit.count >= 2, let first = implicit.first else { return nil }
            let position = message.position(ofScalar: first.start)
            guard seen.insert("\(message.path)|\(position?.description ?? "")|\(message.key)").inserted else { return nil }
            return finding(
                .argumentsWithoutPositions(key: message.key, implicit),
                path: message.path, at: position, key: message.key, locale: message.locale,
                table: message.table)
        }
    }
}

extension Finding.Message {
    fileprivate static func argumentsWithoutPositions(key: String, _ implicit: [FormatSpecifier]) -> Finding.Message {
        let suggestion = implicit.map { "%\($0.argument)$\($0.text.dropFirst())" }.joined(separator: " … ")
        return "'\(key)' has \(implicit.count) arguments without positions, so translations cannot reorder them; write \(suggestion)"
    }
}
