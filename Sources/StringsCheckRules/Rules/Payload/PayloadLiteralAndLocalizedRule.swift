import LocalizationFormats
import LocalizationIndex

/// A literal text and a loc-key for the same part of the alert.
struct PayloadLiteralAndLocalizedRule: Rule {
    static let description = RuleDescription(
        id: "payload-literal-and-localized", name: "Both a text and a loc-key", area: .payload,
        summary: "an alert with both 'body' and 'loc-key' (or 'title' and 'title-loc-key', 'subtitle' and 'subtitle-loc-key')",
        rationale:
            "Which one iOS shows is not documented: libraries disagree (apns4ex#15 says the literal wins, AppleApnPush#62 that it is a fallback). A template should say one thing.",
        fix: "Keep the loc-key (the text is then localized) and drop the literal, or the other way round.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"loc-key\": \"greeting\"}}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"title\": \"Hi\", \"loc-key\": \"greeting\"}}}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            let alert = payload.alert
            for (part, literal, key, _) in alert.parts {
                guard let literal, let key, literal.name != "alert" else { continue }
                result.append(
                    payloadFinding(
                        payload, .literalAndLocalized(literal: literal.name, key: key.name), at: key.keyLocation, part: part, field: .key,
                        notes: [DiagnosticNote(.literalIsHere(literal.name), path: payload.path, location: literal.keyLocation)]))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func literalAndLocalized(literal: String, key: String) -> Finding.Message {
        "'\(literal)' and '\(key)' are both given; which one iOS shows is not documented"
    }

    fileprivate static func literalIsHere(_ literal: String) -> Finding.Message { "'\(literal)' is here" }
}
