import LocalizationFormats
import LocalizationIndex

/// One self-contained page: each row drawn as a notification banner, right-to-left where the
/// locale is, problems highlighted, and a locale filter.
public enum PreviewHTML {
    static let style = """
        body { font: 14px/1.4 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", sans-serif; margin: 2em; background: #f2f2f7; color: #111; }
        h1 { font-size: 1.4em; }
        .controls { margin-bottom: 1em; }
        .group { margin: 1.5em 0 .5em; font-weight: 600; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .banner { width: 340px; background: rgba(255,255,255,.92); border-radius: 18px; padding: 10px 14px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
        .banner.error { outline: 2px solid #d70015; }
        .banner.warning { outline: 2px solid #c93400; outline-style: dashed; }
        .banner.note { outline: 1px solid #8e8e93; }
        .summary { margin: 0 0 1em; padding: 10px 14px; background: #fff; border-radius: 12px; max-width: 900px; }
        .summary .error, .status .error { color: #d70015; }
        .summary .warning, .status .warning { color: #c93400; }
        .summary .note, .status .note { color: #6e6e73; }
        .summary .fine { color: #248a3d; }
        .empty { max-width: 720px; background: #fff; border-radius: 12px; padding: 14px 18px; }
        code { background: #e5e5ea; padding: 1px 4px; border-radius: 4px; }
        .head { display: flex; justify-content: space-between; font-size: 12px; color: #666; text-transform: uppercase; }
        .title, .subtitle { font-weight: 600; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .body { display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden; white-space: pre-wrap; }
        .action { margin-top: 6px; font-size: 13px; color: #007aff; }
        .status { margin-top: 6px; font-size: 12px; white-space: pre-wrap; }
        .status div { margin-top: 2px; }
        .status b { text-transform: uppercase; font-size: 11px; }
        .raw { background: #ffe5e7; }
        .silent { color: #6e6e73; font-style: italic; }
        """

    static let script = """
        document.getElementById('locale').addEventListener('change', function (event) {
          var value = event.target.value;
          document.querySelectorAll('.banner').forEach(function (banner) {
            banner.style.display = (value === '' || banner.dataset.locale === value) ? '' : 'none';
          });
        });
        """

    /// What `render` says when there is nothing to show, and how to preview keys instead.
    public static let nothingToRender =
        "nothing to render: no push payload templates were found (templates are *.apns files and JSON under payloads/ or push/ folders, or the configuration's `payloads:`); to preview the app's own texts in every locale, run `stringscheck render --keys '*'` (or a glob such as --keys 'settings.*')"

    /// The worst severity among a row's problems, or nil.
    static func worst(_ row: PreviewRow) -> Severity? {
        if row.problems.contains(where: { $0.severity == .error }) { return .error }
        if row.problems.contains(where: { $0.severity == .warning }) { return .warning }
        return row.problems.isEmpty ? nil : .note
    }

    static func render(_ rows: [PreviewRow], emptyMessage: String = nothingToRender) -> String {
        let locales = Array(Set(rows.map(\.locale))).sorted()
        var out =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Preview</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        guard !rows.isEmpty else {
            return out
                + "<h1>How every message looks in every locale</h1>\n<p class=\"empty\">\(escapeHTML(emptyMessage).replacingOccurrences(of: "`", with: ""))</p>\n</body>\n</html>\n"
        }
        let messages = Set(rows.map { $0.payload ?? $0.key ?? "" }).count
        let bySeverity = rows.map(worst)
        let errors = bySeverity.count { $0 == .error }
        let warnings = bySeverity.count { $0 == .warning }
        let notes = bySeverity.count { $0 == .note }
        let fine = bySeverity.count { $0 == nil }
        out += "<h1>How every message looks in every locale</h1>\n"
        out +=
            "<p class=\"summary\">\(messages) message\(messages == 1 ? "" : "s") in \(locales.count) locale\(locales.count == 1 ? "" : "s"): "
        out += "<span class=\"error\">\(errors) with errors</span> (solid red outline), "
        out += "<span class=\"warning\">\(warnings) with warnings</span> (dashed orange), "
        out += "<span class=\"note\">\(notes) with notes only</span>, <span class=\"fine\">\(fine) fine</span>. "
        out += "Errors are what users of that locale see wrong; warnings may be; notes are for information.</p>\n"
        out += "<div class=\"controls\"><label>Locale <select id=\"locale\"><option value=\"\">all</option>"
        for locale in locales { out += "<option>\(escapeHTML(locale))</option>" }
        out += "</select></label></div>\n"
        var group: String?
        for row in rows {
            let name = row.payload ?? row.key ?? ""
            if name != group {
                if group != nil { out += "</div>\n" }
                out += "<div class=\"group\">\(escapeHTML(name))</div>\n<div class=\"grid\">\n"
                group = name
            }
            let rtl = LocaleName.isRightToLeft(row.locale)
            out +=
                "<div class=\"banner\(worst(row).map { " \($0.rawValue)" } ?? "")\" data-locale=\"\(escapeHTML(row.locale))\" lang=\"\(escapeHTML(row.locale))\" dir=\"\(rtl ? "rtl" : "ltr")\">"
            out +=
                "<div class=\"head\"><span dir=\"auto\">\(escapeHTML(row.appName ?? "App"))</span><span>\(escapeHTML(row.locale))</span></div>"
            // The part that shows the key itself is marked, whichever it is.
            func part(_ name: String, _ text: String?) {
                guard let text, !text.isEmpty || name == "body" else { return }
                let raw = row.raw.contains(name) || (name == "body" && row.raw.contains("value"))
                // Each text takes its own direction: an English fallback in an Arabic card keeps
                // its punctuation where it belongs.
                out += "<div class=\"\(name)\(raw ? " raw" : "")\" dir=\"auto\">\(escapeHTML(text))</div>"
            }
            if let note = row.note { out += "<div class=\"silent\" dir=\"auto\">\(escapeHTML(note))</div>" }
            part("title", row.title)
            part("subtitle", row.subtitle)
            part("body", row.body ?? row.value)
            part("action", row.action)
            if !row.problems.isEmpty {
                out += "<div class=\"status\" dir=\"auto\">"
                for problem in row.problems {
                    let severity = problem.severity.rawValue
                    out += "<div class=\"\(severity)\"><b>\(severity)</b> \(escapeHTML(problem.message))</div>"
                }
                out += "</div>"
            }
            out += "</div>\n"
        }
        if group != nil { out += "</div>\n" }
        return out + "<script>\n\(script)\n</script>\n</body>\n</html>\n"
    }
}
