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

/// The Swift symbol name Xcode derives from a catalog key, as public generated files show it:
/// format specifiers dropped, the key split into words at every character that is not a letter
/// or digit, the first word's leading capitals lowered and each later word capitalised.
enum SymbolName: Equatable {
    case name(String)
    /// No letter or digit is left: Xcode says it cannot derive a name.
    case none
    /// A name Swift reserves on every type (`Type`, `Protocol`, `self`).
    case reserved(String)
    /// A name that starts with a digit: what Xcode makes of it is not known.
    case unknown

    static let reservedNames: Set = ["type", "protocol", "self"]

    static func derive(_ key: String) -> SymbolName {
        var words: [String] = []
        var word = ""
        var scalars = key.unicodeScalars[...]
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        while let scalar = scalars.popFirst() {
            if scalar == "%" {
                endWord()
                skipSpecifier(&scalars)
                continue
            }
            let character = Character(scalar)
            if character.isLetter || character.isNumber && scalar.properties.numericType == .decimal {
                word.unicodeScalars.append(scalar)
            } else {
                endWord()
            }
        }
        endWord()
        guard let first = words.first else { return .none }
        if first.first?.isNumber == true { return .unknown }
        let leadingCapitals = first.prefix { $0.isUppercase }
        var name = leadingCapitals.lowercased() + first.dropFirst(leadingCapitals.count)
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
        return reservedNames.contains(name.lowercased()) ? .reserved(name) : .name(name)
    }

    /// Skips a format specifier after its `%`: `%%`, `%lld`, `%1$@`, `%#@name@`, `%(count)lld`.
    private static func skipSpecifier(_ scalars: inout Substring.UnicodeScalarView.SubSequence) {
        if scalars.first == "%" {
            scalars.removeFirst()
            return
        }
        if scalars.first == "(" {
            guard let close = scalars.firstIndex(of: ")") else { return }
            scalars = scalars[scalars.index(after: close)...]
        }
        while let next = scalars.first, "0123456789$#-+ '.*hlqLzjt".unicodeScalars.contains(next) {
            scalars.removeFirst()
            if next == "#", scalars.first == "@" {
                scalars.removeFirst()
                guard let end = scalars.firstIndex(of: "@") else { return }
                scalars = scalars[scalars.index(after: end)...]
                return
            }
        }
        if let next = scalars.first, next == "@" || next.properties.isAlphabetic { scalars.removeFirst() }
    }
}

extension Finding.Message {
    fileprivate static func because(_ setting: StringSymbolSetting) -> String {
        "\(setting.settingFile) sets STRING_CATALOG_GENERATE_SYMBOLS = YES and the tree has Swift sources (\(setting.swiftSource))"
    }

    fileprivate static func noSymbolName(key: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' is added by hand and has no letter or digit outside its format specifiers, so Xcode cannot name its Swift symbol: the build stops with 'Unable to derive a symbol name from this key.' (\(because(setting)))"
    }

    fileprivate static func reservedSymbolName(key: String, name: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' is added by hand and its Swift symbol would be '\(name)', a name Swift reserves on every type: the build stops with 'This key is too close to a reserved keyword in Swift' (\(because(setting)))"
    }

    fileprivate static func sameSymbol(key: String, other: String, name: String, setting: StringSymbolSetting) -> Finding.Message {
        "'\(key)' and '\(other)' are added by hand and both become the Swift symbol '\(name)': the build stops with 'This string key would generate the same symbol as \"\(other)\"' (\(because(setting)))"
    }
}
