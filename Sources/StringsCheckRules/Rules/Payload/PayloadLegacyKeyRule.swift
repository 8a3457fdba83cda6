import LocalizationFormats
import LocalizationIndex

/// An alert key Apple's current payload reference no longer lists.
struct PayloadLegacyKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-legacy-key", name: "Legacy alert key", area: .payload,
        summary: "'action-loc-key', which Apple's current payload reference no longer lists",
        rationale:
            "'action-loc-key' named the button of the alert panel iOS showed before version 10 ('Close' and the localized action). Apple's current reference of the alert dictionary ('Generating a remote notification') no longer lists it; only the archived Payload Key Reference does, and notifications today show no such button: actions come from the notification's category. Its key is still cross-checked in every locale while it stays.",
        fix:
            "Remove 'action-loc-key'; give the notification a category with actions (UNNotificationCategory) instead. The fix-it removes the member from a template with `fix --unsafe` only: devices before iOS 10 still read it.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"action-loc-key\": \"VIEW\"}}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\"}, \"category\": \"MESSAGE\"}}\n")],
        fixIt: FixItExample(
            before: payloadExample("{\"aps\": {\"alert\": {\n  \"action-loc-key\": \"VIEW\",\n  \"body\": \"Hi\"\n}}}\n"),
            after: ["payloads/push.json": "{\"aps\": {\"alert\": {\n  \"body\": \"Hi\"\n}}}\n"], unsafe: true))

    static let reads: Set<IndexPart> = [.templateBytes]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for file in context.templateFiles {
            for payload in file.payloads {
                guard let field = payload.alert.actionLocKey else { continue }
                var found = payloadFinding(payload, .legacyKey(field.name), at: field.keyLocation, part: .action, field: .key)
                if let lines = file.lines, let fixIt = Self.removal(at: field.keyLocation, lines, path: payload.path) {
                    found.diagnostic.fixIts = [fixIt]
                }
                result.append(found)
            }
        }
        return result
    }

    /// The unsafe fix-it: the member cut with the comma that separates it.
    static func removal(at keyLocation: SourcePosition, _ lines: LineTable, path: String) -> FixIt? {
        guard let keyStart = lines.offset(of: keyLocation), let range = JSONSpan.memberRemoval(in: lines.bytes, keyStart: keyStart)
        else { return nil }
        return FixIt(
            message: Finding.Message.removeTheKey.text, path: path, start: lines.location(ofByte: range.lowerBound),
            end: lines.location(ofByte: range.upperBound), replacement: "",
            original: String(decoding: lines.bytes[range], as: UTF8.self), unsafe: true)
    }
}

extension Finding.Message {
    /// The fix-it.
    fileprivate static let removeTheKey: Finding.Message = "remove 'action-loc-key' (devices before iOS 10 lose the button's title)"

    fileprivate static func legacyKey(_ key: String) -> Finding.Message {
        "'\(key)' is no longer in Apple's payload reference: it named the alert panel's button before iOS 10, and notifications now take their actions from their category"
    }
}
