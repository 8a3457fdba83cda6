import Foundation
import LocalizationFormats
import StringsCheckRules

/// Reads a line of a file for source excerpts, decoding it as the parsers do.
public final class SourceLineProvider: @unchecked Sendable {
    private var cache: [String: LineTable] = [:]
    private let lock = NSLock()

    public init() {}

    /// The line, or the part of it around `column` when it is very long.
    public func line(_ number: Int, column: Int, of path: String) -> LineTable.LineWindow? {
        lock.lock()
        defer { lock.unlock() }
        if cache[path] == nil {
            guard case .success(let bytes) = FileBytes.read(path) else { return nil }
            cache[path] = LineTable(utf8: TextDecoder.decode(bytes).utf8)
        }
        return cache[path]?.window(line: number, column: column)
    }
}

/// Clang/Xcode style: `path:line:col: severity: message [rule]`, then notes, fix-its, and an
/// optional source line with a caret. Xcode and most editors turn these lines into inline issues.
public struct TextRenderer: Sendable {
    public var colour: Bool
    public var sourceLines: SourceLineProvider?
    /// Print at most this many findings (errors first); the rest are counted.
    public var maximumFindings: Int?
    /// Print notes: findings at note level, and the notes and fix-its under each finding
    /// (`--notes`); otherwise they are counted in the summary.
    public var showNotes: Bool
    /// Print each translation backlog finding (`--backlog`); otherwise one line per table.
    public var listBacklog: Bool

    public init(
        colour: Bool = false, sourceLines: SourceLineProvider? = nil, maximumFindings: Int? = nil, showNotes: Bool = false,
        listBacklog: Bool = false
    ) {
        self.colour = colour
        self.sourceLines = sourceLines
        self.maximumFindings = maximumFindings
        self.showNotes = showNotes
        self.listBacklog = listBacklog
    }

    /// Above this many findings the report ends with counts per rule.
    static let ruleSummaryThreshold = 10

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    func severityLabel(_ severity: Severity) -> String {
        switch severity {
        case .error: paint("error:", "1;31")
        case .warning: paint("warning:", "1;35")
        case .note: paint("note:", "1;30")
        }
    }

    /// A finding's line, its source excerpt and (with `notes`) its notes and fix-its; `also`
    /// names further locales where the same finding stands.
    public func format(_ diagnostic: Diagnostic, notes: Bool = true, also: [String] = []) -> String {
        var out = ByteWriter(capacity: 256)
        format(diagnostic, notes: notes, also: also, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `format(_:notes:also:)` written to `out` piece by piece: a report of thousands of findings
    /// made each one's text in pieces, then copied it into the report, and every append to a
    /// string checked the string more than it copied.
    func format(_ diagnostic: Diagnostic, notes: Bool, also: [String], into out: inout ByteWriter) {
        painting("1", into: &out) { Self.appendPosition(diagnostic.path, diagnostic.location, to: &$0) }
        out.append(" ")
        out.appendUTF8(severityLabel(diagnostic.severity))
        out.append(" ")
        painting("1", into: &out) { $0.appendUTF8(Self.visible(diagnostic.message)) }
        if !also.isEmpty {
            out.appendUTF8(" (the same in \(also.count) more locale\(also.count == 1 ? "" : "s"): \(Self.visible(Self.shortList(also))))")
        }
        out.append(" [")
        out.appendUTF8(diagnostic.id)
        out.append("]\n")
        out.appendUTF8(excerpt(diagnostic.path, diagnostic.location))
        guard notes else { return }
        for fixIt in diagnostic.fixIts {
            out.appendUTF8(
                "\(Self.position(fixIt.path, fixIt.start)) note: \(Self.visible(fixIt.message)) (replace with '\(Self.visible(fixIt.replacement))')\(fixIt.unsafe ? " with `fix --unsafe`" : "")\n"
            )
        }
        for note in diagnostic.notes {
            out.appendUTF8(
                paint(Self.position(note.path, note.location), "1") + " " + severityLabel(.note) + " \(Self.visible(note.message))\n")
            out.appendUTF8(excerpt(note.path, note.location))
        }
    }

    /// What `body` writes, in the colour `code` when colouring (`paint` without the copy).
    private func painting(_ code: StaticString, into out: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        if colour {
            out.append("\u{1B}[")
            out.append(code)
            out.append("m")
        }
        body(&out)
        if colour { out.append("\u{1B}[0m") }
    }

    /// Text as a terminal should show it: control characters (an escape sequence in a file name
    /// or a key could move the cursor, recolour or retitle the terminal) written as `\u{1B}`.
    /// With `keepingLineBreaks`, tabs and line breaks stay (formats that quote them: CSV, and
    /// GitHub's messages, which encode them).
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard hasControl(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t")) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A source line with each control character shown as `?`, so the caret stays in its column.
    static func visibleKeepingColumns(_ line: String) -> String {
        guard hasControl(line) else { return line }
        return String(String.UnicodeScalarView(line.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    /// Whether `text` has a character `isControl` matches, read as UTF-8 bytes (every message
    /// and path of a report is asked): C0 and DEL are single bytes, C1 is `C2 80`…`C2 9F`, and
    /// the separators and bidirectional controls are `E2 80 A8`…`E2 80 AE` and `E2 81 A6`…`E2 81 A9`.
    static func hasControl(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                if byte == 0xE2, index + 2 < count {
                    let second = bytes[index + 1]
                    let third = bytes[index + 2]
                    if (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
        return found ?? text.unicodeScalars.contains(where: isControl)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private func excerpt(_ path: String, _ location: SourcePosition?) -> String {
        guard let sourceLines, let location, let line = sourceLines.line(location.line, column: location.column, of: path) else {
            return ""
        }
        // A very long line is shown around the column, its cut ends marked with an ellipsis.
        let shown = (line.cutBefore ? "…" : "") + Self.visibleKeepingColumns(line.text.replacingOccurrences(of: "\t", with: " "))
        let prefix = String(shown.unicodeScalars.prefix(max(0, line.column - 1 + (line.cutBefore ? 1 : 0))))
        return shown + (line.cutAfter ? "…" : "") + "\n" + String(repeating: " ", count: prefix.count) + paint("^", "1;32") + "\n"
    }

    public static func position(_ path: String, _ location: SourcePosition?) -> String {
        var out = ByteWriter(capacity: 64)
        appendPosition(path, location, to: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `position(_:_:)` written to `out`.
    static func appendPosition(_ path: String, _ location: SourcePosition?, to out: inout ByteWriter) {
        out.appendUTF8(visible(path))
        out.append(":")
        guard let location else { return }
        out.appendUTF8(String(location.line))
        out.append(":")
        out.appendUTF8(String(location.column))
        out.append(":")
    }

    /// `0..<count` as two consecutive halves, or whole below `minimum`.
    private static func consecutiveHalves(of count: Int, minimum: Int) -> [Range<Int>] {
        count < minimum ? [0..<count] : [0..<count / 2, count / 2..<count]
    }

    /// "de, fr, it" or "de, fr, it, … and 28 more".
    static func shortList(_ items: [String], atMost: Int = 6) -> String {
        items.count <= atMost
            ? items.joined(separator: ", ") : items.prefix(atMost).joined(separator: ", ") + ", … and \(items.count - atMost) more"
    }

    func render(_ report: DiagnosticReport) -> String {
        // The findings named by their places in `every`.
        let every = report.result.findings
        // Warnings of a translation backlog rule are summarised per table and notes are counted,
        // unless asked for. Read in place, in one pass.
        var backlog: [Int] = []
        var all: [Int] = []
        var isBacklog = BuiltInRules.backlogMemo()
        every.withUnsafeBufferPointer { findings in
            for index in findings.indices {
                let severity = findings[index].diagnostic.severity
                let summarised = !listBacklog && severity == .warning && isBacklog(findings[index].diagnostic.id)
                if summarised {
                    backlog.append(index)
                } else if showNotes || severity != .note {
                    all.append(index)
                }
            }
        }
        let shown = maximumFindings.map { RuleCount.capped(all, of: every, to: $0) } ?? all
        // The findings' lines on one core while the other sums up the backlog and the rules
        // (each reads the findings in place); the lines written as bytes, in two halves at once
        // once the findings are grouped, then made the report's text at once.
        let parts = [0, 1].concurrentMap { part -> [String] in
            guard part == 0 else {
                return [Self.backlogSummary(every, backlog), every.count > Self.ruleSummaryThreshold ? ruleSummary(every) : ""]
            }
            let groups = SameCause.groups(every, of: shown)
            return Self.consecutiveHalves(of: groups.count, minimum: 2_000).concurrentMap { range in
                var lines = ByteWriter(capacity: range.count * 160)
                for group in groups[range] {
                    format(every[group.first].diagnostic, notes: showNotes, also: group.otherLocales, into: &lines)
                }
                return lines.withBytes { String(decoding: $0, as: UTF8.self) }
            }
        }
        // Made at its full size at once: grown by appending, the report's text was copied into
        // room twice its size while the lines were still held.
        var out = ""
        out.reserveCapacity(parts.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } } + 4_096)
        for lines in parts[0] { out += lines }
        if shown.count < all.count {
            out +=
                "\n\(all.count - shown.count) more finding\(all.count - shown.count == 1 ? "" : "s") not shown (--max-findings \(maximumFindings ?? 0)); every one is counted below\n"
        }
        let result = report.result
        if result.omitted.count > 0 {
            out +=
                "\n\(result.omitted.count) more finding\(result.omitted.count == 1 ? "" : "s") not kept: a run keeps the first \(result.omitted.limit) (in this order); every one is counted in the last line\n"
        }
        for lines in parts[1] { out += lines }
        var summary = "\(result.fileCount) file\(result.fileCount == 1 ? "" : "s") checked: "
        summary +=
            "\(result.errorCount) error\(result.errorCount == 1 ? "" : "s"), \(result.warningCount) warning\(result.warningCount == 1 ? "" : "s")"
        // Counted once: each count reads every finding.
        let backlogWarnings = result.backlogWarningCount
        if backlogWarnings > 0 {
            summary += " (\(backlogWarnings) of them translation backlog)"
        }
        if result.noteCount > 0 {
            summary += ", \(result.noteCount) note\(result.noteCount == 1 ? "" : "s")\(showNotes ? "" : " (--notes shows them)")"
        }
        if result.suppressedCount > 0 { summary += ", \(result.suppressedCount) suppressed" }
        if result.baselinedCount > 0 { summary += ", \(result.baselinedCount) in the baseline" }
        if result.otherFilesCount > 0 {
            summary += "; \(result.otherFilesCount) more in other files of the same tables (not shown: check the whole tree to see them)"
        }
        // Appended in place: a report of thousands of findings is not copied to add its last line.
        if !out.isEmpty { out += "\n" }
        out += Self.leftOutLine(result.leftOutFolders)
        if result.skippedTestFiles > 0 {
            let count = result.skippedTestFiles
            out +=
                "Left out \(count) test source file\(count == 1 ? "" : "s") from the code scan (in Tests/ or *Tests folders, or named as tests: *Tests.swift, test_*.py, *.test.ts, …): no user runs them; `code: tests: true` scans them\n"
        }
        out += summary
        out += "\n"
        return out
    }

    /// One line naming the folders left out as not shipped, grouped by reason ("" when none).
    static func leftOutLine(_ folders: [LeftOutFolder]) -> String {
        guard !folders.isEmpty else { return "" }
        var groups: [(reason: LeftOutReason, paths: [String])] = []
        for folder in folders {
            if let index = groups.firstIndex(where: { $0.reason == folder.reason }) {
                groups[index].paths.append(folder.path)
            } else {
                groups.append((folder.reason, [folder.path]))
            }
        }
        let parts = groups.map { group in
            let shown = group.paths.prefix(3).joined(separator: ", ")
            let more = group.paths.count > 3 ? " and \(group.paths.count - 3) more" : ""
            return "\(shown)\(more): \(group.reason.explanation)"
        }
        return
            "Left out \(folders.count) folder\(folders.count == 1 ? "" : "s") the app does not ship (\(parts.joined(separator: "; "))); `check_unshipped: true` checks them\n"
    }

    /// Counts per rule and severity, and how to quieten the three noisiest rules.
    func ruleSummary(_ findings: [Finding]) -> String {
        let counts = RuleCount.counts(findings)
        let width = min(40, counts.map(\.rule.count).max() ?? 0)
        var out = "\nBy rule:\n"
        for count in counts {
            out += "  " + count.rule + String(repeating: " ", count: max(1, width + 2 - count.rule.count)) + count.description + "\n"
        }
        let noisiest = counts.prefix(3).map { "\($0.rule) (\($0.total))" }.joined(separator: ", ")
        out += "Noisiest: \(noisiest). To quieten a rule: `--disable RULE`, or `rules: {RULE: off}` (or `ignore_keys`, "
        out += "`ignore_locales`) in .stringscheck.yml; to accept today's findings and see only new ones: "
        out += "`--write-baseline stringscheck-baseline.json`, then `--baseline stringscheck-baseline.json`.\n"
        return out
    }
}
