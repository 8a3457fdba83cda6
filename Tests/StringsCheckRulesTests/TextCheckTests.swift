import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckRules

/// What a translation keeps of its development text: the whitespace differences, one by one.
struct TextCheckTests {
    @Test func whitespaceDifferences() {
        func difference(_ source: String, _ translation: String, _ locale: String = "de") -> WhitespaceDifference? {
            WhitespaceDifference.between(source: source, translation: translation, locale: locale)
        }
        #expect(difference("Name: ", "Name:") == .dropsTrailing("a space"))
        #expect(difference(" and", "und") == .dropsLeading("a space"))
        #expect(difference("Deny", "Avvis\n", "nb") == .addsTrailing("a line break"))
        #expect(difference("Deny", " Avvis", "nb") == .addsLeading("a space"))
        // A space added at the end of a text shown alone shows nothing; after a fragment it does.
        #expect(difference("Select Image", "Επιλογή εικόνας ", "el") == nil)
        #expect(difference("Sent to %@", "Gesendet an %@ ") == .addsTrailing("a space"))
        // Lines between sentences may be joined with a space.
        #expect(difference("Saved.\nPost anyway?", "Gespeichert. Trotzdem posten?") == nil)
        #expect(difference("Saved.\nTap to undo\n", "Gespeichert. Tippen zum Widerrufen\n") == nil)
        #expect(WhitespaceDifference.isFragment(Array("Sent to %1$@".utf8)))
        #expect(!WhitespaceDifference.isFragment(Array("100% sure".utf8)))
        #expect(difference("Welcome to\nthe app", "Willkommen in der App") == .lineBreaks(source: 1, translation: 0))
        #expect(difference("Welcome to\nthe app", "アプリへようこそ", "ja") == .lineBreaks(source: 1, translation: 0))
        #expect(difference("Sent to %@", "أُرسلت  إلى %@", "ar") == .doubledSpace)
        // Kept as the development text has them.
        #expect(difference("Name: ", "Name: ") == nil)
        #expect(difference("One  two", "Eins  zwei") == nil)
        #expect(difference("A\nB", "X\nY\nZ") == nil)
        // Chinese and Japanese full-width marks carry their own space; other languages' do not.
        #expect(difference("Name: ", "名字：", "zh-Hans") == nil)
        #expect(difference("Name: ", "名前：", "ja") == nil)
        #expect(difference("Name: ", "이름:", "ko") == .dropsTrailing("a space"))
        // A text of whitespace alone is a spacer.
        #expect(difference(" ", "") == nil)
        #expect(difference("  ", " ") == nil)
    }

    @Test func minorDifferencesAreNotes() {
        #expect(WhitespaceDifference.addsTrailing("a space").isMinor(source: "Home", locale: "tr"))
        #expect(!WhitespaceDifference.addsTrailing("a line break").isMinor(source: "Deny", locale: "nb"))
        #expect(WhitespaceDifference.lineBreaks(source: 1, translation: 0).isMinor(source: "A\nB", locale: "de"))
        #expect(!WhitespaceDifference.lineBreaks(source: 0, translation: 1).isMinor(source: "Plugins", locale: "it"))
        #expect(WhitespaceDifference.lineBreaks(source: 0, translation: 1).isMinor(source: "Plugins", locale: "zh-Hans"))
        #expect(!WhitespaceDifference.dropsTrailing("a space").isMinor(source: "Name: ", locale: "de"))
        // A space after a finished sentence joins nothing to a word.
        #expect(WhitespaceDifference.dropsTrailing("a space").isMinor(source: "You’re protected! ", locale: "am"))
        #expect(WhitespaceDifference.dropsTrailing("a space").isMinor(source: "Saved. ", locale: "de"))
        // A list marker's space separates it from the item.
        #expect(!WhitespaceDifference.dropsTrailing("a space").isMinor(source: "%lld. ", locale: "es"))
        #expect(!WhitespaceDifference.dropsTrailing("a line break").isMinor(source: "Saved.\n", locale: "de"))
    }

    /// The signature read from bytes decides whether two texts are compared at all.
    @Test func signaturesTellWhichTextsToCompare() {
        #expect(WhitespaceSignature("Name") == WhitespaceSignature("Name"))
        #expect(WhitespaceSignature("Name: ") != WhitespaceSignature("Name:"))
        #expect(WhitespaceSignature("A\nB") != WhitespaceSignature("AB"))
        #expect(WhitespaceSignature("A  B") != WhitespaceSignature("A B"))
        #expect(WhitespaceSignature("") == WhitespaceSignature("x"))
        // Doubled spaces at every offset, across the eight-byte steps too.
        for offset in 0..<20 {
            let text = String(repeating: "a", count: offset) + "  " + String(repeating: "b", count: 20 - offset)
            #expect(WhitespaceSignature(text).doubleSpace, "at \(offset)")
            let single = String(repeating: "a", count: offset) + " " + String(repeating: "b", count: 20 - offset)
            #expect(!WhitespaceSignature(single).doubleSpace, "at \(offset)")
        }
        #expect(!WhitespaceSignature("a b c d e f g h i j k l m n o").doubleSpace)
    }

    /// End punctuation in each script's own forms.
    @Test func endPunctuationInEachScript() {
        func end(_ text: String, _ language: String) -> EndPunctuation { EndPunctuation(text: text, language: language) }
        #expect(end("Name:", "en") == .colon)
        #expect(end("名前：", "ja") == .colon)
        #expect(end("名稱︰", "zh") == .colon)
        #expect(end("Nom :", "fr") == .colon)
        #expect(end("Delete this post?", "en") == .question)
        #expect(end("حذف هذا المنشور؟", "ar") == .question)
        #expect(end("Διαγραφή;", "el") == .question)
        #expect(end("Stop;", "en") == .none)
        #expect(end("¿Eliminar?", "es") == .question)
        #expect(end("Export…", "en") == .ellipsis)
        #expect(end("Exporter...", "fr") == .ellipsis)
        #expect(end("सहेजा गया।", "hi") == .fullStop)
        #expect(end("完成。", "zh") == .fullStop)
        #expect(end("He said \"stop.\"", "en") == .fullStop)
        #expect(end("(optional)", "en") == .none)
        #expect(end("Save ", "en") == .none)
        // Ethiopic colons, and Amharic's wordspace and hyphen.
        #expect(end("ስም፦", "am") == .colon)
        #expect(end("ስም፡-", "am") == .colon)
        #expect(end("a-", "en") == .none)
        // What is reported.
        #expect(!EndPunctuation.reported(source: .colon, translation: .fullStop, language: "hy"))
        #expect(EndPunctuation.reported(source: .colon, translation: .fullStop, language: "de"))
        #expect(!EndPunctuation.reported(source: .question, translation: .fullStop, language: "my"))
        #expect(EndPunctuation.reported(source: .colon, translation: .none, language: "de"))
        #expect(EndPunctuation.reported(source: .question, translation: .fullStop, language: "uk"))
        #expect(!EndPunctuation.reported(source: .question, translation: .fullStop, language: "hy"))
        #expect(!EndPunctuation.reported(source: .question, translation: .none, language: "ja"))
        #expect(EndPunctuation.reported(source: .ellipsis, translation: .none, language: "nl"))
        #expect(!EndPunctuation.reported(source: .ellipsis, translation: .fullStop, language: "nl"))
        #expect(!EndPunctuation.reported(source: .fullStop, translation: .none, language: "de"))
        #expect(!EndPunctuation.reported(source: .none, translation: .fullStop, language: "da"))
    }

    /// Brackets and quotation marks, whichever way round a language writes them.
    @Test func bracketsAndQuotesPairUp() {
        func unpaired(_ text: String) -> String? { BracketCount(text)?.firstUnpaired }
        #expect(unpaired("Storage (optional)") == nil)
        #expect(unpaired("Speicher (optional") == "()")
        #expect(unpaired("Speicher optional)") == "()")
        #expect(unpaired(")(") == "()")
        #expect(unpaired("„%@“ wurde gesichert") == nil)
        #expect(unpaired("»%@« er gemt") == nil)
        #expect(unpaired("« %@ » enregistré") == nil)
        #expect(unpaired("“%@ was saved") == "quotation marks")
        #expect(unpaired("「%@」を保存しました") == nil)
        #expect(unpaired("「%@ を保存しました") == "「」")
        #expect(unpaired("【%@】") == nil)
        #expect(unpaired("（任意）") == nil)
        #expect(unpaired("Don’t \"quote\" me") == nil)
        #expect(BracketCount("Plain text")?.isEmpty == true)
    }

    /// The count read as bytes agrees with one read scalar by scalar, on texts mixing every
    /// mark with characters whose UTF-8 shares their lead bytes (C2, E2, E3, EF).
    @Test func bracketsCountedAsBytesAsAsScalars() {
        let marks: [Unicode.Scalar: (kind: Int, opens: Bool)] = [
            "(": (0, true), ")": (0, false), "\u{FF08}": (0, true), "\u{FF09}": (0, false), "[": (1, true), "]": (1, false),
            "\u{FF3B}": (1, true), "\u{FF3D}": (1, false), "{": (2, true), "}": (2, false), "\u{FF5B}": (2, true), "\u{FF5D}": (2, false),
            "\u{300C}": (3, true), "\u{300D}": (3, false), "\u{300E}": (4, true), "\u{300F}": (4, false), "\u{3010}": (5, true),
            "\u{3011}": (5, false),
        ]
        let quotes: Set<Unicode.Scalar> = ["\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}"]
        // Neighbours of the marks' encodings: the same lead byte, and the same last byte with
        // another middle one (U+304C is E3 81 8C, U+205C E2 81 9C, U+FF1B EF BC 9B, …).
        let others: [Unicode.Scalar] = [
            "a", " ", "%", "\u{00A0}", "\u{00AC}", "\u{00BA}", "\u{2018}", "\u{201B}", "\u{2020}", "\u{203B}", "\u{2038}", "\u{300B}",
            "\u{3012}", "\u{3001}", "\u{FF07}", "\u{FF0A}", "\u{FF3C}", "\u{FF5C}", "\u{FF5E}", "\u{FFFD}", "\u{1F600}", "\u{0301}",
            "\u{304C}", "\u{205C}", "\u{FF1B}", "\u{FF48}", "\u{FF49}", "\u{FF7B}", "\u{0AAB}", "\u{02BB}",
        ]
        let pool = Array(marks.keys).sorted { $0.value < $1.value } + quotes.sorted { $0.value < $1.value } + others
        // Every pair of characters, then longer texts from a fixed sequence (a failure replays).
        var texts = pool.flatMap { first in pool.map { String.UnicodeScalarView([first, $0]) } }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 { texts.append(String.UnicodeScalarView((0..<next(13)).map { _ in pool[next(pool.count)] })) }
        for text in texts {
            let string = String(text)
            // The reference: scalar by scalar.
            var depth = [Int](repeating: 0, count: 6)
            var closedFirst = [Bool](repeating: false, count: 6)
            var quoteCount = 0
            for scalar in string.unicodeScalars {
                if let mark = marks[scalar] {
                    if mark.opens {
                        depth[mark.kind] += 1
                    } else if depth[mark.kind] == 0 {
                        closedFirst[mark.kind] = true
                    } else {
                        depth[mark.kind] -= 1
                    }
                } else if quotes.contains(scalar) {
                    quoteCount += 1
                }
            }
            let names = ["()", "[]", "{}", "「」", "『』", "【】"]
            let expected =
                depth.indices.first { depth[$0] != 0 || closedFirst[$0] }.map { names[$0] }
                ?? (quoteCount % 2 == 1 ? "quotation marks" : nil)
            let count = BracketCount(string)
            #expect(count?.firstUnpaired == expected, "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(count?.isEmpty == !string.unicodeScalars.contains { marks[$0] != nil || quotes.contains($0) })
        }
    }

    /// Catalog texts are compared as bytes in place, as `.strings` values: a unit still to
    /// review is not counted as left unchanged, and one whose bytes differ from the development
    /// text's only in how an accent is composed is still the same text (strings compare so).
    @Test func catalogUnitsLeftAsTheDevelopmentText() async {
        func unit(_ text: String, _ state: String = "translated") -> String {
            "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(text)\"}}"
        }
        let composed = "Delete the caf\u{E9} list?"
        let decomposed = "Delete the cafe\u{301} list?"
        let catalog = """
            {"sourceLanguage":"en","version":"1.0","strings":{"delete":{"localizations":{\
            "en":\(unit(composed)),"de":\(unit(decomposed)),"ar":\(unit(composed)),"ja":\(unit(composed, "needs_review")),\
            "fr":\(unit("Supprimer la liste du café ?"))}}}}
            """
        let result = await Check.run([("Localizable.xcstrings", catalog)])
        let messages = result.findings.filter { $0.diagnostic.id == "unchanged-translation" }.map(\.diagnostic.message)
        #expect(
            messages == [
                "'delete' is left as the development text 'Delete the caf\u{E9} list?' in ar and de (2 of 4 translations): users of those locales read it untranslated"
            ])
    }

    /// A catalog's invisible characters, in every unit of a value (a plural form too): a
    /// translation's is reported unless its development text holds the same character, and the
    /// development text's own invisible characters are not, its control characters are.
    @Test func invisibleCharactersInCatalogUnits() async {
        func unit(_ text: String) -> String { "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(text)\"}}" }
        let plural = "{\"variations\":{\"plural\":{\"one\":\(unit("ein Ding")),\"other\":\(unit("%lld Dinge\\f"))}}}"
        let catalog = """
            {"sourceLanguage":"en","version":"1.0","strings":{\
            "hint":{"localizations":{"en":\(unit("Super\u{200B}long")),"de":\(unit("Super\u{200B}lang")),\
            "fr":\(unit("Tr\u{E8}s\u{2060}long"))}},\
            "items":{"localizations":{"en":\(unit("%lld items")),"de_DE":\(plural)}},\
            "price":{"localizations":{"en":\(unit("\u{202E}99.00"))}}}}
            """
        let result = await Check.run([("Localizable.xcstrings", catalog)])
        let found = result.findings.filter { $0.diagnostic.id == "invisible-character" }
        #expect(
            found.map { "\($0.key ?? "") \($0.locale ?? "") \($0.diagnostic.location?.description ?? "-")" } == [
                "hint fr 1:253", "items de-DE 1:507", "price en 1:604",
            ])
        let hint = "the text of 'hint' in 'fr' holds U+2060 (word joiner), an invisible character"
        #expect(found.first?.diagnostic.message.hasPrefix(hint) == true)
        #expect(found.dropFirst().first?.diagnostic.message.hasPrefix("the text of 'items' in 'de-DE' holds U+000C (form feed)") == true)
    }
}
