import LocalizationFormats
import LocalizationIndex

/// A `.stringsdict` format that uses none of its variables.
struct StringsdictNoVariablesRule: Rule {
    static let description = RuleDescription(
        id: "stringsdict-no-variables", name: "Format without variables", area: .stringsdict,
        summary: "an NSStringLocalizedFormatKey with no %#@variable@",
        rationale:
            "Without a '%#@name@' in the format, no plural or device rule is applied: every count gets the same text, so the entry is a plain string in a heavier format (Apple's guidance: do not use .stringsdict for strings without a number).",
        fix: "Put the variable into the format ('%#@files@'), or move the text to Localizable.strings.",
        defaultSeverity: .warning,
        triggering: [RuleExample([stringsdictExample(format: "↓%d files", variants: [("other", "%d files")])])],
        nonTriggering: [RuleExample([stringsdictExample(format: "%#@n@", variants: [("other", "%d files")])])])

    static let reads: Set<IndexPart> = [.stringsdictEntries]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachStringsdictEntry { file, locale, entry in
            guard let format = entry.pointee.formatKey, entry.pointee.formatVariables.isEmpty else { return }
            result.append(
                finding(
                    .noVariables(format: format, key: entry.pointee.key),
                    path: file.path, at: entry.pointee.formatKeyLocation, key: entry.pointee.key, locale: locale, table: file.tableID))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func noVariables(format: String, key: String) -> Finding.Message {
        "the format '\(format.excerpt)' of '\(key)' uses no %#@variable@, so no plural rule ever applies"
    }
}
