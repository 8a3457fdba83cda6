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
            // Declared an alert push, so the Live Activity's key is ignored.
            payloadExample("{\"aps\": {\"alert\": \"Hi\", ↓\"content-state\": {}}, \"stringscheck-push-type\": \"alert\"}\n"),
        ],
        nonTriggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": 1}, \"link_url\": \"https://example.com\"}\n"),
            // WidgetKit's push to reload widgets.
            payloadExample("{\"aps\": {\"content-changed\": true}}\n"),
            // A Live Activity's alert carries its sound.
            payloadExample(
                "{\"aps\": {\"timestamp\": 1700000000, \"event\": \"update\", \"content-state\": {\"score\": 2}, \"alert\": {\"title\": \"Goal\", \"body\": \"2–1\", \"sound\": \"goal.aiff\"}}}\n"
            ),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            let (type, origin) = context.pushType(of: payload)
            if let known = PayloadSchema.aps(for: type) {
                for member in payload.aps?.object ?? [] where known[member.key] == nil {
                    let message = unknown(
                        member.key, in: "aps", known: known, others: PayloadSchema.alert(for: type) ?? [:], type: type, origin: origin)
                    result.append(payloadFinding(payload, message, at: member.keyLocation))
                }
            }
            if let known = PayloadSchema.alert(for: type) {
                for member in payload.alertNode?.object ?? [] where known[member.key] == nil {
                    let message = unknown(
                        member.key, in: "alert", known: known, others: PayloadSchema.aps(for: type) ?? [:], type: type, origin: origin)
                    let written = payload.alert.field(named: member.key)
                    result.append(payloadFinding(payload, message, at: member.keyLocation, part: written?.part, field: written?.field))
                }
            }
        }
        return result
    }

    private func unknown(
        _ key: String, in container: String, known: [String: PayloadSchema.Expected], others: [String: PayloadSchema.Expected],
        type: PushType,
        origin: PushTypeOrigin
    ) -> Finding.Message {
        if container == "aps", let other = PayloadSchema.otherType(reading: key, besides: type) {
            return .keyOfOtherPushType(key, readBy: other, type: type, origin: origin)
        }
        if let hint = suggestion(for: key, among: Array(known.keys)) {
            return .unknownKey(key, in: container, suggestion: hint)
        }
        if others[key] != nil {
            return .keyInWrongContainer(key, in: container, belongsIn: container == "alert" ? "aps" : "alert")
        }
        return .customKeyInContainer(key, in: container)
    }
}

extension Finding.Message {
    /// An `aps` key that another push type reads, in a payload of `type`.
    fileprivate static func keyOfOtherPushType(_ key: String, readBy other: PushType, type: PushType, origin: PushTypeOrigin)
        -> Finding.Message
    {
        "'\(key)' is read by \(other.titleWithArticle), but this is \(type.titleWithArticle) (\(origin.phrase)), which ignores it"
    }

    /// An unknown key close to a known one (`suggestion`).
    fileprivate static func unknownKey(_ key: String, in container: String, suggestion: String) -> Finding.Message {
        "APNs ignores '\(key)' in '\(container)'; did you mean '\(suggestion)'?"
    }

    /// A key of 'alert' put in 'aps', or the other way round.
    fileprivate static func keyInWrongContainer(_ key: String, in container: String, belongsIn other: String) -> Finding.Message {
        "APNs ignores '\(key)' in '\(container)'; it belongs in '\(other)'"
    }

    fileprivate static func customKeyInContainer(_ key: String, in container: String) -> Finding.Message {
        "APNs ignores '\(key)' in '\(container)'; custom keys belong beside 'aps'"
    }
}
