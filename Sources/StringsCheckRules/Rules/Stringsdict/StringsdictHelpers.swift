import Foundation
import LocalizationFormats
import LocalizationIndex

extension RuleContext {
    /// Calls `body` with every `.stringsdict` format entry of a localized file, its file and its
    /// locale, all read in place: a sequence of (file, locale, entry) copied the file and the
    /// entry, a retain of each of their strings, for every entry of every rule that read them.
    /// The entry is handed over as a pointer into its file's entries (valid during the call):
    /// handed over as a value, it was copied for each call, most of a simple rule's time.
    func forEachStringsdictEntry(_ body: (_ file: ResourceFile, _ locale: String, _ entry: UnsafePointer<StringsdictEntry>) -> Void) {
        require(.stringsdictEntries)
        project.files.withUnsafeBufferPointer { files in
            for index in files.indices {
                guard case .stringsdict(let parsed) = files[index].content, let locale = files[index].locale else { continue }
                let file = files[index]
                parsed.entries.withUnsafeBufferPointer { entries in
                    guard let base = entries.baseAddress else { return }
                    for entry in entries.indices { body(file, locale, base + entry) }
                }
            }
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
