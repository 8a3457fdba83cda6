import LocalizationFormats
import LocalizationIndex

/// An `.xcloc` bundle whose XLIFF names another language than the bundle.
struct XclocLanguageMismatchRule: Rule {
    static let description = RuleDescription(
        id: "xcloc-language-mismatch", name: "XLIFF language that disagrees with its .xcloc bundle", area: .xliff,
        summary:
            "an XLIFF file in an .xcloc bundle whose target-language is not the bundle's targetLocale (contents.json) or the locale its name says",
        rationale:
            "An `.xcloc` bundle says its language twice: `targetLocale` in its `contents.json` and its folder name (`de.xcloc`), and its XLIFF file says it again in each `<file>`'s `target-language`. A translation platform that fills a bundle from the wrong language's work, or renames a language on the way back, leaves them disagreeing: one of them is wrong, and the translations may reach the users of another language than they were made for, or a locale the app does not have. Plain XLIFF files are not judged by their folder: platforms name folders their own way.",
        fix:
            "Make the XLIFF's target-language, the bundle's contents.json and its name agree (export the bundle again if unsure which is right).",
        defaultSeverity: .error,
        triggering: [
            xliffExample(
                "", target: "fr", path: "de.xcloc/Localized Contents/de.xliff",
                extra: [
                    ExampleFile(
                        "de.xcloc/contents.json", "{\"developmentRegion\" : \"en\", \"targetLocale\" : \"de\", \"version\" : \"1.0\"}\n")
                ],
                markFile: true)
        ],
        nonTriggering: [
            xliffExample(
                "", target: "de", path: "de.xcloc/Localized Contents/de.xliff",
                extra: [
                    ExampleFile(
                        "de.xcloc/contents.json", "{\"developmentRegion\" : \"en\", \"targetLocale\" : \"de\", \"version\" : \"1.0\"}\n")
                ])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for export in context.project.exports {
            guard let bundle = export.bundle else { continue }
            let expected = bundle.targetLocale ?? bundle.nameLocale
            guard let expected else { continue }
            let said = bundle.targetLocale != nil ? "its contents.json's targetLocale '\(expected)'" : "its name"
            for (index, file) in export.document.files.enumerated() {
                guard let language = file.targetLanguage, LocaleName.normalize(language) != LocaleName.normalize(expected) else { continue }
                result.append(
                    finding(
                        .bundleLanguage(original: file.original, bundle: bundle.path, language: language, expected: expected, said: said),
                        path: export.document.path, at: file.location, locale: LocaleName.normalize(language), table: export.tableIDs[index]
                    ))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func bundleLanguage(original: String, bundle: String, language: String, expected: String, said: String)
        -> Finding.Message
    {
        "'\(original)' in \(bundle) has target-language '\(language)', but the bundle is for '\(expected)' (\(said)): one of them is wrong, and the translations may reach the users of another language than they were made for"
    }
}
