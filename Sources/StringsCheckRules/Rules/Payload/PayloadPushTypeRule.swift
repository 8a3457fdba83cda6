import LocalizationFormats
import LocalizationIndex

/// A payload that lacks what its push type needs, or declares a push type APNs does not have.
struct PayloadPushTypeRule: Rule {
    static let description = RuleDescription(
        id: "payload-push-type", name: "Payload does not fit its push type", area: .payload,
        summary:
            "a payload without the keys its push type needs (a Live Activity's 'event' and 'timestamp', a background push's 'content-available'), or a declared push type APNs does not know",
        rationale:
            "Each apns-push-type is read by a different part of the system, and each needs its own keys: ActivityKit drops a Live Activity update without 'event', 'timestamp' or 'content-state' and cannot start one without 'attributes-type', 'attributes' and an 'alert'; a background push without 'content-available': 1 wakes nothing; WidgetKit reloads only for 'content-changed'; an MDM push is only {\"mdm\": …}. The type comes from the template (an FCM message's apns.headers, or \"stringscheck-push-type\" beside 'aps'), from 'push_types' in the configuration (glob: type), from a file name with 'voip', or else from the payload's content; a type inferred from the content makes what is missing a warning (the template may be a fragment), a declared or configured type an error.",
        fix: "Add the keys the push type needs, or declare the type the payload is meant to be.",
        defaultSeverity: .error,
        triggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\"}, \"stringscheck-push-type\": ↓\"alerts\"}\n"),
            payloadExample("{↓\"aps\": {\"timestamp\": 1700000000, \"content-state\": {\"score\": 1}}}\n"),
            payloadExample("{↓\"aps\": {\"event\": \"start\", \"timestamp\": 1700000000, \"content-state\": {\"score\": 0}}}\n"),
            payloadExample("{↓\"aps\": {}, \"stringscheck-push-type\": \"background\", \"sync\": \"inbox\"}\n"),
            payloadExample(
                "{\"message\": {\"apns\": {\"headers\": {\"apns-push-type\": \"widgets\"}, \"payload\": {↓\"aps\": {\"content-available\": 1}}}}}\n"
            ),
        ],
        nonTriggering: [
            payloadExample("{\"aps\": {\"content-available\": 1}, \"sync\": \"inbox\"}\n"),
            payloadExample("{\"aps\": {\"event\": \"update\", \"timestamp\": 1700000000, \"content-state\": {\"score\": 1}}}\n"),
            payloadExample(
                "{\"aps\": {\"event\": \"start\", \"timestamp\": 1700000000, \"content-state\": {\"score\": 0}, \"attributes-type\": \"MatchAttributes\", \"attributes\": {\"home\": \"A\"}, \"alert\": {\"title\": \"Kick-off\", \"body\": \"A vs B\"}}}\n"
            ),
            payloadExample("{\"aps\": {\"content-changed\": true}}\n"),
            payloadExample("{\"mdm\": \"0F5B2D0C-9D4A-4C58-8E7A-3C0B0A8E0F11\"}\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads where payload.dialect != .easemob {
            if let declared = payload.declaredPushType {
                if let text = declared.value.string, PushType(rawValue: text) == nil {
                    let known = PushType.allCases.map(\.rawValue)
                    let hint = suggestion(for: text, among: known).map { "; did you mean '\($0)'?" } ?? ""
                    result.append(
                        payloadFinding(
                            payload,
                            "'\(declared.name)' is '\(text)', which is not an apns-push-type\(hint) (known: \(known.joined(separator: ", ")))",
                            at: declared.value.location))
                } else if declared.value.string == nil {
                    result.append(
                        payloadFinding(
                            payload,
                            "'\(declared.name)' must be a string naming the push type, found \(declared.value.typeNameWithArticle)",
                            at: declared.value.location))
                }
            }
            let (type, origin) = context.pushType(of: payload)
            let at = payload.payload.object?.last { $0.key == "aps" }?.keyLocation ?? payload.payload.location
            // A type read from the content alone may be a fragment, not a push meant to be sent
            // as that type: what it lacks is a warning until the template or the configuration
            // names its type.
            for problem in problems(payload, type: type) {
                var finding = payloadFinding(payload, "this \(type.title) (\(origin.phrase)) \(problem)", at: at)
                if origin == .content { finding.diagnostic.severity = .warning }
                result.append(finding)
            }
            if type == .mdm, payload.aps != nil {
                var finding = payloadFinding(
                    payload, "an MDM push is only {\"mdm\": PushMagic}; Apple's MDM documentation says not to include an 'aps' key", at: at)
                finding.diagnostic.severity = .warning
                result.append(finding)
            }
        }
        return result
    }

    /// What the payload lacks for its type, each as the end of a sentence.
    private func problems(_ payload: PushPayload, type: PushType) -> [String] {
        let aps = payload.aps
        let has = { (key: String) in aps?[key] != nil }
        if aps == nil, PayloadSchema.aps(for: type) != nil {
            return ["has no 'aps' dictionary, so the device has nothing to show or do"]
        }
        switch type {
        case .background:
            // A value other than 1 is payload-key-type's to report.
            return has("content-available") ? [] : ["has no 'content-available': 1, so the app is not woken and nothing happens"]
        case .widgets, .controls:
            return has("content-changed") ? [] : ["has no 'content-changed': true, so WidgetKit reloads nothing"]
        case .liveactivity:
            var missing: [String] = []
            if !has("event") { missing.append("'event' (start, update or end)") }
            if !has("timestamp") { missing.append("'timestamp' (seconds since 1970)") }
            let event = aps?["event"]?.string
            if !has("content-state"), event != "end" { missing.append("'content-state'") }
            if event == "start" {
                if !has("attributes-type") { missing.append("'attributes-type'") }
                if !has("attributes") { missing.append("'attributes'") }
                if !has("alert") { missing.append("an 'alert'") }
            }
            var result: [String] = []
            if !missing.isEmpty {
                result.append(
                    "lacks \(listing(missing)); ActivityKit \(event == "start" ? "does not start the Live Activity" : "ignores the update")"
                )
            }
            if event != nil, event != "start" {
                let startOnly = ["attributes-type", "attributes", "input-push-token", "input-push-channel"].filter(has)
                if !startOnly.isEmpty {
                    result.append(
                        "has \(listing(startOnly.map { "'\($0)'" })), which only a push that starts a Live Activity ('event': 'start') reads"
                    )
                }
            }
            return result
        default:
            return []
        }
    }
}
