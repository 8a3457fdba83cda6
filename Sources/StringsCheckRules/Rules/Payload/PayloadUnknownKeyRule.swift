import LocalizationFormats
import LocalizationIndex

/// A key inside `aps` or `alert` that APNs does not know.
struct PayloadUnknownKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-unknown-key", name: "Unknown key in aps or alert", area: .payload,
        summary: "a key inside 'aps' or 'alert' that APNs does not know (often a typo or a custom key in the wrong place)",
        rationale:
            "'Any other keys in the aps dictionary are ignored by Apple': a misspelt 'mutable-contents' silently disables the notification service extension, and custom data put inside 'aps' never reaches the app's code the way the backend expects. Custom keys belong beside 'aps'.",
        fix: "Fix the spelling (the message suggests the closest key), or move custom data to the top level beside 'aps'.",
        defaultSeverity: .warning,
        triggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\", ↓\"mutable-contents\": 1}}\n"),
            payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"sound\": \"default\"}}}\n"),
        ],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": 1}, \"link_url\": \"https://example.com\"}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.payloads {
            for member in payload.aps?.object ?? [] where PayloadSchema.aps[member.key] == nil {
                result.append(payloadFinding(payload, unknown(member.key, in: "aps", known: PayloadSchema.aps), at: member.keyLocation))
            }
            for member in payload.alertNode?.object ?? [] where PayloadSchema.alert[member.key] == nil {
                result.append(payloadFinding(payload, unknown(member.key, in: "alert", known: PayloadSchema.alert), at: member.keyLocation))
            }
        }
        return result
    }

    private func unknown(_ key: String, in container: String, known: [String: PayloadSchema.Expected]) -> String {
        let others = container == "alert" ? PayloadSchema.aps : PayloadSchema.alert
        if let hint = suggestion(for: key, among: Array(known.keys)) {
            return "APNs ignores '\(key)' in '\(container)'; did you mean '\(hint)'?"
        }
        if others[key] != nil {
            return "APNs ignores '\(key)' in '\(container)'; it belongs in '\(container == "alert" ? "aps" : "alert")'"
        }
        return "APNs ignores '\(key)' in '\(container)'; custom keys belong beside 'aps'"
    }
}
