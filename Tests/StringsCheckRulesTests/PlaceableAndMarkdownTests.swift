import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckRules

/// What a translation carries over as written: numbers, addresses, handles, terms, Markdown.
struct PlaceableAndMarkdownTests {
    @Test func numbersCompareByValueAcrossDigitSystems() {
        #expect(Placeables("Up to 1,000.5 GB").numbers == ["1000.5"])
        #expect(Placeables("حتى ١٬٠٠٠٫٥ غيغابايت").numbers == ["1000.5"])
        #expect(Placeables("Bis zu 1.000,50 GB").numbers == ["1000.5"])
        #expect(Placeables("$5.00 and 1.5 and 15").numbers == ["5", "1.5", "15"])
        #expect(Placeables("تا ۱۰۰۰ عکس").numbers == ["1000"])
        #expect(Placeables("१,००० फ़ोटो तक").numbers == ["1000"])
        #expect(Placeables("Jusqu’à 1 000,5 Go").numbers == ["1000.5"])
        #expect(Placeables("３０日間").numbers == ["30"])
        // Two numbers a space apart stay two.
        #expect(Placeables("Schritte 2 3").numbers == ["2", "3"])
        // Digits in specifiers and braced placeholders are no number.
        #expect(Placeables("%1$@ sent %2$lld files, %.2f MB, {0} and {count}").numbers == [])
        #expect(Placeables("100% of %d").numbers == ["100"])
        // A '%' that starts no specifier is passed alone: the number after it is read.
        #expect(Placeables("20% 3 times").numbers == ["20", "3"])
    }

    /// The byte prefilter passes every text that holds a placeable, and skips most that do not.
    @Test func prefilterPassesEveryTextWithAPlaceable() {
        for text in [
            "Free for 30 days", "Write to a@b.io", "see www.acme.io", "see https://acme.io", "follow @acme", "٣٠ يومًا", "Step %d of 3",
            "100% of them",
        ] {
            #expect(Placeables.mayHoldAny(text), "\(text)")
        }
        for text in ["Sent to %1$@ and %2$@", "%lld posts", "Hello %@", "Save", "%% sure"] {
            #expect(!Placeables.mayHoldAny(text), "\(text)")
        }
        #expect(Placeables.holdsDigit("٣٠ يومًا") && Placeables.holdsDigit("Step %d of 3") && Placeables.holdsDigit("３０日"))
        #expect(
            !Placeables.holdsDigit("Sent to %1$@ and %2$@") && !Placeables.holdsDigit("%% fertig") && !Placeables.holdsDigit("Gesendet"))
        // Whatever the prefilter skips holds nothing.
        for text in ["Sent to %1$@ and %2$@", "%lld posts", "Hello %@", "Save"] { #expect(Placeables(text).isEmpty) }
    }

    @Test func addressesAndHandles() {
        let text = Placeables("Write to support@acme.io or see https://acme.io/help, and follow @acme@mastodon.social.")
        #expect(text.emails == ["support@acme.io"])
        #expect(text.urls == ["https://acme.io/help"])
        #expect(text.handles == ["@acme@mastodon.social"])
        #expect(Placeables.host(of: "https://www.Acme.io/help?x=1") == "acme.io")
        #expect(Placeables.host(of: "support@acme.io") == "acme.io")
        // An e-mail address in any script, and no handle in a format specifier.
        #expect(Placeables("用户名@gmail.com").emails == ["用户名@gmail.com"])
        #expect(Placeables("Hello %@ and %1$@").handles == [])
        // Markdown link targets are markdown-mismatch's.
        #expect(Placeables("[Help](https://acme.io/help)").urls == [])
        #expect(Placeables.isSample("example.com") && Placeables.isSample("shop.test") && !Placeables.isSample("acme.io"))
    }

    @Test func placeableMessagesSayWhatUsersRead() {
        func compare(_ source: String, _ translation: String, _ locale: String = "de") -> (String, Severity?)? {
            PlaceableMismatchRule.compare(Placeables(source), source: source, key: "k", translation: translation, locale: locale)
                .map { ($0.0.text, $0.1) }
        }
        #expect(compare("3 Days", "4 Días", "es")?.0.hasPrefix("the 'es' text of 'k' has 4 where its development text has 3") == true)
        #expect(compare("3 Days", "4 Días", "es")?.1 == nil)
        // A number written out in words: a note.
        #expect(compare("at least 1 account", "mindestens ein Konto") == nil)
        #expect(compare("Free for 30 days", "٣٠ يومًا مجانًا", "ar") == nil)
        // A sample address the translator localised, and a sample domain.
        #expect(compare("username@jabber.org", "käyttäjänimi@jabber.org", "fi") == nil)
        #expect(compare("e.g. www.example.com", "z. B. www.beispiel.de") == nil)
        #expect(compare("Visit https://acme.io/windows", "Besuche acme.io/windows") == nil)
        #expect(
            compare("Visit https://acme.io/windows", "Besuche https://acmme.io/windows")?.0.contains("links to https://acmme.io/windows")
                == true)
        #expect(compare("Loading…", "読み込み中...", "ja") == nil)
    }

    @Test func termsAreFoundAtTheStartOfAWord() {
        #expect(TermMismatchRule.has("Firefox", in: "Nastavit Firefoxu", wholeWord: false))
        #expect(!TermMismatchRule.has("Firefox", in: "Nastavit Firefoxu", wholeWord: true))
        #expect(!TermMismatchRule.has("Focus", in: "Unfocused", wholeWord: false))
        #expect(TermMismatchRule.has("Focus", in: "「Focus」について", wholeWord: true))
        #expect(TermMismatchRule.occurrence(of: "Firefox", in: "اجعل firefox", ignoringCase: true) == "firefox")
        #expect(TermMismatchRule.has("Privacy Pro", in: "Privacy\u{A0}Pro", wholeWord: true))
        #expect(TermMismatchRule.has("Privacy Pro", in: "Privacy-Pro-Support", wholeWord: false))
        #expect(TermMismatchRule.has("Wi-Fi", in: "WLAN und Wi-Fi", wholeWord: true))
        // A misspelling of a long name is found; a short word is never a misspelt term.
        #expect(TermMismatchRule.nearMiss(of: "Mastodon", in: "Matodon تطبيق") == "Matodon")
        #expect(TermMismatchRule.nearMiss(of: "Mail", in: "zum ersten Mal") == nil)
        // Declined by the last vowel, or after a prefix of another script: the name is there.
        #expect(TermMismatchRule.hasDeclined("Mozilla", in: "Produkt společnosti Mozilly"))
        #expect(TermMismatchRule.hasDeclined("Mozilla", in: "Mozillino poslanstvo"))
        #expect(!TermMismatchRule.hasDeclined("Mozilla", in: "Mozill"))
        #expect(!TermMismatchRule.hasDeclined("Firefox", in: "Firefo"))
        #expect(TermMismatchRule.has("Firefox", in: "የFirefox የአጠቃቀም ውል", wholeWord: false))
        #expect(!TermMismatchRule.has("Fox", in: "Firefox", wholeWord: false))
    }

    /// A ratio that rounds to the limit is shown to two places: never "2.5×, more than 2.5× allows".
    @Test func aRatioJustOverTheLimitIsShownExactly() async {
        let result = await Check.run(
            [
                ("en.lproj/Localizable.strings", "\"tab\" = \"Browse privately\";\n"),
                ("es.lproj/Localizable.strings", "\"tab\" = \"Navegue de forma privada siempre y\";\n"),
            ], configuration: Check.configuration("max_length_ratio: 2.1\n"))
        let message = result.findings.first { $0.diagnostic.id == "text-too-long" }?.diagnostic.message ?? ""
        #expect(message.contains("2.12× its development text's 16"), "\(message)")
    }

    @Test func inlineMarkdown() {
        let text = InlineMarkdown("Tap **+** at the top of [Control Center](https://acme.io/cc) and `code`")
        #expect(text.isBalanced && text.hasMarkup)
        #expect(text.links == [InlineMarkdown.Link(text: "Control Center", target: "https://acme.io/cc")])
        #expect(text.counts[.strong] == 2 && text.counts[.code] == 2)
        #expect(InlineMarkdown("Kontrol Merkezi'nin** sol üst **+**").unpaired == [.strong])
        // Not emphasis: spaced asterisks, underscores inside words, specifiers.
        #expect(InlineMarkdown("5 * 3 = 15").counts.isEmpty)
        #expect(InlineMarkdown("snake_case_name").counts.isEmpty)
        #expect(InlineMarkdown("%*d items").counts.isEmpty)
        // A literal percent sign before a closing delimiter leaves the delimiter be.
        #expect(InlineMarkdown("**-50 %** sur tout").unpaired.isEmpty)
        #expect(InlineMarkdown("[Lue lisää] (https://acme.io)").links.isEmpty)
        #expect(InlineMarkdown("[Help](https://acme.io").brokenLinks == 1)
        #expect(InlineMarkdown.rendered("Tap **+** in [Control Center](https://acme.io) for `x`") == "Tap + in Control Center for x")
        #expect(InlineMarkdown.rendered("**%@** moderators") == "%@ moderators")
        // Delimiters that do not pair up show as typed.
        #expect(InlineMarkdown.rendered("**Fett") == "**Fett")
    }

    @Test func markdownMessages() {
        func compare(_ source: String, _ translation: String) -> (String, Severity?)? {
            MarkdownMismatchRule.compare(
                InlineMarkdown(source), evidence: .developmentText, source: source, key: "k", translation: translation, locale: "fi"
            ).map { ($0.0.text, $0.1) }
        }
        #expect(compare("[Learn More](https://acme.io/a)", "[Lue lisää] (https://acme.io/a)")?.0.contains("puts a space between") == true)
        #expect(compare("[Learn More](https://acme.io/a)", "Lue lisää")?.0.contains("loses the link to https://acme.io/a") == true)
        #expect(compare("[Learn More](https://acme.io/a)", "[Lue](https://acme.io/fi/a)")?.1 == .note)
        #expect(compare("[Learn More](https://acme.io/a)", "[Lue](https://acme.fi/a)")?.1 == nil)
        #expect(compare("**%@** moderators", "Moderator*innen von **%@**") == nil)
        #expect(compare("**Bold** text", "**Lihavoitu teksti")?.0.contains("its ** do not pair up") == true)
    }

    /// Texts of one character repeated are read in one pass (a quadratic reader would take
    /// minutes here): each reader returns, with what the text holds.
    @Test func longTextsOfOneCharacterAreReadInOnePass() {
        for piece in ["x", "[", "`", "a@", "@a", "*", "1 ", "%", "{", "www.", "`x", "[x](", "ـ", "[[x](y)"] {
            let text = String(repeating: piece, count: 60_000)
            _ = Placeables(text)
            _ = InlineMarkdown(text)
            _ = InlineMarkdown.rendered(text)
            _ = UnchangedTranslationRule.wordsToTranslate(in: text, terms: ["x"])
            _ = MarkMismatchRule.stretchesAWord(text)
            _ = PluralIdenticalFormsRule.holdsWords(text)
        }
        #expect(Placeables(String(repeating: "x", count: 60_000)).isEmpty)
        #expect(InlineMarkdown(String(repeating: "[", count: 60_000)).links.isEmpty)
    }
}
