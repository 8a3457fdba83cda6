import LocalizationFormats
import LocalizationIndex

/// At most `limit` findings of one rule in one text. Past that the rest are only counted, and one
/// last finding at the text says how many: a text with thousands of bad specifiers neither floods
/// the report nor costs a walk of the text for each position.
struct PerTextLimit {
    static let limit = 20
    private var counts: [Int: Int] = [:]

    /// True while `message` (an index into `RuleContext.texts`) is under the limit; counts it.
    mutating func admit(_ message: Int) -> Bool {
        counts[message, default: 0] += 1
        return counts[message, default: 0] <= Self.limit
    }

    /// One finding per text that went past the limit, naming how many more there are of `what`.
    func overflow(_ rule: some Rule, _ context: RuleContext, what: String) -> [Finding] {
        counts.keys.sorted().compactMap { index in
            guard let count = counts[index], count > Self.limit else { return nil }
            let message = context.texts[index]
            return rule.finding(
                .overflow(subject: message.subject, locale: message.locale, extra: count - Self.limit, what: what),
                path: message.path, at: message.location, key: message.key, locale: message.locale, table: message.table)
        }
    }
}

extension Finding.Message {
    /// "N more <what>, besides the 20 shown".
    static func remainder(extra: Int, what: String) -> Finding.Message {
        "\(extra) more \(what), besides the \(PerTextLimit.limit) shown"
    }

    /// The last finding of a text that went past the limit: how many more of `what` it has.
    static func overflow(subject: String, locale: String, extra: Int, what: String) -> Finding.Message {
        "\(subject) in '\(locale)': \(remainder(extra: extra, what: what).text)"
    }
}
