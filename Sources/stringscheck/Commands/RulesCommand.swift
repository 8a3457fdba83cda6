import ArgumentParser
import Foundation
import StringsCheckReports
import StringsCheckRules

/// A reference's formats: a terminal listing, or the Markdown page in `Docs/`.
enum ReferenceFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown
}

/// `stringscheck rules`: lists every rule.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List every rule with its default severity and summary.")

    @Option(help: "text (one line per rule) or markdown (the full reference, as in Docs/Rules.md).")
    var format: ReferenceFormat = .text

    func run() throws {
        let text = format == .text ? RuleDocumentation.list() : RuleDocumentation.markdown()
        try Console.write(text, to: nil)
    }
}

/// `stringscheck explain RULE`: one rule in full.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Explain a rule: what it finds, why, how to fix it, and an example.")

    @Argument(help: "A rule ID, e.g. format-argument-mismatch.", completion: .list(ruleIDs))
    var rule: String

    func validate() throws {
        if BuiltInRules.description(of: rule) == nil {
            let ids = BuiltInRules.descriptions.map(\.id)
            var hint = ids.filter { $0.contains(rule) || rule.contains($0) }
            if hint.isEmpty, let close = suggestion(for: rule, among: ids) { hint = [close] }
            throw ValidationError(
                "unknown rule '\(rule)'"
                    + (hint.isEmpty ? "; `stringscheck rules` lists them" : "; did you mean \(hint.joined(separator: ", "))?"))
        }
    }

    func run() throws {
        guard let description = BuiltInRules.description(of: rule) else { throw ExitCode(64) }
        try Console.write(RuleDocumentation.explain(description), to: nil)
    }
}

/// `stringscheck plurals [LOCALE…]`: the CLDR plural categories of locales, with sample numbers.
struct PluralsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plurals", abstract: "Show the CLDR plural categories each locale needs, with a sample number for each.")

    @Argument(help: "Locales (default: a few common ones); markdown lists every CLDR locale.")
    var locales: [String] = ["en", "de", "fr", "ru", "pl", "ar", "ja", "pt-BR", "cy"]

    @Option(help: "text (the given locales) or markdown (every locale, as in Docs/Plurals.md).")
    var format: ReferenceFormat = .text

    func run() throws {
        let text = format == .text ? PluralDocumentation.text(locales: locales) : PluralDocumentation.markdown()
        try Console.write(text, to: nil)
    }
}
