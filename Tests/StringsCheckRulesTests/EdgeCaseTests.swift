import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Paths the rule examples do not reach: several bundles, catalogs alone, no tables at all.
struct EdgeCaseTests {
    static let widget = [
        ("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
        ("Widget/en.lproj/Localizable.strings", "\"w1\" = \"W1 %@\";\n\"w2\" = \"W2\";\n"),
    ]

    @Test func aPayloadIsLookedUpInTheBundleThatHasItsKeys() {
        let context = RuleContext(project: Check.project(Self.widget))
        #expect(context.payloadTable(keys: ["w1", "w2"]) == "Widget/Localizable")
        #expect(context.payloadTable(keys: ["a"]) == "App/Localizable")
        // A tie (no bundle has the key) goes to the shortest path.
        #expect(context.payloadTable(keys: ["none"]) == "App/Localizable")
    }

    @Test func payloadsWithoutAnyTableGetOneNoteNotAnErrorPerKey() async throws {
        let result = await Check.run([
            ("payloads/a.json", "{\"aps\": {\"alert\": {\"loc-key\": \"x\"}}}\n"),
            ("payloads/b.json", "{\"aps\": {\"alert\": {\"loc-key\": \"y\"}}}\n"),
        ])
        let notes = result.findings.filter { $0.diagnostic.id == "payload-missing-key" }
        #expect(notes.count == 1)
        let note = try #require(notes.first?.diagnostic)
        #expect(note.severity == .note)
        #expect(note.path == "payloads/a.json")
        #expect(
            note.message.contains("no Localizable table was found under the paths checked, so the keys of 2 payloads were not looked up"))
    }

    @Test func aCatalogLocaleFarBehindIsReportedAtTheCatalog() async throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "A"}}}},
              "b": {}, "c": {}, "d": {}}}
            """
        let result = await Check.run([("Localizable.xcstrings", catalog)])
        let incomplete = try #require(result.findings.first { $0.diagnostic.id == "incomplete-locale" }?.diagnostic)
        #expect(incomplete.path == "Localizable.xcstrings")
        #expect(incomplete.location == SourcePosition(line: 1, column: 1))
        #expect(incomplete.message == "'de' has 1 of the 4 base keys (25%), below the 50% threshold")
    }

    @Test func aTextWithManyBadSpecifiersGetsTwentyFindingsAndACount() async throws {
        let base = String(repeating: "%@ and some words ", count: 25)
        let result = await Check.run([
            ("en.lproj/Localizable.strings", "\"a\" = \"\(base)\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"\(String(repeating: "%d ", count: 25))\";\n"),
        ])
        let mismatches = result.findings.filter { $0.diagnostic.id == "format-argument-mismatch" }.map(\.diagnostic)
        #expect(mismatches.count == 21)
        #expect(mismatches.filter { $0.message.contains("reads argument") }.count == 20)
        let count = try #require(mismatches.first { !$0.message.contains("reads argument") })
        #expect(count.message == "'a' in 'de': 5 more arguments read with another type than the base's, besides the 20 shown")
        #expect(count.location == SourcePosition(line: 1, column: 8))
        // The note quotes the base text's first 200 characters only.
        let note = try #require(mismatches.first?.notes.first?.message)
        #expect(note == "the base text is '\(String(base.prefix(200)))…'")
    }

    @Test func manyPayloadArgumentsOnOneLineAreCheckedEachAndCounted() async throws {
        // 60 loc-args on one line: every seventh written with a \u escape, every other one a number.
        let items = (0..<60).map { $0 % 7 == 0 ? "\"caf\\u00e9 \($0)\"" : $0 % 2 == 1 ? "\($0)" : "\"a\($0)\"" }
        let json = "{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\(items.joined(separator: ", "))]}}}\n"
        let result = await Check.run([("en.lproj/Localizable.strings", "\"k\" = \"%@\";\n"), ("payloads/p.json", json)])
        let escapes = result.findings.filter { $0.diagnostic.id == "payload-unicode-escape" }.map(\.diagnostic)
        #expect(escapes.count == 9)
        let columns = escapes.compactMap { $0.location?.column }
        // The JSON is ASCII, so a column is the byte offset plus one.
        let expected = (0..<60).filter { $0 % 7 == 0 }.compactMap { index in
            json.range(of: "\"caf\\u00e9 \(index)\"").map { json.utf8.distance(from: json.startIndex, to: $0.lowerBound) + 1 }
        }
        #expect(columns == expected)
        let types = result.findings.filter { $0.diagnostic.id == "payload-loc-args-type" }.map(\.diagnostic.message)
        #expect(types.count == 21)
        #expect(types.contains("'loc-args': 6 more items that are no strings, besides the 20 shown"))
    }

    @Test func offsetsOfPositionsMatchTheirLocationsInEitherOrder() {
        let text = "ab\ncafé ☕︎ x\r\n\n𝄞 end"
        let table = LineTable(utf8: Array(text.utf8))
        let offsets = Array(0..<text.utf8.count).filter { (Array(text.utf8)[$0] & 0xC0) != 0x80 }
        var cursor = LineTable.OffsetCursor(table)
        for offset in offsets + offsets.reversed() {
            let position = table.location(ofByte: offset)
            #expect(cursor.offset(of: position) == offset, "\(position)")
            #expect(table.offset(of: position) == offset)
        }
        #expect(table.offset(of: SourcePosition(line: 9, column: 1)) == nil)
    }

    @Test func junitHasOnePassingCaseForACleanRunAndKeepsNotesOutOfFailures() async throws {
        let clean = await Check.run([
            ("en.lproj/Localizable.strings", "\"a\" = \"A\";\n"), ("de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n"),
        ])
        #expect(clean.findings.isEmpty)
        let passing = DiagnosticReport(result: clean, toolVersion: "test").rendered(as: .junit)
        #expect(passing.contains("<testsuites name=\"stringscheck\" tests=\"1\" failures=\"0\" errors=\"0\">"))
        #expect(passing.contains("<testcase classname=\"stringscheck\" name=\"2 files checked\"/>"))
        let withNote = await Check.run([("payloads/a.json", "{\"aps\": {\"alert\": {\"loc-key\": \"x\"}}}\n")])
        let junit = DiagnosticReport(result: withNote, toolVersion: "test").rendered(as: .junit)
        #expect(junit.contains("failures=\"0\""))
        #expect(junit.contains("<system-out>note: no Localizable table was found"))
        #expect(!junit.contains("<failure"))
        _ = try XMLDocument(data: Data(junit.utf8))
    }

    @Test func junitFailsWhatTheExitStatusCounts() async throws {
        // A warning (the translation drops the argument) and a backlog warning (no 'b' in German).
        let result = await Check.run([
            ("en.lproj/Localizable.strings", "\"a\" = \"A %@\";\n\"b\" = \"B\";\n"), ("de.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
        ])
        #expect(result.errorCount == 0 && result.warningCount == 2)
        var report = DiagnosticReport(result: result, toolVersion: "test")
        #expect(report.rendered(as: .junit).contains("failures=\"0\""))
        report.strict = true
        #expect(report.rendered(as: .junit).contains("<testsuites name=\"stringscheck\" tests=\"2\" failures=\"1\""))
        report.strictBacklog = true
        #expect(report.rendered(as: .junit).contains("<testsuites name=\"stringscheck\" tests=\"2\" failures=\"2\""))
    }

    @Test func junitReplacesWhatXMLCannotHold() async throws {
        // A key with a control character (written as an escape) reaches messages as is.
        let result = await Check.run([
            ("en.lproj/Localizable.strings", "\"bell\\U0007\" = \"Ding\";\n\"a\" = \"A\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n"),
        ])
        #expect(result.findings.contains { $0.diagnostic.message.unicodeScalars.contains("\u{7}") })
        let junit = DiagnosticReport(result: result, toolVersion: "test").rendered(as: .junit)
        #expect(!junit.unicodeScalars.contains("\u{7}"))
        #expect(junit.contains("bell\u{FFFD}"))
        _ = try XMLDocument(data: Data(junit.utf8))
    }
}
