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
        let texts = context.texts
        let list = context.stringsdictTexts
        var start = 0
        while start < list.count {
            // An entry's texts (its permutations) stand together.
            let path = texts.source(at: list[start]).path
            let key = texts.key(at: list[start])
            var end = start + 1
            var alike = true
            while end < list.count, texts.source(at: list[end]).path == path, texts.key(at: list[end]) == key {
                if alike && !texts.sharesShape(list[start], list[end]) { alike = false }
                end += 1
            }
            let entry = EntryID(path: path, key: key)
            var entryUses = firstUse[entry] ?? [:]
            // Texts that read alike cannot disagree: the first one's uses are all the others would
            // add (unless an earlier entry of the same key has set uses to compare with).
            let last = entryUses.isEmpty && alike ? start + 1 : end
            for index in list[start..<last] {
                let message = texts[index]
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
                                argument: argument, key: message.key, specifier: use.text, form: message.label,
                                earlierSpecifier: earlier.text, earlierForm: earlierMessage.label),
                            path: message.path, at: message.position(ofScalar: use.offset), key: message.key, locale: message.locale,
                            table: message.table,
                            notes: [
                                DiagnosticNote(
                                    .specifierHere(earlier.text), path: earlierMessage.path,
                                    location: earlierMessage.position(ofScalar: earlier.offset))
                            ]))
                }
            }
            firstUse[entry] = entryUses
            start = end
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
