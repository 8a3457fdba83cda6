import LocalizationFormats
import StringsCheckRules

/// One row of a preview: a payload or a key in one locale, as the device shows it.
public struct PreviewRow: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        case payload, key
    }

    public var source: Source
    /// Template path and name, for payloads.
    public var payload: String?
    public var table: String?
    public var key: String?
    public var locale: String
    /// The locale whose table was read (after the fallback chain).
    public var resolvedLocale: String?
    public var title: String?
    public var subtitle: String?
    public var body: String?
    public var action: String?
    /// The text of a key.
    public var value: String?
    public var problems: [RenderProblem]
}

/// Builds preview rows for payloads and keys.
public enum PreviewBuilder {
    /// Every payload in every locale (the base first).
    public static func payloadRows(_ context: RuleContext, locales only: Set<String> = []) -> [PreviewRow] {
        let renderer = MessageRenderer(context: context)
        let locales = context.localesBaseFirst.filter { only.isEmpty || only.contains($0) }
        // Payloads render independently: on all cores, rows kept in payload order.
        return context.payloads.concurrentMap { payload -> [PreviewRow] in
            var rows: [PreviewRow] = []
            let table = payloadTable(context, keys: payload.keys.map(\.key))
            let name = payload.displayName
            for locale in locales {
                var row = PreviewRow(source: .payload, payload: name, locale: locale, problems: [])
                row.resolvedLocale = table.flatMap { renderer.resolvedLocale(locale, table: $0) }
                let alert = payload.alert
                func part(_ literal: PayloadField?, _ key: PayloadField?, _ arguments: PayloadField?) -> String? {
                    guard let keyText = key?.value.string else { return literal?.value.string }
                    guard let table else { return keyText }
                    let values = (arguments?.value.array ?? []).map { FormatArgument.string($0.string ?? $0.minified) }
                    let rendered = renderer.render(key: keyText, table: table, locale: locale, arguments: values)
                    row.problems += rendered.problems.map { RenderProblem(rule: $0.rule, message: "\(key?.name ?? ""): \($0.message)") }
                    return rendered.text
                }
                row.title = part(alert.title, alert.titleLocKey, alert.titleLocArgs)
                row.subtitle = part(alert.subtitle, alert.subtitleLocKey, alert.subtitleLocArgs)
                row.body = part(alert.body, alert.locKey, alert.locArgs)
                row.action = part(nil, alert.actionLocKey, nil)
                rows.append(row)
            }
            return rows
        }.flatMap { $0 }
    }

    /// Every base key matching `pattern` (a glob over keys) in every locale, with sample arguments.
    /// `tables` keeps to those table IDs (all when empty).
    public static func keyRows(
        _ context: RuleContext, pattern: String? = nil, locales only: Set<String> = [], tables: Set<String> = []
    ) -> [PreviewRow] {
        let renderer = MessageRenderer(context: context)
        let glob = pattern.map(Glob.init)
        let locales = context.localesBaseFirst.filter { only.isEmpty || only.contains($0) }
        var rows: [PreviewRow] = []
        for table in context.baseTableNames where tables.isEmpty || tables.contains(table) {
            guard let base = context.baseTable(table) else { continue }
            for key in base.strings.keys.sorted() where glob?.matchesKey(key) ?? true {
                for locale in locales {
                    let rendered = renderer.render(key: key, table: table, locale: locale, arguments: nil)
                    rows.append(
                        PreviewRow(
                            source: .key, table: table, key: key, locale: locale, resolvedLocale: rendered.resolvedLocale,
                            value: rendered.text,
                            problems: rendered.found
                                ? rendered.problems
                                : [RenderProblem(rule: "missing-translation", message: "missing: the key itself is shown")]))
                }
            }
        }
        return rows
    }
}

/// The preview's output formats.
public enum PreviewFormat: String, Sendable, CaseIterable {
    case text, markdown, html, csv, json
}

extension Array where Element == PreviewRow {
    func table() -> ReportTable {
        let payloads = first?.source == .payload
        let status = { (row: PreviewRow) in row.problems.isEmpty ? "ok" : row.problems.map(\.message).joined(separator: "\n") }
        if payloads {
            return ReportTable(
                columns: [
                    .init("payload"), .init("locale"), .init("title"), .init("subtitle"), .init("body"), .init("action"), .init("status"),
                ],
                rows: map { [$0.payload ?? "", $0.locale, $0.title ?? "", $0.subtitle ?? "", $0.body ?? "", $0.action ?? "", status($0)] })
        }
        return ReportTable(
            columns: [.init("key"), .init("locale"), .init("value"), .init("status")],
            rows: map { [$0.key ?? "", $0.locale, $0.value ?? "", status($0)] })
    }

    /// Renders the preview in a format.
    public func rendered(as format: PreviewFormat) -> String {
        switch format {
        case .text: isEmpty ? "nothing to render\n" : table().text(maximumCellWidth: 48)
        case .markdown: table().markdown
        case .csv: table().csv
        case .html: PreviewHTML.render(self)
        case .json: json
        }
    }

    var json: String {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        return JSONValue.object([
            "version": .int(1),
            "rows": .array(
                map { row in
                    .object([
                        "source": .string(row.source.rawValue), "payload": optional(row.payload), "table": optional(row.table),
                        "key": optional(row.key), "locale": .string(row.locale), "resolvedLocale": optional(row.resolvedLocale),
                        "title": optional(row.title), "subtitle": optional(row.subtitle), "body": optional(row.body),
                        "action": optional(row.action), "value": optional(row.value),
                        "problems": .array(row.problems.map { .object(["rule": .string($0.rule), "message": .string($0.message)]) }),
                    ])
                }),
        ]).rendered()
    }
}
