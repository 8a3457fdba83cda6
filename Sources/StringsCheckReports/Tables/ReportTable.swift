/// A neutral table that every tabular output (text, Markdown, HTML, CSV) renders, so coverage and
/// preview reports share one layout and each format owns only its escaping.
public struct ReportTable: Sendable, Hashable {
    public enum Alignment: Sendable, Hashable {
        case left, right
    }

    public struct Column: Sendable, Hashable {
        public var title: String
        public var alignment: Alignment

        public init(_ title: String, _ alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }
}

/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji take
/// two, combining marks and zero-width characters none.
public func displayWidth(_ text: String) -> Int { displayWidth(text.unicodeScalars) }

/// The columns a character takes (see `displayWidth(_:)`).
func displayWidth(_ character: Character) -> Int { displayWidth(character.unicodeScalars) }

private func displayWidth(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
    var width = 0
    for scalar in scalars {
        let value = scalar.value
        // ASCII without the Unicode property tables: printable characters take one column,
        // control characters none (the tables' lookups were most of `render`'s time).
        if value < 0x80 {
            if value >= 0x20, value != 0x7F { width += 1 }
            continue
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: continue
        default: break
        }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { continue }
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
            || (scalar.properties.isEmojiPresentation && value >= 0x1F000)
        width += wide ? 2 : 1
    }
    return width
}

extension ReportTable {
    /// An aligned terminal table; cells longer than `maximumCellWidth` wrap onto further lines.
    public func text(maximumCellWidth: Int = 60) -> String {
        text(cellWidths: Array(repeating: maximumCellWidth, count: columns.count))
    }

    /// The table fitted to `totalWidth` columns: narrow columns keep their width, the wide ones
    /// share what is left (at least 8 columns each) and wrap.
    public func text(totalWidth: Int) -> String {
        let natural = columns.indices.map { index in
            rows.map { row in index < row.count ? row[index].split(separator: "\n").map { displayWidth(String($0)) }.max() ?? 0 : 0 }
                .max().map { max($0, displayWidth(columns[index].title)) } ?? displayWidth(columns[index].title)
        }
        var remaining = max(totalWidth - 2 * (columns.count - 1), 8 * columns.count)
        var widths = natural
        var left = columns.count
        for index in natural.indices.sorted(by: { natural[$0] < natural[$1] }) {
            let share = remaining / max(left, 1)
            widths[index] = max(min(natural[index], share), min(natural[index], 8))
            remaining -= widths[index]
            left -= 1
        }
        return text(cellWidths: widths.map { max($0, 1) })
    }

    private func text(cellWidths: [Int]) -> String {
        let wrapped = rows.map { row in row.enumerated().map { Self.wrap($1, width: $0 < cellWidths.count ? cellWidths[$0] : 60) } }
        var widths = columns.map { displayWidth($0.title) }
        for row in wrapped {
            for (index, lines) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], lines.map(displayWidth).max() ?? 0)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(0, widths[index] - displayWidth(cell)))
                return columns[index].alignment == .right ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
        var out = line(columns.map(\.title)) + "\n"
        out += line(widths.map { String(repeating: "─", count: $0) }) + "\n"
        for row in wrapped {
            let height = row.map(\.count).max() ?? 1
            for index in 0..<height {
                out += line(row.map { index < $0.count ? $0[index] : "" }) + "\n"
            }
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        // Widths add up scalar by scalar, so a line's width is kept as words are added instead of
        // measuring the whole line again for each word.
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = displayWidth(String(word))
                if current.isEmpty || currentWidth + 1 + wordWidth > width {
                    if !current.isEmpty { lines.append(current) }
                    current = ""
                    currentWidth = 0
                } else {
                    current += " "
                    currentWidth += 1
                }
                guard currentWidth + wordWidth > width else {
                    current += word
                    currentWidth += wordWidth
                    continue
                }
                // A word wider than a line is cut in one pass (cutting the rest again after each
                // line was quadratic in the word's length): after the line's last '.', '_', '/',
                // '-' or ':' ("push.friend_request." / "body"), else where the line is full.
                var rest = word[...]
                var lastBreak: (index: String.Index, width: Int)?
                while let character = rest.first {
                    let characterWidth = displayWidth(character)
                    if currentWidth + characterWidth > width, !current.isEmpty {
                        if let cut = lastBreak, cut.width * 3 >= width {
                            lines.append(String(current[..<cut.index]))
                            current = String(current[cut.index...])
                            currentWidth -= cut.width
                        } else {
                            lines.append(current)
                            current = ""
                            currentWidth = 0
                        }
                        lastBreak = nil
                    }
                    if characterWidth > width {
                        // A character wider than a whole line cannot be cut off: the rest of
                        // the word stays on one line.
                        current += rest
                        currentWidth += displayWidth(String(rest))
                        break
                    }
                    current.append(character)
                    currentWidth += characterWidth
                    rest = rest.dropFirst()
                    if ".-_/:".contains(character), !rest.isEmpty { lastBreak = (current.endIndex, currentWidth) }
                }
            }
            lines.append(current)
        }
        return lines.isEmpty ? [""] : lines
    }

    /// A GitHub-flavoured Markdown table; `|`, line breaks and HTML are escaped.
    public var markdown: String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\r\n", with: "<br>")
                .replacingOccurrences(of: "\n", with: "<br>")
        }
        var out = "| " + columns.map { cell($0.title) }.joined(separator: " | ") + " |\n"
        out += "|" + columns.map { $0.alignment == .right ? "---:" : "---" }.joined(separator: "|") + "|\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }

    /// RFC 4180 CSV with CRLF line ends; a cell that a spreadsheet would run as a formula (one
    /// starting with `=`, `+`, `-`, `@`, a tab or a carriage return, as OWASP's CSV injection
    /// guidance lists them) is prefixed with `'` unless it is a plain decimal number, and control
    /// characters other than tabs and line breaks are written as the text format writes them.
    public var csv: String {
        func cell(_ text: String) -> String {
            var text = TextRenderer.visible(text, keepingLineBreaks: true)
            if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !Self.isPlainNumber(text) {
                text = "'" + text
            }
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var out = columns.map { cell($0.title) }.joined(separator: ",") + "\r\n"
        for row in rows { out += row.map(cell).joined(separator: ",") + "\r\n" }
        return out
    }

    /// `-12`, `+3.5`, `42%`: digits with an optional sign, decimal part and percent sign. Not
    /// `-inf`, `+nan` or `-0x1p3`, which `Double` reads but a spreadsheet may not.
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        if bytes.last == UInt8(ascii: "%") { bytes = bytes.dropLast() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return !bytes.isEmpty && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { (0x30...0x39).contains($0) } }
    }

    /// An HTML `<table>`; every cell is escaped, right-aligned columns get `class="num"`.
    public func html(id: String? = nil, sortable: Bool = true) -> String {
        var out = "<table\(id.map { " id=\"\(escapeHTML($0))\"" } ?? "")\(sortable ? " class=\"sortable\"" : "")>\n<thead><tr>"
        for column in columns {
            out += "<th\(column.alignment == .right ? " class=\"num\"" : "")>\(escapeHTML(column.title))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (index, text) in row.enumerated() {
                let right = index < columns.count && columns[index].alignment == .right
                out +=
                    "<td\(right ? " class=\"num\"" : "") dir=\"auto\">\(escapeHTML(text).replacingOccurrences(of: "\n", with: "<br>"))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }
}

/// Escapes text for HTML element content and attribute values.
public func escapeHTML(_ text: String) -> String { escapeMarkup(text, apostrophe: "&#39;", xml: false) }

/// Escapes text for markup: `&`, `<`, `>` and quotes always; for XML 1.0 also line ends and tabs
/// (kept in attribute values) and the control characters it cannot hold even escaped (U+FFFD).
func escapeMarkup(_ text: String, apostrophe: String, xml: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += apostrophe
        case "\n" where xml: out += "&#10;"
        case "\t" where xml, "\r" where xml: out += "&#\(scalar.value);"
        default:
            if xml, scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

extension String {
    var trimmingTrailingSpaces: String {
        // On the bytes: `hasSuffix` compares characters, once per space.
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        return end == utf8.endIndex ? self : String(self[..<end])
    }
}
