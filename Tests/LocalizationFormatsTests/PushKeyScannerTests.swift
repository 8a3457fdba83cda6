import Foundation
import LocalizationFormats
import Testing

/// The scanner on one fixture per library and language, each written after the library's own
/// documentation, and on code that must yield nothing.
struct PushKeyScannerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/backend-code")

    /// "part key arguments": the count of a literal list, `runtime`, or `-` when none was seen.
    static func describe(_ file: String, functions: [PushKeyFunction] = []) throws -> [String] {
        let url = fixtures.appendingPathComponent(file)
        let bytes = Array(try Data(contentsOf: url))
        let language = try #require(CodeLanguage(fileName: file))
        return PushKeyScanner.uses(in: bytes, language: language, functions: functions).map { use in
            let arguments: String
            switch use.arguments {
            case .literal(let items, _, _, _): arguments = String(items.count)
            case .runtime: arguments = "runtime"
            case .none: arguments = "-"
            }
            return "\(use.part.rawValue) \(use.key) \(arguments)"
        }
    }

    @Test(arguments: [
        ("pyapns2.py", ["title PHOTO_TITLE -", "body PHOTO_FROM_FRIEND 1"]),
        ("firebase_admin_push.py", ["title ORDER_TITLE -", "body ORDER_SHIPPED 2"]),
        (
            "gateway.py",
            [
                "title EM_TITLE -", "body EM_BODY 1", "body PHOTO_FROM_FRIEND 1", "body MESSAGE_FROM_FRIEND 1",
                "title NEW_ACTIVITY_TITLE -", "body REACTION runtime",
            ]
        ),
        ("node_apn.js", ["title NEW_FOLLOWER_TITLE -", "body NEW_FOLLOWER_BODY 1"]),
        ("firebase_admin.ts", ["title LIKE_TITLE -", "body LIKE_BODY 2"]),
        ("houston.rb", ["title INVITE_TITLE -", "body INVITE_BODY 2", "body REMINDER_BODY 1"]),
        ("pushok.php", ["title COMMENT_TITLE -", "body COMMENT_BODY 1", "body COMMENT_RAW 2"]),
        ("apns2.go", ["title SHIPPED_TITLE -", "body SHIPPED_BODY 1", "body FCM_SHIPPED 2"]),
        (
            "Pushy.java",
            [
                "title TRIP_TITLE 0", "body TRIP_BODY 2", "subtitle TRIP_SUBTITLE runtime", "action TRIP_ACTION -", "title RIDE_TITLE -",
                "body RIDE_BODY 2",
            ]
        ),
        ("Push.kt", ["body BADGE_EARNED 2", "body KOTLIN_BUILDER 1"]),
        ("Push.cs", ["body CS_INDEXER 1", "title CS_TITLE -", "body CS_BODY runtime"]),
        ("APNSwiftPush.swift", ["title GAME_TITLE 0", "body GAME_BODY 2", "body OLD_API_BODY 1"]),
        ("CloudKit.swift", ["title NEW_MESSAGE_TITLE -", "body NEW_MESSAGE_BODY 1"]),
        ("negative.py", []),
        ("Negative.swift", []),
    ])
    func findsTheKeysOfEachLibrary(file: String, expected: [String]) throws {
        let found = try Self.describe(file)
        #expect(found == expected)
    }

    @Test func aConfiguredFunctionTakesItsKeyAndArgumentsByPosition() throws {
        let function = PushKeyFunction(name: "send_localized", part: .body, keyArgument: 2, argumentsArgument: 3, variadic: true)
        let found = try Self.describe("gateway.py", functions: [function])
        #expect(found.last == "body CUSTOM_BUILDER_KEY 2")
    }
}

/// An app is not a backend: its Swift and Objective-C sources put no key into a push payload.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct PushKeyScannerCorpusTests {
    @Test func theCorpusAppsSourcesBuildNoPayload() throws {
        let files = Corpus.files(under: "apps", extensions: ["swift", "m", "h"])
        #expect(files.count > 2000)
        var found: [String] = []
        for url in files {
            let language = try #require(CodeLanguage(fileName: url.lastPathComponent))
            let uses = PushKeyScanner.uses(in: Array(try Data(contentsOf: url)), language: language)
            found += uses.map { "\(Corpus.relative(url)): \($0.key)" }
        }
        #expect(found == [])
    }
}

/// Lists built while the program runs are not counted, and reads are not uses.
struct PushKeyScannerEdgeTests {
    static func describe(_ code: String, _ language: CodeLanguage) -> [String] {
        PushKeyScanner.uses(in: Array(code.utf8), language: language).map { use in
            switch use.arguments {
            case .literal(let items, _, _, _): "\(use.key) \(items.count)"
            case .runtime: "\(use.key) runtime"
            case .none: "\(use.key) -"
            }
        }
    }

    @Test func spreadsComprehensionsAndConversionsAreBuiltAtRunTime() {
        let code = """
            push = {"aps": {"alert": {"loc-key": "A", "loc-args": [*names]}}}
            push = {"aps": {"alert": {"loc-key": "B", "loc-args": [str(n) for n in names]}}}
            push = {"aps": {"alert": {"loc-key": "C", "loc-args": list(names)}}}
            push = {"aps": {"alert": {"loc-key": "D", "loc-args": [name, "x"]}}}
            """
        #expect(Self.describe(code, .python) == ["A runtime", "B runtime", "C runtime", "D 2"])
    }

    /// A gateway's function that sets the key and its arguments in each branch: each key pairs
    /// with the list of its own branch (or of a block around it), never with a sibling's.
    @Test func eachBranchPairsItsKeyWithItsOwnArguments() {
        let python = """
            def build(event):
                payload = {}
                if event.type == "message":
                    payload["loc_key"] = "MESSAGE"
                    payload["loc_args"] = [event.sender]
                elif event.type == "invite":
                    payload["loc_key"] = "INVITE"
                    payload["loc_args"] = [event.sender, event.room, event.when]
                else:
                    payload["loc_key"] = "PLAIN"
                return {"aps": {"alert": payload}}

            def variables(event):
                if event.kind == "a":
                    key = "A"
                    args = [event.sender]
                else:
                    key = "B"
                    args = [1, 2, 3]
                return {"aps": {"alert": {"loc-key": key, "loc-args": args}}}

            def changed(event):
                if event.kind == "a":
                    key = "C"
                    args = [event.sender]
                else:
                    key = "D"
                    args = []
                args.append(event.x)
                return {"aps": {"alert": {"loc-key": key, "loc-args": args}}}
            """
        #expect(
            Self.describe(python, .python) == [
                "MESSAGE 1", "INVITE 3", "PLAIN -", "A 1", "B 3", "C runtime", "D runtime",
            ])
        let go = """
            func build(kind string) map[string]interface{} {
                alert := map[string]interface{}{}
                switch kind {
                case "like":
                    alert["loc-key"] = "LIKE"
                    alert["loc-args"] = []string{name}
                case "tag":
                    alert["loc-key"] = "TAG"
                    alert["loc-args"] = []string{name, photo}
                }
                return map[string]interface{}{"aps": map[string]interface{}{"alert": alert}}
            }
            """
        #expect(Self.describe(go, .go) == ["LIKE 1", "TAG 2"])
        // Arguments set once before the branches go with every branch's key.
        let shared = """
            def build(event):
                loc_args = [event.sender]
                if event.kind == "a":
                    loc_key = "E"
                else:
                    loc_key = "F"
                return {"aps": {"alert": {"loc-key": loc_key, "loc-args": loc_args}}}
            """
        #expect(Self.describe(shared, .python) == ["E 1", "F 1"])
        // `args=` as a keyword argument of a call is not the variable.
        let keyword = """
            def notify(args):
                Thread(target=f, args=(token,))
                push({"aps": {"alert": {"loc-key": "MSG", "loc-args": args}}})
            """
        #expect(Self.describe(keyword, .python) == ["MSG runtime"])
    }

    @Test func kotlinsElvisReadsAKey() {
        let code = "val key = message.notification?.bodyLocalizationKey ?: \"fallback\" // push\n"
        #expect(Self.describe(code, .kotlin) == [])
    }
}
