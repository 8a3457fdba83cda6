import LocalizationFormats
import LocalizationIndex

/// A payload template beside a `Localizable.strings` per locale, for payload rule examples.
func payloadExample(_ json: String, strings: [(locale: String, text: String)] = [], path: String = "payloads/push.json")
    -> RuleExample
{
    RuleExample([ExampleFile(path, json)] + strings.map { ExampleFile("\($0.locale).lproj/Localizable.strings", $0.text) })
}

/// A finding at a JSON position (the key or the value), with the payload's name in the message,
/// about the payload or, with `part`, one part's `field`.
extension Rule {
    func payloadFinding(
        _ payload: PushPayload, _ message: Finding.Message, at location: SourcePosition?, part: PushAlertPart? = nil,
        field: PayloadPartField? = nil, key: String? = nil, locale: String? = nil, locales: [String] = [], notes: [DiagnosticNote] = []
    ) -> Finding {
        // A finding about one locale names it as `locale` too, so a script can filter on it.
        var found = finding(
            .inPayload(named: payload.name, message), path: payload.path, at: location, key: key,
            locale: locale ?? (locales.count == 1 ? locales.first : nil), locales: locales, notes: notes)
        found.payload = payload.place(part, field)
        return found
    }
}

extension PayloadKeyLookup {
    /// A note that shows the key's text in `locale`.
    func note(_ locale: String, _ string: LocalizedString) -> DiagnosticNote {
        DiagnosticNote(.localeText(locale: locale, key: key, text: string.value ?? ""), path: string.path, location: string.location)
    }
}

extension Finding.Message {
    fileprivate static func localeText(locale: String, key: String, text: String) -> Finding.Message {
        "the '\(locale)' text of '\(key)' is '\(text.excerpt)'"
    }

    /// A message about one payload of a file of several, named first ("'[2]': …").
    fileprivate static func inPayload(named name: String?, _ message: Finding.Message) -> Finding.Message {
        Finding.Message((name.map { "'\($0)': " } ?? "") + message.text)
    }
}

/// What a template value looks like when it is filled at send time: `{{name}}`, `${name}`, `%s`.
func isPlaceholder(_ text: String) -> Bool {
    (text.hasPrefix("{{") && text.hasSuffix("}}")) || (text.hasPrefix("${") && text.hasSuffix("}")) || text == "%s" || text == "%@"
}
