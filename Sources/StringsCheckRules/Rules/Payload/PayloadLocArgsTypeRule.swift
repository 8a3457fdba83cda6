import LocalizationFormats
import LocalizationIndex

/// `*-loc-args` that is not an array of strings.
struct PayloadLocArgsTypeRule: Rule {
    static let description = RuleDescription(
        id: "payload-loc-args-type", name: "loc-args not an array of strings", area: .payload,
        summary: "a '*-loc-args' value that is not an array of strings",
        rationale:
            "iOS substitutes loc-args as strings into '%@'. A number inside the array, or a single string instead of an array, is not substituted as the backend expects: the text shows '(null)' or the alert is dropped.",
        fix: "Send an array of strings: \"loc-args\": [\"Anna\", \"3\"].",
        defaultSeverity: .error,
        triggering: [
            payloadExample("{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"Anna\", ↓3]}}}\n"),
            payloadExample("{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": ↓\"Anna\"}}}\n"),
        ],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": {\"loc-key\": \"k\", \"loc-args\": [\"Anna\", \"3\"]}}}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for payload in context.templatePayloads {
            for field in [payload.alert.titleLocArgs, payload.alert.subtitleLocArgs, payload.alert.locArgs].compactMap({ $0 }) {
                guard let items = field.value.array else {
                    result.append(
                        payloadFinding(
                            payload, "'\(field.name)' must be an array of strings, found \(field.value.typeNameWithArticle)",
                            at: field.value.location))
                    continue
                }
                let wrong = items.indices.filter { items[$0].string == nil }
                for index in wrong.prefix(PerTextLimit.limit) {
                    let item = items[index]
                    result.append(
                        payloadFinding(
                            payload,
                            "item \(index + 1) of '\(field.name)' is \(item.typeNameWithArticle); loc-args are substituted as strings, so send \"\(item.minified.excerpt)\"",
                            at: item.location))
                }
                if wrong.count > PerTextLimit.limit {
                    result.append(
                        payloadFinding(
                            payload,
                            "'\(field.name)': \(PerTextLimit.remainder(wrong.count - PerTextLimit.limit, "items that are no strings"))",
                            at: field.value.location))
                }
            }
        }
        return result
    }
}
