import LocalizationFormats
import LocalizationIndex

/// A `.stringsdict` file with one plural entry `files` in `locale`, forms as given.
func pluralExample(locale: String, forms: [(String, String)], marker: String? = nil) -> RuleExample {
    var body = "<key>NSStringLocalizedFormatKey</key>\n<string>%#@n@</string>\n\(marker == "variable" ? "↓" : "")<key>n</key>\n<dict>\n"
    body += "<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n"
    body += "<key>NSStringFormatValueTypeKey</key>\n<string>d</string>\n"
    for (name, text) in forms { body += "\(marker == name ? "↓" : "")<key>\(name)</key>\n<string>\(text)</string>\n" }
    body += "</dict>\n"
    return RuleExample([
        ExampleFile(
            "\(locale).lproj/Localizable.stringsdict",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n\(body)</dict>\n</dict>\n</plist>\n"
        )
    ])
}
