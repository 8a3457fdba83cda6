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
        let texts = context.texts
        let list = context.stringsdictTexts
        // The list positions each entry's uses were read from, by key, in the file being read (a
        // file's texts stand together in the list): an entry written again later in its file
        // (Foundation reads the last) is compared with the uses of the first. Positions rather
        // than the uses themselves, as nearly every entry is written once.
        struct Reads {
            var first: Range<Int>
            /// Ranges of later definitions (nearly always none: no array is made).
            var more: [Range<Int>] = []
            var all: [Range<Int>] { [first] + more }
        }
        var path = ""
        var keysOfPath: [String: Reads] = [:]
        /// Each argument's first use in the entry, and the text it is in.
        var entryUses: [Int: (ArgumentUse, LocalizedText)] = [:]
        func uses(at position: Int) -> (LocalizedText, [(key: Int, value: ArgumentUse)]) {
            let message = texts[list[position]]
            return (message, message.argumentUses(index: list[position]).filter { !$0.value.isVariable })
        }
        var start = 0
        var previousSource: TextSource?
        while start < list.count {
            // An entry's texts (its permutations) stand together.
            let source = texts.source(at: list[start])
            if source !== previousSource, source.path != path {
                path = source.path
                keysOfPath.removeAll(keepingCapacity: true)
            }
            previousSource = source
            let key = texts.key(at: list[start])
            var end = start + 1
            var alike = true
            while end < list.count {
                // Forms of one usual entry are records of it: told apart without reading keys.
                if !texts.areRecordsOfOneEntry(list[start], list[end]) {
                    let next = texts.source(at: list[end])
                    guard next === source || next.path == path, texts.key(at: list[end]) == key else { break }
                }
                if alike && !texts.sharesShape(list[start], list[end]) { alike = false }
                end += 1
            }
            let earlier = keysOfPath[key]
            // Texts that read alike cannot disagree, and one text's uses never do: the first
            // one's uses are all the others would add, kept for a later entry of the same key.
            if earlier == nil && alike {
                keysOfPath[key] = Reads(first: start..<start + 1)
                start = end
                continue
            }
            // The uses of the entry's earlier texts, read again (their findings are made).
            entryUses.removeAll(keepingCapacity: true)
            for range in earlier?.all ?? [] {
                for position in range {
                    let (message, found) = uses(at: position)
                    for (argument, use) in found where entryUses[argument] == nil { entryUses[argument] = (use, message) }
                }
            }
            // Alike texts after an earlier entry with no uses: as above, the first one's uses.
            let last = entryUses.isEmpty && alike ? start + 1 : end
            for position in start..<last {
                let (message, found) = uses(at: position)
                for (argument, use) in found {
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
            if var reads = earlier {
                reads.more.append(start..<last)
                keysOfPath[key] = reads
            } else {
                keysOfPath[key] = Reads(first: start..<last)
            }
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
