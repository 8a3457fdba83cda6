import LocalizationFormats
import LocalizationIndex

/// A translation whose brackets or quotation marks do not pair up where its development text's do.
struct UnbalancedBracketsRule: Rule {
    static let description = RuleDescription(
        id: "unbalanced-brackets", name: "Brackets or quotes that no longer pair up", area: .text,
        summary:
            "a translation that opens a bracket it does not close (or closes one it did not open), or leaves a quotation mark without its partner, where its development text's brackets and quotes pair up",
        rationale:
            "A lost closing bracket or quotation mark is visible on every screen that shows the text ('Storage (optional' , '„Photos'), and usually means a word or a placeholder was lost with it. Round, square and curly brackets are counted in their ASCII and full-width forms (（）［］｛｝) and with the corner and lenticular brackets of Chinese and Japanese (「」『』【】); quotation marks are counted as pairs of the curly, low and angle forms of every language (“ ” „ ‟ « » ‹ › and the corner brackets), whichever way round a language writes them (German „…“, Danish »…«). Straight quotes (\") and apostrophes are not counted: the same mark opens and closes, and ’ is mostly an apostrophe. Only texts whose development text holds a bracket or a quotation mark are compared.",
        fix: "Add the missing bracket or quotation mark (or delete the stray one).",
        defaultSeverity: .warning,
        triggering: [
            .tables(("en", "\"storage\" = \"Storage (optional)\";\n"), ("de", "\"storage\" = ↓\"Speicher (optional\";\n")),
            .tables(("en", "\"quote\" = \"“%@” was saved\";\n"), ("ja", "\"quote\" = ↓\"「%@ を保存しました\";\n")),
            .tables(("en", "\"storage\" = \"Storage (optional)\";\n"), ("ar", "\"storage\" = ↓\"التخزين (اختياري\";\n")),
        ],
        nonTriggering: [
            .tables(("en", "\"quote\" = \"“%@” was saved\";\n"), ("de", "\"quote\" = \"„%@“ wurde gesichert\";\n")),
            .tables(("en", "\"quote\" = \"“%@” was saved\";\n"), ("ja", "\"quote\" = \"「%@」を保存しました\";\n")),
            .tables(("en", "\"storage\" = \"Storage (optional)\";\n"), ("ar", "\"storage\" = \"التخزين (اختياري)\";\n")),
            // The development text's own brackets do not pair up (a list's '1)'): nothing to compare.
            .tables(("en", "\"step\" = \"1) Open the app\";\n"), ("de", "\"step\" = \"1. Öffne die App\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        // The development texts that hold a bracket or quote, all of them pairing up.
        let sources = context.developmentTexts { _, _, text -> Void? in
            guard let pairs = BracketCount(text), !pairs.isEmpty, pairs.isBalanced else { return nil }
            return ()
        }
        return context.compareTranslations(of: sources, by: self) { source, text, locale in
            guard let unpaired = BracketCount(text)?.firstUnpaired else { return nil }
            return (.unbalanced(key: source.key, locale: locale, source: source.text, translation: text, unpaired: unpaired), nil)
        }
    }
}

/// How a text's brackets and quotation marks pair up: per kind, opened minus closed (and never
/// below zero on the way), and the number of quotation marks.
struct BracketCount {
    /// Round, square, curly, corner, white corner and lenticular brackets (quotes by pairs below).
    private(set) var depth = [Int](repeating: 0, count: 6)
    /// A closing bracket before its opening one, by kind.
    private(set) var closedFirst = [Bool](repeating: false, count: 6)
    private(set) var quotes = 0
    private(set) var holdsAny = false

    /// Nil for a text too long to be a single message (over 4,000 characters).
    init?(_ text: String) {
        guard text.utf8.count <= 16_000 else { return nil }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", "\u{FF08}": open(0)
            case ")", "\u{FF09}": close(0)
            case "[", "\u{FF3B}": open(1)
            case "]", "\u{FF3D}": close(1)
            case "{", "\u{FF5B}": open(2)
            case "}", "\u{FF5D}": close(2)
            case "\u{300C}": open(3)
            case "\u{300D}": close(3)
            case "\u{300E}": open(4)
            case "\u{300F}": close(4)
            case "\u{3010}": open(5)
            case "\u{3011}": close(5)
            case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}":
                quotes += 1
                holdsAny = true
            default: break
            }
        }
    }

    private mutating func open(_ kind: Int) {
        depth[kind] += 1
        holdsAny = true
    }

    private mutating func close(_ kind: Int) {
        holdsAny = true
        if depth[kind] == 0 { closedFirst[kind] = true } else { depth[kind] -= 1 }
    }

    var isEmpty: Bool { !holdsAny }
    var isBalanced: Bool { firstUnpaired == nil }

    /// The first mark that does not pair up, as its opening and closing characters.
    var firstUnpaired: String? {
        let marks = ["()", "[]", "{}", "「」", "『』", "【】"]
        for kind in depth.indices where depth[kind] != 0 || closedFirst[kind] { return marks[kind] }
        return quotes % 2 == 1 ? "quotation marks" : nil
    }
}

extension Finding.Message {
    fileprivate static func unbalanced(key: String, locale: String, source: String, translation: String, unpaired: String)
        -> Finding.Message
    {
        let what = unpaired == "quotation marks" ? "its quotation marks do not pair up" : "its \(unpaired) brackets do not pair up"
        return
            "the '\(locale)' text of '\(key)': \(what), where its development text's do ('\(source.excerpt)' → '\(translation.excerpt)'): a bracket or quote shows alone, and a word may be lost with its partner"
    }
}
