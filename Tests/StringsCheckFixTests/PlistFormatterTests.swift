import Foundation
import LocalizationFormats
import StringsCheckFix
import TestSupport
import Testing

/// `format --plists`: Xcode's plist layout, which is CoreFoundation's XML writer, so Foundation's
/// own `PropertyListSerialization` is the oracle.
struct PlistFormatterTests {
    static func foundationLayout(_ bytes: [UInt8]) throws -> [UInt8] {
        let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        return Array(try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0))
    }

    static let handWritten = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>%d items</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@ &amp; &lt;more&gt; "quoted"</string>
            <key>n</key><dict>
              <key>other</key><string>%d items</string>
              <key>one</key><string>one item</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            </dict>
          </dict>
          <key>Édition</key><dict/>
          <key>flags</key><array><true/><integer>-3</integer><array/></array>
        </dict></plist>
        """

    @Test func aHandWrittenFileIsLaidOutAsFoundationWritesIt() throws {
        let bytes = Array(Self.handWritten.utf8)
        let formatted = try PlistFormatter.format(bytes, path: "en.lproj/Localizable.stringsdict")
        #expect(formatted == (try Self.foundationLayout(bytes)))
        #expect(String(decoding: formatted, as: UTF8.self).contains("\t\t<key>NSStringLocalizedFormatKey</key>\n"))
        // Idempotent.
        #expect(try PlistFormatter.format(formatted, path: "a.stringsdict") == formatted)
    }

    @Test func lineEndingsAreKept() throws {
        let bytes = Array(Self.handWritten.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let formatted = try PlistFormatter.format(bytes, path: "a.stringsdict")
        #expect(formatted == (try Self.foundationLayout(bytes)).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] })
    }

    @Test(arguments: [
        ("<plist version=\"1.0\"><dict><!-- why --><key>a</key><string>b</string></dict></plist>", "comments"),
        ("<plist version=\"1.0\"><dict><key>a</key><real>1.5</real></dict></plist>", "a real number"),
        ("<plist version=\"1.0\"><dict><key>a</key><string>b</string><key>a</key><string>c</string></dict></plist>", "defined twice"),
        ("<plist version=\"1.0\"><dict><key>a</key><string>b</string></plist>", "does not parse cleanly"),
        // Text that merely starts with "bplist" is no binary property list.
        ("bplist = \"x\";", "does not parse cleanly"),
    ])
    func whatTheLayoutWouldLoseIsRefused(text: String, reason: String) {
        #expect {
            try PlistFormatter.format(Array(text.utf8), path: "a.stringsdict")
        } throws: { error in
            (error as? EditRefusal)?.reason.contains(reason) == true
        }
    }

    /// Every corpus `.stringsdict` comes out as Foundation writes it (or is refused for a
    /// stated reason), and holds what it held.
    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func everyCorpusFileMatchesFoundation() throws {
        var formatted = 0
        var refusals: [String: Int] = [:]
        for (path, bytes) in Check.corpusFiles(endingWith: ".stringsdict") {
            let ours: [UInt8]
            do throws(EditRefusal) {
                ours = try PlistFormatter.format(bytes, path: path)
            } catch {
                refusals[error.reason, default: 0] += 1
                continue
            }
            guard let theirs = try? Self.foundationLayout(bytes) else {
                Issue.record("\(path): laid out, but Foundation rejects it")
                continue
            }
            #expect(ours == theirs, "\(path)")
            formatted += 1
        }
        #expect(formatted > 100)
        // A file is left alone only for what the layout would lose, or for not parsing.
        let known = ["comments", "CDATA", "does not parse cleanly", "defined twice", "not UTF-8", "whose spelling"]
        for reason in refusals.keys { #expect(known.contains { reason.contains($0) }, "\(reason)") }
    }
}
