import LocalizationFormats
import LocalizationIndex

/// `summary-arg` and `summary-arg-count`, which iOS ignores since iOS 15.
struct PayloadSummaryArgRule: Rule {
    static let description = RuleDescription(
        id: "payload-summary-arg", name: "summary-arg is ignored", area: .payload,
        summary: "'summary-arg' or 'summary-arg-count' in the alert",
        rationale:
            "The SDK marks UNNotificationContent's summaryArgument as ignored from iOS 15 on; the grouped summary it fed is no longer shown.",
        fix: "Remove the keys; use 'thread-id' to group notifications.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"summary-arg\": \"Anna\"}}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\"}, \"thread-id\": \"chat\"}}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.templatePayloads.flatMap { payload in
            (payload.alertNode?.object ?? []).filter { $0.key == "summary-arg" || $0.key == "summary-arg-count" }.map { member in
                payloadFinding(payload, .ignoredSinceIOS15(key: member.key), at: member.keyLocation)
            }
        }
    }
}

extension Finding.Message {
    fileprivate static func ignoredSinceIOS15(key: String) -> Finding.Message { "'\(key)' is ignored since iOS 15" }
}
