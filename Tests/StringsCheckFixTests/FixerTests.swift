import LocalizationFormats
import StringsCheckFix
import StringsCheckRules
import TestSupport
import Testing

/// What `fix` does beyond each rule's own example: repairs that wait for `--unsafe`, catalog
/// translations marked for review, and a file that needs its grammar repaired before an entry of
/// it is removed.
struct FixerTests {
    typealias Files = [(path: String, bytes: [UInt8])]

    static func run(_ files: Files, unsafe: Bool = false, review: Bool = false) async -> (
        files: Files, fixes: [FileFix], refused: [EditRefusal]
    ) {
        let result = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: files))
        let fixable = Set(BuiltInRules.descriptions.filter { $0.fixIt != nil }.map(\.id))
        let (fixes, refused) = Fixer.fixes(
            for: result.findings.filter { fixable.contains($0.diagnostic.id) }, unsafe: unsafe, review: review ? result.findings : []
        ) { path in files.first { $0.path == path }?.bytes }
        let fixed = files.map { file in (file.path, fixes.first { $0.path == file.path }?.fixed ?? file.bytes) }
        return (fixed, fixes, refused)
    }

    static func text(_ files: Files, _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    static let payload: Files = [
        ("en.lproj/Localizable.strings", Array("\"VIEW\" = \"View\";\n".utf8)),
        ("payloads/push.json", Array("{\"aps\": {\"alert\": {\"body\": \"Hi\", \"action-loc-key\": \"VIEW\"}}}\n".utf8)),
    ]

    @Test func aPayloadKeyIsRemovedOnlyWithUnsafe() async {
        // The rule offers the repair, marked unsafe, and a run without --unsafe leaves it.
        let result = await RuleEngine.run(project: ProjectLoader.load(virtualFiles: Self.payload))
        let offered = result.findings.filter { $0.diagnostic.id == "payload-legacy-key" }.flatMap(\.diagnostic.fixIts)
        #expect(offered.count == 1 && offered.allSatisfy(\.unsafe))
        let safe = await Self.run(Self.payload)
        #expect(safe.fixes.flatMap(\.applied).isEmpty && safe.refused.isEmpty)
        #expect(Self.text(safe.files, "payloads/push.json") == Self.text(Self.payload, "payloads/push.json"))
        let unsafe = await Self.run(Self.payload, unsafe: true)
        #expect(unsafe.refused.isEmpty, "\(unsafe.refused)")
        #expect(Self.text(unsafe.files, "payloads/push.json") == "{\"aps\": {\"alert\": {\"body\": \"Hi\"}}}\n")
    }

    static func catalog(de: String, state: String = "translated") -> Files {
        let json = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%lld files" : {
                  "localizations" : {
                    "de" : {
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "\(state)",
                              "value" : "\(de)"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "\(state)",
                              "value" : "\(de)"
                            }
                          }
                        }
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld files"
                      }
                    },
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld fichiers"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        return [("Localizable.xcstrings", Array(json.utf8))]
    }

    @Test func aDefectiveTranslationIsMarkedForReview() async {
        let files = Self.catalog(de: "%@ Dateien")
        let (fixed, fixes, refused) = await Self.run(files, review: true)
        #expect(refused.isEmpty, "\(refused)")
        let expected = Self.catalog(de: "%@ Dateien", state: "needs_review")
        #expect(fixed.map(\.bytes) == expected.map(\.bytes))
        #expect(fixes.flatMap(\.applied).map(\.rule) == [ReviewMarker.rule, ReviewMarker.rule])
        // Marked once: the second run changes nothing.
        let again = await Self.run(fixed, review: true)
        #expect(again.files.map(\.bytes) == fixed.map(\.bytes))
        // Without --mark-review nothing is marked.
        let plain = await Self.run(files)
        #expect(plain.files.map(\.bytes) == files.map(\.bytes))
    }

    @Test func anEscapedStateIsLeftAndTheRestMarked() async {
        var files = Self.catalog(de: "%@ Dateien")
        let text = String(decoding: files[0].bytes, as: UTF8.self)
        // The first de unit's state written with an escape: it reads 'translated', but only the
        // plain spelling is rewritten.
        guard let range = text.range(of: "\"state\" : \"translated\"") else {
            Issue.record("no state in the fixture")
            return
        }
        files[0].bytes = Array(text.replacingCharacters(in: range, with: "\"state\" : \"translat\\u0065d\"").utf8)
        let (fixed, fixes, refused) = await Self.run(files, review: true)
        #expect(refused.isEmpty, "\(refused)")
        #expect(fixes.flatMap(\.applied).count == 1)
        let after = String(decoding: fixed[0].bytes, as: UTF8.self)
        #expect(after.contains("translat\\u0065d") && after.contains("needs_review"))
    }

    @Test func aSoundTranslationIsLeftAsItIs() async {
        let files = Self.catalog(de: "%lld Dateien")
        let (fixed, fixes, _) = await Self.run(files, review: true)
        #expect(fixes.flatMap(\.applied).isEmpty)
        #expect(fixed.map(\.bytes) == files.map(\.bytes))
    }

    @Test func aFileNeedingItsGrammarRepairedLosesItsDuplicateToo() async {
        let files: Files = [("en.lproj/Main.strings", Array("\"a\" = \"A\";\n\"b\" = \"B\"\n\"a\" = \"A\";\n\"c\" = \"C\";\n".utf8))]
        let (fixed, fixes, refused) = await Self.run(files)
        #expect(refused.isEmpty, "\(refused)")
        #expect(Self.text(fixed, "en.lproj/Main.strings") == "\"b\" = \"B\";\n\"a\" = \"A\";\n\"c\" = \"C\";\n")
        #expect(Set(fixes.flatMap(\.applied).map(\.rule)) == ["duplicate-key", "strings-syntax-error"])
        #expect(fixes.first?.diff.contains("+\"b\" = \"B\";") == true)
    }

    @Test func everyEarlierCopyOfAKeyGoesInOneRun() async {
        let files: Files = [
            ("en.lproj/Main.strings", Array("\"a\" = \"A\";\n\"a\" = \"A\";\n\"b\" = \"B\";\n\"a\" = \"A\";\n\"a\" = \"A\";\n".utf8))
        ]
        let (fixed, fixes, refused) = await Self.run(files)
        #expect(refused.isEmpty, "\(refused)")
        #expect(Self.text(fixed, "en.lproj/Main.strings") == "\"b\" = \"B\";\n\"a\" = \"A\";\n")
        #expect(fixes.flatMap(\.applied).count == 3)
    }

    @Test func aCopyIsRemovedWhenTheOneAfterItIsTheSame() async {
        // The first text differs (an error, left to a person); the middle copy can go.
        let files: Files = [("en.lproj/Main.strings", Array("\"a\" = \"y\";\n\"a\" = \"x\";\n\"a\" = \"x\";\n".utf8))]
        let (fixed, _, refused) = await Self.run(files)
        #expect(refused.isEmpty, "\(refused)")
        #expect(Self.text(fixed, "en.lproj/Main.strings") == "\"a\" = \"y\";\n\"a\" = \"x\";\n")
    }

    @Test(arguments: [
        ("{\"a\": 1, \"b\": 2}", 9, "{\"a\": 1}"),
        ("{\"b\": [1, {\"x\": \"}\"}], \"a\": 1}", 1, "{\"a\": 1}"),
        ("{\n  \"b\": \"q\\\"\",\n  \"a\": 1\n}", 4, "{\n  \"a\": 1\n}"),
        ("{\"b\": true}", 1, "{}"),
    ])
    func aMemberIsCutWithItsComma(json: String, keyStart: Int, expected: String) throws {
        let bytes = Array(json.utf8)
        let range = try #require(JSONSpan.memberRemoval(in: bytes, keyStart: keyStart))
        var result = bytes
        result.removeSubrange(range)
        #expect(String(decoding: result, as: UTF8.self) == expected)
    }
}
