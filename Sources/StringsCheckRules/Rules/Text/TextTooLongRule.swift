import Foundation
import LocalizationFormats
import LocalizationIndex

/// A text longer than the configuration's budget for it (`max_length`), or a translation many
/// times its development text's length (`max_length_ratio`).
struct TextTooLongRule: Rule {
    static let description = RuleDescription(
        id: "text-too-long", name: "Text longer than its budget", area: .text,
        summary:
            "a text longer than the `max_length` the configuration gives its keys or table, or (with `max_length_ratio`) a translation that many times its development text's length",
        rationale:
            "Some texts have a hard limit: App Store and widget texts, a push notification's title (cut on the lock screen), a fixed-width button or tab. A translation past it is cut with '…' or overflows its view, and only users of that language see it. Length is counted in grapheme clusters, the characters a reader sees (an emoji with skin tone, a Devanagari syllable and 'é' written as e and a combining accent each count once), and the message gives the Unicode scalars too; format specifiers count as written. Runs only when the configuration sets a budget: `max_length: [{keys: \"widget.*\", length: 20}, {table: InfoPlist, length: 30}, {usage: push-title, length: 40}]` (a key glob, a table name, a usage, or several: a usage is a table's (info-plist, interface-builder, format, text, predicate) or a push alert part the payloads look keys up for (push-title, push-subtitle, push-body, push-action)), and `max_length_ratio: 2.5` for every translation against its development text (of five characters or more; for the ratio a format specifier counts as the 8 characters that fill it, and a translation must be at least 10 characters longer: judged on real apps, a few letters more on a short word fit anywhere).",
        fix: "Shorten the translation (or raise the budget where the layout allows it).",
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", "\"widget.title\" = \"Today\";\n"),
                    ExampleFile("de.lproj/Localizable.strings", "\"widget.title\" = ↓\"Heutige Termine und Aufgaben\";\n"),
                    ExampleFile("ja.lproj/Localizable.strings", "\"widget.title\" = \"今日\";\n"),
                    ExampleFile("ar.lproj/Localizable.strings", "\"widget.title\" = ↓\"مواعيد ومهام اليوم المهمة\";\n"),
                ], configuration: "max_length:\n  - {keys: \"widget.*\", length: 12}\n"),
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", "\"save\" = \"Save\";\n\"tab.inbox\" = \"Inbox\";\n"),
                    ExampleFile("de.lproj/Localizable.strings", "\"save\" = \"Speichern\";\n\"tab.inbox\" = ↓\"Posteingangsordner\";\n"),
                ], configuration: "max_length_ratio: 2.5\n"),
            // A push notification's title, cut on the lock screen.
            RuleExample(
                [
                    ExampleFile(
                        "en.lproj/Localizable.strings", "\"push.title\" = \"New message\";\n\"push.body\" = \"%@ wrote to you\";\n"),
                    ExampleFile(
                        "ja.lproj/Localizable.strings",
                        "\"push.title\" = ↓\"新しいメッセージが届きました。今すぐ確認してください\";\n\"push.body\" = \"%@ さんからメッセージが届きました。今すぐ確認してください\";\n"),
                    ExampleFile(
                        "payloads/message.json",
                        "{\"aps\": {\"alert\": {\"title-loc-key\": \"push.title\", \"loc-key\": \"push.body\", \"loc-args\": [\"Anna\"]}}}\n"
                    ),
                ], configuration: "max_length:\n  - {usage: push-title, length: 20}\n"),
        ],
        nonTriggering: [
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", "\"widget.title\" = \"Today\";\n"),
                    ExampleFile("de.lproj/Localizable.strings", "\"widget.title\" = \"Heute\";\n"),
                    ExampleFile("hi.lproj/Localizable.strings", "\"widget.title\" = \"आज के काम\";\n"),
                ], configuration: "max_length:\n  - {keys: \"widget.*\", length: 12}\n"),
            // No budget set: nothing is measured.
            .tables(("en", "\"widget.title\" = \"Today\";\n"), ("de", "\"widget.title\" = \"Heutige Termine und Aufgaben\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let budgets = context.settings.lengthBudgets
        let ratio = context.settings.lengthRatio
        guard !budgets.isEmpty || ratio != nil else { return [] }
        let globs = budgets.map { $0.keys.map(Glob.init) }
        // The keys the payloads look up for each alert part, by the table they are looked up in.
        var pushKeys: [PushAlertPart: [String: Set<String>]] = [:]
        if budgets.contains(where: { $0.pushPart != nil }) {
            for payload in context.payloads {
                let keys = payload.keys
                guard let table = context.payloadTable(keys: keys.map(\.key)) else { continue }
                for item in keys { pushKeys[item.part, default: [:]][table, default: []].insert(item.key) }
            }
        }
        return context.forEachLocaleTable(includingBase: true) { table, locale, strings in
            let name = table.split(separator: "/").last.map(String.init) ?? table
            let usage = context.usage(of: table).rawValue
            let applying = budgets.indices.filter {
                let budget = budgets[$0]
                guard budget.table.map({ $0 == name || $0 == table }) ?? true else { return false }
                if let part = budget.pushPart { return pushKeys[part]?[table] != nil }
                return budget.usage.map { $0 == usage } ?? true
            }
            let isBase = locale == context.baseLocale
            guard !applying.isEmpty || (ratio != nil && !isBase) else { return [] }
            let base = context.baseTable(table)
            var result: [Finding] = []
            strings.forEach { key, number, string in
                guard string.origin != .stringsdict, let text = string.value else { return }
                let length = text.count
                // The tightest budget that names the key.
                let budget = applying.filter { index in
                    guard globs[index]?.matchesKey(key) ?? true else { return false }
                    return budgets[index].pushPart.map { pushKeys[$0]?[table]?.contains(key) ?? false } ?? true
                }.min { budgets[$0].length < budgets[$1].length }
                if let budget, length > budgets[budget].length {
                    result.append(
                        finding(
                            .overBudget(
                                key: key, locale: locale, text: text, length: length, budget: budgets[budget]), path: string.path,
                            at: string.textLocation, key: key, locale: locale, table: table))
                    return
                }
                guard let ratio, !isBase,
                    let source = base?.strings.string(forKey: key, number: number, numberedBy: strings.numbering)?.value,
                    source.count >= 5, Self.shownLength(text) - Self.shownLength(source) >= Self.leastGrowth,
                    Double(Self.shownLength(text)) > Double(Self.shownLength(source)) * ratio
                else { return }
                result.append(
                    finding(
                        .overRatio(key: key, locale: locale, text: text, length: Self.shownLength(text), source: source, ratio: ratio),
                        path: string.path, at: string.textLocation, key: key, locale: locale, table: table))
            }
            return result
        }
    }
}

extension TextTooLongRule {
    /// Where a placeholder stands, the width of what fills it: a name, a count, a date.
    static let placeholderWidth = 8
    /// The fewest characters a translation must grow by for the ratio to count: a few letters
    /// more on a short word fit anywhere.
    static let leastGrowth = 10

    /// A text's length as shown: grapheme clusters, each format specifier counted as what fills it.
    static func shownLength(_ text: String) -> Int {
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return text.count }
        let scalars = Array(text.unicodeScalars)
        var length = text.count
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let end = InlineMarkdown.pastSpecifier(scalars, from: index)
            let written = end - index
            if !(written == 2 && scalars[index + 1] == "%") { length += placeholderWidth - written }
            index = end
        }
        return length
    }
}

extension Finding.Message {
    fileprivate static func overBudget(key: String, locale: String, text: String, length: Int, budget: LengthBudget) -> Finding.Message {
        let scalars = text.unicodeScalars.count
        let counted = scalars == length ? "" : " (\(scalars) Unicode scalars)"
        return
            "the '\(locale)' text of '\(key)' is \(length) characters\(counted), \(length - budget.length) over the \(budget.length) that max_length sets for \(budget.scope) ('\(text.excerpt)'): it is cut or overflows its view"
    }

    fileprivate static func overRatio(key: String, locale: String, text: String, length: Int, source: String, ratio: Double)
        -> Finding.Message
    {
        let shown = TextTooLongRule.shownLength(source)
        let times = Double(length) / Double(shown)
        let filled =
            text.utf8Contains(byte: UInt8(ascii: "%")) || source.utf8Contains(byte: UInt8(ascii: "%"))
            ? " (a placeholder counted as the \(TextTooLongRule.placeholderWidth) characters that fill it)" : ""
        return
            "the '\(locale)' text of '\(key)' is \(length) characters, \(String(format: String(format: "%.1f", times) == String(format: "%.1f", ratio) ? "%.2f" : "%.1f", times))× its development text's \(shown) ('\(source.excerpt)' → '\(text.excerpt)'), more than the \(String(format: "%g", ratio))× max_length_ratio allows\(filled): where the layout fits the development text, it is cut or overflows"
    }
}
