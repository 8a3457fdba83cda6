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
    /// Round, square, curly, corner, white corner and lenticular brackets (quotes by pairs below),
    /// in fixed storage: two arrays made for every text cost more than reading it. Six of the
    /// eight lanes are used (`marks` lists the kinds).
    private(set) var depth = SIMD8<Int32>()
    /// A closing bracket before its opening one, a bit per kind.
    private var closedFirst: UInt8 = 0
    private(set) var quotes = 0
    private(set) var holdsAny = false

    /// Nil for a text too long to be a single message (over 4,000 characters).
    init?(_ text: String) {
        guard text.utf8.count <= 16_000 else { return nil }
        // Read as UTF-8 bytes in place (decoding every scalar cost more than the rule): each mark
        // is an ASCII bracket or a sequence that starts C2, E2, E3 or EF, and in valid UTF-8 no
        // other byte can be taken for one.
        if text.utf8.withContiguousStorageIfAvailable({ count($0) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { count($0) }
        }
    }

    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = bytes.count
        var index = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "("): open(0)
            case UInt8(ascii: ")"): close(0)
            case UInt8(ascii: "["): open(1)
            case UInt8(ascii: "]"): close(1)
            case UInt8(ascii: "{"): open(2)
            case UInt8(ascii: "}"): close(2)
            case 0xC2:
                // « » (U+00AB, U+00BB).
                if index < end, bytes[index] == 0xAB || bytes[index] == 0xBB { quote() }
            case 0xE2:
                // “ ” „ ‟ (U+201C–U+201F) and ‹ › (U+2039, U+203A).
                if index + 1 < end, bytes[index] == 0x80,
                    (0x9C...0x9F).contains(bytes[index + 1]) || bytes[index + 1] == 0xB9
                        || bytes[index + 1] == 0xBA
                {
                    quote()
                }
            case 0xE3:
                // 「」『』【】 (U+300C–U+3011): E3 80 8C…91, opening on even, closing on odd.
                if index + 1 < end, bytes[index] == 0x80, (0x8C...0x91).contains(bytes[index + 1]) {
                    let mark = Int(bytes[index + 1] - 0x8C)
                    if mark % 2 == 0 { open(3 + mark / 2) } else { close(3 + mark / 2) }
                }
            case 0xEF:
                // The fullwidth ( ) [ ] (U+FF08, U+FF09, U+FF3B, U+FF3D: EF BC …) and { }
                // (U+FF5B, U+FF5D: EF BD …).
                guard index + 1 < end else { break }
                switch (bytes[index], bytes[index + 1]) {
                case (0xBC, 0x88): open(0)
                case (0xBC, 0x89): close(0)
                case (0xBC, 0xBB): open(1)
                case (0xBC, 0xBD): close(1)
                case (0xBD, 0x9B): open(2)
                case (0xBD, 0x9D): close(2)
                default: break
                }
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
        if depth[kind] == 0 { closedFirst |= 1 << kind } else { depth[kind] -= 1 }
    }

    private mutating func quote() {
        quotes += 1
        holdsAny = true
    }

    var isEmpty: Bool { !holdsAny }
    var isBalanced: Bool { firstUnpaired == nil }

    /// Each kind's opening and closing characters.
    private static let marks = ["()", "[]", "{}", "「」", "『』", "【】"]

    /// The first mark that does not pair up, as its opening and closing characters.
    var firstUnpaired: String? {
        for kind in Self.marks.indices where depth[kind] != 0 || closedFirst & (1 << kind) != 0 { return Self.marks[kind] }
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
