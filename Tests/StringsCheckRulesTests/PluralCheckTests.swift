import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

/// Plural forms per locale against CLDR's categories, on fixtures in six languages.
struct PluralCheckTests {
    static func stringsdict(_ forms: [(String, String)]) -> String {
        var body = "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict>\n"
        body += "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n"
        body += "<key>NSStringFormatValueTypeKey</key><string>d</string>\n"
        for (name, text) in forms { body += "<key>\(name)</key><string>\(text)</string>\n" }
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>files</key><dict>\n\(body)</dict></dict></dict></plist>\n"
    }

    static let english = ("en.lproj/Localizable.stringsdict", stringsdict([("one", "%d file"), ("other", "%d files")]))

    static func findings(_ locale: String, _ forms: [(String, String)]) async -> [String] {
        let result = await Check.run([english, ("\(locale).lproj/Localizable.stringsdict", stringsdict(forms))])
        return result.findings.filter { $0.diagnostic.id.hasPrefix("plural-") && $0.locale == LocaleName.normalize(locale) }.map {
            "\($0.diagnostic.id): \($0.diagnostic.message)"
        }
    }

    /// The value type against the forms: a form spelled as the value type is passed over unscanned;
    /// every other form is scanned, and only one that reads the number otherwise is reported.
    @Test func formsReadTheNumberAsTheValueTypeSays() async {
        let result = await Check.run([
            Self.english,
            (
                "de.lproj/Localizable.stringsdict",
                Self.stringsdict([
                    ("zero", "%d Dateien"), ("one", "%ld Datei"), ("two", "100%% %d"), ("few", "%d von %ld"), ("many", "%%d"),
                    ("other", "%dx Dateien"),
                ])
            ),
        ])
        let messages = result.findings.filter { $0.diagnostic.id == "stringsdict-value-type-mismatch" }.map(\.diagnostic.message)
        #expect(messages == ["the 'one' form of 'files' reads the number with '%ld', but NSStringFormatValueTypeKey of 'n' is 'd'"])
        // A numbered slot: a form's numbered specifier reads the count even beside another one,
        // so a form with two '%' is scanned, not passed over for its first.
        let numbered = Self.stringsdict([("one", "%d %1$ld"), ("other", "%1$d")]).replacingOccurrences(
            of: "<string>%#@n@</string>", with: "<string>%1$#@n@</string>")
        let second = await Check.run([Self.english, ("de.lproj/Localizable.stringsdict", numbered)])
        #expect(
            second.findings.filter { $0.diagnostic.id == "stringsdict-value-type-mismatch" }.map(\.diagnostic.message) == [
                "the 'one' form of 'files' reads the number with '%1$ld', but NSStringFormatValueTypeKey of 'n' is 'd'"
            ])
    }

    @Test func russianNeedsFewAndMany() async {
        #expect(
            await Self.findings("ru", [("one", "%d файл"), ("other", "%d файла")]) == [
                "plural-missing-category: the variable 'n' of 'files' has no 'few' (e.g. 2) and 'many' (e.g. 0) forms, which 'ru' uses; those numbers show the 'other' text"
            ])
        #expect(await Self.findings("ru", [("one", "%d файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")]).isEmpty)
    }

    @Test func arabicNeedsSixCategories() async {
        let found = await Self.findings("ar", [("one", "ملف واحد"), ("other", "%d ملفات")])
        #expect(found.count == 1)
        #expect(found.first?.contains("'zero' (e.g. 0), 'two' (e.g. 2), 'few' (e.g. 3) and 'many' (e.g. 11) forms") == true)
        let complete = [
            ("zero", "لا ملفات"), ("one", "ملف"), ("two", "ملفان"), ("few", "%d ملفات"), ("many", "%d ملفًا"), ("other", "%d ملف"),
        ]
        #expect(await Self.findings("ar", complete).isEmpty)
    }

    @Test func japaneseUsesOnlyOther() async {
        #expect(
            await Self.findings("ja", [("one", "1 個"), ("other", "%d 個")]) == [
                "plural-unused-category: the 'one' form of 'files' is never shown: 'ja' has no 'one' category (it uses 'other')"
            ])
        #expect(await Self.findings("ja", [("other", "%d 個")]).isEmpty)
    }

    @Test func polishAndWelsh() async {
        #expect(await Self.findings("pl", [("one", "%d plik"), ("few", "%d pliki"), ("other", "%d pliku")]).count == 1)
        #expect(await Self.findings("pl", [("one", "%d plik"), ("few", "%d pliki"), ("many", "%d plików"), ("other", "%d pliku")]).isEmpty)
        let welsh = [("zero", "dim"), ("one", "un"), ("two", "dau"), ("few", "tri"), ("many", "chwech"), ("other", "%d")]
        #expect(await Self.findings("cy", welsh).isEmpty)
        #expect(await Self.findings("cy", Array(welsh.dropFirst(2))).count == 1)
    }

    @Test func brazilianPortugueseUsesOneForZeroAndManyForMillions() async {
        // pt_BR.lproj resolves to CLDR 'pt': one (0, 1), many (1000000 written compactly), other.
        let found = await Self.findings("pt_BR", [("one", "%d arquivo"), ("other", "%d arquivos")])
        #expect(
            found == [
                "plural-missing-category: the variable 'n' of 'files' has no 'many' (e.g. 1000000) form, which 'pt-BR' uses; those numbers show the 'other' text (in 'pt-BR' only round millions are 'many')"
            ])
        let result = await Check.run([
            Self.english, ("pt_BR.lproj/Localizable.stringsdict", Self.stringsdict([("one", "%d arquivo"), ("other", "%d arquivos")])),
        ])
        #expect(result.findings.first { $0.diagnostic.id == "plural-missing-category" }?.diagnostic.severity == .note)
    }

    @Test func languagesCLDRDoesNotListAreNotJudged() async {
        #expect(await Self.findings("kmr", [("one", "%d pel"), ("other", "%d pel")]).isEmpty)
    }

    @Test func zeroIsNeverUnusedNorRequiredWhereCLDRLacksIt() async {
        #expect(await Self.findings("de", [("zero", "keine"), ("one", "%d Datei"), ("other", "%d Dateien")]).isEmpty)
    }
}

/// Forms of one entry that read an argument differently, and an entry written twice in a file
/// (Foundation reads the last, and the forms of both are compared).
struct ConflictingFormsTests {
    static func entry(_ key: String, _ forms: [(String, String)]) -> String {
        var body = "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
        body += "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
        body += "<key>NSStringFormatValueTypeKey</key><string>d</string>"
        for (name, text) in forms { body += "<key>\(name)</key><string>\(text)</string>" }
        return body + "</dict></dict>\n"
    }

    static func messages(_ entries: String, alsoIn other: String? = nil) async -> [String] {
        func plist(_ entries: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n\(entries)</dict></plist>\n"
        }
        var files: [(String, String)] = [("en.lproj/Localizable.stringsdict", plist(entries))]
        if let other { files.append(("de.lproj/Localizable.stringsdict", plist(other))) }
        let result = await Check.run(files)
        return result.findings.filter { $0.diagnostic.id == "stringsdict-conflicting-variants" }.map {
            "\($0.diagnostic.location?.line ?? 0): \($0.diagnostic.message)"
        }
    }

    @Test func formsThatReadAlikeAreQuiet() async {
        #expect(await Self.messages(Self.entry("files", [("one", "%d file in %@"), ("other", "%d files in %@")])).isEmpty)
    }

    @Test func formsThatDisagreeAreReported() async {
        #expect(
            await Self.messages(Self.entry("files", [("one", "%d file in %@"), ("other", "%d files in %d")])) == [
                "3: argument 2 of 'files' is '%d' in permutation 'other' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree"
            ])
    }

    /// An entry written again later in its file is compared with the uses of the first, even
    /// when each reads alike on its own; the same key in another file is not.
    @Test func anEntryWrittenTwiceIsComparedWithItsFirst() async {
        let first = Self.entry("files", [("one", "%d file in %@"), ("other", "%d files in %@")])
        let between = Self.entry("other", [("one", "%d x"), ("other", "%d y")])
        let second = Self.entry("files", [("one", "%d file in %d"), ("other", "%d files in %d")])
        #expect(
            await Self.messages(first + between + second) == [
                "5: argument 2 of 'files' is '%d' in permutation 'one' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree",
                "5: argument 2 of 'files' is '%d' in permutation 'other' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree",
            ])
        #expect(await Self.messages(first, alsoIn: second).isEmpty)
        #expect(await Self.messages(first + between + first).isEmpty)
    }

    /// A first definition whose forms disagree is read in full when the key comes again, and a
    /// definition whose forms name a second variable (kept as objects, not records) too.
    @Test func everyFormOfEveryDefinitionIsCompared() async {
        let first = Self.entry("files", [("one", "%d file in %@"), ("other", "%d files in %d")])
        let second = Self.entry("files", [("one", "%d file in %ld"), ("other", "%d files in %ld")])
        let variable = { (name: String, one: String, other: String) in
            "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>\(one)</string>"
                + "<key>other</key><string>\(other)</string></dict>"
        }
        let nested =
            "<key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + variable("n", "%d in %#@m@", "%d in %#@m@") + variable("m", "%d x %@", "%d y %@") + "</dict>\n"
        #expect(
            await Self.messages(first + second + nested) == [
                "3: argument 2 of 'files' is '%d' in permutation 'other' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree",
                "4: argument 2 of 'files' is '%ld' in permutation 'one' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree",
                "4: argument 2 of 'files' is '%ld' in permutation 'other' of 'n' but '%@' in permutation 'one' of 'n'; the forms must agree",
                "5: argument 2 of 'files' is '%d' in permutation 'one' of 'n', 'one' of 'm' but '%@' in permutation 'one' of 'n'; the forms must agree",
                "5: argument 2 of 'files' is '%d' in permutation 'one' of 'n', 'other' of 'm' but '%@' in permutation 'one' of 'n'; the forms must agree",
            ])
    }
}
