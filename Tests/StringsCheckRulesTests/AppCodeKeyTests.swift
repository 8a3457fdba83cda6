import Foundation
import LocalizationFormats
import LocalizationIndex
import TestSupport
import Testing

@testable import StringsCheckRules

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

    /// The app's own wrappers, found from their definitions in another file: a function that passes
    /// its parameter to `NSLocalizedString`, one that passes it to that function, a `String` member
    /// that looks up its receiver, and one that hands a `LocalizedStringKey` to SwiftUI.
    @Test func inferredWrappersAreLookups() async {
        let wrappers = """
            func localizedString(_ key: String, _ params: String...) -> String {
                String(format: NSLocalizedString(key, comment: ""), arguments: params)
            }
            func t(_ key: String) -> String { localizedString(key) }
            extension String {
                var localized: String { NSLocalizedString(self, comment: "") }
            }
            func row(title: LocalizedStringKey, count: Int) -> some View { Text(title) }
            func plain(_ text: String) -> some View { Text(text) }
            struct Localized { func core(_ key: String) -> String { NSLocalizedString(key, comment: "") } }
            """
        let code = """
            let a = localizedString("settings.title")
            let b = t("settings.titel")
            let c = "settings.subtitle".localized
            let d = row(title: "inbox.unread", count: 1)
            let e = row(title: "\\(count) posts", count: 1)
            let f = plain("not.a.key")
            let g = Localized().core("error.\\(code)")
            """
        let found = await Check.run(
            Self.strings + [("App/Localization.swift", wrappers), ("App/View.swift", code)],
            configuration: Check.configuration("rules:\n  unused-key: on\n"))
        let messages = found.findings.filter { $0.diagnostic.id.hasPrefix("code-") || $0.diagnostic.id == "unused-key" }.map {
            "\($0.diagnostic.severity.rawValue) \($0.diagnostic.id) \($0.diagnostic.path):\($0.diagnostic.location?.description ?? "-"): \($0.diagnostic.message)"
        }
        #expect(
            messages.sorted() == [
                "error code-missing-key App/View.swift:2:11: 'settings.titel' (t) is missing from Localizable (App/Localizable); every user sees the raw key",
                "error code-missing-key App/View.swift:3:9: 'settings.subtitle' (\"…\".localized) is missing from Localizable (App/Localizable); every user sees the raw key",
                "error code-missing-key App/View.swift:4:20: 'inbox.unread' (row) is missing from Localizable (App/Localizable); every user sees the raw key",
                "warning unused-key App/en.lproj/Localizable.strings:2:1: 'inbox.count' of App/Localizable is in none of the Swift and Objective-C files scanned (2 files) and in no payload; every locale still translates it",
                "warning unused-key App/en.lproj/Localizable.strings:4:1: 'old.key' of App/Localizable is in none of the Swift and Objective-C files scanned (2 files) and in no payload; every locale still translates it",
            ])
        // `error.timeout` is used through the wrapper's run-time key "error.\(code)"; `%lld posts`
        // through `row(title:)`'s interpolated `LocalizedStringKey`; `not.a.key` is shown as written.
        #expect(
            Check.project(Self.strings + [("App/Localization.swift", wrappers), ("App/View.swift", code)]).inferredWrappers.map(\.dumpText)
                == [
                    "core(…): the key is argument 1, table Localizable (App/Localization.swift:10, passes its key to NSLocalizedString)",
                    "\"…\".localized: its receiver is the key, table Localizable (App/Localization.swift:6, passes its key to NSLocalizedString)",
                    "localizedString(…): the key is argument 1, table Localizable (App/Localization.swift:1, passes its key to NSLocalizedString)",
                    "row(…): the key is 'title:', table Localizable (App/Localization.swift:8, passes its key to Text)",
                    "t(…): the key is argument 1, table Localizable (App/Localization.swift:4, passes its key to localizedString(…))",
                ])
    }

    /// Objective-C wrappers: a macro and a C function.
    @Test func objectiveCWrappersAreLookups() async {
        let header = """
            #define AppLocalizedString(key, comment) NSLocalizedStringFromTable(key, @"Settings", comment)
            NSString *L(NSString *key) { return [[NSBundle mainBundle] localizedStringForKey:key value:@"" table:nil]; }
            """
        let code = """
            label.text = AppLocalizedString(@"settings.title", @"");
            other.text = L(@"missing.key");
            """
        let found = await Check.run(
            Self.strings + [
                ("App/en.lproj/Settings.strings", "\"settings.title\" = \"Settings\";\n"), ("App/Localization.h", header),
                ("App/View.m", code),
            ],
            configuration: Check.configuration(""))
        #expect(
            found.findings.filter { $0.diagnostic.id == "code-missing-key" }.map(\.diagnostic.message) == [
                "'missing.key' (L) is missing from Localizable (App/Localizable); every user sees the raw key"
            ])
        let wrappers = Check.project([("App/Localization.h", header)]).inferredWrappers
        #expect(wrappers.map(\.name) == ["AppLocalizedString", "L"])
        #expect(wrappers.first?.fixedTable == "Settings")
    }

    /// Whether a missing key is shown as an identifier is judged on its table: `bookmarks` beside
    /// `snake_case` keys is one (an error), `macOS` beside English-text keys is text (a note).
    @Test func identifierOrTextIsJudgedPerTable() async {
        let identifiers = (1...12).map { "\"screen_\($0)_title\" = \"Screen \($0)\";\n" }.joined()
        let text = (1...12).map { "\"Open screen \($0)\" = \"Open screen \($0)\";\n" }.joined()
        let code = """
            let a = NSLocalizedString("bookmarks", comment: "")
            let b = NSLocalizedString("macOS", tableName: "Words", comment: "")
            """
        let found = await Check.run(
            [
                ("App/en.lproj/Localizable.strings", identifiers), ("App/en.lproj/Words.strings", text),
                ("App/View.swift", code),
            ],
            configuration: Check.configuration(""))
        #expect(
            found.findings.filter { $0.diagnostic.id == "code-missing-key" }.map {
                "\($0.diagnostic.severity.rawValue) \($0.diagnostic.message)"
            }
                == [
                    "error 'bookmarks' (NSLocalizedString) is missing from Localizable (App/Localizable); every user sees the raw key",
                    "note 'macOS' (NSLocalizedString) is missing from Words (App/Words); it is shown as written in the code, untranslated, in every locale",
                ])
    }

    /// Accessors generated at build time are not in the repository: keys named as members count
    /// as used where many are, and a table no recognised lookup reaches is reported once.
    @Test func accessorsGeneratedAtBuildTime() async {
        let table = (1...15).map { "\"settings_item_\($0)\" = \"Item \($0)\";\n" }.joined()
        func unused(_ code: String) async -> [String] {
            let found = await Check.run(
                [("App/en.lproj/Localizable.strings", table), ("App/View.swift", code)],
                configuration: Check.configuration("rules:\n  unused-key: on\n"))
            return found.findings.filter { $0.diagnostic.id == "unused-key" }.map(\.diagnostic.message)
        }
        // One lookup of the table, of a key it lacks: nothing recognised, one finding.
        #expect(
            await unused("let c = NSLocalizedString(\"other\", comment: \"\")\n") == [
                "no lookup of a key of App/Localizable was recognised in the Swift and Objective-C files scanned (1 file), so its 15 keys are not reported one by one: its accessors may be generated at build time; name the function that looks them up in `code: wrappers` of .stringscheck.yml"
            ])
        // R.swift-style accessors for 12 of the keys: those are used, the other 3 are not.
        let accessors = (1...12).map { "let x\($0) = R.string.localizable.settingsItem\($0)()\n" }.joined()
        #expect(
            await unused("let c = NSLocalizedString(\"other\", comment: \"\")\n" + accessors).map { String($0.prefix(19)) } == [
                "'settings_item_13' ", "'settings_item_14' ", "'settings_item_15' ",
            ])
        // A one-word member (`.title`) is no accessor evidence.
        #expect(AccessorNames(chains: ["Foo.title"]).names("title") == false)
        #expect(AccessorNames(chains: ["Strings.Settings.title"]).names("settings.title"))
    }

    /// `bundle: .module` is the package target's own bundle, `.main` the app's: a key in another
    /// bundle's table is not found there.
    @Test func theBundleNamedAtTheCallIsTheOneSearched() async {
        let files: [(String, String)] = [
            ("App/en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n\"Cancel\" = \"Cancel\";\n"),
            ("Pkg/Package.swift", "// swift-tools-version:5.9\n"),
            ("Pkg/Sources/Other/Resources/en.lproj/Localizable.strings", "\"other.key\" = \"Other\";\n"),
            (
                "Pkg/Sources/Feature/View.swift",
                "let a = String(localized: \"settings.title\", bundle: .module)\nlet b = NSLocalizedString(\"Cancel\", bundle: .module, comment: \"\")\n"
            ),
            (
                "Pkg/Sources/Other/View.swift",
                "let a = String(localized: \"other.key\", bundle: .module)\nlet b = Text(\"settings.title\")\n"
            ),
            (
                "App/View.swift",
                "let a = String(localized: \"settings.title\", bundle: .main)\nlet b = NSLocalizedString(\"other.key\", bundle: Bundle.main, comment: \"\")\n"
            ),
        ]
        let found = await Check.run(files, configuration: Check.configuration(""))
        #expect(
            found.findings.filter { $0.diagnostic.id == "code-missing-key" }.map {
                "\($0.diagnostic.severity.rawValue) \($0.diagnostic.path):\($0.diagnostic.location?.line ?? 0): \($0.diagnostic.message)"
            } == [
                "error App/View.swift:2: 'other.key' (NSLocalizedString) is missing from Localizable (App/Localizable); every user sees the raw key",
                "error Pkg/Sources/Feature/View.swift:1: 'settings.title' (String(localized:)) is in App/Localizable, but this code in package target Feature looks it up in Bundle.module, the target's own bundle, which has no Localizable table; every user sees the raw key",
                "warning Pkg/Sources/Feature/View.swift:2: 'Cancel' (NSLocalizedString) is in App/Localizable, but this code in package target Feature looks it up in Bundle.module, the target's own bundle, which has no Localizable table; users of every locale see it as written, untranslated",
            ])
    }

    /// A file named for previews is no preview: only `#Preview`, `PreviewProvider` and `#if DEBUG`
    /// are quiet (`LinkPreviewSection` is a shipping view).
    @Test func aFileNameIsNoPreview() async {
        let shipping = "struct LinkPreviewSection: View { var body: some View { Text(\"Open the link\") } }\n"
        let preview =
            "#Preview { Text(\"Preview only\") }\nstruct P: PreviewProvider { static var previews: some View { Text(\"Also preview\") } }\n"
        let found = await Check.run(
            Self.strings + [("App/LinkPreviewSection.swift", shipping), ("App/Previews.swift", preview)],
            configuration: Check.configuration(""))
        #expect(
            found.findings.filter { $0.diagnostic.id == "code-missing-key" }.map {
                "\($0.diagnostic.severity.rawValue) \($0.diagnostic.message)"
            }
                == [
                    "note 'Open the link' (Text) is missing from Localizable (App/Localizable); it is shown as written in the code, untranslated, in every locale"
                ])
    }

    /// What is no wrapper, or no call of one: Bundle's own `localizedString(forKey:)` beside an
    /// app function of that name, a call that does not fit the definition (UIKit's
    /// `setTitle(_:for:)`), a parameter the body declares again; and a `String` member's table
    /// argument, and a macro continued over lines.
    @Test func wrappersAreMatchedByTheirDefinition() async {
        let wrappers = """
            func localizedString(_ key: String) -> String { NSLocalizedString(key, tableName: "Other", comment: "") }
            extension UIButton { func setTitle(_ key: String) { setTitle(NSLocalizedString(key, comment: ""), for: .normal) } }
            func prefixed(_ key: String) -> String { let key = "App." + key; return NSLocalizedString(key, comment: "") }
            extension String { func localized(in table: String) -> String { NSLocalizedString(self, tableName: table, comment: "") } }
            """
        let code = """
            let a = Bundle.main.localizedString(forKey: "settings.title", value: nil, table: nil)
            button.setTitle("Sign in", for: .normal)
            let b = prefixed("title")
            let c = "settings.title".localized(in: "Settings")
            let d = "settings.missing".localized(in: "Settings")
            """
        let header = "#define L(key) \\\n    NSLocalizedString(key, nil)\n"
        let found = await Check.run(
            Self.strings + [
                ("App/en.lproj/Settings.strings", "\"settings.title\" = \"Settings\";\n"), ("App/Localization.swift", wrappers),
                ("App/View.swift", code), ("App/Macros.h", header), ("App/View.m", "label.text = L(@\"macro.missing\");\n"),
            ],
            configuration: Check.configuration(""))
        #expect(
            found.findings.filter { $0.diagnostic.id == "code-missing-key" }.map(\.diagnostic.message).sorted() == [
                "'macro.missing' (L) is missing from Localizable (App/Localizable); every user sees the raw key",
                "'settings.missing' (\"…\".localized) is missing from Settings (App/Settings); every user sees the raw key",
            ])
    }
}
