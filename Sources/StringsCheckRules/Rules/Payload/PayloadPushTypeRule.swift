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
                    result.append(
                        payloadFinding(
                            payload,
                            .unknownPushType(
                                declared.name, value: text, suggestion: suggestion(for: text, among: known), known: known),
                            at: declared.value.location))
                } else if declared.value.string == nil {
                    result.append(
                        payloadFinding(
                            payload, .pushTypeNotString(declared.name, found: declared.value.typeNameWithArticle),
                            at: declared.value.location))
                }
            }
            let (type, origin) = context.pushType(of: payload)
            let at = payload.payload.object?.last { $0.key == "aps" }?.keyLocation ?? payload.payload.location
            // A type read from the content alone may be a fragment, not a push meant to be sent
            // as that type: what it lacks is a warning until the template or the configuration
            // names its type.
            for problem in problems(payload, type: type) {
                var finding = payloadFinding(payload, .doesNotFitPushType(type, origin: origin, problem: problem), at: at)
                if origin == .content { finding.diagnostic.severity = .warning }
                result.append(finding)
            }
            if type == .mdm, payload.aps != nil {
                var finding = payloadFinding(payload, .mdmPushWithAps, at: at)
                finding.diagnostic.severity = .warning
                result.append(finding)
            }
        }
        return result
    }

    /// What the payload lacks for its type, each as the end of a sentence.
    private func problems(_ payload: PushPayload, type: PushType) -> [Finding.Message] {
        let aps = payload.aps
        let has = { (key: String) in aps?[key] != nil }
        if aps == nil, PayloadSchema.aps(for: type) != nil {
            return [.hasNoAps]
        }
        switch type {
        case .background:
            // A value other than 1 is payload-key-type's to report.
            return has("content-available") ? [] : [.hasNoContentAvailable]
        case .widgets, .controls:
            return has("content-changed") ? [] : [.hasNoContentChanged]
        case .liveactivity:
            var missing: [String] = []
            if !has("event") { missing.append("event") }
            if !has("timestamp") { missing.append("timestamp") }
            let event = aps?["event"]?.string
            if !has("content-state"), event != "end" { missing.append("content-state") }
            if event == "start" {
                if !has("attributes-type") { missing.append("attributes-type") }
                if !has("attributes") { missing.append("attributes") }
                if !has("alert") { missing.append("alert") }
            }
            var result: [Finding.Message] = []
            if !missing.isEmpty {
                result.append(.liveActivityLacks(missing, starting: event == "start"))
            }
            if event != nil, event != "start" {
                let startOnly = ["attributes-type", "attributes", "input-push-token", "input-push-channel"].filter(has)
                if !startOnly.isEmpty {
                    result.append(.hasStartOnlyKeys(startOnly))
                }
            }
            return result
        default:
            return []
        }
    }
}

extension Finding.Message {
    /// A declared push type APNs does not know, with the closest known one when there is one.
    fileprivate static func unknownPushType(_ field: String, value: String, suggestion: String?, known: [String]) -> Finding.Message {
        "'\(field)' is '\(value)', which is not an apns-push-type\(suggestion.map { "; did you mean '\($0)'?" } ?? "") (known: \(known.joined(separator: ", ")))"
    }

    fileprivate static func pushTypeNotString(_ field: String, found: String) -> Finding.Message {
        "'\(field)' must be a string naming the push type, found \(found)"
    }

    /// What a payload lacks for its push type; `problem` is the end of the sentence.
    fileprivate static func doesNotFitPushType(_ type: PushType, origin: PushTypeOrigin, problem: Finding.Message) -> Finding.Message {
        "this \(type.title) (\(origin.phrase)) \(problem.text)"
    }

    fileprivate static let mdmPushWithAps: Finding.Message =
        "an MDM push is only {\"mdm\": PushMagic}; Apple's MDM documentation says not to include an 'aps' key"

    fileprivate static let hasNoAps: Finding.Message = "has no 'aps' dictionary, so the device has nothing to show or do"

    fileprivate static let hasNoContentAvailable: Finding.Message =
        "has no 'content-available': 1, so the app is not woken and nothing happens"

    fileprivate static let hasNoContentChanged: Finding.Message = "has no 'content-changed': true, so WidgetKit reloads nothing"

    /// The `aps` keys a Live Activity push lacks, for one that starts the activity or updates it.
    fileprivate static func liveActivityLacks(_ keys: [String], starting: Bool) -> Finding.Message {
        let described = keys.map { key in
            switch key {
            case "event": "'event' (start, update or end)"
            case "timestamp": "'timestamp' (seconds since 1970)"
            case "alert": "an 'alert'"
            default: "'\(key)'"
            }
        }
        return "lacks \(listing(described)); ActivityKit \(starting ? "does not start the Live Activity" : "ignores the update")"
    }

    /// Keys only a push that starts a Live Activity reads, in one that does not.
    fileprivate static func hasStartOnlyKeys(_ keys: [String]) -> Finding.Message {
        "has \(listing(keys.map { "'\($0)'" })), which only a push that starts a Live Activity ('event': 'start') reads"
    }
}
