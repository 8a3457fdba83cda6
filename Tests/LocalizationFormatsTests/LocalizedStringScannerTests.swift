import Foundation
import LocalizationFormats
import Testing

/// The keys Swift and Objective-C code looks up, from fixtures written after Apple's
/// documentation of each API.
struct LocalizedStringScannerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/app-code")

    /// "construct key [table] [=default] [args n]"; a hole in an interpolated key shows as `{}`.
    static func describe(_ file: String, wrappers: [LocalizedStringWrapper] = []) throws -> LocalizedStringUses {
        let language = try #require(CodeLanguage(fileName: file))
        return LocalizedStringScanner.uses(
            in: Array(try Data(contentsOf: fixtures.appendingPathComponent(file))), language: language, wrappers: wrappers)
    }

    static func lines(_ found: LocalizedStringUses) -> [String] {
        found.uses.map { use in
            var line = "\(use.construct) \(use.key.replacingOccurrences(of: "\u{1}", with: "{}"))"
            if let table = use.table { line += " [\(table)]" }
            if let value = use.defaultValue { line += " =\(value)" }
            if let count = use.formatArguments { line += " args \(count)" }
            return line
        }
    }

    @Test func lookupsInsideInterpolationsAreFound() {
        let source = """
            let model = "\\(NSLocalizedString("Model", comment: "")):"
            let total = Text("\\(NSLocalizedString("Total", comment: "")) \\(count)")
            let nested = "\\("\\(String(localized: "deep.key"))")"
            let plain = "\\(count) items"

            """
        let found = LocalizedStringScanner.uses(in: Array(source.utf8), language: .swift)
        #expect(
            Set(Self.lines(found)).isSuperset(of: ["NSLocalizedString Model", "NSLocalizedString Total", "String(localized:) deep.key"]))
        // Each at the position of its key in the file.
        let model = found.uses.first { $0.key == "Model" }
        #expect(model.map { Array(source.utf8)[$0.keyOffset] } == UInt8(ascii: "\""))
        #expect(model.map { String(decoding: Array(source.utf8)[$0.keyOffset..<($0.keyOffset + 7)], as: UTF8.self) } == "\"Model\"")
    }

    @Test func swiftLookupsAndSwiftUIKeys() throws {
        let found = try Self.describe("Views.swift")
        #expect(
            Self.lines(found) == [
                "Text settings.title", "Text settings.subtitle [Settings]", "Text {} posts", "Button settings.save",
                "Label settings.profile", "Toggle settings.sounds", "TextField settings.name.placeholder",
                ".navigationTitle settings.navigation",
                ".alert settings.alert", ".searchable settings.search", "NSLocalizedString legacy.key",
                "NSLocalizedString table.key [Errors] =Something failed", "String(localized:) modern.key [Modern] =Modern default",
                "String(localized:) {} liked your post", "NSLocalizedString inbox.count args 2", ".localizedString bundle.key",
                "SwiftGen's tr swiftgen.key [Localizable] =Generated", "LocalizedStringResource resource.key =Resource",
                "LocalizedStringKey explicit.key",
            ])
        // `NSLocalizedString("error.\(code)")` uses every key starting "error."; `NSLocalizedString(name)`
        // passes the function's parameter on: `lookups(code:name:)` is a wrapper whose `name:` is the key.
        #expect(found.dynamicPrefixes.map(\.prefix) == ["error."])
        #expect(found.dynamicTables == [])
        #expect(found.wrapperDefinitions.map { "\($0.wrapper.name) \($0.wrapper.keyLabel ?? "-")" } == ["lookups name"])
        #expect(found.literals.contains("not.a.key"))
    }

    @Test func objectiveCMacrosAndMessages() throws {
        let found = Self.lines(try Self.describe("Legacy.m"))
        #expect(
            found == [
                "NSLocalizedString objc.key", "NSLocalizedStringFromTable objc.table.key [Errors]",
                "NSLocalizedStringFromTableInBundle objc.bundle.key [Errors]",
                "NSLocalizedStringWithDefaultValue objc.default.key =Default",
                "localizedStringForKey:value:table: objc.message.key [Errors] =",
            ])
    }

    @Test func aConfiguredWrapperTakesItsKeyAndTable() {
        let code = "let a = loc(\"wrapped.key\", table: \"Errors\")\nlet b = loc(\"plain.key\")\n"
        let found = LocalizedStringScanner.uses(
            in: Array(code.utf8), language: .swift, wrappers: [LocalizedStringWrapper(name: "loc", key: 1, tableLabel: "table")])
        #expect(Self.lines(found) == ["loc wrapped.key [Errors]", "loc plain.key"])
    }

    @Test func aNestedObjectiveCMessageIsOneLookup() {
        let code = "[label setText:[[NSBundle mainBundle] localizedStringForKey:@\"k\" value:@\"\" table:nil]];\n"
        let found = LocalizedStringScanner.uses(in: Array(code.utf8), language: .objectiveC)
        #expect(Self.lines(found) == ["localizedStringForKey:value:table: k ="])
    }
}
