import LocalizationFormats
import StringsCheckRules

/// Findings of one cause shown once: the same rule saying the same thing about the same key in
/// several locales (a development text's mistake copied into every translation) is one line that
/// names the other locales. Text output only; the other formats keep every finding.
struct SameCause {
    var first: Finding
    var otherLocales: [String] = []

    /// The findings in their order, each group at the place of its first finding.
    static func groups(_ findings: [Finding]) -> [SameCause] {
        var groups: [SameCause] = []
        var byCause: [String: Int] = [:]
        // Only a rule's findings about one key in several locales can be one cause: the message is
        // compared (without its locale) for those alone.
        var perKey: [String: Int] = [:]
        for finding in findings where finding.locale != nil { perKey[place(of: finding), default: 0] += 1 }
        for finding in findings {
            guard let locale = finding.locale, perKey[place(of: finding), default: 0] > 1, let cause = cause(of: finding, locale: locale)
            else {
                groups.append(SameCause(first: finding))
                continue
            }
            if let index = byCause[cause], locale != groups[index].first.locale, !groups[index].otherLocales.contains(locale) {
                groups[index].otherLocales.append(locale)
            } else if byCause[cause] != nil {
                // The same again in a locale the group has: a finding of its own.
                groups.append(SameCause(first: finding))
            } else {
                byCause[cause] = groups.count
                groups.append(SameCause(first: finding))
            }
        }
        return groups
    }

    private static func place(of finding: Finding) -> String {
        finding.diagnostic.id + "\u{1E}" + (finding.table ?? "") + "\u{1E}" + (finding.key ?? "")
    }

    /// The rule, severity, table and key, and the message with its locale's name taken out.
    private static func cause(of finding: Finding, locale: String) -> String? {
        let d = finding.diagnostic
        var cause = Array(
            (d.id + "\u{1E}" + d.severity.rawValue + "\u{1E}" + (finding.table ?? "") + "\u{1E}" + (finding.key ?? "") + "\u{1E}").utf8)
        // The message's bytes with each quoted name of the locale ('de') left out, compared as
        // bytes: a Foundation search and replace per finding cost more than the rest of the report.
        let quoted = Array("'\(locale)'".utf8)
        let message = Array(d.message.utf8)
        var index = 0
        while index < message.count {
            if message[index] == quoted[0], index + quoted.count <= message.count,
                message[index..<(index + quoted.count)].elementsEqual(quoted)
            {
                cause.append(0x1F)
                index += quoted.count
            } else {
                cause.append(message[index])
                index += 1
            }
        }
        return String(decoding: cause, as: UTF8.self)
    }
}

extension TextRenderer {
    /// A warning of a translation backlog rule: summarised per table unless `--backlog`.
    static func isSummarisedBacklog(_ finding: Finding) -> Bool {
        finding.diagnostic.severity == .warning && BuiltInRules.backlogIDs.contains(finding.diagnostic.id)
    }

    /// One line per table: how many keys are not yet translated, in which locales.
    static func backlogSummary(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "" }
        var tables: [String] = []
        var byTable: [String: [Finding]] = [:]
        for finding in findings {
            let table = finding.table ?? finding.diagnostic.path
            if byTable[table] == nil { tables.append(table) }
            byTable[table, default: []].append(finding)
        }
        var out =
            "\nTranslation backlog (work not done yet, not defects; `--backlog` lists each, `stringscheck coverage` shows each locale):\n"
        for table in tables.sorted() {
            let items = byTable[table] ?? []
            var parts: [String] = []
            for (rule, phrase) in phrases {
                let ofRule = items.filter { $0.diagnostic.id == rule }
                guard !ofRule.isEmpty else { continue }
                parts.append(phrase(ofRule))
            }
            // A backlog rule without words of its own here is still counted.
            let others = Dictionary(grouping: items.filter { item in !phrases.contains { $0.0 == item.diagnostic.id } }) {
                $0.diagnostic.id
            }
            for (rule, ofRule) in others.sorted(by: { $0.key < $1.key }) { parts.append("\(count(ofRule, "finding")) of \(rule)") }
            out += "  \(visible(table)): \(parts.joined(separator: "; "))\n"
        }
        return out
    }

    /// "de 12, fr 3" (most first), at most six locales named.
    private static func perLocale(_ findings: [Finding]) -> String {
        var counts: [String: Int] = [:]
        for finding in findings {
            for locale in finding.coveredLocales { counts[locale, default: 0] += 1 }
        }
        let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        return shortList(sorted.map { "\($0.key) \($0.value)" })
    }

    /// "ja, ko": the locales, each once.
    private static func locales(_ findings: [Finding]) -> String {
        shortList(Set(findings.flatMap(\.coveredLocales)).sorted())
    }

    /// Each backlog rule's words for its findings in one table.
    private static let phrases: [(String, @Sendable ([Finding]) -> String)] = [
        ("missing-translation", { "\(keys($0)) not yet translated (\(perLocale($0)))" }),
        ("catalog-untranslated", { "\(count($0, "catalog text")) not yet translated (\(perLocale($0)))" }),
        ("xliff-untranslated", { "\(count($0, "XLIFF unit")) without a translation (\(perLocale($0)))" }),
        ("unchanged-translation", { "\(keys($0)) left as the development text (\(perLocale($0)))" }),
        ("catalog-needs-review", { "\(count($0, "translation")) marked for review (\(perLocale($0)))" }),
        ("missing-table", { "no table yet in \(locales($0))" }),
        ("incomplete-locale", { "locales below the coverage threshold: \(locales($0))" }),
    ]

    /// "12 keys": the distinct keys of the findings (or the findings, where they name none).
    private static func keys(_ findings: [Finding]) -> String {
        let keys = Set(findings.compactMap(\.key))
        let count = keys.isEmpty ? findings.count : keys.count
        return "\(count) key\(count == 1 ? "" : "s")"
    }

    private static func count(_ findings: [Finding], _ noun: String) -> String {
        "\(findings.count) \(noun)\(findings.count == 1 ? "" : "s")"
    }
}
