import LocalizationFormats
import LocalizationIndex

/// A literal text and a loc-key for the same part of the alert.
struct PayloadLiteralAndLocalizedRule: Rule {
    static let description = RuleDescription(
        id: "payload-literal-and-localized", name: "Both a text and a loc-key", area: .payload,
        summary: "an alert with both 'body' and 'loc-key' (or 'title' and 'title-loc-key', 'subtitle' and 'subtitle-loc-key')",
        rationale:
            "For APNs and FCM, which one iOS shows is not documented: libraries disagree (apns4ex#15 says the literal wins, AppleApnPush#62 that it is a fallback), so a template should say one thing. Easemob documents the pair as deliberate: an app whose table has the loc-key shows its localized text, and an app (an older version) that lacks the key shows `em_push_content` (Easemob's iOS push documentation, 'em_apns_ext': \"an app without configured loc-key will display\" the custom text); that is a note saying what each app shows.",
        fix: "Keep the loc-key (the text is then localized) and drop the literal, or the other way round.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"loc-key\": \"greeting\"}}}\n")],
        nonTriggering: [
            payloadExample("{\"aps\": {\"alert\": {\"title\": \"Hi\", \"loc-key\": \"greeting\"}}}\n")
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            let alert = payload.alert
            for (part, literal, key, _) in alert.parts {
                guard let literal, let key, literal.name != "alert" else { continue }
                let notes = [DiagnosticNote(.literalIsHere(literal.name), path: payload.path, location: literal.keyLocation)]
                guard payload.dialect != .easemob else {
                    // Documented: the literal is what apps without the key show.
                    var note = payloadFinding(
                        payload, .easemobFallback(literal: literal.name, key: key.name, value: key.value.string ?? ""), at: key.keyLocation,
                        part: part, field: .key, notes: notes)
                    note.diagnostic.severity = .note
                    result.append(note)
                    continue
                }
                result.append(
                    payloadFinding(
                        payload, .literalAndLocalized(literal: literal.name, key: key.name), at: key.keyLocation, part: part, field: .key,
                        notes: notes))
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

    /// Easemob's documented pair: the localized text where the app has the key, else the literal.
    fileprivate static func easemobFallback(literal: String, key: String, value: String) -> Finding.Message {
        "'\(literal)' beside '\(key)' is Easemob's documented fallback: an app whose table has '\(value)' shows its localized text, and an app without it (an older version) shows the '\(literal)' text"
    }
}
