import LocalizationFormats
import LocalizationIndex

/// A template that is not a payload, or whose `aps` or `alert` has the wrong shape.
struct PayloadStructureRule: Rule {
    static let description = RuleDescription(
        id: "payload-invalid-structure", name: "Not a push payload", area: .payload,
        summary: "a template that holds no payload stringscheck knows, or whose 'aps' or 'alert' has the wrong type",
        rationale:
            "APNs refuses a payload without an 'aps' dictionary, and iOS shows nothing for an 'alert' that is neither a string nor a dictionary. A template in an unknown shape would silently escape every other check, so it is reported once.",
        fix:
            "Make the file an APNs payload ({\"aps\": …}), an FCM message (message.apns.payload), an Easemob message (ext.em_apns_ext), an array of payloads or an object of named payloads.",
        defaultSeverity: .error,
        triggering: [
            payloadExample("↓{\"notification\": {\"title\": \"Hi\"}}\n"),
            payloadExample("{\"aps\": {\"alert\": ↓[\"Hi\"]}}\n"),
            payloadExample("{\"aps\": ↓\"Hi\"}\n"),
        ],
        nonTriggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\"}}\n"),
            payloadExample("{\"message\": {\"apns\": {\"payload\": {\"aps\": {\"alert\": {\"body\": \"Hi\"}}}}}}\n"),
            payloadExample("[{\"aps\": {\"alert\": \"Hi\"}}, {\"aps\": {\"badge\": 1}}]\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads where payload.dialect != .easemob {
            guard let aps = payload.aps else { continue }
            guard aps.object != nil else {
                result.append(payloadFinding(payload, .apsNotDictionary(found: aps.typeNameWithArticle), at: aps.location))
                continue
            }
            if let alert = payload.alertNode, alert.string == nil, alert.object == nil {
                result.append(
                    payloadFinding(payload, .alertNotStringOrDictionary(found: alert.typeNameWithArticle), at: alert.location))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func apsNotDictionary(found: String) -> Finding.Message { "'aps' must be a dictionary, found \(found)" }

    fileprivate static func alertNotStringOrDictionary(found: String) -> Finding.Message {
        "'alert' must be a string (the body) or a dictionary, found \(found)"
    }
}
