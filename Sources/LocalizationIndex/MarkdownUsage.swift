import LocalizationFormats

/// Why a key's texts are shown as Markdown: SwiftUI's `Text(_: LocalizedStringKey)` (and the
/// views that build one from a title key) and `AttributedString(localized:)` parse a localized
/// text's inline Markdown (Apple's documentation of `Text.init(_:tableName:bundle:comment:)`
/// and `AttributedString.init(localized:…)`); a `String` lookup shows it as typed.
public enum MarkdownEvidence: Sendable, Hashable {
    /// The code passes the key to a construct that renders Markdown, here.
    case code(construct: String, path: String, line: Int)
    /// The development text holds a link, strong text, strikethrough or code in Markdown, which
    /// nobody writes for a text shown as typed.
    case developmentText

    /// For messages: "Text(_:) at Views/Home.swift:12 renders its Markdown".
    public var mechanism: String {
        switch self {
        case .code(let construct, let path, let line): "\(construct) at \(path):\(line) renders its Markdown"
        case .developmentText: "its development text is written in Markdown, which SwiftUI's Text and AttributedString(localized:) render"
        }
    }
}

/// Which keys are shown as Markdown: the one answer `markdown-mismatch` and `render` share.
/// Made once, then asked from any thread.
public struct MarkdownUsage: Sendable {
    /// Table ID → key → the first lookup that renders it as Markdown.
    let lookups: [String: [String: CodeKeyLookup]]

    /// The constructs that show a key's text through Markdown: `Text`, the views whose title key
    /// becomes a `Text`, and `AttributedString(localized:)`.
    static let constructs: Set = [
        "Text", "Button", "Label", "Toggle", "Link", "NavigationLink", "Menu", "Section", "DisclosureGroup", "GroupBox",
        "LabeledContent", "AttributedString(localized:)",
    ]

    init(_ lookups: [CodeKeyLookup]) {
        var result: [String: [String: CodeKeyLookup]] = [:]
        for lookup in lookups where Self.rendersMarkdown(lookup.use) {
            guard let table = lookup.foundIn else { continue }
            for key in lookup.keys where result[table]?[key] == nil { result[table, default: [:]][key] = lookup }
        }
        self.lookups = result
    }

    /// Whether the text of `key` in `table` (a table ID) is shown as Markdown, and why: the code
    /// passes it to a Markdown-rendering construct (or a wrapper of the app's that takes a
    /// `LocalizedStringKey`), or its development text `base` holds Markdown that pairs up. A
    /// development text with only `*` or `_` emphasis needs the code's word (`*.jpg or *.png`
    /// is typed text).
    public func evidence(key: String, table: String, base: String?) -> MarkdownEvidence? {
        if let lookup = lookups[table]?[key] {
            return .code(construct: lookup.use.construct, path: lookup.path, line: lookup.location.line)
        }
        // A text of over 16,000 bytes is no message (a licence, a data blob).
        guard let base, base.utf8.count <= 16_000 else { return nil }
        let markdown = InlineMarkdown(base)
        guard markdown.isBalanced, markdown.hasMarkup else { return nil }
        let beyondEmphasis = markdown.counts.contains { $0.value > 0 && $0.key != .emphasis && $0.key != .emphasisUnderscore }
        return markdown.links.isEmpty && !beyondEmphasis ? nil : .developmentText
    }

    static func rendersMarkdown(_ use: LocalizedStringUse) -> Bool {
        if constructs.contains(use.construct) { return true }
        // A wrapper of the app's that takes a `LocalizedStringKey` (a view passing it to `Text`).
        return use.construct.hasSuffix("(…)") && use.extractedByXcode
    }
}

extension ProjectIndex {
    /// Which keys are shown as Markdown (reads the code lookups). Ask once, before any
    /// concurrent work: building it builds the code lookups, on all cores.
    public var markdownUsage: MarkdownUsage {
        markdownUsagePart.get { MarkdownUsage(project.codeFiles.isEmpty ? [] : codeKeyLookups) }
    }
}
