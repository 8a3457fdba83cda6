import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

/// Keys the app's own Swift and Objective-C code looks up: missing ones, unused ones, and the
/// arguments a call gives.
struct AppCodeKeyTests {
    static let strings: [(String, String)] = [
        (
            "App/en.lproj/Localizable.strings",
            "\"settings.title\" = \"Settings\";\n\"inbox.count\" = \"%d new in %@\";\n\"%lld posts\" = \"%lld posts\";\n\"old.key\" = \"Old\";\n\"error.timeout\" = \"Timed out\";\n"
        ),
        (
            "App/de.lproj/Localizable.strings",
            "\"settings.title\" = \"Einstellungen\";\n\"welcome\" = \"Willkommen\";\n\"hidden.key\" = \"Versteckt\";\n"
        ),
    ]

    static func messages(_ code: String, path: String = "App/View.swift", configuration: String = "rules:\n  unused-key: on\n") async
        -> [String]
    {
        let result = await Check.run(strings + [(path, code)], configuration: Check.configuration(configuration))
        return result.findings.filter { $0.diagnostic.id.hasPrefix("code-") || $0.diagnostic.id == "unused-key" }.map {
            "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id) \($0.diagnostic.path):\($0.diagnostic.location?.description ?? "-"): \($0.diagnostic.message)"
        }
    }

    @Test func whatUsersSeeDecidesTheSeverity() async {
        let code = """
            Text("settings.titel")
            Text("Delete everything")
            let a = NSLocalizedString("sync.title", value: "Sync", comment: "")
            Text("welcome")
            Text("hidden.key")
            """
        let found = await Self.messages(code, configuration: "")
        #expect(
            found == [
                "error code-missing-key App/View.swift:1:6: 'settings.titel' (Text) is missing from Localizable (App/Localizable); every user sees the raw key",
                "note code-missing-key App/View.swift:2:6: 'Delete everything' (Text) is missing from Localizable (App/Localizable); it is shown as written in the code, untranslated, in every locale",
                "warning code-missing-key App/View.swift:3:27: 'sync.title' (NSLocalizedString) is missing from Localizable (App/Localizable); its default value 'Sync' is shown untranslated in every locale",
                "error code-missing-key App/View.swift:5:6: 'hidden.key' (Text) is translated (de) but missing from the en table of Localizable (App/Localizable); users of en see the raw key",
            ])
    }

    @Test func previewsAndDebugCodeAreNotReported() async {
        let code = """
            #Preview {
                Text("preview.only")
            }
            struct Row_Previews: PreviewProvider {
                static var previews: some View { Text("provider.only") }
            }
            #if DEBUG
            let debug = Text("debug.only")
            #endif
            """
        #expect(await Self.messages(code, configuration: "") == [])
    }

    @Test func formatArgumentsAtTheCallAreCounted() async {
        let code = "let a = String(format: NSLocalizedString(\"inbox.count\", comment: \"\"), count)\n"
        #expect(
            await Self.messages(code, configuration: "") == [
                "error code-argument-count App/View.swift:1:42: 'inbox.count' (NSLocalizedString) takes 2 arguments in en but the call gives 1; the missing ones show as garbage or '(null)', or crash"
            ])
    }

    @Test func unusedKeysLeaveOutEveryUseTheCodeShows() async {
        let code = """
            Text("settings.title")
            Text("\\(count) posts")
            let message = NSLocalizedString("error.\\(code)", comment: "")
            let keys = ["welcome"]
            """
        let found = await Self.messages(code)
        #expect(
            found.sorted()
                == [
                    "warning unused-key App/en.lproj/Localizable.strings:4:1: 'old.key' of App/Localizable is in none of the Swift and Objective-C files scanned (1 file) and in no payload; every locale still translates it",
                    "warning unused-key App/en.lproj/Localizable.strings:2:1: 'inbox.count' of App/Localizable is in none of the Swift and Objective-C files scanned (1 file) and in no payload; every locale still translates it",
                ].sorted())
        #expect(
            await Self.messages(code, configuration: "rules:\n  unused-key: on\ncode:\n  dynamic_keys: [\"old.*\", \"inbox.*\"]\n") == [])
    }

    @Test func swiftGenKeysAreUsedWhereTheirAccessorsAre() async {
        let generated = """
            internal enum L10n {
              internal enum Settings {
                internal static let title = L10n.tr("Localizable", "settings.title", fallback: "Settings")
                internal static let `old` = L10n.tr("Localizable", "old.key", fallback: "Old")
              }
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String { "" }
            }
            let title = L10n.Settings.title.uppercased()
            let keys = ["welcome", "inbox.count", "error.timeout", "%lld posts"]
            """
        let found = await Self.messages(generated, path: "App/Strings.swift")
        #expect(found.count == 1)
        #expect(found.first?.contains("'old.key' of App/Localizable") == true)
    }
}
