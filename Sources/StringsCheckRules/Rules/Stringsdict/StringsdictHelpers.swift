import LocalizationFormats

extension RuleContext {
    /// Every `.stringsdict` format entry with its file and locale.
    var stringsdictEntries: [(file: ResourceFile, locale: String, entry: StringsdictEntry)] {
        project.files.flatMap { file -> [(ResourceFile, String, StringsdictEntry)] in
            guard case .stringsdict(let parsed) = file.content, let locale = file.locale else { return [] }
            return parsed.entries.map { (file, locale, $0) }
        }
    }
}

/// A `.stringsdict` example file: `<key>` → format, with one plural variable `n`.
func stringsdictExample(format: String, valueType: String = "d", variants: [(String, String)], locale: String = "en") -> ExampleFile {
    var body = "<key>NSStringLocalizedFormatKey</key>\n<string>\(format)</string>\n<key>n</key>\n<dict>\n"
    body += "<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n"
    body += "<key>NSStringFormatValueTypeKey</key>\n<string>\(valueType)</string>\n"
    for (name, text) in variants { body += "<key>\(name)</key>\n<string>\(text)</string>\n" }
    body += "</dict>\n"
    return ExampleFile(
        "\(locale).lproj/Localizable.stringsdict",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n\(body)</dict>\n</dict>\n</plist>\n")
}
