import Foundation
import LocalizationFormats
import LocalizationIndex

/// The output formats of `coverage`.
public enum CoverageFormat: String, Sendable, CaseIterable {
    case text, markdown, html, json, csv
}

extension CoverageReport {
    public func rendered(as format: CoverageFormat, details: Bool = false) -> String {
        switch format {
        case .text: text(details: details)
        case .markdown: markdown(details: details)
        case .html: CoverageHTML.render(self, details: details)
        case .json: json
        case .csv: csv
        }
    }

    /// Locales from the best covered to the least, ties by name.
    var byCoverage: [LocaleCoverage] {
        locales.sorted { ($0.percent, $1.locale) > ($1.percent, $0.locale) }
    }

    static func percentText(_ value: Double) -> String { String(format: "%.1f%%", value) }

    func delta(_ item: LocaleCoverage) -> String {
        guard let previous, let before = previous[item.locale] else { return previous == nil ? "" : "new" }
        let change = ((item.percent - before) * 10).rounded() / 10
        return change == 0 ? "±0" : (change > 0 ? "+" : "") + String(format: "%.1f", change)
    }

    /// The summary table every format shows.
    func summaryTable(bars: Bool) -> ReportTable {
        var columns: [ReportTable.Column] = [.init("locale")]
        if bars { columns.append(.init("")) }
        columns += [
            .init("coverage", .right), .init("translated", .right), .init("missing", .right), .init("extra", .right),
            .init("empty", .right), .init("identical", .right), .init("review", .right), .init("plurals", .right),
        ]
        if previous != nil { columns.append(.init("change", .right)) }
        var rows: [[String]] = byCoverage.map { item in
            var row = [item.locale]
            if bars {
                let filled = Int((item.percent / 5).rounded())
                row.append(String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled))
            }
            row += [
                Self.percentText(item.percent), "\(item.translated)/\(item.total)", "\(item.missing)", "\(item.extra)", "\(item.empty)",
                "\(item.identical)", "\(item.needsReview)", "\(item.pluralIncomplete)",
            ]
            if previous != nil { row.append(delta(item)) }
            return row
        }
        let translated = locales.reduce(0) { $0 + $1.translated }
        let possible = locales.reduce(0) { $0 + $1.total }
        let overall = possible == 0 ? 100 : (Double(translated) / Double(possible) * 1000).rounded() / 10
        var totalRow = ["total"]
        if bars { totalRow.append("") }
        totalRow += [
            Self.percentText(overall), "\(translated)/\(possible)", "\(locales.reduce(0) { $0 + $1.missing })",
            "\(locales.reduce(0) { $0 + $1.extra })", "\(locales.reduce(0) { $0 + $1.empty })",
            "\(locales.reduce(0) { $0 + $1.identical })", "\(locales.reduce(0) { $0 + $1.needsReview })",
            "\(locales.reduce(0) { $0 + $1.pluralIncomplete })",
        ]
        if previous != nil { totalRow.append("") }
        rows.append(totalRow)
        return ReportTable(columns: columns, rows: rows)
    }

    func payloadTable() -> ReportTable {
        ReportTable(
            columns: [.init("payload"), .init("ready", .right), .init("broken in")],
            rows: payloads.map { item in
                [
                    item.payload, "\(item.readyLocales.count)/\(item.readyLocales.count + item.brokenLocales.count)",
                    item.brokenLocales.map { "\($0.locale): \($0.reasons.joined(separator: "; "))" }.joined(separator: "\n"),
                ]
            })
    }

    func text(details: Bool) -> String {
        var out =
            "Coverage against \(baseLocale ?? "the base locale") (\(total) key\(total == 1 ? "" : "s"))\n\n"
            + summaryTable(bars: true).text()
        if !payloads.isEmpty { out += "\nPush payloads\n\n" + payloadTable().text() }
        if details {
            for item in byCoverage where !item.missingKeys.isEmpty || !item.identicalKeys.isEmpty {
                out += "\n\(item.locale): \(item.missingKeys.count) missing, \(item.identicalKeys.count) identical to the base\n"
                for key in item.missingKeys { out += "  missing    \(key.table): \(key.key)\n" }
                for key in item.identicalKeys { out += "  identical  \(key.table): \(key.key)\n" }
            }
        }
        for (locales, keys) in newlyMissingChanges {
            out +=
                "\n\(locales.joined(separator: ", ")): \(keys.count) key\(keys.count == 1 ? "" : "s") added without a translation since the previous report\n"
            for key in keys { out += "  \(key.table): \(key.key)\n" }
        }
        return out
    }

    /// The keys added without a translation since the previous report, one change per set of keys
    /// with the locales that lack them (a new base key is one change, not one per locale).
    var newlyMissingChanges: [(locales: [String], keys: [CoverageKey])] {
        var changes: [(locales: [String], keys: [CoverageKey])] = []
        for (locale, keys) in newlyMissing.sorted(by: { $0.key < $1.key }) where !keys.isEmpty {
            if let index = changes.firstIndex(where: { $0.keys == keys }) {
                changes[index].locales.append(locale)
            } else {
                changes.append(([locale], keys))
            }
        }
        return changes
    }

    func markdown(details: Bool) -> String {
        var out = "## Localization coverage\n\nAgainst `\(baseLocale ?? "base")`, \(total) keys.\n\n" + summaryTable(bars: false).markdown
        if !payloads.isEmpty { out += "\n### Push payloads\n\n" + payloadTable().markdown }
        if details {
            for item in byCoverage where !item.missingKeys.isEmpty || !item.identicalKeys.isEmpty {
                out +=
                    "\n<details><summary>\(escapeHTML(item.locale)): \(item.missingKeys.count) missing, \(item.identicalKeys.count) identical to the base</summary>\n\n"
                for key in item.missingKeys { out += "- missing `\(key.table)`: `\(key.key.replacingOccurrences(of: "`", with: "'"))`\n" }
                for key in item.identicalKeys {
                    out += "- identical `\(key.table)`: `\(key.key.replacingOccurrences(of: "`", with: "'"))`\n"
                }
                out += "\n</details>\n"
            }
        }
        for (locales, keys) in newlyMissingChanges {
            let shown = keys.prefix(5).map { "`\($0.key.replacingOccurrences(of: "`", with: "'"))`" }.joined(separator: ", ")
            let more = keys.count > 5 ? " and \(keys.count - 5) more" : ""
            out +=
                "\n- \(keys.count) key\(keys.count == 1 ? "" : "s") added without a translation (\(shown)\(more)) in **\(escapeHTML(locales.joined(separator: ", ")))**\n"
        }
        return out
    }

    var csv: String {
        ReportTable(
            columns: [
                .init("locale"), .init("table"), .init("total"), .init("translated"), .init("missing"), .init("extra"), .init("percent"),
            ],
            rows: locales.flatMap { item in
                item.tables.map { table in
                    [
                        item.locale, table.table, "\(table.total)", "\(table.translated)", "\(table.missing)", "\(table.extra)",
                        String(format: "%.1f", table.percent),
                    ]
                }
            }
        ).csv
    }

    var json: String {
        func keys(_ list: [CoverageKey]) -> JSONValue {
            .array(list.map { .object(["table": .string($0.table), "key": .string($0.key)]) })
        }
        var root: [String: JSONValue] = [
            "version": .int(Self.version),
            "baseLocale": .optional(baseLocale),
            "total": .int(total),
            "locales": .array(
                locales.map { item in
                    .object([
                        "locale": .string(item.locale), "total": .int(item.total), "translated": .int(item.translated),
                        "missing": .int(item.missing), "extra": .int(item.extra), "empty": .int(item.empty),
                        "identical": .int(item.identical), "needsReview": .int(item.needsReview), "untranslated": .int(item.untranslated),
                        "pluralIncomplete": .int(item.pluralIncomplete), "percent": .double(item.percent),
                        "tables": .array(
                            item.tables.map { table in
                                .object([
                                    "table": .string(table.table), "total": .int(table.total), "translated": .int(table.translated),
                                    "missing": .int(table.missing), "extra": .int(table.extra), "percent": .double(table.percent),
                                ])
                            }),
                        "missingKeys": keys(item.missingKeys), "identicalKeys": keys(item.identicalKeys),
                    ])
                }),
            "payloads": .array(
                payloads.map { item in
                    .object([
                        "payload": .string(item.payload), "path": .string(item.path),
                        "readyLocales": .array(item.readyLocales.map { .string($0) }),
                        "brokenLocales": .array(
                            item.brokenLocales.map {
                                .object(["locale": .string($0.locale), "reasons": .array($0.reasons.map { .string($0) })])
                            }),
                    ])
                }),
        ]
        if let previous {
            root["delta"] = .object(
                Dictionary(
                    uniqueKeysWithValues: locales.map { item in
                        (
                            item.locale,
                            JSONValue.object([
                                "previousPercent": previous[item.locale].map { .double($0) } ?? .null,
                                "newlyMissing": keys(newlyMissing[item.locale] ?? []),
                            ])
                        )
                    }))
        }
        return JSONValue.object(root).rendered()
    }

    /// Reads a previous JSON report and records the changes against it.
    public mutating func compare(withJSON data: Data) throws {
        try compare(withJSON: [UInt8](data), path: "report")
    }

    /// Reads a previous JSON report (which a pull request may have written: every value is
    /// checked before it is used) and records the changes against it; a problem is thrown with
    /// its line and column.
    public mutating func compare(withJSON bytes: [UInt8], path: String) throws(FileProblem) {
        let (percents, missing) = try Self.readPrevious(bytes, path: path)
        previous = percents
        for item in locales {
            // A locale the previous report did not have is new as a whole, not key by key.
            guard let before = missing[item.locale] else { continue }
            newlyMissing[item.locale] = item.missingKeys.filter { !before.contains($0) }
        }
    }

    /// A previous report's percentage and missing keys per locale.
    public static func readPrevious(_ bytes: [UInt8], path: String) throws(FileProblem) -> (
        percents: [String: Double], missing: [String: Set<CoverageKey>]
    ) {
        let root = try JSONReader.root(bytes: bytes, path: path)
        func fail(_ node: JSONNode, _ message: String) -> FileProblem {
            FileProblem(path: path, location: node.location, message: message)
        }
        guard root.object != nil, let version = root["version"], case .number(let text) = version.value, text == "\(Self.version)" else {
            throw fail(root, "expected a version \(Self.version) JSON coverage report (an object with \"version\": \(Self.version))")
        }
        guard let items = root["locales"]?.array else { throw fail(root, "expected 'locales' (an array)") }
        var percents: [String: Double] = [:]
        var missing: [String: Set<CoverageKey>] = [:]
        for item in items {
            guard item.object != nil else { throw fail(item, "a locale must be an object, not \(item.typeNameWithArticle)") }
            guard let locale = item["locale"]?.string else { throw fail(item, "a locale needs 'locale' (a string)") }
            // A crafted report cannot make the comparison print nonsense ('-inf', 1e308 %).
            guard let node = item["percent"], case .number(let written) = node.value, let percent = Double(written), percent.isFinite,
                (0...100).contains(percent)
            else { throw fail(item["percent"] ?? item, "'percent' must be a number from 0 to 100") }
            percents[locale] = percent
            var keys: Set<CoverageKey> = []
            for key in item["missingKeys"]?.array ?? [] {
                guard let table = key["table"]?.string, let name = key["key"]?.string else { continue }
                keys.insert(CoverageKey(table: table, key: name))
            }
            missing[locale] = keys
        }
        return (percents, missing)
    }
}
