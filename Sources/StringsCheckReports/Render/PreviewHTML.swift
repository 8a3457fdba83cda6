import LocalizationFormats
import LocalizationIndex

/// One self-contained page: each row drawn as a notification banner, right-to-left where the
/// locale is, problems highlighted, and a locale filter.
enum PreviewHTML {
    static let style = """
        body { font: 14px/1.4 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", sans-serif; margin: 2em; background: #f2f2f7; color: #111; }
        h1 { font-size: 1.4em; }
        .controls { margin-bottom: 1em; }
        .group { margin: 1.5em 0 .5em; font-weight: 600; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .banner { width: 340px; background: rgba(255,255,255,.92); border-radius: 18px; padding: 10px 14px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
        .banner.problem { outline: 2px solid #d70015; }
        .head { display: flex; justify-content: space-between; font-size: 12px; color: #666; text-transform: uppercase; }
        .title, .subtitle { font-weight: 600; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .body { display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden; white-space: pre-wrap; }
        .action { margin-top: 6px; font-size: 13px; color: #007aff; }
        .status { margin-top: 6px; font-size: 12px; color: #d70015; white-space: pre-wrap; }
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

    static func render(_ rows: [PreviewRow]) -> String {
        let locales = Array(Set(rows.map(\.locale))).sorted()
        var out =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Preview</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        out +=
            "<h1>How every message looks in every locale</h1>\n<div class=\"controls\"><label>Locale <select id=\"locale\"><option value=\"\">all</option>"
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
                "<div class=\"banner\(row.problems.isEmpty ? "" : " problem")\" data-locale=\"\(escapeHTML(row.locale))\" lang=\"\(escapeHTML(row.locale))\" dir=\"\(rtl ? "rtl" : "ltr")\">"
            out += "<div class=\"head\"><span>App</span><span>\(escapeHTML(row.locale))</span></div>"
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
                out += "<div class=\"status\" dir=\"auto\">\(escapeHTML(row.problems.map(\.message).joined(separator: "\n")))</div>"
            }
            out += "</div>\n"
        }
        if group != nil { out += "</div>\n" }
        return out + "<script>\n\(script)\n</script>\n</body>\n</html>\n"
    }
}
