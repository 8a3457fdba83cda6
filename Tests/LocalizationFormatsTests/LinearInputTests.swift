import Testing

@testable import LocalizationFormats

/// Inputs that were quadratic or cost a record per bad byte: the answers are the same as the
/// plain way of working them out, and the work kept per input is bounded (counted, not timed).
struct LinearInputTests {
    /// Line and column the slow, obvious way: count every scalar from the start.
    private static func naive(_ text: [UInt8], _ offset: Int) -> SourcePosition {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = text[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < text.count && text[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }

    @Test func columnsOnLongLinesMatchCountingFromTheStart() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("k=v;".utf8), Array("é".utf8), Array("日本".utf8), Array("😀".utf8), [0x0A], [0x0D, 0x0A]]
        for _ in 0..<20 {
            var text: [UInt8] = []
            // Mostly one line thousands of bytes long, with the odd break.
            while text.count < 6_000 {
                let piece =
                    Int.random(in: 0..<100, using: &generator) < 2 ? pieces[4 + Int.random(in: 0..<2)] : pieces[Int.random(in: 0..<4)]
                text += piece
            }
            let table = LineTable(utf8: text)
            var cursor = LineTable.Cursor(table)
            var offsets = Set<Int>()
            // Offsets that start a scalar (not the LF of a CRLF, which belongs to its line break).
            for offset in stride(from: 0, through: text.count, by: 37)
            where !text.indices.contains(offset) || (text[offset] & 0xC0 != 0x80 && !(offset > 0 && text[offset - 1] == 0x0D)) {
                offsets.insert(offset)
            }
            for offset in offsets.sorted() {
                let expected = Self.naive(text, offset)
                #expect(table.location(ofByte: offset) == expected)
                #expect(cursor.location(ofByte: offset) == expected)
                #expect(table.offset(of: expected) == offset)
            }
        }
    }

    /// Text with only LF breaks (line starts counted, then written in place), short lines and
    /// the odd long one: every position as the plain count gives it, at every byte of the last
    /// few of a line (counted as one word past its end).
    @Test func columnsOnLFOnlyLinesMatchCountingFromTheStart() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("k=v;".utf8), Array("é".utf8), Array("日本".utf8), Array("😀".utf8), Array("a".utf8)]
        for round in 0..<30 {
            var text: [UInt8] = []
            while text.count < 3_000 {
                // Lines of 0 to 60 bytes, one in twenty longer than a checkpoint's stride.
                let long = Int.random(in: 0..<20, using: &generator) == 0
                let length = long ? Int.random(in: 520..<900, using: &generator) : Int.random(in: 0..<60, using: &generator)
                var line: [UInt8] = []
                while line.count < length { line += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
                text += line
                // Some texts end without a break.
                if round % 3 != 0 || text.count < 3_000 { text.append(0x0A) }
            }
            let table = LineTable(utf8: text)
            var expectedStarts = [0]
            for (index, byte) in text.enumerated() where byte == 0x0A { expectedStarts.append(index + 1) }
            #expect(table.lineStarts == expectedStarts)
            var cursor = LineTable.Cursor(table)
            // The plain count, carried along (as `naive` counts it from the start).
            var expected = SourcePosition(line: 1, column: 1)
            for offset in 0...text.count {
                if offset > 0 {
                    if text[offset - 1] == 0x0A {
                        expected = SourcePosition(line: expected.line + 1, column: 1)
                    } else if text[offset - 1] & 0xC0 != 0x80 {
                        expected.column += 1
                    }
                }
                guard !text.indices.contains(offset) || text[offset] & 0xC0 != 0x80 else { continue }
                #expect(cursor.location(ofByte: offset) == expected)
                if offset % 97 == 0 { #expect(table.location(ofByte: offset) == Self.naive(text, offset)) }
            }
        }
    }

    /// A JSON document large enough for its line starts to be found in halves: every key and
    /// value stands where a table of every line start puts it, on long and short lines, after
    /// non-ASCII text, on both sides of the middle.
    @Test func aLargeJSONDocumentsPlacesAreWhereItsLinesSay() throws {
        var json = "{\n  \"strings\" : {\n"
        var index = 0
        while json.utf8.count < LineTable.splitSize + 200_000 {
            let filler = String(repeating: index % 50 == 0 ? "wörd " : "x", count: index % 50 == 0 ? 140 : index % 30)
            json += "    \"key\(index) é\" : {\n      \"value\" : \"\(filler)日本\", \"n\" : \(index)\n    },\n"
            index += 1
        }
        json += "    \"last\" : {}\n  }\n}\n"
        let bytes = Array(json.utf8)
        let document = JSONReader.parse(bytes: bytes, path: "big.json")
        #expect(document.diagnostics.isEmpty)
        let members = try #require(document.root?.object?.first?.value.object)
        #expect(members.count == index + 1)
        // Each place, looked up in a table of every line start, is the key's quote or the value's.
        let table = LineTable(utf8: bytes)
        var checked = 0
        for (number, member) in members.enumerated() where number % 97 == 0 || number == members.count - 2 {
            let keyOffset = try #require(table.offset(of: member.keyLocation))
            #expect(bytes[keyOffset] == UInt8(ascii: "\"") && bytes[(keyOffset + 1)...].starts(with: Array(member.key.utf8)))
            let inner = try #require(member.value.object?.first?.value)
            let valueOffset = try #require(document.lines.offset(of: inner.location))
            #expect(bytes[valueOffset] == UInt8(ascii: "\"") && bytes[(valueOffset + 1)...].starts(with: Array(inner.string!.utf8)))
            checked += 1
        }
        #expect(checked > 300)
    }

    /// A file large enough to have its line starts found in two halves at once: the same starts
    /// and positions as one pass, with a line break just before or at the middle, a long line
    /// across it, or a long first or last line.
    @Test func aLargeFileFoundInHalvesHasEveryLineStart() {
        enum Variant: CaseIterable { case plain, breakBeforeMiddle, breakAtMiddle, longAcrossMiddle, longFirst, longLast }
        for variant in Variant.allCases {
            var text: [UInt8] = []
            text.reserveCapacity(LineTable.splitSize + 4_096)
            if variant == .longFirst { text += Array(repeating: UInt8(ascii: "a"), count: 900) + [0x0A] }
            var line = 0
            while text.count < LineTable.splitSize + 2_000 {
                if line % 5 == 0 { text += Array("é".utf8) }
                text += Array(repeating: UInt8(ascii: "a"), count: line % 7 == 0 ? 0 : 20 + line % 50)
                text.append(0x0A)
                line += 1
            }
            text += Array(repeating: UInt8(ascii: "b"), count: variant == .longLast ? 900 : 3) + Array("é".utf8)
            let middle = text.count / 2
            switch variant {
            case .breakBeforeMiddle: text[middle - 1] = 0x0A
            case .breakAtMiddle: text[middle] = 0x0A
            case .longAcrossMiddle:
                // No break within 700 bytes of the middle (the bytes there are ASCII or whole "é").
                for index in (middle - 700)..<(middle + 700) where text[index] == 0x0A { text[index] = UInt8(ascii: "c") }
            default: break
            }
            let table = LineTable(utf8: text)
            var expected = [0]
            for (index, byte) in text.enumerated() where byte == 0x0A { expected.append(index + 1) }
            #expect(table.lineStarts == expected, "\(variant)")
            for offset in [0, 1, 899, 901, middle - 1, middle, middle + 1, middle + 800, text.count - 3, text.count] {
                #expect(table.location(ofByte: offset) == Self.naive(text, offset), "\(variant) at \(offset)")
            }
        }
    }

    /// The same for a String Catalog read in halves on two cores, as Xcode lays it out, on the
    /// direct path and the general one: each entry's key and each unit's value.
    @Test func aLargeCatalogsPlacesAreWhereItsLinesSay() throws {
        var json = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        var count = 0
        while json.utf8.count < LineTable.splitSize + 300_000 {
            let filler = String(repeating: count % 40 == 0 ? "wörd " : "x", count: count % 40 == 0 ? 130 : count % 25)
            json += """
                    "key\(count) é" : {
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "\(filler)日本 \(count)"
                          }
                        }
                      }
                    },

                """
            count += 1
        }
        json += "    \"last\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
        let bytes = Array(json.utf8)
        for direct in [true, false] {
            let catalog = StringCatalogParser.parse(bytes: bytes, path: "L.xcstrings", splittingAbove: 64 << 10, direct: direct)
            #expect(catalog.entries.count == count + 1, "direct \(direct)")
            let table = LineTable(utf8: bytes)
            for (number, entry) in catalog.entries.enumerated() where number % 89 == 0 || number >= count - 1 {
                let keyOffset = try #require(table.offset(of: entry.keyLocation))
                #expect(bytes[keyOffset] == UInt8(ascii: "\"") && bytes[(keyOffset + 1)...].starts(with: Array(entry.key.utf8)))
                guard let unit = entry.localizations.first?.value.stringUnit else { continue }
                let valueOffset = try #require(table.offset(of: unit.location))
                #expect(bytes[valueOffset] == UInt8(ascii: "\"") && bytes[(valueOffset + 1)...].starts(with: Array(unit.value.utf8)))
            }
        }
    }

    @Test func aPositionOnAOneLineFileCountsABoundedNumberOfBytes() {
        let text = Array(String(repeating: "\"k\"=\"é\";", count: 100_000).utf8)
        let table = LineTable(utf8: text)
        let most = stride(from: 0, to: text.count, by: 97).map { table.bytesCounted(toLocate: $0) }.max() ?? 0
        #expect(most < LineTable.checkpointStride)
    }

    @Test func aLongLineIsShownAsAWindowAroundTheColumn() throws {
        let line = String(repeating: "a", count: 5_000) + "XYZ" + String(repeating: "é", count: 5_000)
        let table = LineTable(utf8: Array(("short\n" + line + "\n").utf8))
        let short = try #require(table.window(line: 1, column: 3))
        #expect(short == LineTable.LineWindow(text: "short", column: 3, cutBefore: false, cutAfter: false))
        let window = try #require(table.window(line: 2, column: 5_001))
        #expect(window.text.unicodeScalars.count == 160)
        #expect(window.cutBefore && window.cutAfter)
        let caret = window.text.unicodeScalars.index(window.text.unicodeScalars.startIndex, offsetBy: window.column - 1)
        #expect(window.text.unicodeScalars[caret...].starts(with: "XYZ".unicodeScalars))
    }

    @Test func undecodableBytesKeepAFewRecordsAndCountTheRest() {
        let bytes: [UInt8] = Array("\"k\" = \"".utf8) + [UInt8](repeating: 0xFF, count: 1_000_000) + Array("\";".utf8)
        let decoded = TextDecoder.decode(bytes)
        #expect(decoded.problems.count == DecodedText.keptProblems)
        // Past a thousand bytes Foundation rejects, the file is no text: decoding stops there.
        #expect(decoded.gaveUp && decoded.problemCount == DecodedText.maximumRejectingProblems + 1)
        #expect(decoded.utf8.count < 4_000)
        let notText = StringsParser.parse(bytes: bytes, path: "L.strings")
        #expect(!notText.loads && notText.entries.isEmpty && notText.diagnostics.count == DecodedText.keptProblems)
        #expect(
            notText.diagnostics.last?.message.hasSuffix(
                "(and at least 981 more undecodable sequences); with more than 1000 undecodable sequences the file is taken for something other than text and not read further"
            ) == true)
        // Below the bound, the file is read and every problem counted.
        let few = TextDecoder.decode(Array("\"k\" = \"".utf8) + [UInt8](repeating: 0xFF, count: 900) + Array("\";".utf8))
        #expect(!few.gaveUp && few.problemCount == 900)
        #expect(
            StringsParser.parse(
                bytes: Array("\"k\" = \"".utf8) + [UInt8](repeating: 0xFF, count: 900) + Array("\";".utf8), path: "L.strings"
            ).entries.count == 1)
        // A harmless problem first does not hide a fatal one after the kept few.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for _ in 0..<100 { utf16 += [0x00, 0xD8, 0x41, 0x00] }
        utf16.append(0x41)
        let mixed = TextDecoder.decode(utf16)
        #expect(mixed.problemCount == 101)
        #expect(mixed.problems.count == DecodedText.keptProblems + 1)
        let file = StringsParser.parse(bytes: utf16, path: "L.strings")
        #expect(!file.loads)
        #expect(file.diagnostics.contains { $0.message.contains("(and 80 more undecodable sequences)") })
    }

    @Test func escapesThatMakeLoneSurrogatesAreReportedTwentyTimesAndCounted() {
        let strings = StringsParser.parse(
            bytes: Array(("\"k\" = \"" + String(repeating: "\\UD800", count: 5_000) + "\";").utf8), path: "L.strings")
        let lone = strings.diagnostics.filter { $0.id == "lone-surrogate" }
        #expect(lone.count == 20)
        #expect(lone.last?.message.hasSuffix("(and 4980 more like it in this file)") == true)
        let json = JSONReader.parse(bytes: Array(("[\"" + String(repeating: "\\uD800", count: 5_000) + "\"]").utf8), path: "c.json")
        #expect(json.diagnostics.count == 20)
        #expect(json.diagnostics.last?.message.hasSuffix("(and 4980 more like it in this file)") == true)
    }

    @Test func repeatedEscapeProblemsAreCountedPerKey() {
        let value = String(repeating: "\\q", count: 30)
        let file = StringsParser.parse(bytes: Array("\"a\" = \"\(value)\";\n\"b\" = \"\(value)\";\n".utf8), path: "L.strings")
        let unknown = file.diagnostics.filter { $0.id == "strings-unknown-escape" }
        #expect(unknown.filter { $0.key == "a" }.count == 20 && unknown.filter { $0.key == "b" }.count == 20)
        #expect(unknown.filter { $0.message.hasSuffix("(and 10 more like it in this file)") }.map(\.key) == ["a", "b"])
    }

    @Test func jsonDuplicatesPastTheBoundAreCounted() {
        let members = (0..<12_000).map { "\"k\($0 % 10)\": \($0)" }.joined(separator: ", ")
        let document = JSONReader.parse(bytes: Array("{\(members)}".utf8), path: "p.json")
        #expect(document.diagnostics.count == 10_001)
        #expect(
            document.diagnostics.last?.message == "1990 more keys appear twice in an object of this file; only the first 10000 are listed")
    }

    @Test func aMillionDuplicatesKeepTheBoundAndCountTheRest() {
        var text = ""
        for index in 0..<12_000 { text += "\"k\(index % 10)\" = \"\(index)\";\n" }
        let file = StringsParser.parse(bytes: Array(text.utf8), path: "L.strings")
        #expect(file.diagnostics.count == OldStyleStringsParser.maximumDiagnostics + 1)
        #expect(
            file.diagnostics.last?.message
                == "1990 more keys are defined twice in this file (1990 with different values); only the first 10000 problems of a file are listed"
        )
    }
}

/// Globs: the same answers as matching by recursion over pattern and subject, in memory that
/// grows with the pattern alone.
struct GlobMatcherTests {
    /// The reference: the definition, by recursion (fine for short strings).
    private static func reference(_ p: [Character], _ s: [Character], slash: Bool) -> Bool {
        func match(_ pi: Int, _ si: Int) -> Bool {
            guard pi < p.count else { return si == s.count }
            if p[pi] == "*", pi + 1 < p.count, p[pi + 1] == "*" {
                if pi + 2 < p.count, p[pi + 2] == "/" {
                    return (si...s.count).contains { k in (k == si || s[k - 1] == "/") && match(pi + 3, k) }
                }
                return (si...s.count).contains { match(pi + 2, $0) }
            }
            if p[pi] == "*" {
                var k = si
                while true {
                    if match(pi + 1, k) { return true }
                    guard k < s.count, !(slash && s[k] == "/") else { return false }
                    k += 1
                }
            }
            guard si < s.count else { return false }
            if p[pi] == "?" { return !(slash && s[si] == "/") && match(pi + 1, si + 1) }
            return p[pi] == s[si] && match(pi + 1, si + 1)
        }
        return match(0, 0)
    }

    @Test func matchesLikeTheDefinition() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "/", "*", "?"]
        for _ in 0..<3_000 {
            let pattern = (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }
            let subject = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                alphabet.prefix(3).randomElement(using: &generator) ?? "a"
            }
            let glob = Glob(String(pattern))
            #expect(
                glob.matchesKey(String(subject)) == Self.reference(pattern, subject, slash: false),
                "\(String(pattern)) ~ \(String(subject))")
            if pattern.contains("/") {
                #expect(
                    glob.matchesPath(String(subject)) == Self.reference(pattern, subject, slash: true),
                    "\(String(pattern)) ~ \(String(subject))")
            }
        }
        #expect(Glob("*.strings").matchesPath("App/en.lproj/Localizable.strings"))
        #expect(Glob("fastlane/**").matchesPath("fastlane/screenshots/en.lproj/L.strings"))
        #expect(Glob("**/Tests/**").matchesPath("App/Tests/x.swift"))
        #expect(!Glob("App/*.swift").matchesPath("App/Sub/x.swift"))
        #expect(Glob("key[0-9]").matchesKey("key7") && !Glob("key[!0-9]").matchesKey("key7"))
    }

    @Test func hugePatternsAndSubjectsNeedNoTableOfBoth() {
        let long = String(repeating: "a", count: 100_000)
        #expect(Glob(long + "*").matchesKey(long + "b"))
        #expect(!Glob(long + "?").matchesKey(long))
        #expect(Glob("*" + "b").matchesKey(String(repeating: "a", count: 2_000_000) + "b"))
    }
}
