import LocalizationFormats
import LocalizationIndex

/// Whether a key reads as an identifier (`settings.title`, `SETTINGS_TITLE`, `settingsTitle`)
/// rather than as text in the development language (`Cancel`, `Delete %@?`): shown raw, an
/// identifier is a bug every user sees; text is only untranslated.
func looksLikeIdentifier(_ key: String) -> Bool {
    guard let first = key.first, !key.contains(where: \.isWhitespace) else { return false }
    let shouting = !key.contains(where: \.isLowercase)
    if key.contains("_") { return true }
    // `settings.title`, `SETTINGS.TITLE`; not `Duck.ai` or `Done.`, which read as text.
    if key.contains("."), !key.hasSuffix("."), first.isLowercase || shouting { return true }
    // camelCase after a lower-case word: `settingsTitle`, not `iPad`.
    var lowerRun = 0
    for character in key {
        if character.isUppercase, lowerRun >= 2, first.isLowercase { return true }
        lowerRun = character.isLowercase ? lowerRun + 1 : 0
    }
    return false
}

/// A key found in code, with the table it was looked for in, for messages.
func describe(_ lookup: CodeKeyLookup) -> String {
    let key = lookup.use.interpolated ? lookup.use.key.replacingOccurrences(of: "\u{1}", with: "\\(…)") : lookup.use.key
    return "'\(key)' (\(lookup.use.construct))"
}

/// A Swift or Objective-C file that looks keys up, beside its table, for code rule examples.
func codeExample(_ code: String, path: String = "App/View.swift", strings: [(locale: String, text: String)]) -> RuleExample {
    RuleExample([ExampleFile(path, code)] + strings.map { ExampleFile("App/\($0.locale).lproj/Localizable.strings", $0.text) })
}
