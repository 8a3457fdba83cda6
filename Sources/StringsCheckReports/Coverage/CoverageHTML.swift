import Foundation

/// One self-contained page (no network): a bar chart per locale as inline SVG, a heat map of
/// locales × tables, sortable tables, missing keys folded per locale, payload readiness.
enum CoverageHTML {
    static func colour(_ percent: Double) -> String {
        // Red (0%) to amber (50%) to green (100%).
        let hue = Int((percent / 100 * 120).rounded())
        return "hsl(\(hue), 65%, 45%)"
    }

    static func chart(_ report: CoverageReport) -> String {
        let rows = report.byCoverage
        let rowHeight = 22
        let width = 720
        let labelWidth = 110
        let barWidth = width - labelWidth - 70
        var svg =
            "<svg role=\"img\" aria-label=\"Coverage per locale\" width=\"\(width)\" height=\"\(rows.count * rowHeight + 10)\">\n"
        for (index, item) in rows.enumerated() {
            let y = index * rowHeight + 5
            let length = Int(Double(barWidth) * item.percent / 100)
            svg +=
                "<text x=\"\(labelWidth - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(escapeHTML(item.locale))<title>\(escapeHTML(named(item.locale)))</title></text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" height=\"14\" fill=\"#eee\"/>"
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(length)\" height=\"14\" fill=\"\(colour(item.percent))\"><title>\(escapeHTML(item.locale)): \(CoverageReport.percentText(item.percent))</title></rect>"
            svg += "<text x=\"\(labelWidth + barWidth + 8)\" y=\"\(y + 15)\">\(CoverageReport.percentText(item.percent))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// "de (German)": the code with its English name from CLDR (through Foundation's ICU data),
    /// or the code alone when it has none.
    static func named(_ locale: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: locale), name != locale else { return locale }
        return "\(locale) (\(name))"
    }

    /// What each column of the locales table counts.
    static let legend = """
        <dl class="legend">
        <dt>coverage</dt><dd>translated keys out of the development language's keys</dd>
        <dt>translated</dt><dd>the locale has the key, it loads, and its text is not empty, not a catalog placeholder and not the development text (unless allowed by <code>allow_identical</code>)</dd>
        <dt>missing</dt><dd>the locale lacks the key: users see what the lookup falls back to</dd>
        <dt>extra</dt><dd>keys only this locale has</dd>
        <dt>empty</dt><dd>texts that are empty: users see nothing</dd>
        <dt>identical</dt><dd>texts the same as the development text: perhaps not translated yet</dd>
        <dt>review</dt><dd>catalog translations marked for review</dd>
        <dt>plurals</dt><dd>plural texts that lack a category this locale's CLDR rules use</dd>
        </dl>

        """

    static func heatMap(_ report: CoverageReport) -> String {
        let tables = Array(Set(report.locales.flatMap { $0.tables.map(\.table) })).sorted()
        // One table: the map would repeat the chart.
        guard tables.count > 1 else { return "" }
        var out = "<table class=\"heat sortable\">\n<thead><tr><th>locale</th>"
        for table in tables { out += "<th class=\"num\">\(escapeHTML(table))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for item in report.byCoverage {
            out += "<tr><td>\(escapeHTML(named(item.locale)))</td>"
            for table in tables {
                if let cell = item.tables.first(where: { $0.table == table }) {
                    out +=
                        "<td class=\"num\" style=\"background:\(colour(cell.percent));color:#fff\" title=\"\(cell.translated)/\(cell.total) translated, \(cell.missing) missing\">\(CoverageReport.percentText(cell.percent))</td>"
                } else {
                    out += "<td></td>"
                }
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    static let style = """
        body { font: 14px/1.45 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; margin: 2em; color: #222; }
        h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
        table { border-collapse: collapse; margin: .5em 0; }
        th, td { border: 1px solid #ddd; padding: 3px 8px; vertical-align: top; }
        th { background: #f4f4f4; cursor: pointer; user-select: none; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        svg text { font: 12px sans-serif; fill: #333; }
        details { margin: .3em 0; } summary { cursor: pointer; }
        code { background: #f4f4f4; padding: 0 3px; }
        .broken { color: #b00; } .ready { color: #080; }
        .generated { color: #666; font-size: 12px; }
        dl.legend { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; font-size: 13px; color: #444; }
        dl.legend dt { font-weight: 600; } dl.legend dd { margin: 0; }
        """

    static let script = """
        document.querySelectorAll('table.sortable').forEach(function (table) {
          table.querySelectorAll('th').forEach(function (th, column) {
            th.addEventListener('click', function () {
              var body = table.tBodies[0], rows = Array.from(body.rows), ascending = th.dataset.order !== 'asc';
              rows.sort(function (a, b) {
                var x = a.cells[column].textContent, y = b.cells[column].textContent;
                var nx = parseFloat(x), ny = parseFloat(y);
                var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
                return ascending ? c : -c;
              });
              th.dataset.order = ascending ? 'asc' : 'desc';
              rows.forEach(function (row) { body.appendChild(row); });
            });
          });
        });
        """

    /// The page: summary, heat map, payloads and each locale's missing keys (collapsed); with
    /// `details`, also the keys each locale leaves identical to the base.
    static func render(_ report: CoverageReport, details: Bool = false) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>Localization coverage</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        out +=
            "<h1>Localization coverage</h1>\n<p>Against <code>\(escapeHTML(report.baseLocale.map(named) ?? "base"))</code>, \(report.total) keys, \(report.locales.count) locales.</p>\n"
        if report.generatedOn != nil || report.commit != nil {
            out += "<p class=\"generated\">Made"
            if let date = report.generatedOn { out += " on \(escapeHTML(date))" }
            if let commit = report.commit { out += " from commit <code>\(escapeHTML(commit))</code>" }
            out += ".</p>\n"
        }
        out += chart(report)
        out += "<h2>Locales</h2>\n" + report.summaryTable(bars: false).html(id: "locales") + legend
        let map = heatMap(report)
        if !map.isEmpty { out += "<h2>Locales × tables</h2>\n" + map }
        if !report.payloads.isEmpty {
            out +=
                "<h2>Push payloads</h2>\n<table class=\"sortable\">\n<thead><tr><th>payload</th><th class=\"num\">ready</th><th>broken in</th></tr></thead>\n<tbody>\n"
            for item in report.payloads {
                let total = item.readyLocales.count + item.brokenLocales.count
                out +=
                    "<tr><td>\(escapeHTML(item.payload))</td><td class=\"num \(item.brokenLocales.isEmpty ? "ready" : "broken")\">\(item.readyLocales.count)/\(total)</td><td>"
                out += item.brokenLocales.map { "<b>\(escapeHTML($0.locale))</b>: \(escapeHTML($0.reasons.joined(separator: "; ")))" }
                    .joined(separator: "<br>")
                out += "</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        out += keyLists("Missing keys", "missing", report, \.missingKeys)
        if details { out += keyLists("Identical to the base", "identical", report, \.identicalKeys) }
        out += "<script>\n\(script)\n</script>\n</body>\n</html>\n"
        return out
    }

    /// A heading and, per locale that has any, a collapsed list of its keys of one kind.
    static func keyLists(_ heading: String, _ noun: String, _ report: CoverageReport, _ keys: KeyPath<LocaleCoverage, [CoverageKey]>)
        -> String
    {
        let locales = report.byCoverage.filter { !$0[keyPath: keys].isEmpty }
        guard !locales.isEmpty else { return "" }
        var out = "<h2>\(heading)</h2>\n"
        for item in locales {
            out += "<details><summary>\(escapeHTML(named(item.locale))): \(item[keyPath: keys].count) \(noun)</summary>\n<ul>\n"
            for key in item[keyPath: keys] {
                out += "<li><code>\(escapeHTML(key.table))</code> <code dir=\"auto\">\(escapeHTML(key.key))</code></li>\n"
            }
            out += "</ul>\n</details>\n"
        }
        return out
    }
}
