import Foundation
import LocalizationFormats
import StringsCheckRules
import TestSupport
import Testing

/// When a table's texts are formatted: never (the app's own placeholders), when the call passes
/// arguments (the default), always (SwiftGen's accessors), each from evidence in the tree.
@Suite struct TableFormattingTests {
    static func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formatting-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func lines(_ root: String, configuration: Configuration = Configuration()) async -> [String] {
        let project = await ProjectLoader.load(roots: [root])
        let result = await RuleEngine.run(project: project, configuration: configuration)
        return result.findings.filter { $0.diagnostic.id != "incomplete-locale" }.map {
            "\(String($0.diagnostic.path.dropFirst(root.count + 1))) \($0.diagnostic.severity.rawValue) \($0.diagnostic.id): \($0.diagnostic.message)"
                + $0.diagnostic.notes.map { " | " + $0.message }.joined()
        }
    }

    static let swiftGen = [
        "swiftgen.yml":
            "strings:\n  inputs: App/en.lproj\n  outputs:\n    - templateName: structured-swift5\n      output: App/Generated/Strings.swift\n",
        "App/Generated/Strings.swift": """
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
        internal enum L10n {
          internal static let battery = L10n.tr("Localizable", "battery", fallback: "Charge level %")
        }
        extension L10n {
          private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
            let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
            return String(format: format, locale: Locale.current, arguments: args)
          }
        }

        """,
        "App/en.lproj/Localizable.strings": "\"battery\" = \"Charge level %\";\n\"items\" = \"%d items\";\n",
        "App/de.lproj/Localizable.strings": "\"battery\" = \"Ladestand %\";\n\"items\" = \"%d Elemente\";\n",
    ]

    @Test func swiftGenAccessorsFormatEveryTextSoALonePercentIsABug() async throws {
        let root = try Self.tree(Self.swiftGen)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let evidence =
            "this table's texts are formatted even without arguments: SwiftGen's \(root)/App/Generated/Strings.swift passes every text through String(format:), arguments or not"
        #expect(
            await Self.lines(root) == [
                "App/de.lproj/Localizable.strings error format-invalid-specifier: a '%' at the end of the string disappears when the string is formatted; write '%%' for a percent sign (in 'battery') | \(evidence)",
                "App/en.lproj/Localizable.strings error format-invalid-specifier: a '%' at the end of the string disappears when the string is formatted; write '%%' for a percent sign (in 'battery') | \(evidence)",
            ])
        let project = await ProjectLoader.load(roots: [root])
        #expect(TableUsageDetector.detect(project).first { $0.key.hasSuffix("App/Localizable") }?.value.formatting == .always)
    }

    @Test func aTemplateThatFormatsOnlyWithArgumentsIsNotAlways() async throws {
        var files = Self.swiftGen
        files["App/Generated/Strings.swift"] = files["App/Generated/Strings.swift"]?.replacingOccurrences(
            of: "return String(format:", with: "return args.isEmpty ? format : String(format:")
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(await Self.lines(root) == [])
    }

    @Test func theAppsOwnPlaceholdersAreNeverFormatted() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"items\" = \"%0 items\";\n\"new\" = \"%0 new songs\";\n\"from\" = \"From %0 to %1.\";\n"),
            (
                "de.lproj/Localizable.strings",
                "\"items\" = \"%0 Elemente\";\n\"new\" = \"%0 neue Lieder\";\n\"from\" = \"Von %0 bis %1.\";\n"
            ),
        ]
        #expect(await UsageModelTests.lines(files) == [])
        let usage = TableUsageDetector.detect(Check.project(files))["Localizable"]
        #expect(usage?.usage == .text && usage?.formatting == .never)
        #expect(
            usage?.reason
                == "3 of its development texts use placeholders of the app's own ('%0') and none a printf specifier: the app replaces them itself and never formats the texts"
        )
        // One printf specifier in the development texts: the table is formatted, '%n' is read.
        let mixed = [("en.lproj/Localizable.strings", "\"new\" = \"%0 new songs\";\n\"size\" = \"%1 of %2\";\n\"n\" = \"%d items\";\n")]
        #expect(TableUsageDetector.detect(Check.project(mixed))["Localizable"]?.usage == .format)
        #expect(await UsageModelTests.lines(mixed).contains { $0.hasPrefix("error format-count-specifier") })
    }

    @Test func aTranslationThatAddsAPercentIsAWarningWhereNothingShowsHowTheTableIsFormatted() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"charge\" = \"Charge level\";\n\"sale\" = \"50% off\";\n"),
            ("fr.lproj/Localizable.strings", "\"charge\" = \"Niveau de charge %\";\n\"sale\" = \"50 % de réduction\";\n"),
        ]
        // The base's own '50% off' is shown as written unless formatted; the translation of a
        // text without '%' that adds one is the warning.
        #expect(
            await UsageModelTests.lines(files) == [
                "warning format-invalid-specifier: a '%' at the end of the string disappears when the string is formatted; write '%%' for a percent sign (in 'charge')"
            ])
    }

    @Test func theConfigurationSetsHowATableIsFormatted() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"charge\" = \"Charge level %\";\n"),
            ("de.lproj/Localizable.strings", "\"charge\" = \"Ladestand %\";\n"),
        ]
        let always = await UsageModelTests.lines(files, configuration: "tables:\n  Localizable: { formatted: always }\n")
        #expect(always.count == 2 && always.allSatisfy { $0.hasPrefix("error format-invalid-specifier") })
        let configuration = Check.configuration("tables:\n  Localizable: { formatted: never }\n")
        var options = configuration.indexOptions
        options.tableUsagesSource = "the test"
        let never = TableUsageDetector.detect(Check.project(files), formatting: options.tableFormatting, overrideSource: "the test")
        #expect(never["Localizable"]?.usage == .text && never["Localizable"]?.reason == "never formatted, set in the test")
    }
}

/// What a key a translation lacks shows: the raw key, the key's own text, or the development
/// text through the app's fallback.
@Suite struct MissingKeyFallbackTests {
    static let files = [
        ("en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n\"done\" = \"Done\";\n"),
        ("de.lproj/Localizable.strings", "\"done\" = \"Fertig\";\n"),
    ]

    @Test func withoutAFallbackUsersSeeTheRawKey() async {
        #expect(
            await UsageModelTests.lines(Self.files) == [
                "warning missing-translation: 'settings.title' is missing from de (every translation); users of that locale see the raw key (their table lacks it and Foundation returns the key), unless the code passes 'value:' or the app falls back itself ('fallback: development')"
            ])
    }

    @Test func theConfigurationsFallbackShowsTheDevelopmentText() async {
        #expect(
            await UsageModelTests.lines(Self.files, configuration: "fallback: development\n") == [
                "warning missing-translation: 'settings.title' is missing from de (every translation); users of that locale see the development language's text untranslated, through the app's own fallback to the development language ('fallback: development' in the configuration)"
            ])
    }

    @Test func swiftGenPassesTheDevelopmentTextAsValue() async throws {
        var files = TableFormattingTests.swiftGen
        files["App/de.lproj/Localizable.strings"] = "\"battery\" = \"Ladestand %%\";\n"
        let root = try TableFormattingTests.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lines = await TableFormattingTests.lines(root).filter { $0.contains("missing-translation") }
        #expect(
            lines == [
                "App/en.lproj/Localizable.strings warning missing-translation: 'items' is missing from de (every translation); users of that locale see the development language's text untranslated, through SwiftGen's \(root)/App/Generated/Strings.swift, which passes the development text as the lookup's 'value:'"
            ])
    }
}
