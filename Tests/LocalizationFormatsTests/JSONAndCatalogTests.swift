import Foundation
import Testing

@testable import LocalizationFormats

struct JSONReaderTests {
    func parse(_ text: String) -> JSONDocument { JSONReader.parse(bytes: Array(text.utf8), path: "x.json") }

    /// Strings are scanned eight bytes at a time: a quote, a backslash, a control character or a
    /// non-ASCII character at every offset around the word boundary reads as Foundation reads it.
    @Test func stringScanAgreesWithFoundationAtEveryOffset() throws {
        let specials = ["\\\"", "\\n", "é", "日本", "\\u00e9", "😀", "", "\u{01}"]
        for padding in 0..<18 {
            for special in specials {
                let text = "{\"k\": \"" + String(repeating: "a", count: padding) + special + "tail\", \"n\": \"x\"}"
                let ours = parse(text)
                let theirs = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
                if let theirs {
                    #expect(ours.root?["k"]?.string == theirs["k"], "\(padding) \(special)")
                    #expect(ours.root?["n"]?.string == "x")
                } else {
                    #expect(ours.root == nil && !ours.diagnostics.isEmpty, "\(padding) \(special): Foundation refuses it")
                }
            }
        }
    }

    @Test func valuesAndPositions() throws {
        let document = parse("{\n  \"aps\": {\"alert\": \"Hi 😀\", \"badge\": 3},\n  \"n\": [true, null, -1.5e3]\n}")
        let root = try #require(document.root)
        #expect(root["aps"]?["alert"]?.string == "Hi 😀")
        #expect(root["aps"]?["badge"]?.value == .number("3"))
        #expect(root["n"]?.array?.map(\.value) == [.bool(true), .null, .number("-1.5e3")])
        #expect(root.object?.first?.keyLocation == SourcePosition(line: 2, column: 3))
        #expect(root["aps"]?["badge"]?.location == SourcePosition(line: 2, column: 37))
        #expect(document.diagnostics.isEmpty)
    }

    @Test func escapesAndSurrogates() throws {
        let document = parse(#"["a\n\t\"\\\/", "\u00e9\ud83d\ude00", "\ud800x"]"#)
        let items = try #require(document.root?.array)
        #expect(items.map(\.string) == ["a\n\t\"\\/", "é😀", "\u{FFFD}x"])
        #expect(document.diagnostics.map(\.id) == ["lone-surrogate"])
    }

    @Test(arguments: [
        ("{\"a\": }", SourcePosition(line: 1, column: 7)),
        ("{\"a\" 1}", SourcePosition(line: 1, column: 6)),
        ("[1, 2", SourcePosition(line: 1, column: 1)),
        ("{\"a\": 01}", SourcePosition(line: 1, column: 7)),
        ("\"open", SourcePosition(line: 1, column: 1)),
        ("{} x", SourcePosition(line: 1, column: 4)),
        ("", SourcePosition(line: 1, column: 1)),
        ("{\"a\": \"\\q\"}", SourcePosition(line: 1, column: 8)),
    ])
    func syntaxErrors(text: String, location: SourcePosition) throws {
        let document = parse(text)
        #expect(document.root == nil)
        #expect(document.diagnostics.first?.id == "json-syntax-error")
        #expect(document.diagnostics.first?.location == location)
    }

    /// Small objects are searched by a scan and larger ones by a dictionary built at the ninth
    /// member: duplicates are found on both sides of that switch, each pointing at the first.
    @Test(arguments: [2, 7, 8, 9, 30])
    func duplicateKeysInObjectsOfEverySize(members: Int) {
        var keys = (0..<members).map { "k\($0)" }
        keys += ["k0", "k\(members - 1)", "k0"]
        let text = "{\n" + keys.map { "\"\($0)\": 1" }.joined(separator: ",\n") + "\n}"
        let duplicates = parse(text).diagnostics.filter { $0.id == "json-duplicate-key" }
        #expect(duplicates.map(\.location?.line) == [members + 2, members + 3, members + 4])
        #expect(duplicates.map { $0.notes.first?.location?.line } == [2, members + 1, 2])
    }

    /// A streaming parse hands over the members under the root's key and keeps everything else:
    /// put back together, it is the tree a plain parse builds, with the same diagnostics.
    @Test(arguments: [
        "{\"a\": 1, \"strings\": {\"x\": {\"strings\": {\"deep\": 1}}, \"y\": [2], \"x\": 3}, \"z\": {}}",
        "{\"strings\": \"not an object\", \"strings\": {}}",
        "{\"strings\": {\"k\": 1}, \"strings\": {\"m\": 2, \"m\": 3}}",
        "[{\"strings\": {\"k\": 1}}]",
    ])
    func streamingReassemblesThePlainTree(text: String) throws {
        var objects: [[JSONMember]] = []
        let streamed = JSONReader.parse(bytes: Array(text.utf8), path: "x.json", streamingMembersOf: "strings") { event in
            switch event {
            case .begin: objects.append([])
            case .member(let member): objects[objects.count - 1].append(member)
            }
        }
        let plain = parse(text)
        #expect(streamed.diagnostics == plain.diagnostics)
        guard var root = streamed.root, case .object(var members) = root.value else {
            #expect(objects.isEmpty, "only the members of a root object are streamed")
            #expect(streamed.root == plain.root)
            return
        }
        var remaining = objects[...]
        for index in members.indices where members[index].key == "strings" {
            guard case .object(let kept) = members[index].value.value else { continue }
            #expect(kept.isEmpty, "a streamed object stays in the tree, empty")
            let handed = try #require(remaining.first)
            remaining = remaining.dropFirst()
            members[index].value.value = .object(handed)
        }
        #expect(remaining.isEmpty)
        root.value = .object(members)
        #expect(root == plain.root)
    }

    /// The same on the corpus's String Catalogs.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func streamingMatchesThePlainTreeOnCorpusCatalogs() throws {
        let catalogs = Corpus.files(extensions: ["xcstrings"])
        #expect(!catalogs.isEmpty)
        for url in catalogs {
            let bytes = [UInt8](try Data(contentsOf: url))
            var members: [JSONMember] = []
            let streamed = JSONReader.parse(bytes: bytes, path: url.path, streamingMembersOf: "strings") { event in
                if case .member(let member) = event { members.append(member) }
            }
            let plain = JSONReader.parse(bytes: bytes, path: url.path)
            #expect(streamed.diagnostics == plain.diagnostics)
            #expect(members == plain.root?["strings"]?.object, "\(url.lastPathComponent)")
        }
    }

    @Test func duplicateKeysAndDepth() {
        #expect(parse("{\"a\": 1, \"a\": 2}").diagnostics.map(\.id) == ["json-duplicate-key"])
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let document = parse(deep)
        #expect(document.root == nil)
        #expect(document.diagnostics.first?.message.contains("nested more than") == true)
    }
}

struct StringCatalogTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting %@" : {
              "comment" : "Says hello.",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %@" } },
                "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Bonjour %@" } }
              }
            },
            "files %lld" : {
              "localizations" : {
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } }
              }
            },
            "brand" : { "shouldTranslate" : false },
            "odd" : { "localizations" : { "de" : { "stringUnit" : { "state" : "done", "value" : "x" } } } }
          },
          "version" : "1.0"
        }
        """

    @Test func model() throws {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.catalog.utf8), path: "x.xcstrings")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.version == "1.0")
        #expect(catalog.locales == ["en", "de", "fr"])
        #expect(catalog.entries.map(\.key) == ["greeting %@", "files %lld", "brand", "odd"])
        #expect(catalog.entries[0].comment == "Says hello.")
        #expect(catalog.entries[0].keyLocation == SourcePosition(line: 4, column: 5))
        #expect(catalog.entries[2].shouldTranslate == false)
        let french = try #require(catalog.entries[0].localization("fr")?.stringUnit)
        #expect(french.state == "needs_review")
        #expect(french.value == "Bonjour %@")
        let plural = try #require(catalog.entries[1].localization("de")?.variations.first)
        #expect(plural.selector == "plural")
        #expect(plural.cases.map(\.name) == ["one", "other"])
        #expect(catalog.entries[1].localization("de")?.representativeUnit?.value == "%lld Dateien")
        #expect(catalog.diagnostics.map(\.id) == ["xcstrings-invalid-structure"])
        #expect(catalog.diagnostics.first?.severity == .warning)
    }

    @Test func sourceLanguageFallsBackToTheKey() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.catalog.utf8), path: "x.xcstrings")
        let english = catalog.strings(for: "en")
        #expect(english.map(\.key) == ["greeting %@", "files %lld", "brand", "odd"])
        #expect(english.allSatisfy { $0.unit == nil })
        #expect(catalog.strings(for: "fr").map(\.key) == ["greeting %@"])
    }

    /// A catalog value's fields are constants, and a setter makes a new value: it behaves as a
    /// value.
    @Test func catalogValuesKeepValueSemantics() {
        let unit = CatalogStringUnit(state: "translated", value: "Hallo", location: SourcePosition(line: 2, column: 3))
        let original = CatalogValue(stringUnit: unit, variations: [], substitutions: [], location: SourcePosition(line: 1, column: 1))
        var changed = original
        #expect(changed == original && changed.hashValue == original.hashValue)
        changed.stringUnit?.value = "Hi"
        changed.location = SourcePosition(line: 9, column: 9)
        #expect(original.stringUnit?.value == "Hallo" && original.location == SourcePosition(line: 1, column: 1))
        #expect(changed.stringUnit?.value == "Hi" && changed.location == SourcePosition(line: 9, column: 9))
        #expect(changed != original)
        let rebuilt = CatalogValue(stringUnit: unit, variations: [], substitutions: [], location: SourcePosition(line: 1, column: 1))
        #expect(rebuilt == original && rebuilt.hashValue == original.hashValue)
    }

    /// The in-place walks visit what the copying accessors list, in the same order.
    @Test func inPlaceWalksMatchTheCopyingAccessors() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.catalog.utf8), path: "x.xcstrings")
        var visited: [(String, String, [String])] = []
        catalog.forEachLocalization { entry, locale, value in
            var units: [String] = []
            value.forEachUnit { units.append($0.value) }
            visited.append((entry.key, locale, units))
        }
        let expected = catalog.entries.flatMap { entry in entry.localizations.map { (entry.key, $0.locale, $0.value.allUnits.map(\.value)) }
        }
        #expect(visited.map(\.0) == expected.map(\.0))
        #expect(visited.map(\.1) == expected.map(\.1))
        #expect(visited.map(\.2) == expected.map(\.2))
        #expect(visited.contains { $0.2.count > 1 })
    }

    /// The last "strings" wins, as for any key; entries keep their order and their diagnostics
    /// name the entry and locale (contexts are built only for a message).
    @Test func theLastStringsObjectWinsAndContextsNameTheEntry() throws {
        let text = """
            {"sourceLanguage": "en", "strings": {"old": {}},
             "strings": {"b": {"localizations": {"de": {"stringUnit": {"state": "weird", "value": "B"}}}},
                         "a": {"localizations": {"fr": {"variations": {"plural": {"one": 3}}}}}},
             "version": "1.0"}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
        #expect(catalog.entries.map(\.key) == ["b", "a"])
        #expect(catalog.entries[0].localization("de")?.stringUnit?.value == "B")
        let messages = catalog.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("unknown state 'weird' for \"b\" in de") })
        #expect(messages.contains { $0.contains("\"a\" in fr, plural 'one' must be an object") })
    }

    /// Entries are built while the JSON is read; what the tree would not have held must not count:
    /// an earlier "strings" replaced by a later one that is no object, or entries before a syntax
    /// error (a catalog that does not parse loads nothing).
    @Test func entriesBuiltWhileReadingFollowTheDocument() {
        func parse(_ text: String) -> StringCatalog { StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings") }
        let replaced = parse("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": 1}, \"strings\": 2}")
        #expect(replaced.entries.isEmpty)
        #expect(replaced.diagnostics.map(\.id) == ["json-duplicate-key", "xcstrings-invalid-structure"])
        #expect(replaced.diagnostics.last?.message == "\"strings\" must be an object, found a number")
        let broken = parse("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {}, \"b\": 1, \"c\": {}} oops")
        #expect(broken.entries.isEmpty && !broken.loads)
        #expect(broken.diagnostics.map(\.id) == ["json-syntax-error"])
        // The top level's findings come before the entries', as when the finished tree was walked.
        let ordered = parse("{\"strings\": {\"a\": 1}}")
        #expect(
            ordered.diagnostics.map(\.message) == [
                "the catalog has no \"sourceLanguage\"", "the entry \"a\" must be an object, found a number",
            ])
    }

    @Test func everyMisshapenPartIsReportedAtItsPlace() {
        let text = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"comment": 5, "shouldTranslate": "yes", "localizations": []},
              "b": {"localizations": {
                "en": {"stringUnit": {"state": "translated"}},
                "de": {"variations": [], "substitutions": []},
                "fr": {"stringUnit": {"state": "done", "value": "x"},
                       "substitutions": {"n": {"argNum": 0, "formatSpecifier": "lld"}}},
                "it": "ciao"}}}}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
        let found = catalog.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            found == [
                "2:20 \"comment\" must be a string, found a number",
                "2:42 \"shouldTranslate\" must be true or false",
                "2:66 \"localizations\" of \"a\" must be an object",
                "4:26 the stringUnit of \"b\" in en must be an object with a string \"value\"",
                "5:26 \"variations\" of \"b\" in de must be an object",
                "5:47 \"substitutions\" of \"b\" in de must be an object",
                "6:26 unknown state 'done' for \"b\" in fr; expected translated, needs_review, new, stale or machine_translated",
                "7:46 \"argNum\" of substitution 'n' in \"b\" in fr must be a whole number from 1, found 0",
                "8:11 \"b\" in it must be an object, found a string",
            ])
        #expect(catalog.diagnostics.allSatisfy { $0.id == "xcstrings-invalid-structure" })
        #expect(catalog.diagnostics.first { $0.message.hasPrefix("unknown state") }?.severity == .warning)
        // What could be read still is: the entries, and the French unit.
        #expect(catalog.entries.map(\.key) == ["a", "b"])
        #expect(catalog.entries.last?.localizations.first { $0.locale == "fr" }?.value.stringUnit?.value == "x")
    }

    @Test func substitutionsPastSixtyFourAreNotRead() throws {
        let substitutions = (1...70).map { "\"s\($0)\": {\"argNum\": \($0), \"formatSpecifier\": \"lld\"}" }.joined(separator: ", ")
        let text = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"a": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@s1@"}, "substitutions": {\(substitutions)}}}}}}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
        let value = try #require(catalog.entries.first?.localizations.first?.value)
        #expect(value.substitutions.count == 64)
        #expect(value.substitutions.last?.name == "s64")
        #expect(catalog.diagnostics.map(\.message) == ["\"a\" in en has 70 substitutions; only the first 64 are read"])
        #expect(catalog.diagnostics.first?.severity == .warning)
    }

    @Test func wrongShapesAreReported() {
        let catalog = StringCatalogParser.parse(bytes: Array("{\"strings\": []}".utf8), path: "x.xcstrings")
        #expect(catalog.diagnostics.count == 2)
        #expect(StringCatalogParser.parse(bytes: Array("[1]".utf8), path: "x.xcstrings").loads == false)
    }
}
