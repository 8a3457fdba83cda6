import LocalizationFormats
import LocalizationIndex
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
    /// The parts (`title`, `subtitle`, `body`, `action`, or `value` for a key) that show the
    /// key itself: the table lacks it, or its entry does not load.
    public var raw: [String] = []
    /// What a payload without alert text does on the device instead ("no banner: the badge
    /// becomes 3", "background push: nothing is shown").
    public var note: String?
    /// The app's name as this locale's users see it above a notification: `CFBundleDisplayName`
    /// (else `CFBundleName`) of the InfoPlist table, when the tree has one.
    public var appName: String?
}

/// Builds preview rows for payloads and keys: the text from the index's lookup, the problems
/// from `check`'s findings about that text (errors and warnings, in their words).
public enum PreviewBuilder {
    /// Every payload in every locale (the base first). `findings` are `check`'s findings of the
    /// payload rules; a row shows those at its payload's loc-keys and loc-args that concern its
    /// locale (or every locale).
    public static func payloadRows(_ index: ProjectIndex, findings: [Finding], locales only: Set<String> = []) -> [PreviewRow] {
        payloadRowGroups(index, findings: findings, locales: only).flatMap { $0 }
    }

    /// `payloadRows`, one group per payload of `index.payloads`, in order.
    public static func payloadRowGroups(_ index: ProjectIndex, findings: [Finding], locales only: Set<String> = []) -> [[PreviewRow]] {
        let renderer = TranslationRenderer(index: index)
        let locales = index.localesBaseFirst.filter { only.isEmpty || only.contains($0) }
        let problems = FindingsByPlace(findings, baseLocale: index.baseLocale)
        // Named by their path below the folder all templates share: two '003.json' in different
        // folders stay apart.
        let prefix = CoverageBuilder.commonFolder(index.payloads.map(\.path))
        // Payloads render independently: on all cores, rows kept in payload order.
        return index.payloads.concurrentMap { payload -> [PreviewRow] in
            var rows: [PreviewRow] = []
            let table = index.payloadTable(of: payload)
            let name =
                String(payload.path.dropFirst(prefix.count)) + (payload.name.map { " [\($0)]" } ?? "")
                + (payload.code.map { ":\($0.line)" } ?? "")
            let payloadProblems = problems.about(payload: payload)
            let type = index.pushType(of: payload).type
            let note = Self.withoutBanner(payload, type: type)
            for locale in locales {
                var row = PreviewRow(source: .payload, payload: name, locale: locale, problems: [])
                row.resolvedLocale = table.flatMap { index.resolvedLocale(locale, table: $0) }
                row.appName = appName(index, locale: locale)
                for (part, literal, key, arguments) in payload.alert.parts {
                    let shown: String?
                    if let keyText = key?.value.string {
                        if let table {
                            let values = (arguments?.value.array ?? []).map { FormatArgument.string($0.string ?? $0.minified) }
                            let rendered = renderer.render(key: keyText, table: table, locale: locale, arguments: values)
                            if !rendered.found { row.raw.append(part.rawValue) }
                            shown = rendered.text
                        } else {
                            shown = keyText
                        }
                    } else {
                        shown = literal?.value.string
                    }
                    switch part {
                    case .title: row.title = shown
                    case .subtitle: row.subtitle = shown
                    case .body: row.body = shown
                    case .action: row.action = shown
                    }
                }
                if [row.title, row.subtitle, row.body].allSatisfy({ ($0 ?? "").isEmpty }) {
                    row.note = note
                } else if type == .liveactivity {
                    row.note =
                        "Live Activity alert: shown as a banner (on the Lock Screen and in the Dynamic Island) while the activity updates"
                }
                // The findings about its parts that concern the locale whose table the device
                // reads, and those about the payload as a whole (its size, its push type, a value
                // of the wrong type), which concern every locale.
                row.problems = payloadProblems.concerning(row.resolvedLocale ?? locale)
                rows.append(row)
            }
            return rows
        }
    }

    /// The app's name in `locale`: the InfoPlist table's `CFBundleDisplayName`, else its
    /// `CFBundleName`, through the same lookup as any other text (the locale's table, else the
    /// development language's).
    static func appName(_ index: ProjectIndex, locale: String) -> String? {
        for table in index.baseTableNames where table == "InfoPlist" || table.hasSuffix("/InfoPlist") {
            let resolved = index.resolvedLocale(locale, table: table) ?? index.baseLocale ?? locale
            for key in ["CFBundleDisplayName", "CFBundleName"] {
                if let name = index.tables[table]?[resolved]?.strings[key]?.value ?? index.baseTable(table)?.strings[key]?.value,
                    !name.isEmpty
                {
                    return name
                }
            }
        }
        return nil
    }
}

extension PreviewBuilder {
    /// What a payload with no alert text does on a device, by its push type.
    static func withoutBanner(_ payload: PushPayload, type: PushType) -> String {
        switch type {
        case .alert, .background: break
        case .liveactivity:
            return payload.aps?["event"]?.string == "end"
                ? "Live Activity end: the activity shows its final state, then is dismissed; no banner"
                : "Live Activity update: the activity's view changes; no banner"
        case .widgets: return "WidgetKit push: the widgets reload their timelines; nothing is shown"
        case .controls: return "controls push: the Control Center controls reload; nothing is shown"
        case .voip: return "VoIP push: the app is woken to report the call to CallKit, which shows the incoming call"
        case .pushtotalk: return "Push to Talk push: the app's channel receives it; the system shows the active speaker"
        case .location: return "location push: the app's location push service extension answers with the location; nothing is shown"
        case .fileprovider: return "File Provider push: the extension is told its items changed; nothing is shown"
        case .mdm: return "MDM push: the device contacts its MDM server; nothing is shown"
        case .complication: return "complication push: the watch complication updates; nothing is shown"
        }
        let badge = payload.aps?["badge"].flatMap { node -> String? in
            if case .number(let text) = node.value { return text }
            return nil
        }
        let sound = payload.aps?["sound"] != nil
        if let badge { return "no banner: the badge becomes \(badge)" + (sound ? ", and a sound plays" : "") }
        if sound { return "no banner: a sound plays" }
        if payload.aps?["content-available"] != nil { return "background push: nothing is shown; the app is woken to fetch" }
        return "no banner: nothing is shown"
    }

    /// The findings of `check` a preview shows: the payload rules' for payload rows, every other
    /// rule's (and the parsers') for key rows. Only those rules run; no baseline applies.
    public static func findings(_ index: ProjectIndex, configuration: Configuration = Configuration(), forKeys: Bool) async
        -> [Finding]
    {
        if !forKeys && index.payloads.isEmpty { return [] }
        let rules = BuiltInRules.all.filter { ($0.description.area == .payload) != forKeys }
        // Every finding: a row past any bound would otherwise show as fine.
        return await RuleEngine.run(
            index: index, configuration: configuration, rules: rules, maximumFindings: nil, hashingTexts: false, keepContext: { _ in }
        ).findings
    }
}

/// `check`'s findings filed by what they are about, so each preview row finds its own. A finding
/// that names no locale concerns every locale; `Base` is the development locale.
struct FindingsByPlace {
    private var byKey: [String: [(finding: Finding, locales: Set<String>)]] = [:]
    private var byPath: [String: [(finding: Finding, locales: Set<String>)]] = [:]

    init(_ findings: [Finding], baseLocale: String?) {
        // Notes are advice, not something wrong with what the row shows.
        for finding in findings where finding.diagnostic.severity != .note {
            let locales = Set(finding.coveredLocales.map { $0 == "Base" ? baseLocale ?? $0 : $0 })
            if let key = finding.key { byKey[key, default: []].append((finding, locales)) }
            byPath[finding.diagnostic.path, default: []].append((finding, locales))
        }
    }

    /// Findings about `key` of `table`, found once for the rows of all locales (see
    /// `KeyProblems.concerning`).
    func about(key: String, table: String) -> KeyProblems {
        guard let items = byKey[key] else { return KeyProblems() }
        return KeyProblems(
            items: items.filter { $0.finding.table == nil || $0.finding.table == table }.map { (RenderProblem($0.finding), $0.locales) })
    }

    /// What the parsers say about the file at `path` as a whole (a syntax error, a point where
    /// reading stops), where no finding names the entry.
    func aboutFile(path: String) -> [RenderProblem] {
        (byPath[path] ?? []).filter { item in
            item.finding.key == nil && ParseDiagnosticKind(rawValue: item.finding.diagnostic.id) != nil
        }.map { RenderProblem($0.finding) }
    }

    /// What is said about `payload`, gathered once for all its rows: the findings about it (by the
    /// payload they carry), those about one of its parts' keys and arguments, and those about it as
    /// a whole when they name no key and no locale; and what the parsers say at one of its parts'
    /// fields (a key written twice), or, in a file of one payload, about the file.
    func about(payload: PushPayload) -> PayloadProblems {
        let place = payload.place()
        var places: [SourcePosition] = []
        for (_, _, key, arguments) in payload.alert.parts {
            for field in [key, arguments].compactMap({ $0 }) {
                places += [field.keyLocation, field.value.location] + (field.value.array ?? []).map(\.location)
            }
        }
        var result = PayloadProblems()
        for item in byPath[payload.path] ?? [] {
            let aboutPart: Bool
            if let about = item.finding.payload {
                guard about.payload == place else { continue }
                aboutPart = about.field == .key || about.field == .arguments
            } else {
                aboutPart = item.finding.diagnostic.location.map(places.contains) ?? false
                if !aboutPart && payload.name != nil { continue }
            }
            let problem = RenderProblem(item.finding)
            if aboutPart {
                result.parts.append((problem, item.locales))
            } else if item.locales.isEmpty, item.finding.key == nil, item.finding.diagnostic.location != nil,
                !result.whole.contains(problem)
            {
                result.whole.append(problem)
            }
        }
        return result
    }
}

/// The findings about one key of a table, for its rows.
struct KeyProblems {
    /// Each with the locales it concerns (none: every locale).
    var items: [(problem: RenderProblem, locales: Set<String>)] = []

    /// Those that concern `locale`, in order.
    func concerning(_ locale: String) -> [RenderProblem] {
        items.isEmpty ? [] : items.filter { $0.locales.isEmpty || $0.locales.contains(locale) }.map(\.problem)
    }
}

/// The findings about one payload, for its rows.
struct PayloadProblems {
    /// About one of its parts, with the locales each concerns (none: every locale).
    var parts: [(problem: RenderProblem, locales: Set<String>)] = []
    /// About the payload as a whole.
    var whole: [RenderProblem] = []

    /// What the row of `locale` shows: the parts' findings that concern it, then those about the
    /// whole payload, each once.
    func concerning(_ locale: String) -> [RenderProblem] {
        var result: [RenderProblem] = []
        for (problem, locales) in parts where (locales.isEmpty || locales.contains(locale)) && !result.contains(problem) {
            result.append(problem)
        }
        for problem in whole where !result.contains(problem) { result.append(problem) }
        return result
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
                rows: map {
                    [
                        $0.payload ?? "", $0.locale, $0.title ?? "", $0.subtitle ?? "", $0.body ?? $0.note.map { "(\($0))" } ?? "",
                        $0.action ?? "", status($0),
                    ]
                })
        }
        return ReportTable(
            columns: [.init("key"), .init("locale"), .init("value"), .init("status")],
            rows: map { [$0.key ?? "", $0.locale, $0.value ?? "", status($0)] })
    }

    /// Renders the preview in a format.
    /// `width`: the columns a text table may take (the terminal's, else 100).
    /// `emptyMessage`: what a text or HTML preview without rows says (default: no templates, and
    /// how to preview keys).
    public func rendered(as format: PreviewFormat, width: Int = 100, emptyMessage: String = PreviewHTML.nothingToRender) -> String {
        switch format {
        case .text: isEmpty ? emptyMessage + "\n" : table().text(totalWidth: width)
        case .markdown: table().markdown
        case .csv: table().csv
        case .html: PreviewHTML.render(self, emptyMessage: emptyMessage)
        case .json: json
        }
    }

    var json: String { String(decoding: jsonParts.joined(), as: UTF8.self) }

    /// The JSON preview as UTF-8 bytes in consecutive pieces, laid out as `JSONValue` lays out the
    /// same document (keys sorted, two-space indents). The rows are written straight from their
    /// fields, on all cores, each share into a piece of its own: a value tree made for each of tens
    /// of thousands of rows cost more than writing them, and joining the pieces held the preview
    /// twice over.
    var jsonParts: [[UInt8]] {
        Self.jsonDocument(
            rows: concurrentRuns(of: count) { range in
                var part = ByteWriter(capacity: range.count * 512)
                for index in range { self[index].writeJSON(into: &part, last: index == count - 1) }
                return part.bytes
            })
    }

    /// The JSON preview around its rows, written as pieces (`writeJSON`, the last without a
    /// comma); no pieces: the preview without rows.
    static func jsonDocument(rows: [[UInt8]]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        writeJSONDocument(hasRows: !rows.isEmpty, into: { parts.append([UInt8]($0)) }) { parts += rows }
        return parts
    }

    /// The JSON preview handed to `write` piece by piece: its opening, the rows `rows` hands over
    /// itself (`writeJSON`, the last without a comma), its closing; without rows, the preview
    /// that has none.
    static func writeJSONDocument(hasRows: Bool, into write: (UnsafeRawBufferPointer) -> Void, rows: () -> Void) {
        guard hasRows else {
            return JSONValue.object(["version": .int(1), "rows": .array([])]).renderedBytes().withUnsafeBytes(write)
        }
        func writeText(_ text: StaticString) { write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        writeText("{\n  \"rows\": [\n")
        rows()
        writeText("  ],\n  \"version\": 1\n}\n")
    }

    /// `rendered(as:)` as UTF-8 bytes in consecutive pieces (JSON is written as bytes from the
    /// start, and in pieces).
    public func renderedParts(as format: PreviewFormat, width: Int = 100, emptyMessage: String = PreviewHTML.nothingToRender)
        -> [[UInt8]]
    {
        format == .json ? jsonParts : [[UInt8](rendered(as: format, width: width, emptyMessage: emptyMessage).utf8)]
    }
}

extension PreviewRow {
    /// The row as an item of the `rows` array (indent 2), its members in key order; `last`: no
    /// comma after it.
    func writeJSON(into out: inout ByteWriter, last: Bool) {
        Self.writeJSON(
            into: &out, last: last, action: action, body: body, key: key, locale: locale, note: note, payload: payload,
            problems: problems, raw: raw, resolvedLocale: resolvedLocale, source: source, subtitle: subtitle, table: table,
            title: title, value: value)
    }

    /// A row of these fields, written as `writeJSON(into:last:)` writes it: a caller holding a
    /// row's fields but no row (a key's rows as they are made) writes them as they are lent, where
    /// a row made of them retained and released each string, counts both cores contended for.
    static func writeJSON(
        into out: inout ByteWriter, last: Bool, action: String?, body: String?, key: String?, locale: String, note: String?,
        payload: String?, problems: [RenderProblem], raw: [String], resolvedLocale: String?, source: Source, subtitle: String?,
        table: String?, title: String?, value: String?
    ) {
        // Each member's indent, name and colon are one piece; its value is quoted as
        // `JSONValue.quote` quotes it.
        func text(_ member: StaticString, _ value: String?, comma: Bool = true) {
            out.appendJSONMember(member, value, last: !comma)
        }
        out.append("    {\n")
        text("      \"action\": ", action)
        text("      \"body\": ", body)
        text("      \"key\": ", key)
        text("      \"locale\": ", locale)
        text("      \"note\": ", note)
        text("      \"payload\": ", payload)
        out.append("      \"problems\": ")
        // Most rows have neither: written as `JSONValue` writes an empty array.
        if problems.isEmpty {
            out.append("[]")
        } else {
            JSONValue.array(
                problems.map {
                    .fields([
                        JSONField("message", .string($0.message)), JSONField("rule", .string($0.rule)),
                        JSONField("severity", .string($0.severity.rawValue)),
                    ])
                }
            ).write(into: &out, indent: 3)
        }
        out.append(",\n      \"raw\": ")
        if raw.isEmpty { out.append("[]") } else { JSONValue.array(raw.map { .string($0) }).write(into: &out, indent: 3) }
        out.append(",\n")
        text("      \"resolvedLocale\": ", resolvedLocale)
        text("      \"source\": ", source.rawValue)
        text("      \"subtitle\": ", subtitle)
        text("      \"table\": ", table)
        text("      \"title\": ", title)
        text("      \"value\": ", value, comma: false)
        out.append(last ? "    }\n" : "    },\n")
    }
}
