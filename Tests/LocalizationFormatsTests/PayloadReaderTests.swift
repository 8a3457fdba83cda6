import Foundation
import Testing

@testable import LocalizationFormats

struct PayloadReaderTests {
    static func read(_ json: String, path: String = "payloads/t.json") -> PayloadTemplateFile {
        PayloadReader.read(bytes: Array(json.utf8), path: path)
    }

    /// Quoting appends unescaped runs whole; every escape must still be there, and Foundation
    /// must read back the same text.
    @Test func quotedStringsReadBackExactly() throws {
        let texts = [
            "", "plain", "\"", "\\", "a\"b\\c", "\n\r\t", "\u{1}\u{1F}\u{7F}", "é日本😀", "x\u{2028}y\u{2029}z", "\u{E2}\u{80}",
            "ends with escape\n", "\u{2028}",
        ]
        for text in texts {
            for separators in [false, true] {
                var out = ""
                JSONNode.quote(text, into: &out, lineSeparators: separators)
                let back = try JSONSerialization.jsonObject(with: Data(out.utf8), options: .fragmentsAllowed) as? String
                #expect(back == text, "\(text.debugDescription)")
                #expect(out.contains("\u{2028}") == (!separators && text.contains("\u{2028}")))
                #expect(!out.unicodeScalars.contains { $0.value < 0x20 })
            }
        }
        var out = ""
        JSONNode.quote("\u{5}\u{1F}\u{2028}", into: &out, lineSeparators: true)
        #expect(out == "\"\\u0005\\u001f\\u2028\"")
    }

    @Test func bareAPNsWithEveryAlertField() throws {
        let file = Self.read(
            """
            {"aps": {"alert": {"title-loc-key": "t", "title-loc-args": ["a"], "subtitle-loc-key": "s",
             "loc-key": "b", "loc-args": ["x", "y"], "action-loc-key": "act"}}}
            """)
        let payload = try #require(file.payloads.first)
        #expect(payload.dialect == .apns)
        #expect(payload.keys.map(\.key) == ["t", "s", "b", "act"])
        #expect(payload.keys.map(\.part) == [.title, .subtitle, .body, .action])
        #expect(payload.alert.locArgs?.value.array?.count == 2)
        #expect(payload.alert.locKey?.value.location == SourcePosition(line: 2, column: 13))
    }

    @Test func alertStringIsTheBody() throws {
        let payload = try #require(Self.read(#"{"aps": {"alert": "Hello"}}"#).payloads.first)
        #expect(payload.alert.body?.value.string == "Hello")
        #expect(payload.keys.isEmpty)
    }

    @Test func fcmWithAndWithoutTheMessageWrapper() throws {
        let wrapped = Self.read(#"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": {"loc-key": "k"}}}}}}"#)
        let bare = Self.read(#"{"apns": {"headers": {}, "payload": {"aps": {"alert": {"loc-key": "k"}}}}}"#)
        #expect(wrapped.payloads.map(\.dialect) == [.fcm])
        #expect(bare.payloads.map(\.dialect) == [.fcm])
        #expect(wrapped.payloads.first?.keys.map(\.key) == ["k"])
    }

    @Test func easemobFieldsMapOntoTheAlert() throws {
        let payload = try #require(
            Self.read(
                #"{"ext": {"em_apns_ext": {"em_push_title_loc_key": "t", "em_push_title_loc_args": ["a"], "em_push_body_loc_key": "b", "em_push_body_loc_args": ["x"], "em_push_content": "fallback", "em_push_sound": "default"}}}"#
            ).payloads.first)
        #expect(payload.dialect == .easemob)
        #expect(payload.alert.titleLocKey?.value.string == "t")
        #expect(payload.alert.locKey?.name == "em_push_body_loc_key")
        #expect(payload.alert.locArgs?.value.array?.count == 1)
        #expect(payload.alert.body?.value.string == "fallback")
    }

    @Test func arraysAndNamedPayloads() {
        let array = Self.read(#"[{"aps": {"alert": "a"}}, {"message": {"apns": {"payload": {"aps": {}}}}}, {"nope": 1}]"#)
        #expect(array.payloads.map(\.name) == ["[0]", "[1]"])
        #expect(array.diagnostics.map(\.id) == ["payload-invalid-structure"])
        let named = Self.read(#"{"new_message": {"aps": {"alert": {"loc-key": "m"}}}, "silent": {"aps": {"content-available": 1}}}"#)
        #expect(named.payloads.map(\.name) == ["new_message", "silent"])
        #expect(named.payloads.first?.displayName == "t.json [new_message]")
    }

    @Test func simulatorFilesAreAPNsPayloads() {
        let file = Self.read(#"{"Simulator Target Bundle": "com.example", "aps": {"alert": "Hi"}}"#, path: "x.apns")
        #expect(file.payloads.map(\.dialect) == [.apns])
    }

    @Test func unknownShapesAndBrokenJSONGiveOneDiagnostic() {
        let unknown = Self.read(#"{"notification": {"title": "Hi"}}"#)
        #expect(unknown.payloads.isEmpty)
        #expect(unknown.diagnostics.map(\.id) == ["payload-invalid-structure"])
        let broken = Self.read("{\n  \"aps\": {\"alert\": \"Hi\"},\n}\n")
        #expect(broken.diagnostics.map(\.id) == ["json-syntax-error"])
        #expect(broken.diagnostics.first?.location?.line == 3)
    }

    @Test func minifiedSizeIsWhatAPNsCounts() throws {
        let root = try #require(JSONReader.parse(bytes: Array("{ \"aps\" : { \"alert\" : \"Caf\\u00e9\\n\" } }".utf8), path: "x").root)
        #expect(root.minified == "{\"aps\":{\"alert\":\"Café\\n\"}}")
        #expect(root.minified.utf8.count == 27)
        #expect(root.minifiedLength == 27)
    }

    /// The length counted without writing is the written length, for every kind of value and escape.
    @Test func minifiedLengthIsTheWrittenLength() throws {
        let texts = [
            "{}", "[]", "[1]", "{\"a\":[]}", "[true,false,null,-1.5e3]", "{\"k\\\"ey\":\"tab\\there\\\\ \\u0001 \\u001f é 😀\"}",
            "{\"aps\":{\"alert\":{\"loc-key\":\"K\",\"loc-args\":[\"a\",\"b\\r\\n\"]}},\"n\":[[],{},[{}]]}",
        ]
        for text in texts {
            let root = try #require(JSONReader.parse(bytes: Array(text.utf8), path: "x").root, "\(text)")
            #expect(root.minifiedLength == root.minified.utf8.count, "\(text)")
        }
    }

    @Test func discoveryUsesTheDefaultGlobs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("payload-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["a.apns", "server/push/b.json", "x/payloads/deep/c.json", "d.apns.json", "config.json", "en.lproj/e.json"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        let found = PayloadDiscovery.find(root: folder.path, globs: []).map { String($0.dropFirst(folder.path.count + 1)) }
        #expect(found == ["a.apns", "d.apns.json", "server/push/b.json", "x/payloads/deep/c.json"])
        #expect(PayloadDiscovery.find(root: folder.path, globs: ["config.json"]).count == 1)
    }
}

@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct PayloadCorpusTests {
    @Test func everyCorpusPayloadIsRead() throws {
        let files = Corpus.files(under: "payloads", extensions: ["json"])
        #expect(files.count >= 70)
        var payloads = 0
        for url in files {
            let file = PayloadReader.read(bytes: [UInt8](try Data(contentsOf: url)), path: Corpus.relative(url))
            if url.lastPathComponent.contains("invalid") {
                #expect(file.diagnostics.map(\.id) == ["json-syntax-error"], "\(file.path)")
                #expect(file.diagnostics.first?.location?.line == 17, "\(file.path)")
            } else {
                #expect(file.diagnostics.isEmpty, "\(file.path): \(file.diagnostics.map(\.message))")
                #expect(!file.payloads.isEmpty, "\(file.path)")
            }
            payloads += file.payloads.count
        }
        #expect(payloads >= files.count - 1)
    }
}
