import Foundation
import Testing

@_spi(Fuzzing) @testable import LocalizationFormats

/// The stream reader must give exactly what the tree reader gives: the same nodes and positions,
/// the same diagnostics in the same order, the same verdict on loading.
struct XMLStreamReaderTests {
    /// Compares the readers on `bytes`; returns whether the plain reader read it (rather than
    /// leaving it to libxml2).
    @discardableResult
    static func agree(_ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let stream = XMLPropertyListReader.readStream(bytes: bytes, path: "x.plist")
        let tree = XMLPropertyListReader.readTree(bytes: bytes, path: "x.plist")
        #expect(stream.root == tree.root, "\(label): nodes differ", sourceLocation: sourceLocation)
        #expect(stream.diagnostics == tree.diagnostics, "\(label): diagnostics differ", sourceLocation: sourceLocation)
        #expect(stream.loads == tree.loads, "\(label): loading differs", sourceLocation: sourceLocation)
        guard let plain = PlainPropertyListReader.read(bytes: bytes, path: "x.plist") else { return false }
        #expect(plain.root == tree.root, "\(label): the plain reader's nodes differ", sourceLocation: sourceLocation)
        #expect(plain.diagnostics == tree.diagnostics, "\(label): the plain reader's diagnostics differ", sourceLocation: sourceLocation)
        #expect(plain.loads == tree.loads, "\(label): the plain reader's verdict differs", sourceLocation: sourceLocation)
        return true
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    /// Every structural case the tree reader has a branch for.
    static let cases: [String] = [
        "<plist version=\"1.0\"><dict><key>a</key><string>x</string></dict></plist>",
        "<plist><dict>\n  <key>a</key>\n  <string>x &amp; &#65; <![CDATA[<c>]]></string>\n</dict></plist>",
        "<plist></plist>",
        "<plist><string>a</string><string>b</string><dict/></plist>",
        "<dict><key>bare root</key><true/></dict>",
        "<plist><dict><key>a</key><key>b</key><string>v</string><key>c</key></dict></plist>",
        "<plist><dict><string>no key</string><key>k</key><integer> 12 </integer></dict></plist>",
        "<plist><dict><key>k</key><unknown>x</unknown><key>l</key><real>1.5</real></dict></plist>",
        "<plist><array><key>k</key><integer>x</integer><real>nope</real><date>2024-01-31T12:00:00Z</date><date>soon</date></array></plist>",
        "<plist><array><data>aGVsbG8=</data><data>!!</data><true>text</true><false><b/></false><true/></array></plist>",
        "<plist><dict><key>k</key><string>a<b>inner <c/> text</b>c</string><key>k<x/>2</key><string/></dict></plist>",
        "<plist><array><array><dict><key>deep</key><array><string>x</string></array></dict></array></array></plist>",
        "<plist><!-- comment --><?pi data?><dict><!-- c --><key>a</key><!-- c --><string>x</string></dict></plist>",
        "<p:plist xmlns:p=\"urn:x\"><p:dict><p:key>a</p:key><p:string>x</p:string></p:dict></p:plist>",
        "<!DOCTYPE plist [ <!ELEMENT plist ANY> ]><plist><string>x</string></plist>",
        "<!DOCTYPE plist [ <!-- only a comment --> ]><plist><string>x</string></plist>",
        "<plist><string>unclosed</plist>",
        "<plist><string>&undefined;</string></plist>",
        "<plist><dict><key>a</key><string>1</string><key>b</key><string>2</string></dict><dict><key>c</key></dict></plist>",
        "<plist><dict><key>a</key>stray text<string>1</string></dict></plist>",
        "<plist><dict><key>a</key><dict><key>b</key></dict></dict></plist>",
        "<plist><string>a</string>\n<string>second on its own line</string></plist>",
        "<plist><array><string>x</string><string>x</string></array><array><string>x</string></array></plist>",
    ]

    @Test func handMadeCasesAgree() {
        for (index, text) in Self.cases.enumerated() {
            Self.agree(Array((Self.header + text).utf8), "case \(index)")
            Self.agree(Array(text.utf8), "case \(index) without header")
        }
    }

    /// What tools write, with every turn the plain reader takes: it must read each of these
    /// itself (not leave them to libxml2) and agree with libxml2 on them.
    static let plainCases: [String] = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>\n",
        "<?xml version='1.0' encoding='utf-8' standalone='yes'?><!DOCTYPE plist SYSTEM 'x.dtd'><plist><array/></plist>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<plist><dict/></plist>",
        "<plist><dict><key>é日本</key><string>ü &amp; &lt;b&gt; &quot;q&quot; &apos;a&apos; &#65;&#x263A;&#x1F600;</string><key>k</key><string/></dict></plist>",
        "<plist><dict><key></key><string>multi\nline\n  text é</string><key>after</key><integer>42</integer></dict></plist>",
        "<plist><array><integer>x</integer><integer/><real>nope</real><real>2.5</real><date>soon</date><data>!!</data><data>aGk=</data></array></plist>",
        "<plist><dict><key>r</key><real>bad</real><key>t</key><true/><key>f</key><false>  </false><key>u</key><true></true></dict></plist>",
        "<dict><key>bare root</key><array><string>ü</string><string>ü</string></array></dict>",
        "<string>only a string</string>",
        "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
        "<plist><string>a > b ] ]> c</string></plist>",
    ]

    @Test func plainDocumentsAreReadWithoutLibxml2AndAgree() {
        for (index, text) in Self.plainCases.enumerated() {
            #expect(Self.agree(Array(text.utf8), "plain case \(index)"), "plain case \(index) was left to libxml2")
        }
    }

    /// Each of these leaves the subset; libxml2 reads them (and `agree` compares the rest).
    static let libxml2Cases: [String] = [
        "<plist><!-- c --><string>x</string></plist>",
        "<plist><string><![CDATA[x]]></string></plist>",
        "<plist><string>a\r\nb</string></plist>",
        "\u{FEFF}<plist><string>x</string></plist>",
        "<plist><string>&nbsp;</string></plist>",
        "<plist><string>&#0;</string></plist>",
        "<plist><string>]]></string></plist>",
        "<plist><string>\u{01}</string></plist>",
        "<plist><dict ><key>a</key><string>x</string></dict></plist>",
        "<plist><string a=\"b\">x</string></plist>",
        "<plist><string>x</string><string>y</string></plist>",
        "<plist></plist>",
        "<plist><dict><key>a</key></dict></plist>",
        "<plist><dict><string>x</string></dict></plist>",
        "<plist><string>x</string></plist> trailing",
        "<?xml version=\"1.1\"?><plist><string>x</string></plist>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>x</string></plist>",
        "<!DOCTYPE plist [ ]><plist><string>x</string></plist>",
        "<plist><string>x</strin></plist>",
        "<plist><unknown/></plist>",
        "<!DOCTYPE plist SYSTEM \"<dict\"><dict/>",
        "<!DOCTYPE plist SYSTEM \"<a" + String(repeating: "=", count: 65) + "\"><dict/>",
        "<!DOCTYPE " + String(repeating: "a", count: 50_001) + "><dict/>",
        "<!DOCTYPE plist SYSTEM \"" + String(repeating: "a", count: 60_000) + "\"><dict/>",
        "<plist version=\"" + String(repeating: "1", count: 2_000) + "\"><dict/></plist>",
    ]

    @Test func documentsOutsideTheSubsetAreLeftToLibxml2() {
        for (index, text) in Self.libxml2Cases.enumerated() {
            let bytes = Array(text.utf8)
            #expect(PlainPropertyListReader.read(bytes: bytes, path: "x.plist") == nil, "case \(index) was read without libxml2")
            Self.agree(bytes, "libxml2 case \(index)")
        }
    }

    /// Bytes that are no UTF-8 text, in a text or elsewhere: left to libxml2, which reports them.
    @Test func bytesThatAreNotUTF8AreLeftToLibxml2() {
        let before = Array("<plist><string>a".utf8)
        let after = Array("b</string></plist>".utf8)
        let insides: [[UInt8]] = [
            [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xFF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
        ]
        for (index, inside) in insides.enumerated() {
            let bytes = before + inside + after
            #expect(PlainPropertyListReader.read(bytes: bytes, path: "x.plist") == nil, "bytes \(index) were read without libxml2")
            Self.agree(bytes, "bytes \(index)")
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<plist><string>x</string></plist>".utf8)
        #expect(PlainPropertyListReader.read(bytes: bom, path: "x.plist") == nil)
        Self.agree(bom, "byte order mark")
        var utf16: [UInt8] = []
        for unit in "<plist><string>x</string></plist>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(PlainPropertyListReader.read(bytes: utf16, path: "x.plist") == nil)
        Self.agree(utf16, "UTF-16 without a byte order mark")
        // Valid sequences of every length are read, and columns count characters.
        let valid = Array("<plist><dict><key>ü日😀</key><string>é</string></dict></plist>".utf8)
        #expect(Self.agree(valid, "valid sequences"))
    }

    @Test func nestingBeyondTheLimitAgrees() {
        let depth = XMLPropertyListReader.maximumDepth + 3
        let text =
            "<plist>" + String(repeating: "<array>", count: depth) + "<string>x</string>" + String(repeating: "</array>", count: depth)
            + "</plist>"
        Self.agree(Array(text.utf8), "deep arrays")
        let dicts =
            "<plist>" + String(repeating: "<dict><key>k</key>", count: depth) + "<string>x</string>"
            + String(repeating: "</dict>", count: depth) + "</plist>"
        Self.agree(Array(dicts.utf8), "deep dictionaries")
    }

    @Test func utf16DocumentsAgree() {
        let text =
            Self.header.replacingOccurrences(of: "UTF-8", with: "UTF-16") + "<plist><dict><key>é</key><string>ü 日本</string></dict></plist>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        Self.agree(bytes, "UTF-16")
    }

    /// Documents made by cutting, repeating, moving and renaming whole elements of a real one, so
    /// every branch meets neighbours it does not meet in well-made files (and the documents stay
    /// well-formed, so the walk is compared, not only the syntax errors).
    @Test func mutatedDocumentsAgree() throws {
        let seed =
            Self.header
            + "<plist version=\"1.0\"><dict><key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file</string>"
            + "<key>other</key><string>%d files</string></dict></dict><key>list</key><array><integer>1</integer><true/>"
            + "<real>2.5</real><data>AAEC</data><date>2024-01-31T12:00:00Z</date></array></dict></plist>"
        let names = ["key", "string", "dict", "array", "integer", "real", "true", "date", "data", "plist", "other"]
        // Deterministic, so a failing mutation can be found again.
        var generator = GeneratedDifferentialTests.Generator(state: 0x5EED)
        var wellFormed = 0
        var plain = 0
        for round in 0..<600 {
            var text = seed
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let elements = elementRanges(text)
                guard let element = elements.randomElement(using: &generator) else { break }
                let piece = String(text[element.range])
                switch generator.next() % 4 {
                case 0: text.removeSubrange(element.range)
                case 1: text.insert(contentsOf: piece, at: element.range.lowerBound)
                case 2:
                    if let other = elements.randomElement(using: &generator) {
                        text.insert(contentsOf: String(text[other.range]), at: element.range.upperBound)
                    }
                default:
                    let name = names.randomElement(using: &generator) ?? "key"
                    let renamed = piece.replacingOccurrences(of: "<\(element.name)", with: "<\(name)")
                        .replacingOccurrences(of: "</\(element.name)>", with: "</\(name)>")
                    text.replaceSubrange(element.range, with: renamed)
                }
            }
            let bytes = Array(text.utf8)
            if XMLPropertyListReader.readTree(bytes: bytes, path: "x.plist").diagnostics.allSatisfy({ $0.id != "xml-syntax-error" }) {
                wellFormed += 1
            }
            if Self.agree(bytes, "mutation \(round)") { plain += 1 }
        }
        #expect(wellFormed > 300)
        #expect(plain > 40, "\(plain) mutations read by the plain reader")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusPropertyListsAgree() throws {
        let files = Corpus.files(extensions: ["stringsdict", "plist"])
        #expect(files.count > 50)
        var plain = 0
        for url in files where Self.agree([UInt8](try Data(contentsOf: url)), Corpus.relative(url)) { plain += 1 }
        // Nearly every file a tool wrote is read without libxml2.
        #expect(plain * 10 > files.count * 8, "\(plain) of \(files.count) read by the plain reader")
    }

    /// Every element of `text` (a start tag with its matching end, or an empty-element tag).
    func elementRanges(_ text: String) -> [(name: String, range: Range<String.Index>)] {
        var result: [(name: String, range: Range<String.Index>)] = []
        var open: [(name: String, start: String.Index)] = []
        var index = text.startIndex
        while let start = text[index...].firstIndex(of: "<"), let close = text[start...].firstIndex(of: ">") {
            let tag = text[text.index(after: start)..<close]
            let end = text.index(after: close)
            index = end
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                if let last = open.popLast() { result.append((last.name, last.start..<end)) }
            } else {
                let name = String(tag.prefix { $0 != " " && $0 != "/" })
                if tag.hasSuffix("/") { result.append((name, start..<end)) } else { open.append((name, start)) }
            }
        }
        return result
    }
}
