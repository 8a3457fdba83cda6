import Foundation
import LocalizationFormats
import LocalizationIndex

extension RuleContext {
    /// Every `.stringsdict` format entry with its file and locale, produced as it is read: an
    /// array of them copied the file into every element, in every rule that read them.
    var stringsdictEntries: some Sequence<(file: ResourceFile, locale: String, entry: StringsdictEntry)> {
        project.files.lazy.flatMap { file in
            let entries: [StringsdictEntry]
            let locale = file.locale ?? ""
            if case .stringsdict(let parsed) = file.content, file.locale != nil { entries = parsed.entries } else { entries = [] }
            return entries.lazy.map { (file: file, locale: locale, entry: $0) }
        }
    }
}

/// A `.stringsdict` example file: `files` → format, with one plural variable `n`. A marker in the
/// format or a form moves to the start of its line, where findings about it are reported.
func stringsdictExample(format: String, valueType: String = "d", variants: [(String, String)], locale: String = "en") -> ExampleFile {
    func marked(_ text: String) -> (String, String) {
        text.contains(ExampleFile.marker)
            ? (String(ExampleFile.marker), text.replacingOccurrences(of: String(ExampleFile.marker), with: "")) : ("", text)
    }
    let (formatMarker, formatText) = marked(format)
    var body = "<key>NSStringLocalizedFormatKey</key>\n\(formatMarker)<string>\(formatText)</string>\n<key>n</key>\n<dict>\n"
    body += "<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n"
    body += "<key>NSStringFormatValueTypeKey</key>\n<string>\(valueType)</string>\n"
    for (name, text) in variants {
        let (marker, plain) = marked(text)
        body += "\(marker)<key>\(name)</key>\n<string>\(plain)</string>\n"
    }
    body += "</dict>\n"
    return ExampleFile(
        "\(locale).lproj/Localizable.stringsdict",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>files</key>\n<dict>\n\(body)</dict>\n</dict>\n</plist>\n"
    )
}
