import LocalizationFormats
import LocalizationIndex
import StringsCheckRules

extension PreviewBuilder {
    /// Every base key matching `pattern` (a glob over keys) in every locale, with sample arguments.
    /// `tables` keeps to those table IDs (all when empty). `findings` are `check`'s; a row shows
    /// those about its key in the locale whose table the device reads.
    public static func keyRows(
        _ index: ProjectIndex, findings: [Finding], pattern: String? = nil, locales only: Set<String> = [], tables: Set<String> = []
    ) -> [PreviewRow] {
        let maker = KeyRowMaker(index, findings: findings, pattern: pattern, locales: only, tables: tables)
        // Every key's rows on all cores, in shares of keys, each written in its place: one row
        // for each locale.
        return concurrentGroups(of: maker.keys.count, width: maker.locales.count) { range, first in
            var slot = first
            maker.makeRows(range) { table, key, locale, rendered, problems, _ in
                slot.initialize(
                    to: PreviewRow(
                        source: .key, table: table, key: key, locale: locale, resolvedLocale: rendered.resolvedLocale,
                        value: rendered.text, problems: problems, raw: KeyRowMaker.raw(rendered)))
                slot += 1
            }
            return first.distance(to: slot)
        }
    }

    /// `keyRows(...).renderedParts(as:width:emptyMessage:)`, handed to `write` piece by piece, in
    /// order, on any thread, one piece at a time; a piece's bytes are valid only during the call.
    /// As JSON, each share of keys' rows is written as it is made and handed over as soon as the
    /// shares before it are: no row outlives its own writing, and no share outlives its handing
    /// over, where holding the rows (then the whole preview) for a later pass cost more time and
    /// memory than writing them.
    public static func keyPreview(
        _ index: ProjectIndex, findings: [Finding], pattern: String? = nil, locales only: Set<String> = [], tables: Set<String> = [],
        as format: PreviewFormat, width: Int = 100, emptyMessage: String = PreviewHTML.nothingToRender,
        into write: (UnsafeRawBufferPointer) -> Void
    ) {
        guard format == .json else {
            for part in keyRows(index, findings: findings, pattern: pattern, locales: only, tables: tables)
                .renderedParts(as: format, width: width, emptyMessage: emptyMessage)
            {
                part.withUnsafeBytes(write)
            }
            return
        }
        let maker = KeyRowMaker(index, findings: findings, pattern: pattern, locales: only, tables: tables)
        [PreviewRow].writeJSONDocument(hasRows: !maker.locales.isEmpty && !maker.keys.isEmpty, into: write) {
            concurrentRuns(of: maker.keys.count) { range in
                var part = ByteWriter(capacity: range.count * maker.locales.count * 512)
                maker.makeRows(range) { table, key, locale, rendered, problems, last in
                    PreviewRow.writeJSON(
                        into: &part, last: last, action: nil, body: nil, key: key, locale: locale, note: nil, payload: nil,
                        problems: problems, raw: KeyRowMaker.raw(rendered), resolvedLocale: rendered.resolvedLocale, source: .key,
                        subtitle: nil, table: table, title: nil, value: rendered.text)
                }
                return part.finish()
            } inOrder: { part in
                part.withUnsafeBytes(write)
            }
        }
    }
}

/// Makes the key rows of a preview: the keys and locales chosen once, then any run of keys'
/// rows, key by key and locale by locale, on any thread.
struct KeyRowMaker {
    let index: ProjectIndex
    let renderer: TranslationRenderer
    let locales: [String]
    let problems: FindingsByPlace
    /// The base keys, table by table, each table's keys sorted.
    let keys: [(table: String, key: String)]

    init(_ index: ProjectIndex, findings: [Finding], pattern: String?, locales only: Set<String>, tables: Set<String>) {
        self.index = index
        renderer = TranslationRenderer(index: index)
        let glob = pattern.map(Glob.init)
        locales = index.localesBaseFirst.filter { only.isEmpty || only.contains($0) }
        problems = FindingsByPlace(findings, baseLocale: index.baseLocale)
        var keys: [(table: String, key: String)] = []
        for table in index.baseTableNames where tables.isEmpty || tables.contains(table) {
            guard let base = index.baseTable(table) else { continue }
            for key in base.strings.keys.sorted() where glob?.matchesKey(key) ?? true { keys.append((table, key)) }
        }
        self.keys = keys
    }

    /// The rows of the keys in `range`, one for each locale, in order, lent to `body` as their
    /// fields: the table, key and locale, the text rendered, the problems shown, and whether the
    /// row is the preview's last.
    func makeRows(
        _ range: Range<Int>,
        _ body: (
            _ table: String, _ key: String, _ locale: String, _ rendered: TranslationRenderer.Rendered, _ problems: [RenderProblem],
            _ last: Bool
        ) -> Void
    ) {
        // Each table's locales resolved once, for all its keys.
        var deviceTables: [DeviceTable] = []
        var currentTable: String?
        // The numbering the table's locales share, if they do.
        var numbering: TableKeyNumbers?
        for position in range {
            let (table, key) = keys[position]
            if currentTable != table {
                deviceTables = locales.map { index.deviceTable(table, locale: $0) }
                currentTable = table
                numbering = deviceTables.first?.numbering
            }
            let markdown = renderer.showsMarkdown(key: key, table: table)
            // What `check` says about the key, found once for all its locales.
            let keyProblems = problems.about(key: key, table: table)
            // The key's number in that numbering, taken once for all its locales.
            let number = numbering?.number(of: key)
            // Read through the buffer: no count is taken on each table for each row.
            deviceTables.withUnsafeBufferPointer { deviceTables in
                for column in deviceTables.indices {
                    let lookup: DeviceLookup
                    if let numbering {
                        lookup = deviceTables[column].lookup(key: key, number: number, in: numbering)
                    } else {
                        lookup = deviceTables[column].lookup(key: key)
                    }
                    let rendered = renderer.render(lookup, arguments: nil, markdown: markdown)
                    var found = keyProblems.concerning(rendered.resolvedLocale ?? deviceTables[column].locale)
                    // An entry that does not load (or holds no text) is named by no finding of its
                    // own: what stops its file from loading it is the row's problem.
                    if let string = rendered.string, !rendered.found {
                        found += problems.aboutFile(path: string.path).filter { !found.contains($0) }
                    }
                    body(
                        table, key, deviceTables[column].locale, rendered, found,
                        position == keys.count - 1 && column == deviceTables.count - 1)
                }
            }
        }
    }

    /// The parts of a key's row that show the key itself: its value, when the table lacks it.
    static func raw(_ rendered: TranslationRenderer.Rendered) -> [String] { rendered.found ? [] : ["value"] }
}
