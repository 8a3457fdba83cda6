import LocalizationFormats
import LocalizationIndex

/// A known `aps` or `alert` key with a value of the wrong type or range.
struct PayloadKeyTypeRule: Rule {
    static let description = RuleDescription(
        id: "payload-key-type", name: "Payload value of the wrong type", area: .payload,
        summary: "an 'aps' or 'alert' key whose value has the wrong type or is out of range ('badge': \"3\", a critical 'volume' of 2)",
        rationale:
            "APNs and iOS ignore a value of the wrong type without telling anyone: a badge of \"3\" shows no badge, 'content-available': true wakes nothing, an 'interruption-level' spelled wrong falls back to 'active'.",
        fix:
            "Use the type Apple documents: numbers for badge, timestamps and scores; 1 for content-available and mutable-content; one of the listed words for enumerations.",
        defaultSeverity: .error,
        triggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\", \"badge\": ↓\"3\"}}\n"),
            payloadExample("{\"aps\": {\"content-available\": ↓true}}\n"),
            payloadExample("{\"aps\": {\"alert\": \"Hi\", \"sound\": {\"critical\": 1, \"name\": \"alarm.caf\", \"volume\": ↓1.5}}}\n"),
            payloadExample("{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": ↓\"urgent\"}}\n"),
            payloadExample("{\"aps\": {\"alert\": \"Hi\", \"relevance-score\": ↓100}}\n"),
            payloadExample("{\"aps\": {\"event\": \"update\", \"timestamp\": ↓1700000000000, \"content-state\": {}}}\n"),
        ],
        nonTriggering: [
            payloadExample(
                "{\"aps\": {\"alert\": \"Hi\", \"badge\": 3, \"sound\": {\"critical\": 1, \"name\": \"alarm.caf\", \"volume\": 0.8}, \"interruption-level\": \"time-sensitive\", \"relevance-score\": 0.5}}\n"
            ),
            // A Live Activity ranks by any relevance score.
            payloadExample(
                "{\"aps\": {\"event\": \"update\", \"timestamp\": 1700000000, \"content-state\": {}, \"relevance-score\": 100}}\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            let type = context.pushType(of: payload).type
            let apsKeys = PayloadSchema.aps(for: type) ?? [:]
            let alertKeys = PayloadSchema.alert(for: type) ?? [:]
            for member in payload.aps?.object ?? [] {
                guard let expected = apsKeys[member.key] else { continue }
                if let problem = PayloadSchema.problem(member.value, expected) {
                    result.append(payloadFinding(payload, .invalidValue(key: member.key, problem: problem), at: member.value.location))
                }
                if member.key == "sound" {
                    for field in member.value.object ?? [] {
                        guard let expected = PayloadSchema.sound[field.key], let problem = PayloadSchema.problem(field.value, expected)
                        else { continue }
                        result.append(
                            payloadFinding(payload, .invalidValue(key: "sound.\(field.key)", problem: problem), at: field.value.location))
                    }
                }
            }
            // The loc-args arrays have their own rule, payload-loc-args-type.
            for member in payload.alertNode?.object ?? [] where !member.key.hasSuffix("loc-args") {
                guard let expected = alertKeys[member.key], let problem = PayloadSchema.problem(member.value, expected) else {
                    continue
                }
                let message: Finding.Message =
                    type != .liveactivity && (member.key == "title" || member.key == "body") && member.value["loc-key"] != nil
                    ? .liveActivityFormOfAlertText(
                        key: "alert.\(member.key)", problem: problem, pushType: type,
                        locKey: member.key == "title" ? "title-loc-key" : "loc-key")
                    : .invalidValue(key: "alert.\(member.key)", problem: problem)
                let written = payload.alert.field(named: member.key)
                result.append(payloadFinding(payload, message, at: member.value.location, part: written?.part, field: written?.field))
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A value that does not fit its key; `problem` is `PayloadSchema.problem(_:_:)`.
    fileprivate static func invalidValue(key: String, problem: Finding.Message) -> Finding.Message {
        "'\(key)' \(problem.text)"
    }

    /// A loc-key dictionary in an alert's title or body, which only a Live Activity reads.
    fileprivate static func liveActivityFormOfAlertText(key: String, problem: Finding.Message, pushType: PushType, locKey: String)
        -> Finding.Message
    {
        "'\(key)' \(problem.text) (a dictionary with 'loc-key' is a Live Activity's form; \(pushType.titleWithArticle) uses '\(locKey)')"
    }
}
