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
            for (part, _, _, arguments) in payload.alert.parts {
                guard let field = arguments else { continue }
                guard let items = field.value.array else {
                    result.append(
                        payloadFinding(
                            payload, .locArgsNotArray(field.name, found: field.value.typeNameWithArticle), at: field.value.location,
                            part: part, field: .arguments))
                    continue
                }
                let wrong = items.indices.filter { items[$0].string == nil }
                for index in wrong.prefix(PerTextLimit.limit) {
                    let item = items[index]
                    result.append(
                        payloadFinding(
                            payload,
                            .itemNotString(
                                number: index + 1, of: field.name, found: item.typeNameWithArticle, excerpt: item.minified.excerpt),
                            at: item.location, part: part, field: .arguments))
                }
                if wrong.count > PerTextLimit.limit {
                    result.append(
                        payloadFinding(
                            payload, .moreItemsNotStrings(field.name, count: wrong.count - PerTextLimit.limit), at: field.value.location,
                            part: part, field: .arguments))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func locArgsNotArray(_ field: String, found: String) -> Finding.Message {
        "'\(field)' must be an array of strings, found \(found)"
    }

    /// Item `number` (from 1) of a loc-args array, which is no string; `excerpt` is it as JSON.
    fileprivate static func itemNotString(number: Int, of field: String, found: String, excerpt: String) -> Finding.Message {
        "item \(number) of '\(field)' is \(found); loc-args are substituted as strings, so send \"\(excerpt)\""
    }

    /// How many more items of `field` are no strings, past the ones reported one by one.
    fileprivate static func moreItemsNotStrings(_ field: String, count: Int) -> Finding.Message {
        "'\(field)': \(remainder(extra: count, what: "items that are no strings").text)"
    }
}
