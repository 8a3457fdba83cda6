import LocalizationFormats
import LocalizationIndex

/// A payload template beside a `Localizable.strings` per locale, for payload rule examples.
func payloadExample(_ json: String, strings: [(locale: String, text: String)] = [], path: String = "payloads/push.json")
    -> RuleExample
{
    RuleExample([ExampleFile(path, json)] + strings.map { ExampleFile("\($0.locale).lproj/Localizable.strings", $0.text) })
}

/// A finding at a JSON position (the key or the value), with the payload's name in the message.
extension Rule {
    func payloadFinding(
        _ payload: PushPayload, _ message: String, at location: SourcePosition?, key: String? = nil,
        locale: String? = nil, locales: [String] = [], notes: [DiagnosticNote] = []
    ) -> Finding {
        // A finding about one locale names it as `locale` too, so a script can filter on it.
        finding(
            (payload.name.map { "'\($0)': " } ?? "") + message, path: payload.path, at: location, key: key,
            locale: locale ?? (locales.count == 1 ? locales.first : nil), locales: locales, notes: notes)
    }
}

/// What a template value looks like when it is filled at send time: `{{name}}`, `${name}`, `%s`.
func isPlaceholder(_ text: String) -> Bool {
    (text.hasPrefix("{{") && text.hasSuffix("}}")) || (text.hasPrefix("${") && text.hasSuffix("}")) || text == "%s" || text == "%@"
}
