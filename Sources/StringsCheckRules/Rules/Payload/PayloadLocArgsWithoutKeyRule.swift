import LocalizationFormats
import LocalizationIndex

/// `*-loc-args` given without the `*-loc-key` they belong to.
struct PayloadLocArgsWithoutKeyRule: Rule {
    static let description = RuleDescription(
        id: "payload-loc-args-without-key", name: "loc-args without its loc-key", area: .payload,
        summary: "'title-loc-args', 'subtitle-loc-args' or 'loc-args' without the matching '*-loc-key'",
        rationale:
            "Arguments are only substituted into a localized format; without the key they have no effect, so the values the backend meant to show never appear (Easemob's documentation says the same of its em_push_*_loc_args).",
        fix: "Add the matching loc-key, or remove the arguments.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": {\"body\": \"Hi\", ↓\"loc-args\": [\"Anna\"]}}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"Anna\"]}}}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            let alert = payload.alert
            for (part, _, key, arguments) in alert.parts {
                guard let arguments, key == nil else { continue }
                // Easemob's names, and a Live Activity's "title.loc-args", name their own key.
                let name =
                    payload.dialect == .easemob
                    ? arguments.name.replacingOccurrences(of: "_args", with: "_key")
                    : arguments.name.contains(".") ? arguments.name.replacingOccurrences(of: "loc-args", with: "loc-key") : part.apnsKeyName
                result.append(
                    payloadFinding(
                        payload, .argumentsWithoutKey(arguments.name, key: name), at: arguments.keyLocation, part: part, field: .arguments))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func argumentsWithoutKey(_ arguments: String, key: String) -> Finding.Message {
        "'\(arguments)' has no effect without '\(key)'"
    }
}
