import LocalizationFormats
import LocalizationIndex

/// An XLIFF `<file>` without a `target-language`.
struct XliffMissingTargetLanguageRule: Rule {
    static let description = RuleDescription(
        id: "xliff-missing-target-language", name: "XLIFF file without a target language", area: .xliff,
        summary: "an XLIFF <file> with no target-language attribute, so no import can tell which language its translations are",
        rationale:
            "Xcode's import reads the language of a `<file>`'s translations from its `target-language` attribute and rejects a file without one, since it cannot tell the locale (Mozilla's Focus for iOS hit this with files from its translation platform, mozilla-mobile/focus-ios#2258, and now checks for the attribute before every import). None of the file's translations reach the app.",
        fix:
            "Add target-language=\"LOCALE\" to the <file> element (translation platforms have a setting for it), or export the file again.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile(
                    "de.xliff",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"1.2\">\n  ↓<file original=\"App/en.lproj/Localizable.strings\" source-language=\"en\" datatype=\"plaintext\">\n    <body>\n      <trans-unit id=\"done\"><source>Done</source><target>Fertig</target></trans-unit>\n    </body>\n  </file>\n</xliff>\n"
                )
            ])
        ],
        nonTriggering: [xliffExample(xliffUnit("done", source: "Done", target: "Fertig"))])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for export in context.project.exports {
            for (index, file) in export.document.files.enumerated() where file.targetLanguage == nil && file.kind != .other {
                let translated = file.units.filter { $0.target != nil }.count
                result.append(
                    finding(
                        .noTargetLanguage(original: file.original, translations: translated),
                        path: export.document.path, at: file.location, table: export.tableIDs[index]))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func noTargetLanguage(original: String, translations: Int) -> Finding.Message {
        let lost = translations == 1 ? "its one translation does not arrive" : "none of its \(translations) translations arrive"
        return "'\(original)' has no target-language: Xcode rejects a file whose language it cannot tell, so \(lost)"
    }
}
