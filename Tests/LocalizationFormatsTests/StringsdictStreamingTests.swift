import Foundation
import Testing

@_spi(Fuzzing) @testable import LocalizationFormats

/// A `.stringsdict` file is read entry by entry where the plain reader reads it: what it makes is
/// what the whole tree makes, entries, diagnostics in order, and verdicts alike.
struct StringsdictStreamingTests {
    /// The file `parse(bytes:path:)` makes, beside the one made from the whole tree.
    private static func expectSameAsTree(_ bytes: [UInt8], _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let streamed = StringsdictParser.parse(bytes: bytes, path: "a.stringsdict")
        let tree = StringsdictParser.file(PropertyListReader.read(bytes: bytes, path: "a.stringsdict"), path: "a.stringsdict")
        #expect(streamed.entries == tree.entries, comment, sourceLocation: sourceLocation)
        #expect(streamed.diagnostics == tree.diagnostics, comment, sourceLocation: sourceLocation)
        #expect(streamed.loads == tree.loads, comment, sourceLocation: sourceLocation)
        #expect(streamed.isBinary == tree.isBinary, comment, sourceLocation: sourceLocation)
    }

    private static let variableWithProblems = """
        <key>b</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@n@ and %#@gone@</string>
          <key>n</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>few</key>
            <string>%d few</string>
            <key>lots</key>
            <string>%d lots</string>
          </dict>
          <key>unused</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>Unknown</string>
          </dict>
        </dict>
        """

    @Test func entriesReadOneByOneAreThoseOfTheTree() {
        let body =
            StringsdictTests.plural + "\n" + Self.variableWithProblems + """

                <key>c</key>
                <string>not a dictionary</string>
                <key>d</key>
                <dict>
                  <key>NSStringDeviceSpecificRuleType</key>
                  <dict>
                    <key>iphone</key>
                    <string>Tap</string>
                    <key>toaster</key>
                    <string>Toast</string>
                  </dict>
                </dict>
                <key>files</key>
                <dict>
                  <key>NSStringLocalizedFormatKey</key>
                  <string>%#@count@ again &amp; again</string>
                  <key>count</key>
                  <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>ld</string>
                    <key>other</key>
                    <string>%ld files</string>
                  </dict>
                </dict>
                """
        let bytes = StringsdictTests.plist(body)
        let file = StringsdictParser.parse(bytes: bytes, path: "a.stringsdict")
        // Every entry that is a dictionary is kept, the key written twice among them.
        #expect(file.entries.map(\.key) == ["files", "b", "d", "files"])
        #expect(file.diagnostics.contains { $0.message.contains("'files'") && !$0.notes.isEmpty })
        #expect(file.diagnostics.count >= 6)
        #expect(file.loads)
        Self.expectSameAsTree(bytes, "problems in entries")
    }

    /// The reader's own diagnostics (a value Foundation refuses) come before the entries', and the
    /// entries then do not load.
    @Test func theDocumentsDiagnosticsComeFirst() {
        let body =
            Self.variableWithProblems + """

                <key>number</key>
                <dict>
                  <key>NSStringLocalizedFormatKey</key>
                  <string>%#@n@</string>
                  <key>n</key>
                  <integer>twelve</integer>
                </dict>
                """
        let bytes = StringsdictTests.plist(body)
        let file = StringsdictParser.parse(bytes: bytes, path: "a.stringsdict")
        #expect(!file.loads)
        #expect(file.entries.allSatisfy { !$0.loaded } && !file.entries.isEmpty)
        #expect(file.diagnostics.first?.id == ParseDiagnosticKind.plistInvalidStructure.rawValue)
        Self.expectSameAsTree(bytes, "a value Foundation refuses")
    }

    /// Files the plain reader does not read whole, or whose top level is no dictionary.
    @Test func otherFilesAreReadAsBefore() throws {
        // A comment after the first entries: the plain reader gives up there and libxml2 reads
        // the file; what was handed over before is dropped.
        let comment = StringsdictTests.plist(StringsdictTests.plural + "\n<!-- reviewed -->\n" + Self.variableWithProblems)
        Self.expectSameAsTree(comment, "a comment")
        let viaLibXML2 = StringsdictParser.parse(bytes: comment, path: "a.stringsdict")
        #expect(viaLibXML2.entries.map(\.key) == ["files", "b"])
        let array = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array><string>a</string></array>
            </plist>
            """.utf8)
        Self.expectSameAsTree(array, "an array at the top")
        #expect(!StringsdictParser.parse(bytes: array, path: "a.stringsdict").loads)
        Self.expectSameAsTree([], "an empty file")
        Self.expectSameAsTree(Array("<plist version=\"1.0\"><dict>".utf8), "a file cut short")
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["k": ["NSStringLocalizedFormatKey": "%#@n@"]], format: .binary, options: 0)
        Self.expectSameAsTree(Array(binary), "a binary property list")
        #expect(StringsdictParser.parse(bytes: Array(binary), path: "a.stringsdict").isBinary)
    }

    /// The plain reader hands over the top-level dictionary's entries, in order, and keeps none.
    @Test func thePlainReaderHandsOverTheTopLevelEntries() throws {
        let bytes = StringsdictTests.plist(StringsdictTests.plural + "\n" + Self.variableWithProblems)
        var handed: [PropertyListEntry] = []
        let document = try #require(
            PlainPropertyListReader.read(bytes: bytes, path: "a.stringsdict", rootEntry: { handed.append($0) }))
        #expect(document.root?.dictionary?.isEmpty == true)
        let tree = try #require(PlainPropertyListReader.read(bytes: bytes, path: "a.stringsdict"))
        #expect(handed == tree.root?.dictionary)
        #expect(handed.map(\.key) == ["files", "b"])
    }
}
