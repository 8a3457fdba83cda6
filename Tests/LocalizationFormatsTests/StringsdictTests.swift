import Foundation
import Testing

@testable import LocalizationFormats

struct StringsdictTests {
    static func plist(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """.utf8)
    }

    static let plural = """
        <key>files</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@count@ in %@</string>
          <key>count</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>ld</string>
            <key>one</key>
            <string>%ld file</string>
            <key>other</key>
            <string>%ld files</string>
          </dict>
        </dict>
        """

    @Test func pluralEntryModel() throws {
        let file = StringsdictParser.parse(bytes: Self.plist(Self.plural), path: "x.stringsdict")
        #expect(file.loads)
        #expect(file.diagnostics.isEmpty)
        let entry = try #require(file.entries.first)
        #expect(entry.key == "files")
        #expect(entry.keyLocation == SourcePosition(line: 5, column: 1))
        #expect(entry.formatKey == "%#@count@ in %@")
        #expect(entry.formatKeyLocation == SourcePosition(line: 8, column: 3))
        let variable = try #require(entry.variables.first)
        #expect(variable.name == "count")
        #expect(variable.specType == "NSStringPluralRuleType")
        #expect(variable.valueType == "ld")
        #expect(variable.variants.map(\.name) == ["one", "other"])
        #expect(variable.variant("one")?.location == SourcePosition(line: 15, column: 5))
    }

    @Test func structuralProblems() {
        let body = """
            <key>a</key>
            <dict>
              <key>NSStringLocalizedFormatKey</key>
              <string>%#@n@ %#@missing@</string>
              <key>n</key>
              <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>one</key>
                <string>one</string>
                <key>several</key>
                <string>x</string>
              </dict>
              <key>unused</key>
              <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>d</string>
                <key>other</key>
                <string>x</string>
              </dict>
            </dict>
            <key>b</key>
            <string>not a dictionary</string>
            <key>c</key>
            <dict/>
            """
        let file = StringsdictParser.parse(bytes: Self.plist(body), path: "x.stringsdict")
        let found = Set(file.diagnostics.map(\.id))
        #expect(
            found == [
                "stringsdict-missing-variable", "stringsdict-unused-variable", "stringsdict-missing-other",
                "stringsdict-missing-value-type", "stringsdict-invalid-structure",
            ])
        #expect(file.diagnostics.first { $0.id == "stringsdict-missing-other" }?.location?.line == 9)
    }

    @Test func malformedPartsAreEachReportedWhereTheyStand() throws {
        // The body starts on line 5 of the document; every problem is reported, none hides the next.
        let body = """
            <key>a</key>
            <dict>
              <key>NSStringLocalizedFormatKey</key>
              <integer>3</integer>
            </dict>
            <key>b</key>
            <dict>
              <key>NSStringLocalizedFormatKey</key>
              <string>%#@n@ %#@g@ %#@t@</string>
              <key>n</key>
              <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>d</string>
                <key>other</key>
                <array/>
              </dict>
              <key>g</key>
              <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringGenderRuleType</string>
                <key>other</key>
                <string>x</string>
              </dict>
              <key>t</key>
              <dict>
                <key>other</key>
                <string>y</string>
              </dict>
              <key>stray</key>
              <string>z</string>
            </dict>
            <key>a</key>
            <dict>
              <key>NSStringLocalizedFormatKey</key>
              <string>again</string>
            </dict>
            """
        let file = StringsdictParser.parse(bytes: Self.plist(body), path: "x.stringsdict")
        let found = file.diagnostics.map { "\($0.location?.line ?? 0) \($0.id) \($0.message)" }
        #expect(
            found.contains("8 stringsdict-invalid-structure NSStringLocalizedFormatKey of 'a' must be a string"))
        #expect(found.contains("21 stringsdict-invalid-structure 'other' in the variable 'n' of 'b' must be a string, found an array"))
        #expect(
            found.contains(
                "26 stringsdict-invalid-structure the variable 'g' of 'b' has the unknown NSStringFormatSpecTypeKey 'NSStringGenderRuleType'; expected NSStringPluralRuleType or NSStringDeviceSpecificRuleType"
            ))
        #expect(
            found.contains(
                "30 stringsdict-invalid-structure the variable 't' of 'b' has no NSStringFormatSpecTypeKey (e.g. NSStringPluralRuleType)"))
        #expect(found.contains("36 stringsdict-invalid-structure 'stray' in 'b' must be a variable dictionary, found a string"))
        let duplicate = try #require(file.diagnostics.first { $0.id == "duplicate-key" })
        #expect(duplicate.location?.line == 38)
        #expect(duplicate.notes.first?.location?.line == 5)
        // The later definition is the one Foundation keeps.
        #expect(file.entries.last { $0.key == "a" }?.formatKey == "again")
        #expect(file.diagnostics.first { $0.id == "stringsdict-invalid-structure" && $0.message.contains("'stray'") }?.severity == .warning)
    }

    @Test func elementsOnOneLineGetTheirOwnColumns() throws {
        // A plist written on one line, with two-byte characters before the later keys: each key's
        // column counts characters from the line's start.
        let items = (0..<5).map { "<key>k\($0)</key><string>é\($0)</string>" }.joined()
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(items)</dict></plist>\n"
        let document = PropertyListReader.read(bytes: Array(text.utf8), path: "x.plist")
        let entries = try #require(document.root?.dictionary)
        let line = text.split(separator: "\n")[1]
        let expected = (0..<5).map { index in
            line.distance(from: line.startIndex, to: line.range(of: "<key>k\(index)<")!.lowerBound) + 1
        }
        #expect(entries.map { $0.keyLocation?.column } == expected)
        #expect(entries.allSatisfy { $0.keyLocation?.line == 2 })
    }

    @Test func aTopLevelThatIsNoDictionaryLoadsNothing() throws {
        let bytes = Array(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array><string>a</string></array>\n</plist>\n".utf8)
        let file = StringsdictParser.parse(bytes: bytes, path: "x.stringsdict")
        #expect(!file.loads && file.entries.isEmpty)
        #expect(file.diagnostics.map(\.id) == ["not-a-table"])
        #expect(file.diagnostics.first?.message == "the top level is an array, not a dictionary; the table loads nothing")
        #expect(file.diagnostics.first?.location?.line == 3)
    }

    @Test func widthAndDeviceEntries() throws {
        let body = """
            <key>title</key>
            <dict>
              <key>NSStringVariableWidthRuleType</key>
              <dict>
                <key>20</key><string>Short</string>
                <key>100</key><string>A much longer title</string>
              </dict>
            </dict>
            <key>tap</key>
            <dict>
              <key>NSStringDeviceSpecificRuleType</key>
              <dict>
                <key>iphone</key><string>Tap</string>
                <key>mac</key><string>Click</string>
              </dict>
            </dict>
            """
        let file = StringsdictParser.parse(bytes: Self.plist(body), path: "x.stringsdict")
        #expect(file.entries.map(\.kind) == [.variableWidth, .deviceSpecific])
        #expect(file.entries[1].variants.map(\.value) == ["Tap", "Click"])
        #expect(file.diagnostics.isEmpty)
    }

    // MARK: XML safety

    @Test func externalEntitiesAreNeverRead() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <plist><dict><key>a</key><string>&xxe;</string></dict></plist>
            """
        let document = XMLPropertyListReader.read(bytes: Array(xml.utf8), path: "x.plist")
        #expect(!document.loads)
        let text = document.root?["a"]?.string ?? ""
        #expect(!text.contains("root:"))
        #expect(document.diagnostics.contains { $0.id == "xml-entity-reference" || $0.id == "plist-invalid-structure" })
    }

    @Test func billionLaughsDoesNotBlowUp() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY l0 \"ha\">\n"
        for level in 1...10 { xml += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n" }
        xml += "]>\n<plist><dict><key>a</key><string>&l10;</string></dict></plist>"
        let document = XMLPropertyListReader.read(bytes: Array(xml.utf8), path: "x.plist")
        #expect(!document.loads)
        #expect((document.root?["a"]?.string ?? "").count < 1000)
    }

    @Test func deepNestingIsRefused() {
        let xml = "<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000) + "</plist>"
        let document = XMLPropertyListReader.read(bytes: Array(xml.utf8), path: "x.plist")
        #expect(!document.loads)
        #expect(!document.diagnostics.isEmpty)
    }

    @Test func malformedXMLIsAPositionedError() throws {
        let xml = "<plist>\n<dict>\n<key>a</key>\n<string>b</strin>\n</dict></plist>"
        let document = XMLPropertyListReader.read(bytes: Array(xml.utf8), path: "x.plist")
        #expect(!document.loads)
        let first = try #require(document.diagnostics.first)
        #expect(first.id == "xml-syntax-error")
        #expect(first.location?.line == 4)
    }

    @Test func everyPlistElement() throws {
        let body = """
            <key>s</key><string>text &amp; more</string>
            <key>i</key><integer>-42</integer>
            <key>r</key><real>2.5</real>
            <key>t</key><true/>
            <key>f</key><false/>
            <key>d</key><date>2024-01-31T12:00:00Z</date>
            <key>b</key><data>aGVsbG8=</data>
            <key>a</key><array><string>x</string><integer>1</integer></array>
            """
        let document = XMLPropertyListReader.read(bytes: Self.plist(body), path: "x.plist")
        #expect(document.loads)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root["s"]?.value == .string("text & more"))
        #expect(root["i"]?.value == .integer(text: "-42", value: -42))
        #expect(root["r"]?.value == .real(2.5))
        #expect(root["t"]?.value == .bool(true))
        #expect(root["f"]?.value == .bool(false))
        #expect(root["d"]?.value == .date("2024-01-31T12:00:00Z"))
        #expect(root["b"]?.value == .data(Array("hello".utf8)))
        #expect(root["a"]?.location == SourcePosition(line: 12, column: 13))
    }
}

/// Our `.stringsdict` reading against Foundation's on every corpus file.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct StringsdictDifferentialTests {
    /// Foundation's dictionary, reduced to what the model keeps: key → format key and variants.
    static func flatten(_ object: Any?) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ value: Any, _ path: String) {
            if let dictionary = value as? [String: Any] {
                for (key, item) in dictionary { walk(item, path.isEmpty ? key : path + "/" + key) }
            } else if let text = value as? String {
                result[path] = text
            }
        }
        if let object { walk(object, "") }
        return result
    }

    static func flatten(_ node: PropertyListNode?) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ node: PropertyListNode, _ path: String) {
            switch node.value {
            case .dictionary(let entries):
                for entry in entries { walk(entry.value, path.isEmpty ? entry.key : path + "/" + entry.key) }
            case .string(let text):
                result[path] = text
            default:
                break
            }
        }
        if let node { walk(node, "") }
        return result
    }

    @Test func stringsdictFilesAgreeWithFoundation() throws {
        let files = Corpus.files(extensions: ["stringsdict"])
        #expect(files.count > 150)
        var agreed = 0
        var rejected = 0
        var disagreements: [String] = []
        for url in files {
            let data = try Data(contentsOf: url)
            let ours = PropertyListReader.read(bytes: [UInt8](data), path: Corpus.relative(url))
            let theirs = Oracle.quietly { try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
            if let theirs {
                if ours.loads, Self.flatten(ours.root) == Self.flatten(theirs) {
                    agreed += 1
                } else {
                    disagreements.append(Corpus.relative(url))
                }
            } else if !ours.loads {
                rejected += 1
            } else {
                disagreements.append("\(Corpus.relative(url)) (Foundation rejects it)")
            }
        }
        print(
            "stringsdict differential: \(files.count) files, \(agreed) identical, \(rejected) rejected by both, \(disagreements.count) disagreements"
        )
        for line in disagreements.prefix(10) { print("  disagree: \(line)") }
        #expect(disagreements.count == 0, "see the disagreements printed above")
    }
}

/// Every form of an entry, read in place, in the order the file gives them.
struct StringsdictFormsTests {
    @Test func formsComeInOrder() {
        let body = """
            <key>w</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>20</key><string>short</string><key>50</key><string>longer</string></dict></dict>
            <key>p</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@ %#@b@</string>
            <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>a1</string><key>other</key><string>a2</string></dict>
            <key>b</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>b2</string></dict></dict>
            """
        let file = StringsdictParser.parse(bytes: StringsdictTests.plist(body), path: "en.lproj/Localizable.stringsdict")
        let texts = file.entries.map { entry in
            var values: [String] = []
            entry.forEachForm { values.append($0.value) }
            return values
        }
        #expect(texts == [["short", "longer"], ["a1", "a2", "b2"]])
        #expect(texts == file.entries.map { ($0.variants + $0.variables.flatMap(\.variants)).map(\.value) })
    }
}
