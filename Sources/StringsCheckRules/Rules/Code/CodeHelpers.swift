import LocalizationFormats
import LocalizationIndex

/// A key found in code, with the table it was looked for in, for messages.
func describe(_ lookup: CodeKeyLookup) -> String {
    let key = lookup.use.interpolated ? lookup.use.key.replacingOccurrences(of: "\u{1}", with: "\\(…)") : lookup.use.key
    return "'\(key)' (\(lookup.use.construct))"
}

/// A Swift or Objective-C file that looks keys up, beside its table, for code rule examples.
func codeExample(_ code: String, path: String = "App/View.swift", strings: [(locale: String, text: String)]) -> RuleExample {
    RuleExample([ExampleFile(path, code)] + strings.map { ExampleFile("App/\($0.locale).lproj/Localizable.strings", $0.text) })
}
