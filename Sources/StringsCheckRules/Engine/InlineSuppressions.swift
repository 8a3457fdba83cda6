import LocalizationFormats
import LocalizationIndex

/// `/* stringscheck:disable rule-id other-id */` in the comment above a `.strings` entry drops
/// those rules' findings on that entry's lines; without IDs it drops every rule's.
struct InlineSuppressions {
    static let directive = "stringscheck:disable"

    /// path → (first line, last line, rule IDs or nil for all), for the files asked about so far.
    private var ranges: [String: [(ClosedRange<Int>, Set<String>?)]] = [:]
    /// path → its `.strings` file, read only when a finding lands in it: most files have none.
    private let stringsFiles: [String: StringsFile]

    init(_ project: LocalizationProject) {
        var files: [String: StringsFile] = [:]
        for file in project.files {
            if case .strings(let parsed) = file.content { files[file.path] = parsed }
        }
        stringsFiles = files
    }

    private static func ranges(in parsed: StringsFile) -> [(ClosedRange<Int>, Set<String>?)] {
        // Most files hold no directive at all: one search of the file's text, not a string
        // made of every entry's comment.
        guard parsed.textContains(directive) else { return [] }
        var found: [(ClosedRange<Int>, Set<String>?)] = []
        for index in parsed.entries.indices {
            guard let comment = parsed.comment(of: parsed.entries[index]), case .rules(let ids) = directive(in: comment),
                let start = parsed.entries[index].keyLocation?.line
            else { continue }
            let next = index + 1 < parsed.entries.count ? parsed.entries[index + 1].keyLocation?.line ?? Int.max : Int.max
            found.append((start...max(start, next - 1), ids))
        }
        return found
    }

    enum Directive: Equatable {
        case none
        /// Nil: every rule.
        case rules(Set<String>?)
    }

    static func directive(in comment: String) -> Directive {
        // Most comments are translator notes; skip them without a Foundation search.
        guard comment.utf8Contains(byte: UInt8(ascii: ":")), let range = comment.range(of: directive) else { return .none }
        var rest = comment[range.upperBound...]
        if rest.hasPrefix("-next-line") { rest = rest.dropFirst("-next-line".count) }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
            .prefix { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && $0.first?.isLetter == true && $0.contains("-") }
        return .rules(words.isEmpty ? nil : Set(words.map(String.init)))
    }

    /// Whether any finding could be suppressed: only a `.strings` file holds comments.
    var mayApply: Bool { !stringsFiles.isEmpty }

    mutating func suppresses(_ diagnostic: Diagnostic) -> Bool {
        // A project without `.strings` files (String Catalogs alone) has no comment to read.
        guard !stringsFiles.isEmpty, let line = diagnostic.location?.line, let parsed = stringsFiles[diagnostic.path] else {
            return false
        }
        let fileRanges =
            ranges[diagnostic.path]
            ?? {
                let found = Self.ranges(in: parsed)
                ranges[diagnostic.path] = found
                return found
            }()
        return fileRanges.contains { range, ids in range.contains(line) && (ids?.contains(diagnostic.id) ?? true) }
    }
}
