import Foundation
import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckFix

/// The one-pass check that a catalog is laid out already: it knows the formatter's own output,
/// and a "yes" is always the formatter's whole way's answer too.
struct CatalogLayoutCheckTests {
    /// Hand-written catalogs touching every part of the layout: escapes, control characters,
    /// empty objects and arrays, numbers, booleans, null, non-ASCII keys and keys with escapes.
    static let handWritten = [
        """
        {"version":"1.0","sourceLanguage":"en","strings":{"23.title":{},"5.title":{"comment":"A \\"quoted\\" path\\/to","localizations":{"de":{"stringUnit":{"value":"Fünf\\tTab\\u0001\\u001F\\n\\r\\b\\f\\\\","state":"translated"}}}},"Cancel":{},"Can’t":{},"apple":{"extractionState":"manual"}}}

        """,
        """
        {"sourceLanguage":"de","strings":{"Say \\"%@\\"\\n":{"localizations":{"fr":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"un"}},"other":{"stringUnit":{"state":"needs_review","value":"é\\u00e9"}}}}}}},"Zürich":{"shouldTranslate":false},"zebra":{"x":[1,-2.5e+3,0,true,false,null,[],{},["a",[{}]]]}},"version":"1.1"}
        """,
        "[]",
        "\"only a string\"\n\n",
        "{\"a\":{\"b\":{\"c\":[0.5,1E9]}}}\r\n",
    ]

    /// Every catalog the tests know: the hand-written ones, and the corpus's when it is there.
    static func catalogs() -> [(name: String, bytes: [UInt8])] {
        var result = handWritten.enumerated().map { ("hand-written \($0.offset)", Array($0.element.utf8)) }
        if Check.corpusIsAvailable { result += Check.corpusFiles(endingWith: ".xcstrings").map { ($0.relative, $0.bytes) } }
        return result
    }

    static func isLaidOut(_ bytes: [UInt8]) -> Bool {
        var order = CatalogFormatter.MemberOrder()
        return CatalogLayoutCheck.isLaidOut(bytes, order: &order)
    }

    @Test func theFormattersOutputIsKnownToBeLaidOut() throws {
        for (name, bytes) in Self.catalogs() {
            let formatted = try CatalogFormatter.format(bytes, path: "Localizable.xcstrings", checkingLayoutFirst: false)
            #expect(Self.isLaidOut(formatted), "\(name)")
            // The hand-written ones are not laid out as they come.
            if name.hasPrefix("hand-written"), formatted != bytes { #expect(!Self.isLaidOut(bytes), "\(name)") }
        }
    }

    /// An object of more than 64 members, whose order the formatter asks for pair by pair
    /// without remembering it: numbered and non-ASCII keys in Finder's order.
    @Test func aLargeObjectsOrderIsFindersOrder() throws {
        let keys = (0..<80).map { "item \($0)" } + ["Éclair", "eclair", "Zürich", "zebra", "Ärger", "apple", "10.title", "9.title"]
        let members = keys.map { "\"\($0)\":{\"comment\":\"\($0)\"}" }.joined(separator: ",")
        let formatted = try CatalogFormatter.format(
            Array("{\"strings\":{\(members)}}".utf8), path: "x.xcstrings", checkingLayoutFirst: false)
        #expect(Self.isLaidOut(formatted))
        // Two members swapped: no longer in order.
        let text = String(decoding: formatted, as: UTF8.self)
        let swapped = text.replacingOccurrences(of: "\"item 9\"", with: "\"item 9x\"").replacingOccurrences(
            of: "\"item 10\"", with: "\"item 9\""
        ).replacingOccurrences(of: "\"item 9x\"", with: "\"item 10\"")
        #expect(!Self.isLaidOut(Array(swapped.utf8)))
        #expect(try CatalogFormatter.format(Array(swapped.utf8), path: "x.xcstrings") != Array(swapped.utf8))
    }

    /// Small objects are sorted by the ranks of their names among all names met so far: the same
    /// order as comparing their names pair by pair, however the names arrive.
    @Test func rankedOrderIsFindersOrder() {
        var random = SplitMix64(seed: 64)
        let pieces = [
            "a", "B", "é", "E", "z", "Z", "1", "10", "2", "-", "_", ".", " ", "zh-Hans", "zh-HK", "ß", "ü", "Ä", "5.title", "23.title",
        ]
        var order = CatalogFormatter.MemberOrder()
        for _ in 0..<200 {
            var keys = Set<String>()
            for _ in 0..<(1 + random.next() % 12) {
                keys.insert((0..<(1 + random.next() % 3)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
            }
            let object = "{" + keys.shuffled(using: &random).map { "\"\($0)\":null" }.joined(separator: ",") + "}"
            guard let members = JSONReader.parse(bytes: Array(object.utf8), path: "x.json").root?.object else {
                Issue.record("\(object) does not read")
                continue
            }
            let ranked = order.sorted(members).map(\.key)
            let paired = members.sorted { CatalogFormatter.ordered($0.key, $1.key) }.map(\.key)
            #expect(ranked == paired)
        }
    }

    @Test func aCRLFCatalogIsLaidOutWithCRLFOnly() throws {
        let formatted = try CatalogFormatter.format(Array(Self.handWritten[4].utf8), path: "x.xcstrings", checkingLayoutFirst: false)
        #expect(formatted.contains(0x0D))
        #expect(Self.isLaidOut(formatted))
        // One line break without its CR is not the layout of a CRLF file.
        var mixed = formatted
        mixed.remove(at: try #require(mixed.firstIndex(of: 0x0D).flatMap { mixed[($0 + 2)...].firstIndex(of: 0x0D) }))
        #expect(!Self.isLaidOut(mixed))
    }

    /// What the formatter would write otherwise, or refuse, is never taken for its layout.
    @Test(arguments: [
        // Members out of order, and a key twice (in order, and canonically equivalent).
        "{\n  \"b\" : 1,\n  \"a\" : 2\n}",
        "{\n  \"a\" : 1,\n  \"a\" : 2\n}",
        "{\n  \"e\u{301}\" : 1,\n  \"\u{E9}\" : 2\n}",
        // Escapes the formatter writes as the character itself, or with lowercase digits.
        "{\n  \"a\" : \"x\\/y\"\n}",
        "{\n  \"a\" : \"\\u00e9\"\n}",
        "{\n  \"a\" : \"\\u001F\"\n}",
        "{\n  \"a\" : \"\\u000a\"\n}",
        "{\n  \"a\" : \"\\ud83d\\ude00\"\n}",
        // Spacing: a space too many or too few, a tab, no line break inside an empty object,
        // text before or after the document.
        "{\n   \"a\" : 1\n}",
        "{\n  \"a\": 1\n}",
        "{\n\t\"a\" : 1\n}",
        "{\n  \"a\" : {}\n}",
        " {\n  \"a\" : 1\n}",
        "{\n  \"a\" : 1\n} ",
        "{\n  \"a\" : 1,\n}",
        // Numbers the reader refuses.
        "{\n  \"a\" : 01\n}",
        "{\n  \"a\" : 1.\n}",
        "{\n  \"a\" : +1\n}",
        // A raw control character in a string.
        "{\n  \"a\" : \"x\u{1}y\"\n}",
    ])
    func whatTheFormatterWouldChangeIsNotLaidOut(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(!Self.isLaidOut(bytes))
        // The formatter's whole way changes it or refuses it.
        let formatted = try? CatalogFormatter.format(bytes, path: "x.xcstrings", checkingLayoutFirst: false)
        #expect(formatted != bytes)
    }

    @Test func aDocumentNestedDeeperThanTheCheckGoesTheWholeWay() throws {
        var text = ""
        for level in 0...CatalogLayoutCheck.maximumDepth { text += "[\n" + String(repeating: " ", count: 2 * (level + 1)) }
        text += "1"
        for level in (0...CatalogLayoutCheck.maximumDepth).reversed() { text += "\n" + String(repeating: " ", count: 2 * level) + "]" }
        let bytes = Array(text.utf8)
        #expect(try CatalogFormatter.format(bytes, path: "x.xcstrings", checkingLayoutFirst: false) == bytes)
        #expect(!Self.isLaidOut(bytes))
        #expect(try CatalogFormatter.format(bytes, path: "x.xcstrings") == bytes)
    }

    /// A "yes" is exact: over many small edits of laid-out catalogs (a byte changed, dropped or
    /// doubled, two lines swapped), the formatter answers each the same with the check as without
    /// it (the same bytes, or a refusal).
    @Test func everyYesIsTheFormattersAnswerToo() throws {
        var random = SplitMix64(seed: 46)
        var yes = 0
        var no = 0
        let alphabet = Array(" \n\r\t\"\\{}[],:0123456789-+.eEabtfnru/ABCDF\u{E9}".utf8)
        for (name, bytes) in Self.catalogs() {
            let formatted = try CatalogFormatter.format(bytes, path: "x.xcstrings", checkingLayoutFirst: false)
            // A large catalog's edits are taken from its start (the check reads on to the end).
            let span = min(formatted.count, 4_096)
            for _ in 0..<(formatted.count > 100_000 ? 6 : 400) {
                var edited = formatted
                let at = Int(random.next() % UInt64(span))
                switch random.next() % 4 {
                case 0: edited[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: edited.remove(at: at)
                case 2: edited.insert(edited[at], at: at)
                default:
                    var lines = edited.split(separator: 0x0A, omittingEmptySubsequences: false)
                    let first = at % lines.count
                    let second = Int(random.next() % UInt64(lines.count))
                    lines.swapAt(first, second)
                    edited = Array(lines.joined(separator: [0x0A]))
                }
                // As the formatter asks: of the decoded text (an edit may break the UTF-8).
                if let text = try? EditableText(bytes: edited, path: "x.xcstrings"), Self.isLaidOut(text.utf8) {
                    yes += 1
                } else {
                    no += 1
                }
                let fast = try? CatalogFormatter.format(edited, path: "x.xcstrings")
                let whole = try? CatalogFormatter.format(edited, path: "x.xcstrings", checkingLayoutFirst: false)
                #expect(fast == whole, "\(name): an edit at \(at) is answered otherwise in one pass")
            }
        }
        // Both answers were given many times (a check that always says no would pass above).
        #expect(yes > 50)
        #expect(no > 500)
    }
}
