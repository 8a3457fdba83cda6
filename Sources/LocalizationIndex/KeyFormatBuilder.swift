import LocalizationFormats

/// Key formats: what each key's text reads, per table and locale, built from the texts.
extension LocalizedTextBuilder {
    /// Each key's arguments per table and locale. Lookup order decides which texts count:
    /// `.stringsdict` over `.strings`, the `.lproj` files over a catalog, the last `.strings`
    /// definition of a key. Each table's keys are numbered by one locale (`numberingLocale` when
    /// the table has it, else `Base`, else the first), and the other locales share the numbers.
    static func formats(_ batch: TextBatch, numberingLocale: String?) -> [String: [String: TableFormats]] {
        let texts = batch.texts
        func rank(_ origin: LocalizedStringOrigin) -> Int {
            switch origin {
            case .stringsdict: 2
            case .strings: 1
            case .catalog: 0
            }
        }
        // Group by table and locale first, from the runs of texts of one source (a file, or one
        // locale of a catalog) read off the records (no text is touched here), so each text costs
        // one hash of its key instead of three nested lookups. A catalog alternates locales text
        // by text, so it makes a run per text: each source number is matched to its (table,
        // locale) once, then found by number. The runs are found here, not kept by the batch:
        // a large catalog's run per text took a tenth of its index.
        var jobs: [(table: String, locale: String, ranges: [Range<Int>])] = []
        var jobOfPair: [String: [String: Int]] = [:]
        // By source number: -1 not yet seen, -2 a source the app never formats.
        var jobOfSource = [Int](repeating: -1, count: texts.sources.count)
        func job(of number: Int) -> Int {
            if jobOfSource[number] != -1 { return jobOfSource[number] }
            let source = texts.sources[number]
            // Texts the app never formats (labels, InfoPlist values, rule editor templates) have
            // no arguments to compare.
            guard source.usage.isFormatted else {
                jobOfSource[number] = -2
                return -2
            }
            let job = jobOfPair[source.table]?[source.locale] ?? jobs.count
            if job == jobs.count {
                jobs.append((source.table, source.locale, []))
                jobOfPair[source.table, default: [:]][source.locale] = job
            }
            jobOfSource[number] = job
            return job
        }
        // Read outside any closure: `job(of:)` and the lists it writes, captured by one, would be
        // checked for exclusive access at every call.
        let slots = texts.slots
        var start = 0
        while start < slots.count {
            let source = slots[start].source
            var end = start + 1
            while end < slots.count, slots[end].source == source { end += 1 }
            let job = job(of: Int(source))
            if job >= 0 { jobs[job].ranges.append(start..<end) }
            start = end
        }
        // A key's format as its texts arrive: the text of the winning lookup (`.stringsdict` over
        // `.strings` over a catalog, the last `.strings` definition) replaces the earlier ones.
        // Its shape is the number of a text's shape while one text decides it (no hashing), and
        // a merged one of the job's otherwise.
        func update(_ number: Int, with index: Int, in formats: inout PackedFormats) {
            let origin = texts.origin(at: index)
            var packed = formats.numbered[number]
            if !packed.isEmpty {
                let current = texts.origin(at: packed.first)
                if rank(current) > rank(origin) { return }
                if current != origin || origin == .strings {
                    packed = .none
                    if number < formats.moreTexts.count { formats.moreTexts[number] = [] }
                }
            }
            if packed.isEmpty {
                packed.start(index)
            } else {
                // By number, not hashed: a plural's or a substitution's every further form adds one.
                // Made as long as the keys numbered so far at once: grown key by key, the list
                // doubled its room past them (a megabyte more on a large catalog).
                if number >= formats.moreTexts.count {
                    let count = max(number + 1, formats.numbered.count)
                    formats.moreTexts.append(contentsOf: repeatElement([], count: count - formats.moreTexts.count))
                }
                formats.moreTexts[number].append(index)
                packed.markMore()
            }
            if !texts.readsNothing(at: index) {
                let own = texts.shapeNumber(at: index)
                packed.shape = packed.shape == 0 ? own : formats.merging(packed.shape, own)
            }
            formats.numbered[number] = packed
        }
        // First the locale that numbers each table's keys, one table per core; then every other
        // locale of every table against those numbers (one pass and one hash per text: each
        // key's format is built as its texts arrive, and started over when a text that wins
        // the lookup replaces the earlier ones).
        func numberingRank(_ locale: String) -> Int { locale == numberingLocale ? 0 : locale == "Base" ? 1 : 2 }
        // The development texts are the reference as written, even where the file does not load
        // (a syntax error in the base is its own error): translations are still compared with
        // them. A translation's texts that do not load show no arguments on a device, so they
        // are left out.
        func isReference(_ locale: String) -> Bool { locale == numberingLocale || locale == "Base" }
        var numbering: [String: Int] = [:]
        for (job, pair) in jobs.enumerated() {
            if let current = numbering[pair.table], numberingRank(jobs[current].locale) <= numberingRank(pair.locale) { continue }
            numbering[pair.table] = job
        }
        let numberingJobs = numbering.values.sorted()
        let numbered = numberingJobs.concurrentMap { job -> TableFormats in
            var numbers: [String: Int] = [:]
            var keys: [String] = []
            var formats = PackedFormats(shapes: texts.shapes)
            let count = jobs[job].ranges.reduce(0) { $0 + $1.count }
            numbers.reserveCapacity(count)
            keys.reserveCapacity(count)
            formats.numbered.reserveCapacity(count)
            let reference = isReference(jobs[job].locale)
            for range in jobs[job].ranges {
                for index in range where reference || texts.isLoaded(at: index) {
                    let key = texts.key(at: index)
                    let number =
                        numbers[key]
                        ?? {
                            numbers[key] = keys.count
                            keys.append(key)
                            formats.numbered.append(.none)
                            return keys.count - 1
                        }()
                    update(number, with: index, in: &formats)
                }
            }
            return formats.table(keys: TableKeyNumbers(keys: keys, numbers: numbers), extraNumbers: [:])
        }
        var tableKeys: [String: TableKeyNumbers] = [:]
        for (job, formats) in zip(numberingJobs, numbered) { tableKeys[jobs[job].table] = formats.keys }
        let otherJobs = jobs.indices.filter { numbering[jobs[$0].table] != $0 }
        let others = otherJobs.concurrentMap { job -> TableFormats in
            let keys = tableKeys[jobs[job].table] ?? TableKeyNumbers(keys: [], numbers: [:])
            var formats = PackedFormats(shapes: texts.shapes)
            formats.numbered = Array(repeating: .none, count: keys.keys.count)
            // Keys only this locale has are numbered after the table's.
            var extraNumbers: [String: Int] = [:]
            let reference = isReference(jobs[job].locale)
            // Translations mostly list their keys in the base's order (see `number(of:guess:)`).
            var predicted = 0
            for range in jobs[job].ranges {
                for index in range where reference || texts.isLoaded(at: index) {
                    let guess = predicted
                    if let number = texts.withKey(at: index, { keys.number(of: $0, guess: guess) }) {
                        predicted = number + 1
                        update(number, with: index, in: &formats)
                    } else {
                        let key = texts.key(at: index)
                        let number =
                            extraNumbers[key]
                            ?? {
                                extraNumbers[key] = formats.numbered.count
                                formats.numbered.append(.none)
                                return formats.numbered.count - 1
                            }()
                        update(number, with: index, in: &formats)
                    }
                }
            }
            return formats.table(keys: keys, extraNumbers: extraNumbers)
        }
        var result: [String: [String: TableFormats]] = [:]
        for (job, formats) in zip(numberingJobs + otherJobs, numbered + others) {
            result[jobs[job].table, default: [:]][jobs[job].locale] = formats
        }
        return result
    }

    /// One job's key formats as they are built (see `TableFormats.Packed`).
    struct PackedFormats {
        var numbered: [TableFormats.Packed] = []
        var moreTexts: [[Int]] = []
        let shapes: [ArgumentShape]
        private var merged: [ArgumentShape] = []
        private var mergedNumbers: [ArgumentShape: Int32] = [:]
        /// The last merge made, by number: a key's texts (a plural's forms, a substitution's)
        /// mostly read alike, and the keys of a table mostly read as the one before.
        private var lastMerge: (number: Int32, other: Int32, result: Int32) = (.min, .min, 0)

        init(shapes: [ArgumentShape]) {
            self.shapes = shapes
        }

        /// The number of the shape `number` with what a further text of its key reads added, the
        /// text's shape being `shapes[other]`. A shape merged with itself is itself.
        mutating func merging(_ number: Int32, _ other: Int32) -> Int32 {
            if number == other { return number }
            if lastMerge.number == number, lastMerge.other == other { return lastMerge.result }
            let current = number >= 0 ? shapes[Int(number)] : merged[Int(-1 - number)]
            var shape = current
            shape.merge(shapes[Int(other)])
            let result: Int32
            if shape == current {
                result = number
            } else if let known = mergedNumbers[shape] {
                result = known
            } else {
                result = TableFormats.Packed.merged(merged.count)
                merged.append(shape)
                mergedNumbers[shape] = result
            }
            lastMerge = (number, other, result)
            return result
        }

        func table(keys: TableKeyNumbers, extraNumbers: [String: Int]) -> TableFormats {
            TableFormats(
                keys: keys, numbered: numbered, textShapes: shapes, mergedShapes: merged, moreTexts: moreTexts,
                extraNumbers: extraNumbers)
        }
    }

    /// What a text reads, as `argumentUses` lists it without the where: the usual text (plain
    /// specifiers, no stray '%', no plural variables) is read in place.
    static func readShape(
        _ analysis: FormatAnalysis, variableArguments: [Int: VariableArgument], text: () -> LocalizedText, into shape: inout ArgumentShape
    ) {
        guard !analysis.problems.contains(where: { $0.kind == .probableLiteralPercent }) else {
            shape = ArgumentShape(argumentUses(text(), index: 0))
            return
        }
        // In place: a copy of each specifier retained its text. The plural variables' own
        // readings come after the specifiers', in argument order, as `argumentUses` adds them,
        // without the list of uses it makes (for each text of a catalog's substitutions).
        defer {
            if variableArguments.count == 1, let (argument, variable) = variableArguments.first {
                Self.add(argument, variable, to: &shape)
            } else if !variableArguments.isEmpty {
                for (argument, variable) in variableArguments.sorted(by: { $0.key < $1.key }) { Self.add(argument, variable, to: &shape) }
            }
        }
        analysis.specifiers.withUnsafeBufferPointer { specifiers in
            for index in specifiers.indices where specifiers[index].variableName == nil {
                let starArguments = specifiers[index].starArguments
                if !starArguments.isEmpty {
                    let isVariable = specifiers[index].text.utf8.starts(with: "%#@".utf8)
                    for star in starArguments where shape[star] == nil {
                        shape.set(ArgumentShape.Argument(argument: star, signature: "int", isVariable: isVariable))
                    }
                }
                if shape[specifiers[index].argument] == nil { shape.set(ArgumentShape.Argument(specifiers[index])) }
            }
        }
    }

    /// Notes a plural variable's reading of `argument` unless a specifier reads it (see
    /// `argumentUses`).
    private static func add(_ argument: Int, _ variable: VariableArgument, to shape: inout ArgumentShape) {
        guard shape[argument] == nil else { return }
        shape.set(
            ArgumentShape.Argument(
                argument: argument, signature: variable.signature, isVariable: variable.text.utf8.starts(with: "%#@".utf8)))
    }

    /// The arguments a text reads, leaving out stringsdict variables that were not expanded.
    static func argumentUses(_ message: LocalizedText, index: Int) -> ArgumentList {
        // Nearly every text has no stray '%': its specifiers are read in place, without the
        // lists `intendedSpecifiers` builds.
        guard message.analysis.problems.contains(where: { $0.kind == .probableLiteralPercent }) else {
            return argumentUses(message.analysis.specifiers, variables: message.variableArguments, index: index)
        }
        return argumentUses(intendedSpecifiers(message), variables: message.variableArguments, index: index)
    }

    /// The arguments read by these specifiers (at their offsets) and by the expanded variables.
    static func argumentUses(_ specifiers: [FormatSpecifier], variables: [Int: VariableArgument], index: Int) -> ArgumentList {
        argumentUses(specifiers.lazy.map { ($0, $0.start) }, variables: variables, index: index)
    }

    private static func argumentUses(
        _ specifiers: some Sequence<(FormatSpecifier, Int)>, variables: [Int: VariableArgument], index: Int
    ) -> ArgumentList {
        var result = ArgumentList()
        func add(_ specifier: FormatSpecifier, offset: Int) {
            guard specifier.variableName == nil else { return }
            for star in specifier.starArguments where result[star] == nil {
                result[star] = ArgumentUse(signature: "int", text: specifier.text, textIndex: index, offset: offset)
            }
            if result[specifier.argument] == nil {
                result[specifier.argument] = ArgumentUse(
                    signature: specifier.signature, text: specifier.text, textIndex: index, offset: offset)
            }
        }
        for (specifier, offset) in specifiers { add(specifier, offset: offset) }
        // In argument order, so each is appended: a dictionary's order inserted at random places
        // (a catalog string with thousands of substitutions moved the list for each).
        func add(_ argument: Int, _ variable: VariableArgument) {
            guard result[argument] == nil else { return }
            result[argument] = ArgumentUse(signature: variable.signature, text: variable.text, textIndex: index, offset: variable.offset)
        }
        // One variable, the usual entry, needs no sorted copy.
        if variables.count == 1, let (argument, variable) = variables.first {
            add(argument, variable)
        } else {
            for (argument, variable) in variables.sorted(by: { $0.key < $1.key }) { add(argument, variable) }
        }
        return result
    }

    /// The specifiers as the writer meant them: a probable literal percent sign ("50% off") is read
    /// as '%%', so the arguments after it keep the numbers the writer meant and one stray '%' never
    /// cascades into mismatches in every locale. Offsets are in the original text.
    static func intendedSpecifiers(_ message: LocalizedText) -> [(FormatSpecifier, Int)] {
        let literal = message.analysis.problems.filter { $0.kind == .probableLiteralPercent }.map(\.start).sorted()
        guard !literal.isEmpty else { return message.analysis.specifiers.map { ($0, $0.start) } }
        // One walk each way (inserting in place and counting per specifier were quadratic in a
        // text with thousands of them).
        var scalars = String.UnicodeScalarView()
        var next = 0
        for (offset, scalar) in message.text.unicodeScalars.enumerated() {
            if next < literal.count, literal[next] == offset {
                scalars.append("%")
                next += 1
            }
            scalars.append(scalar)
        }
        let inserted = literal.prefix(next).enumerated().map { $0.element + $0.offset }
        var passed = 0
        return FormatScanner.analyze(String(scalars)).specifiers.map { specifier in
            while passed < inserted.count, inserted[passed] < specifier.start { passed += 1 }
            return (specifier, specifier.start - passed)
        }
    }
}

extension LocalizedText {
    /// The arguments this text reads, as a key format lists them (`index` is its position in
    /// `ProjectIndex.texts`).
    public func argumentUses(index: Int) -> ArgumentList { LocalizedTextBuilder.argumentUses(self, index: index) }
}
