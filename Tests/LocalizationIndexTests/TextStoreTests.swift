import LocalizationFormats
import TestSupport
import Testing

@testable import LocalizationIndex

/// The index keeps a record per text and makes a `.strings` value's text when it is read: what
/// is read without making it, and what is made, must be what a text made up front would say.
struct TextStoreTests {
    static let project = Check.project([
        // No string value: the file's source is registered, and no text follows.
        ("de.lproj/Empty.strings", "/* nothing yet */\n\"menu\" = { \"k\" = \"v\"; };\n"),
        ("de.lproj/Localizable.strings", "\"a\" = \"%@ und %d\";\n\"b\" = \"Text\";\n\"c\" = \"%s\";\n\"d\" = \"\";\n"),
        ("fr.lproj/Localizable.strings", "\"a\" = \"%2$d et %1$@\";\n\"b\" = \"Texte\";\n"),
        (
            "fr.lproj/Localizable.stringsdict",
            KeyFormatTests.stringsdict(key: "files", format: "%#@n@", one: "%ld fichier", other: "%ld fichiers")
        ),
    ])

    @Test func recordsReadWhatTheMadeTextsSay() throws {
        let texts = ProjectIndex(project: Self.project).texts
        #expect(texts.count == 8)
        #expect(texts.map(\.locale) == ["de", "de", "de", "de", "fr", "fr", "fr", "fr"])
        #expect(texts.map(\.path).filter { $0.hasSuffix("Empty.strings") }.isEmpty)
        #expect(texts.indices.map { texts.key(at: $0) } == texts.map(\.key))
        #expect(texts.indices.map { texts.text(at: $0) } == texts.map(\.text))
        #expect(texts.indices.map { texts.origin(at: $0) } == texts.map(\.origin))
        #expect(texts.indices.map { texts.source(at: $0).path } == texts.map(\.path))
        #expect(texts.map(\.key) == ["a", "b", "c", "d", "a", "b", "files", "files"])
        // A value made on demand is scanned again: the same specifiers as a fresh scan.
        #expect(texts[0].analysis == FormatScanner.analyze("%@ und %d"))
        #expect(texts[0].position(ofScalar: 5) == SourcePosition(line: 1, column: 13))
        for index in texts.indices {
            #expect(texts.shape(at: index) == ArgumentShape(texts[index].argumentUses(index: index)), "\(texts.key(at: index))")
            #expect(texts.readsNothing(at: index) == texts.shape(at: index).isEmpty)
        }
    }

    @Test func scanFactsFilterWithoutMakingTheText() {
        let texts = ProjectIndex(project: Self.project).texts
        let pointers: [FormatArgumentType] = [.cString, .pointer]
        #expect(texts.indices.filter { texts.reads(at: $0, anyOf: pointers) } == [2], "only 'c' reads '%s'")
        #expect(texts.indices.filter { texts.reads(at: $0, anyOf: [.double]) }.isEmpty)
        #expect(texts.indices.filter { texts.hasUnpositionedArguments(at: $0) } == [0], "'%@ und %d'; '%2$d et %1$@' has positions")
    }

    @Test func theIndexListsNameTheRightTexts() {
        let index = ProjectIndex(project: Self.project)
        #expect(index.textsWithSpecifiers == [0, 2, 4, 6, 7])
        #expect(index.emptyTexts == [3])
        #expect(index.stringsdictTexts == [6, 7])
        #expect(index.texts.indices.filter { index.texts.isLoaded(at: $0) }.count == 8)
    }

    /// A catalog's plain string units are records too: read in place and made on demand, they
    /// say what the catalog's texts made up front say.
    @Test func catalogUnitsAreRecordsThatReadTheCatalog() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "A %@"}},
                "de": {"stringUnit": {"state": "translated", "value": "A %s"}}}},
              "b": {"localizations": {"de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "ein %lld"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld"}}}}}}}}}
            """
        let project = Check.project([("Localizable.xcstrings", json)])
        let texts = ProjectIndex(project: project).texts
        let file = try #require(project.files.first)
        let upFront = LocalizedTextBuilder.texts(of: file)
        #expect(texts.map(\.key) == upFront.map(\.key) && texts.map(\.key) == ["a", "a", "b", "b", "b"])
        #expect(texts.indices.map { texts.key(at: $0) } == texts.map(\.key))
        #expect(texts.indices.map { texts.text(at: $0) } == ["A %@", "A %s", "ein %lld", "%lld", "b"])
        #expect(texts.map(\.text) == upFront.map(\.text) && texts.map(\.locale) == upFront.map(\.locale))
        #expect(texts.map(\.placement) == upFront.map(\.placement) && texts.map(\.label) == upFront.map(\.label))
        #expect(texts.map(\.analysis) == upFront.map(\.analysis))
        #expect(texts.indices.allSatisfy { texts.origin(at: $0) == .catalog && texts.isLoaded(at: $0) })
        #expect(texts.indices.filter { texts.reads(at: $0, anyOf: [.cString]) } == [1])
        #expect(texts[1].keyLocation == catalogKeyLocation(project, "a"))
    }

    /// The forms of a catalog value's plural and device variations are records too, numbered as
    /// the value's units are visited: read in place and made on demand, with their labels, they
    /// say what the texts made up front say. A translation's form in the state 'new' has no text
    /// (the source language's has); a value with substitutions is a record per form too.
    @Test func catalogFormsAreRecordsThatReadTheCatalog() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "files": {"localizations": {
                "en": {"variations": {"plural": {
                  "one": {"stringUnit": {"state": "new", "value": "%lld file"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
                "de": {"stringUnit": {"state": "translated", "value": "Dateien"},
                  "variations": {"device": {
                    "iphone": {"variations": {"plural": {
                      "one": {"stringUnit": {"state": "new", "value": "%lld Datei"}},
                      "other": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}}}},
                    "mac": {"stringUnit": {"state": "translated", "value": "%s Dateien"}}}}}}},
              "share": {"localizations": {"fr": {
                "stringUnit": {"state": "translated", "value": "Partager avec %#@n@"},
                "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg personne"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg personnes"}}}}}}}}}}}
            """
        let project = Check.project([("Localizable.xcstrings", json)])
        let texts = ProjectIndex(project: project).texts
        let file = try #require(project.files.first)
        let upFront = LocalizedTextBuilder.texts(of: file)
        #expect(
            texts.map(\.text) == [
                "%lld file", "%lld files", "Dateien", "%lld Dateien", "%s Dateien", "Partager avec %#@n@",
                "%1$lld personne", "%1$lld personnes", "share",
            ])
        #expect(
            texts.map(\.label) == [
                "plural 'one'", "plural 'other'", nil, "device 'iphone', plural 'other'", "device 'mac'", nil, "'one' of 'n'",
                "'other' of 'n'", nil,
            ])
        #expect(texts.map(\.key) == upFront.map(\.key) && texts.map(\.text) == upFront.map(\.text))
        #expect(texts.map(\.label) == upFront.map(\.label) && texts.map(\.locale) == upFront.map(\.locale))
        #expect(texts.map(\.placement) == upFront.map(\.placement) && texts.map(\.analysis) == upFront.map(\.analysis))
        #expect(texts.map(\.keyLocation) == upFront.map(\.keyLocation))
        #expect(texts.indices.map { texts.key(at: $0) } == texts.map(\.key))
        #expect(texts.indices.map { texts.text(at: $0) } == texts.map(\.text))
        #expect(texts.indices.allSatisfy { texts.origin(at: $0) == .catalog && texts.isLoaded(at: $0) })
        #expect(texts.indices.filter { texts.reads(at: $0, anyOf: [.cString]) } == [4])
        for index in texts.indices {
            #expect(texts.shape(at: index) == ArgumentShape(texts[index].argumentUses(index: index)), "\(texts.text(at: index))")
        }
        // The records say what the general path, which made objects of them, says.
        guard case .catalog(let catalog) = file.content, let files = catalog.entries.first(where: { $0.key == "files" }) else {
            Issue.record("no catalog entry 'files'")
            return
        }
        let general = files.localizations.flatMap { localization in
            LocalizedTextBuilder.catalogTexts(
                localization.value, key: files.key, keyLocation: files.keyLocation,
                source: TextSource(table: "Localizable", locale: localization.locale, path: file.path), loaded: true,
                isSource: localization.locale == "en")
        }
        let records = texts.indices.prefix(5).map { texts[$0] }
        #expect(records.map(\.text) == general.map(\.text) && records.map(\.label) == general.map(\.label))
        #expect(records.map(\.placement) == general.map(\.placement) && records.map(\.analysis) == general.map(\.analysis))
        #expect(records.map(\.keyLocation) == general.map(\.keyLocation) && records.map(\.locale) == general.map(\.locale))
        // Records but the key that is its own source text.
        #expect(texts.slots.map { $0.object < 0 } == [true, true, true, true, true, true, true, true, false])
        #expect(texts.slots.prefix(8).map(\.catalogForm) == [0, 1, 0, 2, 3, 0, 1, 2])
        #expect(texts.slots.prefix(8).map(\.localization) == [0, 0, 1, 1, 1, 0, 0, 0])
    }

    /// A value with substitutions is a record per form, numbered as its units are visited (a
    /// translation's form in the state 'new' has none): made on demand, each says what the
    /// general path's object says (its `%arg` replaced, its label, what its substitutions
    /// read), a substitution written inside a variation's case included.
    @Test func substitutionFormsAreRecordsThatReadTheCatalog() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "%@ and %lld people": {"localizations": {
                "de": {
                  "stringUnit": {"state": "translated", "value": "%1$@ und %#@n@"},
                  "substitutions": {"n": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "new", "value": "%arg Person"}},
                    "few": {"stringUnit": {"state": "translated", "value": "%d Personen"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg Personen"}}}}}}},
                "fr": {"variations": {"device": {
                  "iphone": {"stringUnit": {"state": "translated", "value": "%#@n@ avec %1$@"},
                    "substitutions": {"n": {"formatSpecifier": "lld", "variations": {"plural": {
                      "other": {"stringUnit": {"state": "translated", "value": "%arg personnes"}}}}}}},
                  "other": {"stringUnit": {"state": "translated", "value": "%1$@"}}}}},
                "it": {
                  "stringUnit": {"state": "translated", "value": "%1$@ e %#@n@"},
                  "substitutions": {"n": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                    "zero": {"stringUnit": {"state": "translated", "value": "nessuno: %arg"}},
                    "one": {"stringUnit": {"state": "translated", "value": "%arg persona"}},
                    "two": {"stringUnit": {"state": "translated", "value": "%arǵ"}},
                    "few": {"stringUnit": {"state": "translated", "value": "%arg e %arg"}},
                    "many": {"stringUnit": {"state": "translated", "value": "%arg%%"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%argpersone"}}}}}}}}}}}
            """
        let project = Check.project([("Localizable.xcstrings", json)])
        let texts = ProjectIndex(project: project).texts
        let file = try #require(project.files.first)
        guard case .catalog(let catalog) = file.content, let entry = catalog.entries.first else {
            Issue.record("no catalog entry")
            return
        }
        let general = entry.localizations.flatMap { localization in
            LocalizedTextBuilder.catalogTexts(
                localization.value, key: entry.key, keyLocation: entry.keyLocation,
                source: TextSource(table: "Localizable", locale: localization.locale, path: file.path), loaded: true)
        }
        // The forms, then the key as its own source text (no 'en' unit).
        #expect(texts.count == 14 && texts.key(at: 13) == entry.key && texts.text(at: 13) == entry.key)
        let forms = texts.indices.prefix(13)
        let made = forms.map { texts[$0] }
        #expect(
            made.map(\.text) == [
                "%1$@ und %#@n@", "%d Personen", "%2$lld Personen", "%#@n@ avec %1$@", "%1$lld personnes", "%1$@", "%1$@ e %#@n@",
                "nessuno: %2$lld", "%2$lld persona", "%arǵ", "%2$lld e %2$lld", "%2$lld%%", "%2$lldpersone",
            ])
        #expect(made.map(\.text) == general.map(\.text) && made.map(\.label) == general.map(\.label))
        #expect(
            made.map(\.label) == [
                nil, "'few' of 'n'", "'other' of 'n'", "device 'iphone'", "device 'iphone', 'other' of 'n'", "device 'other'", nil,
                "'zero' of 'n'", "'one' of 'n'", "'two' of 'n'", "'few' of 'n'", "'many' of 'n'", "'other' of 'n'",
            ])
        #expect(made.map(\.placement) == general.map(\.placement) && made.map(\.analysis) == general.map(\.analysis))
        #expect(made.map(\.variableArguments) == general.map(\.variableArguments) && made.map(\.locale) == general.map(\.locale))
        #expect(made.map(\.keyLocation) == general.map(\.keyLocation) && made.map(\.origin) == general.map(\.origin))
        #expect(made.map(\.variableArguments).map { $0.keys.sorted() } == [[2], [2], [2], [1], [1], [1]] + Array(repeating: [2], count: 7))
        #expect(forms.map { texts.key(at: $0) } == made.map(\.key))
        #expect(forms.map { texts.text(at: $0) } == made.map(\.text))
        #expect(forms.filter { texts.reads(at: $0, anyOf: [.int]) } == [1, 2, 4, 7, 8, 10, 11, 12])
        // What each record says of its form is what its made text says: the forms of 'it' that
        // read their `%arg` alone (zero, one, other) take the first one's facts.
        for index in texts.indices {
            #expect(texts.shape(at: index) == ArgumentShape(texts[index].argumentUses(index: index)), "\(texts.text(at: index))")
        }
        for (index, text) in zip(forms, made) {
            let flags = TextStore.Flags(text.analysis, isEmpty: text.text.isEmpty, origin: .catalog, loaded: text.loaded)
            #expect(texts.slots[index].flags == flags.union(.catalogForm), "\(text.text)")
        }
        // Every form a record of its form (the 'new' form, 1 of de, has none).
        #expect(texts.slots.map { $0.object < 0 } == Array(repeating: true, count: 13) + [false])
        #expect(texts.slots.prefix(13).map(\.catalogForm) == [0, 2, 3, 0, 1, 2, 0, 1, 2, 3, 4, 5, 6])
        #expect(texts.slots.prefix(13).map(\.localization) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2])
    }

    /// What the records of a value's substitution forms say (the forms that read their `%arg`
    /// alone sharing the first one's facts) is what the same texts kept as objects say, each
    /// scanned: two substitutions of one value, one name given to substitutions in two cases, and
    /// forms that leave arguments unread.
    @Test func substitutionRecordsSayWhatObjectsSay() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "%lld of %lld": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "%lld of %lld"}},
                "es": {
                  "stringUnit": {"state": "translated", "value": "%#@a@ de %#@b@"},
                  "substitutions": {
                    "a": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                      "one": {"stringUnit": {"state": "translated", "value": "%arg archivo"}},
                      "other": {"stringUnit": {"state": "translated", "value": "archivos: %arg"}}}}},
                    "b": {"argNum": 2, "formatSpecifier": "d", "variations": {"plural": {
                      "one": {"stringUnit": {"state": "translated", "value": "%arg carpeta"}},
                      "other": {"stringUnit": {"state": "translated", "value": "%arg carpetas"}}}}}}},
                "pt": {"variations": {"device": {
                  "iphone": {"stringUnit": {"state": "translated", "value": "%#@n@ de %2$lld"},
                    "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                      "one": {"stringUnit": {"state": "translated", "value": "%arg arquivo"}},
                      "other": {"stringUnit": {"state": "translated", "value": "%arg arquivos"}}}}}}},
                  "mac": {"stringUnit": {"state": "translated", "value": "%#@n@ de %2$lld"},
                    "substitutions": {"n": {"argNum": 1, "formatSpecifier": "@", "variations": {"plural": {
                      "other": {"stringUnit": {"state": "translated", "value": "%arg itens"}}}}}}}}}},
                "ca": {
                  "stringUnit": {"state": "translated", "value": "%#@c@"},
                  "substitutions": {"c": {"argNum": 3, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%arg fitxer"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg fitxers"}}}}}}}}}}}
            """
        let project = Check.project([("Localizable.xcstrings", json)])
        let batch = LocalizedTextBuilder.texts(of: project)
        let made = batch.texts.indices.map { batch.texts[$0] }
        #expect(
            made.map(\.text) == [
                "%lld of %lld", "%#@a@ de %#@b@", "%1$lld archivo", "archivos: %1$lld", "%2$d carpeta", "%2$d carpetas",
                "%#@n@ de %2$lld", "%1$@ arquivo", "%1$@ arquivos", "%#@n@ de %2$lld", "%1$@ itens", "%#@c@", "%3$lld fitxer",
                "%3$lld fitxers",
            ])
        #expect(
            made.map(\.label) == [
                nil, nil, "'one' of 'a'", "'other' of 'a'", "'one' of 'b'", "'other' of 'b'", "device 'iphone'",
                "device 'iphone', 'one' of 'n'", "device 'iphone', 'other' of 'n'", "device 'mac'", "device 'mac', 'other' of 'n'", nil,
                "'one' of 'c'", "'other' of 'c'",
            ])
        #expect(batch.texts.slots.allSatisfy { $0.object < 0 })
        var objects = TextBatch()
        for text in made { objects.append(text) }
        #expect(batch.empty == objects.empty && batch.withSpecifiers == objects.withSpecifiers)
        // The forms of 'c' read argument 3 and nothing reads 1 or 2: a gap, found in each.
        #expect(batch.withProblems == objects.withProblems && Array(objects.withProblems) == [11, 12, 13])
        for index in made.indices {
            #expect(batch.texts.shape(at: index) == objects.texts.shape(at: index), "\(made[index].text)")
            #expect(batch.texts.slots[index].flags.subtracting(.catalogForm) == objects.texts.slots[index].flags, "\(made[index].text)")
            for type in FormatArgumentType.allCases {
                #expect(batch.texts.reads(at: index, anyOf: [type]) == objects.texts.reads(at: index, anyOf: [type]))
            }
        }
    }

    /// Which forms read their `%arg` alone: one `%`, starting the token, followed by ASCII or
    /// nothing.
    @Test func formsThatReadTheirTokenAlone() {
        func alone(_ text: String) -> Bool {
            var text = text
            return text.withUTF8(holdsArgumentTokenAlone)
        }
        #expect(alone("%arg") && alone("%arg files") && alone("files: %arg") && alone("%argfiles"))
        #expect(!alone("%arǵ") && !alone("%arg e %arg") && !alone("%arg%%") && !alone("%d files") && !alone("files") && !alone("%ar"))
    }

    /// Ignored locales leave no texts, a catalog's included (its source language too, and then the
    /// keys that are their own source text); a unit with a stray '%' reads what its intended
    /// specifiers read, as its made text says.
    @Test func ignoredLocalesAndStrayPercentSignsInACatalog() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Save 50% of %d"}},
                "de": {"stringUnit": {"state": "translated", "value": "50% sparen bei %d"}},
                "fr": {"stringUnit": {"state": "translated", "value": "%d"}}}},
              "b %@": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "B %@"}}}},
              "empty": {}}}
            """
        let project = Check.project([("Localizable.xcstrings", json)])
        var options = IndexOptions()
        options.ignoredLocales = ["fr"]
        let texts = ProjectIndex(project: project, options: options).texts
        #expect(texts.map(\.locale) == ["en", "de", "de", "en", "en"])
        #expect(texts.map(\.key) == ["a", "a", "b %@", "b %@", "empty"])
        for index in texts.indices {
            #expect(texts.shape(at: index) == ArgumentShape(texts[index].argumentUses(index: index)), "\(texts.text(at: index))")
        }
        #expect(texts.shape(at: 0).arguments.map(\.signature) == ["int"], "'50% o' is a literal percent sign, not an argument")
        options.ignoredLocales = ["en"]
        let withoutSource = ProjectIndex(project: project, options: options).texts
        #expect(withoutSource.map(\.locale) == ["de", "fr", "de"])
    }

    private func catalogKeyLocation(_ project: LocalizationProject, _ key: String) -> SourcePosition? {
        guard case .catalog(let catalog) = project.files.first?.content else { return nil }
        return catalog.entries.first { $0.key == key }?.keyLocation
    }
}
