import LocalizationFormats
import LocalizationIndex

/// A hand-added catalog key that Xcode cannot turn into a Swift symbol, or that becomes the same
/// symbol as another key, while the project generates symbols.
struct CatalogSymbolNameRule: Rule {
    static let description = RuleDescription(
        id: "catalog-symbol-name", name: "Key that breaks symbol generation", area: .catalog,
        summary:
            "a hand-added String Catalog key with no usable Swift symbol name, or the same name as another key, while Xcode generates symbols",
        rationale:
            "With `STRING_CATALOG_GENERATE_SYMBOLS = YES` (Xcode 26; on in new projects), Xcode generates a Swift symbol for every manually managed key of a catalog (`\"extractionState\" : \"manual\"`) that does not set `\"generatesSymbol\" : false`, in targets with Swift sources, for catalogs outside `mul.lproj` (Xcode 26 release notes; swift-build, `shouldGenerateSymbols` in `Sources/SWBApplePlatform/XCStringsCompiler.swift`). The name is the key's words in lower camel case, format specifiers left out (`action.copy_link` → `actionCopyLink`, `%lld MiB` → `miB`, as in public generated files). `xcstringstool generate-symbols` stops the build when a key leaves no name ('Unable to derive a symbol name from this key.', for `%@` or `×%lld`), when two keys of one catalog give one name ('This string key would generate the same symbol as …', for `OK` and `Ok`), and when a name is too close to a reserved word ('This key is too close to a reserved keyword in Swift', for `Type`), as public projects report. Read only when a project file or an `.xcconfig` of the tree sets the setting to YES and the tree has Swift sources; the names are derived as those reports show, since the tool's own rule is not published.",
        fix:
            "Set \"generatesSymbol\" : false on the key (Generate Swift Symbol off in the Attributes inspector), or rename it so that it has its own name.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile("App.xcodeproj/project.pbxproj", "STRING_CATALOG_GENERATE_SYMBOLS = YES;\n"),
                ExampleFile("App/ContentView.swift", "import SwiftUI\n"),
                ExampleFile(
                    "App/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"OK\" : { \"extractionState\" : \"manual\" },\n    ↓\"Ok\" : { \"extractionState\" : \"manual\" },\n    ↓\"×%lld\" : { \"extractionState\" : \"manual\" }\n  },\n  \"version\" : \"1.1\"\n}\n"
                ),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("App.xcodeproj/project.pbxproj", "STRING_CATALOG_GENERATE_SYMBOLS = YES;\n"),
                ExampleFile("App/ContentView.swift", "import SwiftUI\n"),
                ExampleFile(
                    "App/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"OK\" : { \"extractionState\" : \"manual\" },\n    \"Ok\" : { \"extractionState\" : \"manual\", \"generatesSymbol\" : false },\n    \"×%lld\" : { }\n  },\n  \"version\" : \"1.1\"\n}\n"
                ),
            ]),
            RuleExample([
                ExampleFile("App/ContentView.swift", "import SwiftUI\n"),
                ExampleFile(
                    "App/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"OK\" : { \"extractionState\" : \"manual\" },\n    \"Ok\" : { \"extractionState\" : \"manual\" }\n  },\n  \"version\" : \"1.0\"\n}\n"
                ),
            ]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        guard let setting = context.project.stringSymbols else { return [] }
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // A catalog paired with a storyboard (mul.lproj) gets no symbols, nor does a package's.
            guard file.folder == nil, context.project.packageTarget(of: file.path) == nil else { continue }
            var owners: [String: String] = [:]
            for entry in catalog.entries where entry.extractionState == "manual" && entry.generatesSymbol != false {
                let message: Finding.Message
                switch SymbolName.derive(entry.key) {
                case .unknown: continue
                case .none: message = .noSymbolName(key: entry.key, setting: setting)
                case .reserved(let name): message = .reservedSymbolName(key: entry.key, name: name, setting: setting)
                case .name(let name):
                    guard let owner = owners[name] else {
                        owners[name] = entry.key
                        continue
                    }
                    message = .sameSymbol(key: entry.key, other: owner, name: name, setting: setting)
                }
                result.append(finding(message, path: file.path, at: entry.keyLocation, key: entry.key, table: file.tableID))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func because(_ setting: StringSymbolSetting) -> String {
        "\(setting.settingFile) sets STRING_CATALOG_GENERATE_SYMBOLS = YES, which generates symbols in a target with Swift sources such as \(setting.swiftSource)"
    }

    fileprivate static func noSymbolName(key: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' is added by hand and has no letter or digit outside its format specifiers, so Xcode cannot name its Swift symbol: the build of such a target stops with 'Unable to derive a symbol name from this key.' (\(because(setting)))"
    }

    fileprivate static func reservedSymbolName(key: String, name: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' is added by hand and its Swift symbol would be '\(name)', too close to a member Swift gives every type ('Type', 'Protocol', 'self'): the build of such a target stops with 'This key is too close to a reserved keyword in Swift' (\(because(setting)))"
    }

    fileprivate static func sameSymbol(key: String, other: String, name: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' and '\(other)' are added by hand and both become the Swift symbol '\(name)': the build of such a target stops with 'This string key would generate the same symbol as \"\(other)\"' (\(because(setting)))"
    }
}
