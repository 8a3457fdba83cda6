import Foundation
import LocalizationFormats
import StringsCheckRules
import TestSupport
import Testing

@testable import StringsCheckFix

/// `.strings` tables in one form, loading what they loaded, comments with their entries.
struct StringsFormatterTests {
    static let messy = """
        // Header of the file

        /* Title */
        "title"="Title" ;   // shown in the bar
        "b"   =   "B";"c" = "C";


        /* Group */
        /* Two comments */
        key = value;
        "z";
        /* orphan at the end */

        """

    @Test func aMessyTableTakesTheForm() throws {
        let formatted = try StringsFormatter.format(Array(Self.messy.utf8), path: "en.lproj/Localizable.strings")
        let expected = """
            // Header of the file

            /* Title */
            "title" = "Title"; // shown in the bar
            "b" = "B";
            "c" = "C";

            /* Group */
            /* Two comments */
            key = value;
            "z";
            /* orphan at the end */

            """
        #expect(String(decoding: formatted, as: UTF8.self) == expected)
        #expect(try StringsFormatter.format(formatted, path: "x.strings") == formatted)
    }

    @Test func sortedByKeyCommentsMoveWithTheirEntries() throws {
        let text = "/* Z */\n\"z\" = \"Z\";\n/* A */\n\"a\" = \"A\";\n"
        let formatted = try StringsFormatter.format(Array(text.utf8), path: "x.strings", order: .key)
        #expect(String(decoding: formatted, as: UTF8.self) == "/* A */\n\"a\" = \"A\";\n/* Z */\n\"z\" = \"Z\";\n")
        let development = try StringsFormatter.format(
            Array(text.utf8), path: "x.strings", order: .development, developmentKeys: ["a", "z"])
        #expect(development == formatted)
    }

    @Test func lineEndingsAndEncodingAreKept() throws {
        let text = "\"a\"=\"A\";\r\n\"b\" = \"B\";"
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let formatted = try StringsFormatter.format(utf16, path: "x.strings")
        let expected = "\"a\" = \"A\";\r\n\"b\" = \"B\";"
        #expect(formatted == [0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    @Test func aBrokenTableIsRefused() {
        #expect(throws: EditRefusal.self) { try StringsFormatter.format(Array("\"a\" = \"b\"\n\"c\" = \"d\";\n".utf8), path: "x.strings") }
    }

    /// Every corpus table that parses cleanly formats to a table Foundation reads the same, and
    /// formatting again changes nothing.
    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func corpusTablesFormatIdempotently() throws {
        var formatted = 0
        var unchanged = 0
        for (relative, bytes) in Check.corpusFiles(endingWith: ".strings") {
            guard let once = try? StringsFormatter.format(bytes, path: relative) else { continue }
            let foundation = { (bytes: [UInt8]) in
                ((try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: Any])?
                    .compactMapValues { $0 as? String }
            }
            #expect(foundation(once) == foundation(bytes), "\(relative)")
            #expect(try StringsFormatter.format(once, path: relative) == once, "\(relative): not idempotent")
            formatted += 1
            if once == bytes { unchanged += 1 }
        }
        #expect(formatted > 1000)
        print("formatted \(formatted) corpus tables, \(unchanged) already in form")
    }
}

/// Inputs the fuzz target found.
struct StringsFormatterRegressionTests {
    /// White space alone is an empty table Foundation reads; emptied, it would be refused.
    @Test func whiteSpaceAloneIsLeftAsItIs() throws {
        let bytes: [UInt8] = [0x0B]
        #expect(try StringsFormatter.format(bytes, path: "x.strings") == bytes)
        #expect(try StringsFormatter.format(Array(" \n\n".utf8), path: "x.strings") == Array(" \n\n".utf8))
    }
}

/// What review found: comments inside entries, headers with sorting, line breaks of every kind.
struct StringsFormatterCommentTests {
    @Test func aCommentInsideAnEntryIsKept() throws {
        let text = "\"a\"=\"A\";\n\"b\" = /* keep */ \"B\";\n"
        let formatted = try StringsFormatter.format(Array(text.utf8), path: "x.strings")
        #expect(String(decoding: formatted, as: UTF8.self) == "\"a\" = \"A\";\n\"b\" = /* keep */ \"B\";\n")
    }

    @Test func aHeaderStaysFirstWhenSorted() throws {
        let text = "// Copyright\n\n/* Z */\n\"z\" = \"Z\"; // zed\n\"a\" = \"A\";\n"
        let formatted = try StringsFormatter.format(Array(text.utf8), path: "x.strings", order: .key)
        #expect(String(decoding: formatted, as: UTF8.self) == "// Copyright\n\n\"a\" = \"A\";\n/* Z */\n\"z\" = \"Z\"; // zed\n")
    }

    @Test func carriageReturnsAloneStay() throws {
        let text = "\"a\"=\"A\";\r\"b\" = \"B\";\r"
        let formatted = try StringsFormatter.format(Array(text.utf8), path: "x.strings")
        #expect(String(decoding: formatted, as: UTF8.self) == "\"a\" = \"A\";\r\"b\" = \"B\";\r")
    }
}

/// Removing a duplicate takes no comment that is not its own.
struct DuplicateRemovalTests {
    static func fixed(_ text: String) throws -> String {
        let bytes = Array(text.utf8)
        let parsed = StringsParser.parse(bytes: bytes, path: "en.lproj/Localizable.strings")
        let fixItPaths = parsed.diagnostics.flatMap(\.fixIts).map(\.path)
        #expect(!fixItPaths.isEmpty)
        let (fixes, refused) = Fixer.fixes(for: parsed.diagnostics.filter { !$0.fixIts.isEmpty }.map { Finding($0) }) { _ in bytes }
        #expect(refused.isEmpty, "\(refused)")
        return String(decoding: try #require(fixes.first).fixed, as: UTF8.self)
    }

    @Test func theCommentOfThePreviousEntryOnItsLineStays() throws {
        let text = "\"b\" = \"y\"; // note about b\n\"a\" = \"x\";\n\"a\" = \"x\";\n"
        #expect(try Self.fixed(text) == "\"b\" = \"y\"; // note about b\n\"a\" = \"x\";\n")
    }

    @Test func aCommentTheLaterDefinitionLacksStays() throws {
        let text = "// Copyright 2024\n\"a\" = \"x\";\n\"b\" = \"y\";\n\"a\" = \"x\";\n"
        #expect(try Self.fixed(text) == "// Copyright 2024\n\"b\" = \"y\";\n\"a\" = \"x\";\n")
    }

    @Test func theSameCommentGoesWithTheEntry() throws {
        let text = "/* Inbox */\n\"a\" = \"x\";\n\"b\" = \"y\";\n/* Inbox */\n\"a\" = \"x\";\n"
        #expect(try Self.fixed(text) == "\"b\" = \"y\";\n/* Inbox */\n\"a\" = \"x\";\n")
    }
}
