import Foundation
import Testing

@testable import LocalizationFormats

/// Deterministic pseudo-random `.strings` texts built from the grammar's tricky pieces, each parsed
/// by us and by Foundation: whatever Foundation loads we must load identically, and whatever it
/// refuses we must mark as not loading.
struct GeneratedDifferentialTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let pieces: [String] = [
        "\"key\"", "'k2'", "unquoted_Key.1", "$x", "/path:a-b", "=", "=", ";", ";", ";", " ", "\n", "\r\n", "\r",
        "\t", "\u{2028}", "\u{2029}", "// note\n", "/* c */", "/*", "*/", "\"v\\n\\t\\\"q\\\"\"", "\"\\U00e9\\U1F60\"",
        "\"\\101\\351\\777\"", "\"\\u00e9\"", "\"\\\\\"", "\"\\'\"", "'it''s'", "\"é😀\"", "{", "}", "(", ")", ",",
        "<0a1B>", "<zz>", "\"unterminated", "\\", "#", "!", "\"\"", "\"a\" = \"b\";", "x = y;", "\"%@ %1$d\"",
        "\"\\Ud83d\\Ude00\"", "\"\\Ud83d\"", "\"multi\nline\"",
    ]

    static let keys = ["\"greeting\"", "'single'", "plain_key", "\"dup\"", "\"dup\"", "\"ключ\"", "\"a b\""]
    static let values = [
        "\"Hello %@\"", "\"x\\ny\"", "'v'", "bare", "\"\\U00e9\"", "\"\\351\"", "\"\"", "\"日本語\"", "(a, b)", "{k = v;}",
    ]

    @Test func generatedTextsAgreeWithFoundation() {
        var generator = Generator(state: 20_261_122)
        var agreed = 0
        var rejected = 0
        var failures: [String] = []
        for _ in 0..<20000 {
            var text = ""
            if generator.next() % 2 == 0 {
                let length = Int(generator.next() % 14) + 1
                for _ in 0..<length { text += generator.pick(Self.pieces) }
            } else {
                // Mostly well-formed entries with one tricky piece dropped in somewhere.
                let entries = Int(generator.next() % 5) + 1
                let mutation = Int(generator.next() % UInt64(entries * 4 + 1))
                var slot = 0
                for _ in 0..<entries {
                    for part in [generator.pick(Self.keys), " = ", generator.pick(Self.values), ";\n"] {
                        if slot == mutation { text += generator.pick(Self.pieces) }
                        text += part
                        slot += 1
                    }
                }
            }
            let data = Data(text.utf8)
            let ours = StringsParser.parse(bytes: [UInt8](data), path: "generated.strings")
            let theirs = Oracle.quietly { try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
            if let table = theirs as? [String: Any] {
                let strings = table.compactMapValues { $0 as? String }
                let ourTable = ours.loads ? ours.loadedTable : [:]
                let ourNonStrings = ours.entries.filter { $0.loaded && !$0.hasValue }.map(\.key)
                let theirNonStrings = table.keys.filter { !(table[$0] is String) }
                if ours.loads, ourTable == strings, Set(ourNonStrings).isSuperset(of: theirNonStrings) {
                    agreed += 1
                } else {
                    failures.append("\(text.debugDescription): Foundation \(strings), ours loads=\(ours.loads) \(ourTable)")
                }
            } else if ours.loads {
                failures.append("\(text.debugDescription): Foundation refuses, we load \(ours.loadedTable)")
            } else {
                rejected += 1
            }
        }
        print("generated differential: \(agreed) identical, \(rejected) refused by both, \(failures.count) disagreements")
        for failure in failures.prefix(15) { print("  disagree: \(failure)") }
        #expect(failures.count == 0, "see the disagreements printed above")
    }
}
