import LocalizationFormats

extension RuleContext {
    /// Every payload of every template, in file order.
    public var payloads: [PushPayload] { project.payloadFiles.flatMap(\.payloads) }
}

/// A payload template beside a `Localizable.strings` per locale, for payload rule examples.
func payloadExample(_ json: String, strings: [(locale: String, text: String)] = [], path: String = "payloads/push.json")
    -> RuleExample
{
    RuleExample([ExampleFile(path, json)] + strings.map { ExampleFile("\($0.locale).lproj/Localizable.strings", $0.text) })
}

/// A finding at a JSON position (the key or the value), with the payload's name in the message.
extension Rule {
    func payloadFinding(
        _ payload: PushPayload, _ message: String, at location: SourcePosition?, key: String? = nil,
        locale: String? = nil, notes: [DiagnosticNote] = []
    ) -> Finding {
        finding(
            (payload.name.map { "'\($0)': " } ?? "") + message, path: payload.path, at: location, key: key, locale: locale, notes: notes)
    }
}

/// What a template value looks like when it is filled at send time: `{{name}}`, `${name}`, `%s`.
func isPlaceholder(_ text: String) -> Bool {
    (text.hasPrefix("{{") && text.hasSuffix("}}")) || (text.hasPrefix("${") && text.hasSuffix("}")) || text == "%s" || text == "%@"
}

/// The Localizable table a payload's keys are looked up in: among bundles with a `Localizable`
/// table, the one whose base table has most of the keys (ties: the shortest bundle path).
public func payloadTable(_ context: RuleContext, keys: [String]) -> String? {
    let name = context.settings.payloadTable
    let candidates = context.tables.keys.filter { $0 == name || $0.hasSuffix("/" + name) }
    return candidates.max { a, b in
        let scoreA = keys.filter { context.baseTable(a)?.strings[$0] != nil }.count
        let scoreB = keys.filter { context.baseTable(b)?.strings[$0] != nil }.count
        return scoreA != scoreB ? scoreA < scoreB : a.count > b.count
    }
}
