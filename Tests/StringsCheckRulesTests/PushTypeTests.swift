import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

/// Payloads of every push type APNs delivers, written after Apple's documentation of each
/// (Fixtures/push-types/SOURCES.md): a valid one draws no finding, an invalid one the one its
/// name promises.
struct PushTypeTests {
    static let folder = Check.packageRoot.appendingPathComponent("Tests/StringsCheckRulesTests/Fixtures/push-types")

    static func fixtureFiles() throws -> [(String, String)] {
        var files: [(String, String)] = []
        for sub in ["en.lproj", "de.lproj", "payloads"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path).sorted()
            for name in names {
                files.append(("\(sub)/\(name)", try String(contentsOf: folder.appendingPathComponent("\(sub)/\(name)"), encoding: .utf8)))
            }
        }
        return files
    }

    /// What each invalid payload is reported for: rule, severity and words of the message.
    static let expected: [String: (rule: String, severity: Severity, words: String)] = [
        "alert-invalid.json": ("payload-key-type", .error, "'relevance-score' must be from 0 to 1, found 5.0"),
        "alert-escaped-invalid.json": (
            "payload-too-large", .warning,
            "bytes as written (spaces, line breaks and \\u escapes included) but 1482 bytes minified to UTF-8; APNs counts the bytes it receives"
        ),
        "background-invalid.json": (
            "payload-push-type", .error,
            "this background push (declared in the template) has no 'content-available': 1, so the app is not woken"
        ),
        // Inferred from the content, what it lacks is a warning; declared, an error.
        "liveactivity-invalid.json": (
            "payload-push-type", .warning, "this Live Activity push (inferred from its content) lacks 'event' (start, update or end)"
        ),
        "liveactivity-start-invalid.json": (
            "payload-push-type", .error,
            "(declared in the template) lacks 'attributes-type' and 'attributes'; ActivityKit does not start the Live Activity"
        ),
        "widgets-invalid.json": ("payload-push-type", .error, "has no 'content-changed': true, so WidgetKit reloads nothing"),
        "controls-invalid.json": (
            "payload-push-type", .error, "'apns-push-type' is 'control', which is not an apns-push-type; did you mean 'controls'?"
        ),
        "voip-invalid.json": ("payload-too-large", .error, "over the 5120 bytes APNs accepts for a VoIP push (its file name says voip)"),
        "mdm-invalid.json": ("payload-push-type", .warning, "an MDM push is only {\"mdm\": PushMagic}"),
        "fileprovider-invalid.json": (
            "payload-too-large", .error, "over the 4096 bytes APNs accepts for a File Provider push (inferred from its content)"
        ),
        "location-invalid.json": ("payload-push-type", .error, "is 'locations', which is not an apns-push-type; did you mean 'location'?"),
        "pushtotalk-invalid.json": (
            "payload-push-type", .error, "is 'push-to-talk', which is not an apns-push-type; did you mean 'pushtotalk'?"
        ),
        "complication-invalid.json": (
            "payload-too-large", .error, "over the 4096 bytes APNs accepts for a complication push (declared in the template)"
        ),
    ]

    @Test func everyPushTypeHasAValidAndAnInvalidFixture() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("payloads").path)
        for type in PushType.allCases {
            #expect(names.contains("\(type.rawValue)-valid.json"), "no valid fixture for \(type.rawValue)")
            #expect(
                names.contains {
                    $0.hasPrefix("\(type.rawValue)-") && $0.hasSuffix("-invalid.json") || $0 == "\(type.rawValue)-invalid.json"
                })
        }
        #expect(Set(names.filter { $0.hasSuffix("invalid.json") }) == Set(Self.expected.keys))
    }

    @Test func validPayloadsDrawNothingAndInvalidOnesWhatTheyPromise() async throws {
        let result = await Check.run(try Self.fixtureFiles())
        let payloadFindings = result.findings.filter { $0.diagnostic.path.hasPrefix("payloads/") && $0.diagnostic.severity != .note }
        for finding in payloadFindings where finding.diagnostic.path.hasSuffix("-valid.json") {
            Issue.record("a valid payload drew \(finding.diagnostic.id): \(finding.diagnostic.path): \(finding.diagnostic.message)")
        }
        for (name, expectation) in Self.expected {
            let found = payloadFindings.filter { $0.diagnostic.path == "payloads/\(name)" }
            #expect(
                found.contains {
                    $0.diagnostic.id == expectation.rule && $0.diagnostic.severity == expectation.severity
                        && $0.diagnostic.message.contains(expectation.words)
                }, "\(name): \(found.map { "\($0.diagnostic.id) \($0.diagnostic.severity): \($0.diagnostic.message)" })")
        }
    }

    @Test func aLiveActivityAlertKeyMissingFromALocaleIsAnErrorInThatLocale() async {
        let payload = """
            {"aps": {"timestamp": 1700000000, "event": "update", "content-state": {"hp": 0},
              "alert": {"title": {"loc-key": "hero.down", "loc-args": ["Panda"]}, "body": {"loc-key": "hero.heal"}, "sound": "down.mp4"}}}
            """
        let result = await Check.run([
            ("payloads/down.json", payload),
            ("en.lproj/Localizable.strings", "\"hero.down\" = \"%@ is down!\";\n\"hero.heal\" = \"Heal now\";\n"),
            ("de.lproj/Localizable.strings", "\"hero.down\" = \"%@ ist k.o.!\";\n"),
            ("fr.lproj/Localizable.strings", "\"hero.down\" = \"%@ est K.O. !\";\n\"hero.heal\" = \"Soignez-le\";\n"),
        ])
        let missing = result.findings.filter { $0.diagnostic.id == "payload-missing-key" }
        #expect(missing.count == 1)
        #expect(missing.first?.diagnostic.severity == .error)
        #expect(missing.first?.diagnostic.message == "'hero.heal' (body.loc-key) is missing from de; users of that locale see the raw key")
        #expect(missing.first?.locale == "de" && missing.first?.locales == ["de"])
        // Nothing else: a Live Activity's alert may hold objects and its sound.
        #expect(result.findings.filter { $0.diagnostic.path == "payloads/down.json" && $0.diagnostic.id != "payload-missing-key" }.isEmpty)
    }

    @Test func theConfigurationNamesPushTypesByGlob() async {
        let configuration = Check.configuration("push_types:\n  \"payloads/live/*.json\": liveactivity\n  \"payloads/ptt/*\": pushtotalk\n")
        let files = [
            ("payloads/live/score.json", "{\"aps\": {\"alert\": \"Goal\"}}\n"),
            ("payloads/ptt/speaker.json", "{\"aps\": {\"anything\": 1}, \"speaker\": \"Anna\"}\n"),
        ]
        let result = await Check.run(files, configuration: configuration)
        let messages = result.findings.map(\.diagnostic.message)
        #expect(
            messages.contains {
                $0.hasPrefix("this Live Activity push (push_types 'payloads/live/*.json' in the configuration) lacks 'event'")
            }, "\(messages)")
        // A Push to Talk push hands its payload to the app: no key of it is unknown.
        #expect(!result.findings.contains { $0.diagnostic.path == "payloads/ptt/speaker.json" }, "\(messages)")
        let (_, problems) = ConfigurationLoader.parse(
            "push_types:\n  \"x/*\": liveactivitys\n", path: "c.yml", rules: BuiltInRules.descriptions)
        #expect(problems.map(\.message).contains { $0.contains("unknown push type 'liveactivitys'; did you mean 'liveactivity'?") })
    }

    @Test func aDeclaredAlertWithoutApsAndVoIPGlobsAreNamed() async {
        let configuration = Check.configuration("voip_payloads: [\"payloads/calls/*.json\"]\n")
        let result = await Check.run(
            [
                ("payloads/a.json", "{\"stringscheck-push-type\": \"alert\", \"x\": 1}\n"),
                ("payloads/calls/ring.json", "{\"aps\": {}, \"caller\": \"\(String(repeating: "x", count: 5200))\"}\n"),
            ], configuration: configuration)
        let messages = result.findings.map(\.diagnostic.message)
        #expect(
            messages.contains("this alert push (declared in the template) has no 'aps' dictionary, so the device has nothing to show or do")
        )
        #expect(
            messages.contains {
                $0.hasSuffix(
                    "over the 5120 bytes APNs accepts for a VoIP push (voip_payloads 'payloads/calls/*.json' in the configuration)")
            })
    }

    @Test func pushTypesAreInferredFromContent() {
        func type(_ json: String) -> PushType? {
            PayloadReader.read(bytes: Array(json.utf8), path: "p.json").payloads.first?.inferredPushType
        }
        #expect(type("{\"aps\": {\"alert\": \"Hi\"}}") == .alert)
        #expect(type("{\"aps\": {\"badge\": 2}}") == .alert)
        #expect(type("{\"aps\": {\"content-available\": 1}}") == .background)
        #expect(type("{\"aps\": {\"content-available\": 1, \"alert\": \"Hi\"}}") == .alert)
        #expect(type("{\"aps\": {\"content-changed\": true}}") == .widgets)
        #expect(type("{\"aps\": {\"event\": \"end\", \"timestamp\": 1}}") == .liveactivity)
        #expect(type("{\"mdm\": \"magic\"}") == .mdm)
        // A custom member beside 'aps' named like an MDM push's does not make one.
        #expect(type("{\"aps\": {\"alert\": \"Hi\"}, \"mdm\": \"x\"}") == .alert)
        #expect(type("{\"container-identifier\": \"x\", \"domain\": \"d\"}") == .fileprovider)
        #expect(type("{\"aps\": {\"sound\": \"a\", \"content-available\": 1}}") == .alert)
    }

    @Test func aFileNameWithVoIPInAnyCaseNamesAVoIPPush() {
        func type(_ path: String) -> PushType? {
            PayloadReader.read(bytes: Array("{\"aps\": {\"alert\": \"Hi\"}}".utf8), path: path).payloads.first?.pushType().type
        }
        for path in ["voip.json", "payloads/Incoming-VoIP.json", "VOIP/a.json", "x/callvOiP"] { #expect(type(path) == .voip, "\(path)") }
        // Not "voip": a 'p' with a combining accent is another character.
        for path in ["voi.json", "vo-ip.json", "payloads/v.json", "void/pa.json", "vöip.json", "voip\u{301}.json"] {
            #expect(type(path) == .alert, "\(path)")
        }
    }
}
