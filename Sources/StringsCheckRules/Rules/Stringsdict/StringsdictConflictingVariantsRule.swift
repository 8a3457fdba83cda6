import LocalizationFormats
import LocalizationIndex

/// Two permutations of one `.stringsdict` entry that read the same argument as different types.
struct StringsdictConflictingVariantsRule: Rule {
    static let description = RuleDescription(
        id: "stringsdict-conflicting-variants", name: "Forms disagree on an argument", area: .stringsdict,
        summary: "two forms of one .stringsdict entry that read the same argument with different types",
        rationale:
            "The app passes one list of arguments whatever form is chosen. If the 'one' form reads argument 2 as a number and the 'other' form reads it as text, one of them prints garbage or crashes for some counts.",
        fix: "Use the same specifier for the argument in every form, with `n$` positions when forms order the arguments differently.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                stringsdictExample(
                    format: "%#@n@", valueType: "d", variants: [("one", "%1$d file in %2$@"), ("other", "↓%1$d files in %2$d")])
            ])
        ],
        nonTriggering: [
            RuleExample([
                stringsdictExample(
                    format: "%#@n@", valueType: "d", variants: [("one", "%1$d file in %2$@"), ("other", "%1$d files in %2$@")])
            ])
        ])

    static let reads: Set<IndexPart> = [.texts]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        // One entry: its file and its key (a pair, not a joined string to allocate per message).
        struct EntryID: Hashable {
            let path: String
            let key: String
        }
        var firstUse: [EntryID: [Int: (ArgumentUse, LocalizedText)]] = [:]
        // An entry's permutations come one after another: its first uses are looked up once for
        // the run, not hashed by path and key for every permutation.
        var entry: EntryID?
        var entryUses: [Int: (ArgumentUse, LocalizedText)] = [:]
        for index in context.stringsdictTexts {
            let message = context.texts[index]
            let path = message.path
            let key = message.key
            if entry?.path != path || entry?.key != key {
                if let entry { firstUse[entry] = entryUses }
                let next = EntryID(path: path, key: key)
                entryUses = firstUse[next] ?? [:]
                entry = next
            }
            // A variable's own number is checked against its value type by stringsdict-value-type-mismatch.
            // (An argument list is in argument order already.)
            let uses = message.argumentUses(index: index).filter { !$0.value.isVariable }
            for (argument, use) in uses {
                guard let (earlier, earlierMessage) = entryUses[argument] else {
                    entryUses[argument] = (use, message)
                    continue
                }
                guard earlier.signature != use.signature else { continue }
                result.append(
                    finding(
                        .formsDisagree(
                            argument: argument, key: message.key, specifier: use.text, form: message.label, earlierSpecifier: earlier.text,
                            earlierForm: earlierMessage.label),
                        path: message.path, at: message.position(ofScalar: use.offset), key: message.key, locale: message.locale,
                        table: message.table,
                        notes: [
                            DiagnosticNote(
                                .specifierHere(earlier.text), path: earlierMessage.path,
                                location: earlierMessage.position(ofScalar: earlier.offset))
                        ]))
            }
        }
        // Each conflicting form is reported once per place, not once per permutation.
        var seen: Set<String> = []
        return result.filter { seen.insert("\($0.diagnostic.path)|\($0.diagnostic.location?.description ?? "")|\($0.key ?? "")").inserted }
    }
}

extension Finding.Message {
    /// Two forms (named by their labels, when known) that read `argument` with different specifiers.
    fileprivate static func formsDisagree(
        argument: Int, key: String, specifier: String, form: String?, earlierSpecifier: String, earlierForm: String?
    ) -> Finding.Message {
        "argument \(argument) of '\(key)' is '\(specifier)' in \(form ?? "one form") but '\(earlierSpecifier)' in \(earlierForm ?? "another"); the forms must agree"
    }

    fileprivate static func specifierHere(_ specifier: String) -> Finding.Message { "'\(specifier.excerpt)' is here" }
}
