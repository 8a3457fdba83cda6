import LocalizationFormats
import LocalizationIndex

/// A payload over (or near) the size APNs accepts.
struct PayloadSizeRule: Rule {
    static let description = RuleDescription(
        id: "payload-too-large", name: "Payload too large", area: .payload,
        summary: "a payload whose minified JSON is over 4096 bytes (5120 for VoIP), or within 10% of it once placeholders are filled",
        rationale:
            "APNs refuses a payload over the limit ('PayloadTooLarge', HTTP 413) and the user gets nothing. Templates grow when placeholders ('{{name}}', '${name}', '%s') are filled, so the worst case counts each placeholder at 64 characters (a warning when only the filled payload is too large, or when it is above 90% of the limit). A template is a VoIP push when its file name contains 'voip', it has \"stringscheck-push-type\": \"voip\" beside 'aps', or 'voip_payloads' in the configuration names it; `--legacy-binary` checks against the legacy binary interface's 2048 bytes; 'placeholder_length' sets the filled length.",
        fix:
            "Shorten the text, move data the app can fetch out of the payload, or send an identifier and let a notification service extension load the rest.",
        defaultSeverity: .error,
        triggering: [payloadExample("↓{\"aps\": {\"alert\": \"Hi\"}, \"data\": \"\(String(repeating: "x", count: 4100))\"}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": \"Hi\"}, \"data\": \"\(String(repeating: "x", count: 2000))\"}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.payloads.compactMap { payload in
            guard payload.dialect != .easemob else { return nil }  // Easemob builds the APNs payload itself
            let voip =
                payload.path.lowercased().contains("voip") || payload.payload["stringscheck-push-type"]?.string == "voip"
                || context.settings.voipPayloads.contains { Glob($0).matchesPath(payload.path) }
            let limit = context.settings.legacyBinaryInterface ? 2048 : (voip ? 5120 : 4096)
            var sent = payload.payload
            if case .object(let members) = sent.value { sent.value = .object(members.filter { $0.key != "stringscheck-push-type" }) }
            let size = sent.minified.utf8.count
            let worst = size + placeholderGrowth(sent, length: context.settings.placeholderLength)
            let kind = voip ? "VoIP push" : "push"
            if size > limit {
                return payloadFinding(
                    payload, "the payload is \(size) bytes minified, over the \(limit) bytes APNs accepts for a \(kind)",
                    at: payload.payload.location)
            }
            guard worst > limit * 9 / 10 else { return nil }
            var result = payloadFinding(
                payload,
                worst > limit
                    ? "the payload is \(size) bytes, but \(worst) once its placeholders are filled (\(context.settings.placeholderLength) characters each), over the \(limit) bytes APNs accepts for a \(kind)"
                    : "the payload is \(worst) bytes with its placeholders filled, above 90% of the \(limit) bytes APNs accepts for a \(kind)",
                at: payload.payload.location)
            result.diagnostic.severity = .warning
            return result
        }
    }

    private func placeholderGrowth(_ node: JSONNode, length: Int) -> Int {
        switch node.value {
        case .string(let text): return isPlaceholder(text) ? max(0, length - text.utf8.count) : 0
        case .array(let items): return items.reduce(0) { $0 + placeholderGrowth($1, length: length) }
        case .object(let members): return members.reduce(0) { $0 + placeholderGrowth($1.value, length: length) }
        default: return 0
        }
    }
}
