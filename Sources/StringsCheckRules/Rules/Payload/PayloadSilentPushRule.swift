import LocalizationFormats
import LocalizationIndex

/// A background (silent) push that also alerts, plays a sound or sets the badge.
struct PayloadSilentPushRule: Rule {
    static let description = RuleDescription(
        id: "payload-silent-push", name: "Silent push that is not silent", area: .payload,
        summary: "'content-available': 1 together with 'alert', 'sound' or 'badge'",
        rationale:
            "A background update must carry only 'content-available': 1 (and custom keys). With an alert, sound or badge it is a visible notification: it has to be sent with the 'alert' push type and priority, and is throttled and delivered differently from what the backend intends.",
        fix: "Send two notifications (a silent one and a visible one), or drop 'content-available' if the push is meant to be seen.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {↓\"content-available\": 1, \"alert\": \"New messages\"}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"content-available\": 1}, \"sync\": \"inbox\"}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.templatePayloads.compactMap { payload in
            guard let members = payload.aps?.object, let flag = members.last(where: { $0.key == "content-available" }),
                case .number(let value) = flag.value.value, Double(value) == 1
            else { return nil }
            let visible = members.map(\.key).filter { ["alert", "sound", "badge"].contains($0) }
            guard !visible.isEmpty else { return nil }
            return payloadFinding(payload, .silentPushIsVisible(keys: visible), at: flag.keyLocation)
        }
    }
}

extension Finding.Message {
    /// A silent push with `keys` ('alert', 'sound', 'badge') that make it visible.
    fileprivate static func silentPushIsVisible(keys: [String]) -> Finding.Message {
        "'content-available': 1 marks a silent background push, but it also has \(listing(keys.map { "'\($0)'" })); it is delivered as a visible notification"
    }
}
