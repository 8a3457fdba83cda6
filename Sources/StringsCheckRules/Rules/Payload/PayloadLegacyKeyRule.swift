import LocalizationFormats
import LocalizationIndex

/// An alert key Apple's current payload reference no longer lists.
struct PayloadLegacyKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-legacy-key", name: "Legacy alert key", area: .payload,
        summary: "'action-loc-key', which Apple's current payload reference no longer lists",
        rationale:
            "'action-loc-key' named the button of the alert panel iOS showed before version 10 ('Close' and the localized action). Apple's current reference of the alert dictionary ('Generating a remote notification') no longer lists it; only the archived Payload Key Reference does, and notifications today show no such button: actions come from the notification's category. Its key is still cross-checked in every locale while it stays.",
        fix: "Remove 'action-loc-key'; give the notification a category with actions (UNNotificationCategory) instead.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"action-loc-key\": \"VIEW\"}}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\"}, \"category\": \"MESSAGE\"}}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.templatePayloads.compactMap { payload in
            guard let field = payload.alert.actionLocKey else { return nil }
            return payloadFinding(payload, .legacyKey(field.name), at: field.keyLocation, part: .action, field: .key)
        }
    }
}

extension Finding.Message {
    fileprivate static func legacyKey(_ key: String) -> Finding.Message {
        "'\(key)' is no longer in Apple's payload reference: it named the alert panel's button before iOS 10, and notifications now take their actions from their category"
    }
}
