import Foundation
import Testing

@testable import LocalizationFormats

/// Hand-made fixtures for every part of the old-style grammar, with the positions we expect.
struct StringsParserTests {
    func parse(_ text: String) -> StringsFile {
        StringsParser.parse(bytes: Array(text.utf8), path: "t.strings")
    }

    func table(_ text: String) -> [String: String] {
        let file = parse(text)
        #expect(file.loads, "expected \(text.debugDescription) to load")
        return file.loadedTable
    }

    func ids(_ file: StringsFile) -> [String] { file.diagnostics.map(\.id) }

    // MARK: Grammar

    @Test(arguments: [
        ("\"a\" = \"b\";", ["a": "b"]),
        ("'a' = 'b';", ["a": "b"]),
        ("a = b;", ["a": "b"]),
        ("$key/path:x.y-z_1 = /v:1.0-beta_$;", ["$key/path:x.y-z_1": "/v:1.0-beta_$"]),
        ("\"a\";", ["a": "a"]),
        ("key;\n\"b\" = \"c\";", ["key": "key", "b": "c"]),
        ("{ \"a\" = \"b\"; }", ["a": "b"]),
        ("\"a\"\u{2028}=\u{2029}\"b\"\u{0B};", ["a": "b"]),
        ("// line comment\n\"a\" = \"b\"; // trailing\n", ["a": "b"]),
        ("/* block\n comment */ \"a\" /* inner */ = /* x */ \"b\" /**/;", ["a": "b"]),
        ("\"multi\nline\" = \"value\nwith break\";", ["multi\nline": "value\nwith break"]),
        ("\"a\" = \"x\";\r\n\"b\" = \"y\";\r\"c\" = \"z\";", ["a": "x", "b": "y", "c": "z"]),
        ("\"ключ\" = \"значение\"; \"日本\" = \"語\";", ["ключ": "значение", "日本": "語"]),
        ("\"\" = \"\";", ["": ""]),
        ("  \n\t// only comments\n/* and more */\n", [:]),
    ])
    func grammar(text: String, expected: [String: String]) {
        #expect(table(text) == expected)
    }

    @Test(arguments: [
        ("\\n\\t\\r\\\"\\a\\b\\f\\v", "\n\t\r\"\u{07}\u{08}\u{0C}\u{0B}"),
        ("\\\\ \\' \\/ \\%", "\\ ' / %"),
        ("\\U00e9\\U00C9", "éÉ"),
        ("\\U41g", "Ag"),
        ("\\Ud83d\\Ude00", "😀"),
        ("\\101\\351\\200\\777\\0", "AØ\u{A0}\u{00}\u{00}"),
        ("\\1012", "A2"),
        ("\\u00e9", "u00e9"),
        ("\\é", "é"),
        ("line\\\nnext", "line\nnext"),
    ])
    func escapes(source: String, expected: String) {
        #expect(table("\"k\" = \"\(source)\";")["k"] == expected)
    }

    /// Strings made without the standard library's validation must still say whether they are
    /// ASCII: one that does not know is normalised on every hash and comparison (keys are hashed
    /// several times per locale), which once cost `check` several percent.
    @Test func parsedStringsKnowWhetherTheyAreASCII() throws {
        let file = parse(
            "\"a.rather.long.key.name\" = \"a value long enough to live on the heap\";\n\"k2\" = \"Ünïcödé long enough to live on the heap\";\n"
        )
        let ascii = try #require(file.entries.first)
        #expect(ascii.key._classify()._isASCII)
        #expect(try #require(file.value(of: ascii))._classify()._isASCII)
        #expect(try !#require(file.value(at: 1))._classify()._isASCII)
    }

    @Test func octalGoesThroughNeXTSTEPLatin() {
        // Latin-1 would give U+0080, U+00D6 and U+00FE; NeXTSTEP Latin (measured with Foundation)
        // maps them to NBSP, á and nothing at all.
        #expect(table("\"k\" = \"\\200\\326\\376\";")["k"] == "\u{00A0}\u{00E1}\u{0000}")
    }

    // MARK: Locations

    @Test func entriesHaveKeyAndValueLocations() throws {
        let file = parse("/* c */\n  \"greeting\" = \"Hi\";\n\n'x'\t=\tbare;\n\"日本\" = \"語\";")
        #expect(
            file.entries.map(\.keyLocation) == [
                SourcePosition(line: 2, column: 3), SourcePosition(line: 4, column: 1), SourcePosition(line: 5, column: 1),
            ])
        #expect(
            file.entries.map(\.valueLocation) == [
                SourcePosition(line: 2, column: 16), SourcePosition(line: 4, column: 7), SourcePosition(line: 5, column: 8),
            ])
        #expect(file.comment(of: file.entries[0]) == "c")
        #expect(file.entries.dropFirst().map { file.comment(of: $0) } == [nil, nil])
    }

    @Test func columnsCountScalarsNotBytes() {
        let file = parse("\"é😀\" = \"x\"; \"b\" = \"y\";")
        #expect(file.entries[1].keyLocation == SourcePosition(line: 1, column: 13))
    }

    // MARK: Errors Foundation rejects

    @Test func missingSemicolonRejectsTheFileAndRecovers() throws {
        let file = parse("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n\"d\" = \"4\";")
        #expect(!file.loads)
        #expect(file.entries.map(\.key) == ["a", "b", "c", "d"])
        #expect(file.entries.allSatisfy { !$0.loaded })
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.id == "strings-syntax-error")
        #expect(diagnostic.location == SourcePosition(line: 2, column: 10))
        #expect(diagnostic.message.contains("expected ';' after the value of 'b'"))
        #expect(diagnostic.message.contains("none of its 4 entries load"))
    }

    @Test(arguments: [
        ("\"a\" \"b\";", SourcePosition(line: 1, column: 5), "expected '=' or ';' after the key 'a', found '\"'"),
        ("\"a\" = ;", SourcePosition(line: 1, column: 7), "expected a value (a quoted string) after '=' for the key 'a', found ';'"),
        ("\"a\" = \"b;\n", SourcePosition(line: 1, column: 7), "unterminated quoted string"),
        ("\"a\" = \"b\\", SourcePosition(line: 1, column: 9), "backslash at the end of the file"),
        ("; \"a\" = \"b\";", SourcePosition(line: 1, column: 1), "expected a key"),
        ("\"a\" = \"b\"", SourcePosition(line: 1, column: 10), "expected ';' after the value of 'a'"),
        ("\"a\" =", SourcePosition(line: 1, column: 6), "expected a value after '='"),
        ("\"a\" = \"b\";\n\"c\"", SourcePosition(line: 2, column: 4), "expected '=' or ';' after the key 'c', found the end"),
        ("{ \"a\" = \"b\"; } junk", SourcePosition(line: 1, column: 16), "unexpected text after the closing '}'"),
        ("{ \"a\" = \"b\";", SourcePosition(line: 1, column: 1), "expected '}' to close the table"),
        ("\"a\" = <0a1>;", SourcePosition(line: 1, column: 10), "odd number of hex digits"),
        ("\"a\" = (1, 2;", SourcePosition(line: 1, column: 12), "expected ',' or ')'"),
        ("\"a\" = { \"k\"", SourcePosition(line: 1, column: 12), "expected '=' or ';' after a key, found the end of the file"),
        ("\"a\" = { \"k\" = ", SourcePosition(line: 1, column: 15), "expected a value, found the end of the file"),
        ("\"a\" = { \"k", SourcePosition(line: 1, column: 9), "unterminated quoted string"),
        ("\"a\" = <01 02", SourcePosition(line: 1, column: 7), "expected '>' to close the data opened here"),
        ("\"a\" = <01 zz>;", SourcePosition(line: 1, column: 11), "data may hold only hex digits and spaces, found 'z'"),
    ])
    func syntaxErrorsRejectTheFile(text: String, location: SourcePosition, message: String) throws {
        let file = parse(text)
        #expect(!file.loads)
        // Foundation rejects each of these too: the differential half of the fixture.
        #expect((Oracle.quietly { try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) }) == nil)
        let error = try #require(file.diagnostics.first { $0.severity == .error })
        #expect(error.id == "strings-syntax-error")
        #expect(error.location == location)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func nestedValuesFoundationAcceptsLoadAsNonStrings() throws {
        // A trailing comma in an array, and a line separator (U+2028) among the hex digits of data.
        for (text, kind) in [("\"a\" = (1, 2,);\n", StringsValueKind.array), ("\"a\" = <01\u{2028}02>;\n", .data)] {
            #expect(
                (Oracle.quietly { try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) }) != nil,
                "\(text.debugDescription)")
            let file = parse(text)
            #expect(file.loads)
            #expect(file.entries.map(\.valueKind) == [kind])
            #expect(ids(file) == ["non-string-value"])
        }
    }

    @Test func aRunOfCommentsJoinsIntoTheNextEntrysComment() {
        let text = (1...300).map { "/* c\($0) */\n" }.joined() + "\"a\" = \"b\";\n"
        let file = parse(text)
        #expect(file.comment(of: file.entries[0]) == (1...300).map { "c\($0)" }.joined(separator: "\n"))
    }

    @Test func topLevelThatIsNotATable() {
        for text in ["\"just a string\"", "(a, b)", "<0a0b>"] {
            let file = parse(text)
            #expect(!file.loads)
            #expect(ids(file).contains("not-a-table"), "\(text)")
        }
    }

    @Test func nestingIsBounded() {
        let deep = "\"a\" = " + String(repeating: "(", count: 600) + String(repeating: ")", count: 600) + ";"
        let file = parse(deep)
        #expect(!file.loads)
        #expect(ids(file).contains("nesting-too-deep"))
    }

    // MARK: Silent truncation

    @Test(arguments: [";", "}", "{", ",", "<", "=", "!", "@", "#", "%", "?", "|", "+", "(", ")", "*", "&", "^", "~", "`", "[", "]", ">"])
    func strayCharacterAfterAnEntryTruncatesSilently(character: String) throws {
        let file = parse("\"a\" = \"1\";\(character)\n\"b\" = \"2\";\n\"c\" = \"3\";")
        #expect(file.loads)
        #expect(file.loadedTable == ["a": "1"])
        #expect(file.entries.map(\.key) == ["a", "b", "c"])
        #expect(file.entries.map(\.loaded) == [true, false, false])
        let diagnostic = try #require(file.diagnostics.first { $0.id == "strings-silent-truncation" })
        #expect(diagnostic.location == SourcePosition(line: 1, column: 11))
        #expect(diagnostic.message.contains("2 entries after it never load"))
    }

    @Test func unterminatedQuotedKeyAfterAnEntryTruncatesSilently() throws {
        let file = parse("\"a\" = \"1\";\n\"b = 2;\n")
        #expect(file.loads)
        #expect(file.loadedTable == ["a": "1"])
        #expect(ids(file) == ["strings-silent-truncation"])
        #expect(file.diagnostics[0].location == SourcePosition(line: 2, column: 1))
    }

    @Test func unterminatedCommentSwallowsTheRest() throws {
        let file = parse("\"a\" = \"1\";\n/* note\n\"b\" = \"2\";\n\"c\" = \"3\";\n")
        #expect(file.loads)
        #expect(file.loadedTable == ["a": "1"])
        #expect(file.entries.map(\.loaded) == [true, false, false])
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.id == "strings-unterminated-comment")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == SourcePosition(line: 2, column: 1))
        #expect(diagnostic.message.contains("2 entries ('b', 'c')"))
    }

    @Test func unterminatedCommentAtTheEndIsAWarning() {
        let file = parse("\"a\" = \"1\";\n/* trailing note")
        #expect(file.loads)
        #expect(file.diagnostics.map(\.severity) == [.warning])
    }

    // MARK: Other diagnostics

    @Test func duplicateKeysPointAtBothDefinitions() throws {
        let file = parse("\"a\" = \"1\";\n\"b\" = \"x\";\n\"a\" = \"2\";\n\"b\" = \"x\";")
        #expect(file.loadedTable == ["a": "2", "b": "x"])
        let duplicates = file.diagnostics.filter { $0.id == "duplicate-key" }
        #expect(duplicates.map(\.severity) == [.error, .warning])
        #expect(duplicates[0].location == SourcePosition(line: 3, column: 1))
        #expect(duplicates[0].notes.first?.location == SourcePosition(line: 1, column: 1))
    }

    /// A key's hash is taken from its bytes when it has no escapes and from the decoded key when
    /// it has: the same key written both ways, quoted or not, is still one key.
    @Test func duplicatesAreFoundWhicheverWayTheKeyIsWritten() {
        let file = parse("\"A.b\" = \"1\";\n\"\\U0041.b\" = \"2\";\nA.b = \"3\";\n'A\\.b' = \"4\";\n\"é\" = \"5\";\n\"\\U00e9\" = \"6\";\n")
        #expect(file.loadedTable == ["A.b": "4", "é": "6"])
        let duplicates = file.diagnostics.filter { $0.id == "duplicate-key" }
        #expect(duplicates.map(\.location?.line) == [2, 3, 4, 6])
    }

    /// The fast finder and its collision fallback give the same answers as a dictionary.
    @Test(arguments: [false, true])
    func duplicateKeyFinderMatchesADictionary(forceFallback: Bool) {
        var file = StringsFile(path: "T.strings", encoding: .utf8, diagnostics: [], loads: true)
        for index in 0..<5_000 { file.append(key: "key.\(index % 3_700).\(index % 7)", value: "v", keyLocation: nil, valueLocation: nil) }
        var entries = file.entries
        var finder =
            forceFallback
            ? DuplicateKeyFinder(capacity: entries.count, probesPerEntry: 0, probeAllowance: 0)
            : DuplicateKeyFinder(capacity: entries.count)
        var expected: [String: Int] = [:]
        var mismatches = 0
        entries.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let first = finder.insert(index, in: buffer)
                if first != expected[buffer[index].key] { mismatches += 1 }
                if expected[buffer[index].key] == nil { expected[buffer[index].key] = index }
            }
        }
        #expect(mismatches == 0)
        #expect(finder.usesFallback == forceFallback)
    }

    @Test func nonStringValuesAreReported() throws {
        let file = parse("\"a\" = (x, y);\n\"b\" = { k = v; };\n\"c\" = <0a0b>;\n\"d\" = \"ok\";")
        #expect(file.loads)
        #expect(file.entries.map(\.valueKind) == [.array, .dictionary, .data, .string])
        #expect(file.diagnostics.filter { $0.id == "non-string-value" }.map(\.location?.line) == [1, 2, 3])
        #expect(file.loadedTable == ["d": "ok"])
    }

    @Test func escapeNotes() {
        let file = parse("\"a\" = \"\\u00e9 \\x\";")
        #expect(ids(file) == ["strings-lowercase-u-escape", "strings-unknown-escape"])
        #expect(file.diagnostics[0].location == SourcePosition(line: 1, column: 8))
    }

    @Test func loneSurrogateEscapes() {
        let file = parse("\"a\" = \"\\Ud800x\\Udc00\";")
        #expect(file.loadedTable["a"] == "\u{FFFD}x\u{FFFD}")
        #expect(ids(file) == ["lone-surrogate", "lone-surrogate"])
    }
}
