import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules
import TestSupport
import Testing

/// Payload keys found in backend code are checked by the payload rules, reported at the literal.
struct CodeKeyTests {
    static let strings: [(String, String)] = [
        ("App/en.lproj/Localizable.strings", "\"PHOTO_FROM_FRIEND\" = \"%@ sent you a photo\";\n\"ORDER\" = \"Order %1$@ with %2$@\";\n"),
        ("App/de.lproj/Localizable.strings", "\"ORDER\" = \"Bestellung %1$@ mit %2$@\";\n"),
    ]

    static func messages(_ code: String, path: String = "backend/push.py") async -> [String] {
        let result = await Check.run(strings + [(path, code)])
        return result.findings.filter { $0.diagnostic.path == path }.map {
            "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id)@\($0.diagnostic.location?.description ?? "-"): \($0.diagnostic.message)"
        }
    }

    @Test func aKeyMissingFromALocaleIsAnErrorAtItsLiteral() async {
        let code = """
            from apns2.payload import PayloadAlert
            alert = PayloadAlert(body_localized_key="PHOTO_FROM_FRIEND", body_localized_args=[name])
            """
        #expect(
            await Self.messages(code) == [
                "error payload-missing-key@2:41: 'PHOTO_FROM_FRIEND' (body_localized_key) is missing from de; users of that locale see the raw key"
            ])
    }

    @Test func aLiteralArgumentListIsCounted() async {
        let code = """
            payload = {"aps": {"alert": {"loc-key": "ORDER", "loc-args": [order_id]}}}
            """
        #expect(
            await Self.messages(code) == [
                "error payload-argument-count@1:62: 'ORDER' takes 2 arguments in en and de but 'loc-args' gives 1; the missing ones show as '(null)' or garbage"
            ])
    }

    @Test func argumentsBuiltAtRunTimeAreNotCountedAndSaySo() async {
        let code = """
            payload = {"aps": {"alert": {"loc-key": "ORDER", "loc-args": args}}}
            """
        #expect(
            await Self.messages(code) == [
                "note payload-argument-count@1:62: 'ORDER' takes 2 arguments in every locale; its arguments ('loc-args') are built while the program runs, so their count is not checked here"
            ])
    }

    @Test func aKeyEveryLocaleHasWithTheRightArgumentsDrawsNothing() async {
        let code = """
            const note = new apn.Notification();
            note.locKey = "ORDER";
            note.locArgs = [order.id, order.carrier];
            """
        #expect(await Self.messages(code, path: "backend/push.js") == [])
    }

    @Test func keysInCommentsStringsAndComparisonsAreNoUses() async {
        let code = """
            # payload = {"aps": {"alert": {"loc-key": "NOWHERE"}}}
            log.info("loc-key NOWHERE sent")
            if alert.get("loc-key") == "NOWHERE": pass
            """
        #expect(await Self.messages(code) == [])
    }

    @Test func eachBranchOfAVariableIsAKey() async {
        let code = """
            def build(kind, sender):
                if kind == "photo":
                    key = "PHOTO_FROM_FRIEND"
                else:
                    key = "VIDEO_FROM_FRIEND"
                return {"aps": {"alert": {"loc-key": key, "loc-args": [sender]}}}
            """
        let messages = await Self.messages(code)
        #expect(
            messages == [
                "error payload-missing-key@3:15: 'PHOTO_FROM_FRIEND' (loc-key) is missing from de; users of that locale see the raw key",
                "error payload-missing-key@5:15: 'VIDEO_FROM_FRIEND' (loc-key) is in no locale's Localizable table; every user sees the raw key",
            ])
    }

    @Test func twoKeysOnOneLineOfCodeAreTwoPayloadsWithTheirOwnProblems() async {
        // One payload per key, both on line 1: each row shows the findings about its own key.
        let code =
            "push(title_loc_key='ORDER', loc_key='MISSING_ONE')\n"
            + "alert = {'loc-key': 'ORDER', 'loc-args': ['A-1', 'DHL']}; other = {'loc-key': 'GONE'}\n"
        let project = Check.project(Self.strings + [("backend/push.py", code)])
        let index = ProjectIndex(project: project)
        let findings = await PreviewBuilder.findings(index, forKeys: false)
        let rows = PreviewBuilder.payloadRows(index, findings: findings).filter { $0.locale == "de" }
        let problems = rows.map { row in "\(row.body ?? "") \(row.problems.map(\.message).joined(separator: " | "))" }
        #expect(problems.contains { $0.hasPrefix("Bestellung A-1 mit DHL ") && !$0.contains("GONE") })
        #expect(problems.contains { $0.contains("'GONE'") })
    }

    @Test func renderShowsACodeKeyAsAPayloadRow() async {
        let code = "alert = {'loc-key': 'ORDER', 'loc-args': ['A-1', 'DHL']}\n"
        let project = Check.project(Self.strings + [("backend/push.py", code)])
        let index = ProjectIndex(project: project)
        let findings = await PreviewBuilder.findings(index, forKeys: false)
        let rows = PreviewBuilder.payloadRows(index, findings: findings)
        #expect(
            rows.map { "\($0.payload ?? "") \($0.locale): \($0.body ?? "")" } == [
                "push.py:1 en: Order A-1 with DHL", "push.py:1 de: Bestellung A-1 mit DHL",
            ])
    }
}
