import Foundation
import LocalizationFormats
import StringsCheckRules

/// Findings of one cause shown once: the same rule saying the same thing about the same key in
/// several locales (a development text's mistake copied into every translation) is one line that
/// names the other locales. Text output only; the other formats keep every finding.
struct SameCause {
    /// The first finding's index in the findings grouped.
    var first: Int
    var otherLocales: [String] = []

    /// The findings `indices` of `findings`, in their order, each group at the place of its first
    /// finding. Findings are read in place.
    static func groups(_ findings: [Finding], of indices: [Int]) -> [SameCause] {
        findings.withUnsafeBufferPointer { findings in
            // Only a rule's findings about one key in several locales can be one cause: they are
            // gathered by key (one hash per finding), and the messages (without their locale)
            // compared within each gathering alone, where there are few.
            var byPlace: [Place: [Int]] = .init(minimumCapacity: indices.count)
            for index in indices where findings[index].locale != nil { byPlace[Place(findings[index]), default: []].append(index) }
            // The finding each finding joins (a finding of its own is its own leader), and the
            // other locales of each leader: the gatherings judged on every core (they share
            // nothing), then joined.
            let gatherings = byPlace.values.filter { $0.count > 1 }
            var leaders: [Int: Int] = [:]
            var otherLocales: [Int: [String]] = [:]
            let runs = concurrentRuns(of: gatherings.count, parts: 2, minimum: 256) { range in
                var leaders: [Int: Int] = [:]
                var otherLocales: [Int: [String]] = [:]
                for gathered in gatherings[range] {
                    Self.judge(gathered, of: findings, leaders: &leaders, otherLocales: &otherLocales)
                }
                return (leaders, otherLocales)
            }
            for (runLeaders, runOthers) in runs {
                leaders.merge(runLeaders) { first, _ in first }
                otherLocales.merge(runOthers) { first, _ in first }
            }
            var groups: [SameCause] = []
            groups.reserveCapacity(indices.count - leaders.count)
            for index in indices where leaders[index] == nil {
                groups.append(SameCause(first: index, otherLocales: otherLocales[index] ?? []))
            }
            return groups
        }
    }

    /// Sorts the findings `gathered` (of one place, in order) into causes: each joins the first
    /// finding of its cause in another locale (`leaders`), which lists the locales that joined it
    /// (`otherLocales`).
    private static func judge(
        _ gathered: [Int], of findings: UnsafeBufferPointer<Finding>, leaders: inout [Int: Int], otherLocales: inout [Int: [String]]
    ) {
        // The first finding of each cause in this gathering, with its message: searched in turn
        // while there are few, by hash once there are more (a gathering of many different
        // messages would cost the square of its size).
        var causes: [(cause: Cause, leader: Int)] = []
        var numbered: [Cause: Int] = [:]
        for index in gathered {
            guard let locale = findings[index].locale else { continue }
            let cause = Cause(findings[index], locale: locale)
            if causes.count > 8, numbered.isEmpty {
                numbered.reserveCapacity(gathered.count)
                for (number, known) in causes.enumerated() { numbered[known.cause] = number }
            }
            let found = numbered.isEmpty ? causes.firstIndex { $0.cause == cause } : numbered[cause]
            guard let found else {
                if !numbered.isEmpty { numbered[cause] = causes.count }
                causes.append((cause, index))
                continue
            }
            let known = causes[found]
            // The same again in a locale the group has is a finding of its own.
            if locale != findings[known.leader].locale, otherLocales[known.leader]?.contains(locale) != true {
                otherLocales[known.leader, default: []].append(locale)
                leaders[index] = known.leader
            }
        }
    }

    /// The rule, table and key of a finding (no table and no key are an empty one), as its
    /// strings: a string joined from them was made for every finding.
    private struct Place: Hashable {
        let rule: String
        let table: String
        let key: String

        init(_ finding: Finding) {
            rule = finding.diagnostic.id
            table = finding.table ?? ""
            key = finding.key ?? ""
        }

        /// The key and table are hashed, not the rule: the few rules that report one key of
        /// one table are told apart by equality, and hashing three strings per finding cost more
        /// than the grouping.
        func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(table)
        }
    }

    /// The severity and the message with its locale's name taken out: what findings of one
    /// `Place` must share to be one cause.
    private struct Cause: Hashable {
        let severity: Severity
        let message: String

        init(_ finding: Finding, locale: String) {
            severity = finding.diagnostic.severity
            message = Self.withoutLocale(finding.diagnostic.message, locale: locale)
        }

        /// The message's bytes with each quoted name of the locale ('de') left out (a separator
        /// byte in its place), compared as bytes: a Foundation search and replace per finding
        /// cost more than the rest of the report.
        private static func withoutLocale(_ message: String, locale: String) -> String {
            var text = message
            var locale = locale
            let replaced = text.withUTF8 { bytes in
                locale.withUTF8 { name -> String? in
                    // Only a quote can start the name: the bytes between quotes are copied whole.
                    guard let base = bytes.baseAddress, memchr(base, 0x27, bytes.count) != nil else { return nil }
                    return String(unsafeUninitializedCapacity: bytes.count) { result in
                        guard let out = result.baseAddress else { return 0 }
                        var written = 0
                        var index = 0
                        func copy(upTo end: Int) {
                            let run = end - index
                            if run > 0 { UnsafeMutableRawPointer(out + written).copyMemory(from: base + index, byteCount: run) }
                            written += run
                            index = end
                        }
                        while index < bytes.count, let found = memchr(base + index, 0x27, bytes.count - index) {
                            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                            copy(upTo: quote)
                            let end = quote + name.count + 2
                            if end <= bytes.count, bytes[end - 1] == 0x27,
                                name.isEmpty || name.baseAddress.map({ memcmp(base + quote + 1, $0, name.count) == 0 }) == true
                            {
                                result[written] = 0x1F
                                written += 1
                                index = end
                            } else {
                                copy(upTo: quote + 1)
                            }
                        }
                        copy(upTo: bytes.count)
                        return written
                    }
                }
            }
            // A message without a quote names no locale: it is its own cause.
            return replaced ?? message
        }
    }
}

extension TextRenderer {
    /// One line per table: how many keys are not yet translated, in which locales; of the
    /// findings `indices` of `findings` (read in place, as `SameCause` reads them).
    static func backlogSummary(_ findings: [Finding], _ indices: [Int]) -> String {
        guard !indices.isEmpty else { return "" }
        // The findings by table, then by rule, in one pass: findings come in runs of one table,
        // and their rules are numbered by a memo (hashing the table and filtering the findings
        // once per phrase compared every finding's strings again and again).
        var numbering = FirstSeenNumbers()
        var ofTable: [(rules: RuleIDMemo<Void>, byRule: [[Int]])] = []
        for index in indices {
            let current = numbering.number(of: findings[index].table ?? findings[index].diagnostic.path)
            if current == ofTable.count { ofTable.append((RuleIDMemo { _ in () }, [])) }
            let rule = ofTable[current].rules.slot(of: findings[index].diagnostic.id).number
            if rule == ofTable[current].byRule.count { ofTable[current].byRule.append([]) }
            ofTable[current].byRule[rule].append(index)
        }
        var out =
            "\nTranslation backlog (work not done yet, not defects; `--backlog` lists each, `stringscheck coverage` shows each locale):\n"
        let tables = numbering.strings
        for table in tables.indices.sorted(by: { tables[$0] < tables[$1] }) {
            let rules = ofTable[table].rules.seen
            let byRule = ofTable[table].byRule
            var parts: [String] = []
            for (rule, phrase) in phrases {
                guard let number = rules.firstIndex(of: rule) else { continue }
                parts.append(phrase(findings, byRule[number]))
            }
            // A backlog rule without words of its own here is still counted.
            let others = rules.indices.filter { number in !phrases.contains { $0.0 == rules[number] } }
            for number in others.sorted(by: { rules[$0] < rules[$1] }) {
                parts.append("\(count(byRule[number], "finding")) of \(rules[number])")
            }
            out += "  \(visible(tables[table])): \(parts.joined(separator: "; "))\n"
        }
        return out
    }

    /// "de 12, fr 3" (most first), at most six locales named.
    private static func perLocale(_ findings: [Finding], _ indices: [Int]) -> String {
        var counts: [String: Int] = [:]
        for index in indices {
            // The finding's one locale without the list `coveredLocales` makes of it.
            if let locale = findings[index].locale {
                counts[locale, default: 0] += 1
            } else {
                for locale in findings[index].locales { counts[locale, default: 0] += 1 }
            }
        }
        let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        return shortList(sorted.map { "\($0.key) \($0.value)" })
    }

    /// "ja, ko": the locales, each once.
    private static func locales(_ findings: [Finding], _ indices: [Int]) -> String {
        shortList(Set(indices.flatMap { findings[$0].coveredLocales }).sorted())
    }

    /// Each backlog rule's words for its findings in one table.
    private static let phrases: [(String, @Sendable ([Finding], [Int]) -> String)] = [
        ("missing-translation", { "\(keys($0, $1)) not yet translated (\(perLocale($0, $1)))" }),
        ("catalog-untranslated", { "\(count($1, "catalog text")) not yet translated (\(perLocale($0, $1)))" }),
        ("xliff-untranslated", { "\(count($1, "XLIFF unit")) without a translation (\(perLocale($0, $1)))" }),
        ("unchanged-translation", { "\(keys($0, $1)) left as the development text (\(perLocale($0, $1)))" }),
        ("catalog-needs-review", { "\(count($1, "translation")) marked for review (\(perLocale($0, $1)))" }),
        ("missing-table", { "no table yet in \(locales($0, $1))" }),
        ("incomplete-locale", { "locales below the coverage threshold: \(locales($0, $1))" }),
    ]

    /// "12 keys": the distinct keys of the findings (or the findings, where they name none).
    private static func keys(_ findings: [Finding], _ indices: [Int]) -> String {
        let keys = Set(indices.compactMap { findings[$0].key })
        let count = keys.isEmpty ? indices.count : keys.count
        return "\(count) key\(count == 1 ? "" : "s")"
    }

    private static func count(_ indices: [Int], _ noun: String) -> String {
        "\(indices.count) \(noun)\(indices.count == 1 ? "" : "s")"
    }
}
