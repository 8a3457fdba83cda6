import LocalizationFormats
import LocalizationIndex

/// A locale's format that takes more or fewer arguments than the payload's loc-args give.
struct PayloadArgumentCountRule: Rule {
    static let description = RuleDescription(
        id: "payload-argument-count", name: "loc-args count differs from the format", area: .payload,
        summary: "a locale's text for a payload key that takes more arguments than the '*-loc-args' give (error) or fewer (warning)",
        rationale:
            "iOS substitutes loc-args into each locale's format. With too few, the missing '%@' prints '(null)' or garbage, in that language only, where nobody on the backend team looks; with too many, the extra values are silently dropped.",
        fix:
            "Give as many loc-args as the format takes in every locale, or fix the translation's specifiers (the notes show each locale's text).",
        defaultSeverity: .error,
        triggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": \"shipped\", \"loc-args\": ↓[\"A-1\"]}}}\n",
                strings: [
                    ("en", "\"shipped\" = \"Order %1$@ ships with %2$@\";\n"), ("de", "\"shipped\" = \"Bestellung %1$@ mit %2$@\";\n"),
                ])
        ],
        nonTriggering: [
            payloadExample(
                "{\"aps\": {\"alert\": {\"loc-key\": \"shipped\", \"loc-args\": [\"A-1\", \"{{carrier}}\"]}}}\n",
                strings: [("en", "\"shipped\" = \"Order %1$@ ships with %2$@\";\n"), ("de", "\"shipped\" = \"%2$@ bringt %1$@\";\n")])
        ])

    static let reads: Set<IndexPart> = [.payloadLookups]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for lookup in context.payloadLookups(ruleID: Self.description.id) {
            if let code = lookup.payload.code, lookup.argumentsField == nil {
                if let note = uncounted(lookup, code) { result.append(note) }
                continue
            }
            let given = lookup.givenArguments
            // Most templates fit every locale; looking first spares copying each locale's entry.
            guard lookup.mayTakeOtherThan(given),
                lookup.locales.contains(where: { $0.string != nil && ($0.format.map { $0.argumentCount != given } ?? false) })
            else { continue }
            var byCount: [Int: [(String, LocalizedString)]] = [:]
            for (locale, string, format) in lookup.locales {
                guard let string, let format else { continue }
                let needed = format.argumentCount
                if needed != given { byCount[needed, default: []].append((locale, string)) }
            }
            for (needed, items) in byCount.sorted(by: { $0.key > $1.key }) {
                let locales = items.map(\.0)
                let argumentsName = lookup.argumentsField?.name ?? lookup.keyField.name.replacingOccurrences(of: "key", with: "args")
                var finding = payloadFinding(
                    lookup.payload,
                    needed > given
                        ? .tooFewArguments(
                            key: lookup.key, needed: needed, locales: listing(locales), argumentsName: argumentsName, given: given)
                        : .tooManyArguments(
                            key: lookup.key, needed: needed, locales: listing(locales), argumentsName: argumentsName, given: given),
                    at: lookup.argumentsLocation, part: lookup.part, field: lookup.argumentsField == nil ? .key : .arguments,
                    key: lookup.key,
                    locales: locales, notes: items.prefix(5).map { lookup.note($0.0, $0.1) })
                if needed < given { finding.diagnostic.severity = .warning }
                result.append(finding)
            }
        }
        return result
    }

    /// A key found in code whose arguments cannot be counted (built while the program runs, or
    /// not found beside it): a note saying how many each locale takes, never a guess.
    func uncounted(_ lookup: PayloadKeyLookup, _ code: CodeOrigin) -> Finding? {
        var byCount: [Int: [String]] = [:]
        for (locale, string, format) in lookup.locales {
            guard string != nil, let format else { continue }
            byCount[format.argumentCount, default: []].append(locale)
        }
        guard let most = byCount.keys.max(), most > 0 else { return nil }
        let counts = byCount.sorted { $0.key > $1.key }.map { count, locales in
            Finding.Message.argumentCount(count, in: byCount.count == 1 ? nil : listing(locales))
        }
        let message: Finding.Message
        if let runtime = code.runtimeArguments {
            message = .argumentsBuiltAtRuntime(key: lookup.key, counts: counts, arguments: runtime.name)
        } else {
            message = .argumentsNotFoundInCode(key: lookup.key, counts: counts)
        }
        var finding = payloadFinding(
            lookup.payload, message, at: code.runtimeArguments?.value.location ?? lookup.keyField.value.location,
            part: code.runtimeArguments == nil ? lookup.part : nil, field: code.runtimeArguments == nil ? .key : nil, key: lookup.key)
        finding.diagnostic.severity = .note
        return finding
    }
}

extension Finding.Message {
    fileprivate static func tooFewArguments(key: String, needed: Int, locales: String, argumentsName: String, given: Int)
        -> Finding.Message
    {
        "'\(key)' takes \(needed) argument\(needed == 1 ? "" : "s") in \(locales) but '\(argumentsName)' gives \(given); the missing ones show as '(null)' or garbage"
    }

    fileprivate static func tooManyArguments(key: String, needed: Int, locales: String, argumentsName: String, given: Int)
        -> Finding.Message
    {
        "'\(key)' takes \(needed) argument\(needed == 1 ? "" : "s") in \(locales) but '\(argumentsName)' gives \(given); the extra ones are not shown"
    }

    /// How many arguments a key takes in `locales`, or in every locale when nil.
    fileprivate static func argumentCount(_ count: Int, in locales: String?) -> String {
        "\(count) argument\(count == 1 ? "" : "s") in \(locales ?? "every locale")"
    }

    fileprivate static func argumentsBuiltAtRuntime(key: String, counts: [String], arguments: String) -> Finding.Message {
        "'\(key)' takes \(counts.joined(separator: ", ")); its arguments ('\(arguments)') are built while the program runs, so their count is not checked here"
    }

    fileprivate static func argumentsNotFoundInCode(key: String, counts: [String]) -> Finding.Message {
        "'\(key)' takes \(counts.joined(separator: ", ")); no arguments were found beside it in the code, so their count is not checked here"
    }
}
