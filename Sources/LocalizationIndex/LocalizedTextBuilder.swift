import Dispatch
import Foundation
import LocalizationFormats

/// Turns parsed files into texts and per-key argument lists.
enum LocalizedTextBuilder {
    /// Beyond this many combinations a `.stringsdict` entry is checked one variable at a time.
    static let maximumPermutations = 64

    /// Every text of every file, in file order, but those of ignored locales; files are
    /// scanned on all cores, and the index lists are filled while each file's texts are still
    /// in the cache (a later pass missed it on nearly every text).
    static func texts(
        of project: LocalizationProject, ignoring ignored: Set<String> = [], usages: [String: TableUsage] = [:]
    ) -> TextBatch {
        // A catalog holds every locale in one file: split into runs of entries, so one large
        // catalog is built on every core instead of one, which was slow.
        var jobs: [(file: Int, entries: Range<Int>?)] = []
        var catalogSources: [Int: [String: TextSource]] = [:]
        for (index, file) in project.files.enumerated() {
            guard case .catalog(let catalog) = file.content else {
                jobs.append((index, nil))
                continue
            }
            catalogSources[index] = sources(of: catalog, file: file, usage: usages[file.tableID] ?? .format)
            let count = catalog.entries.count
            let chunk = 256
            for start in stride(from: 0, to: max(count, 1), by: chunk) { jobs.append((index, start..<min(start + chunk, count))) }
        }
        let batches = jobs.concurrentMap { job in
            var batch = TextBatch()
            let file = project.files[job.file]
            let usage = usages[file.tableID] ?? .format
            let messages: [LocalizedText]
            if let range = job.entries, case .catalog(let catalog) = file.content {
                appendCatalogTexts(
                    catalog, entries: range, sources: catalogSources[job.file] ?? [:], file: file, usage: usage, ignoring: ignored,
                    to: &batch)
                return batch
            } else if case .strings(let parsed) = file.content {
                // Nearly every text: added as it is made, from what the builder already knows.
                if ignored.isEmpty || !ignored.contains(file.locale ?? globalLocale) {
                    appendStringsTexts(parsed, of: file, usage: usage, to: &batch)
                }
                return batch
            } else {
                messages = Self.texts(of: file, usage: usage)
            }
            for message in messages where ignored.isEmpty || !ignored.contains(message.locale) {
                batch.append(message)
            }
            return batch
        }
        var all = TextBatch()
        all.reserveCapacity(batches.reduce(0) { $0 + $1.count })
        for batch in batches { all.append(contentsOf: batch) }
        return all
    }

    /// One text source per locale a catalog writes (as written → normalised).
    private static func sources(of catalog: StringCatalog, file: ResourceFile, usage: TableUsage) -> [String: TextSource] {
        var result: [String: TextSource] = [:]
        catalog.forEachLocalization { _, written, _ in
            guard result[written] == nil else { return }
            result[written] = TextSource(
                table: file.tableID, locale: LocaleName.normalize(written), path: file.path, usage: usage, catalog: catalog.entries)
        }
        if let written = catalog.sourceLanguage, result[written] == nil {
            result[written] = TextSource(
                table: file.tableID, locale: LocaleName.normalize(written), path: file.path, usage: usage, catalog: catalog.entries)
        }
        return result
    }

    /// The locale the texts of a global table (outside any `.lproj` folder) are filed under:
    /// a bundle returns it for every language, so it is compared with none.
    static let globalLocale = "global"

    static func texts(of file: ResourceFile, usage: TableUsage = .format) -> [LocalizedText] {
        var result: [LocalizedText] = []
        let locale = file.locale ?? globalLocale
        switch file.content {
        case .strings(let parsed):
            var batch = TextBatch()
            appendStringsTexts(parsed, of: file, usage: usage, to: &batch)
            result = Array(batch.texts)
        case .stringsdict(let parsed):
            let source = TextSource(table: file.tableID, locale: locale, path: file.path, usage: usage)
            for entry in parsed.entries {
                result += stringsdictTexts(entry, source: source)
            }
        case .catalog(let catalog):
            var batch = TextBatch()
            appendCatalogTexts(
                catalog, entries: catalog.entries.indices, sources: sources(of: catalog, file: file, usage: usage), file: file,
                usage: usage, to: &batch)
            result = Array(batch.texts)
        }
        return result
    }

    /// The texts of a `.strings` file, one per value, added to `batch` with what the builder knows
    /// of each (asking each text again cost a retain and release of its file's entries apiece).
    static func appendStringsTexts(_ parsed: StringsFile, of file: ResourceFile, usage: TableUsage, to batch: inout TextBatch) {
        let source = TextSource(
            table: file.tableID, locale: file.locale ?? globalLocale, path: file.path, usage: usage, entries: parsed.entries)
        batch.reserveCapacity(parsed.entries.count)
        let number = batch.number(of: source)
        // Read in place: a copy of each entry retained and released its comment too.
        parsed.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                guard let value = entries[index].value else { continue }
                batch.appendValue(
                    value, entry: index, of: source, number: number, analysis: FormatScanner.analyze(value), loaded: entries[index].loaded)
            }
        }
    }

    /// The texts of a run of a catalog's entries, in order, added to `batch` (but those of ignored
    /// locales). A plain string unit's text is a record that reads the catalog (entry,
    /// localization); other values' texts are objects.
    private static func appendCatalogTexts(
        _ catalog: StringCatalog, entries range: Range<Int>, sources: [String: TextSource], file: ResourceFile, usage: TableUsage,
        ignoring ignored: Set<String> = [], to batch: inout TextBatch
    ) {
        let sourceLanguage = catalog.sourceLanguage
        // With positions: a string unit's text keeps them instead of copies.
        catalog.forEachLocalizationWithPosition(entries: range) { position, entry, written, value in
            let source =
                sources[written]
                ?? TextSource(
                    table: file.tableID, locale: LocaleName.normalize(written), path: file.path, usage: usage, catalog: catalog.entries)
            guard ignored.isEmpty || !ignored.contains(source.locale) else { return }
            let isSource = written == sourceLanguage
            // Most values are one string unit: its text, without the general path's lists.
            guard value.variations.isEmpty && value.substitutions.isEmpty else {
                for text in catalogTexts(copy value, entry: copy entry, source: source, loaded: catalog.loads, isSource: isSource) {
                    batch.append(text)
                }
                return
            }
            // A translation in the state 'new' is not compiled; the source language's unit is the
            // text the app shows whatever its state (Xcode leaves extracted source text 'new').
            guard let unit = value.stringUnit, isSource || unit.state != "new" else { return }
            let analysis = analysis(unit.value, alsoRead: [])
            if LocalizedText.fitsPacked(entry: position.entry, localization: position.localization) {
                batch.appendUnit(
                    unit.value, entry: position.entry, localization: position.localization, of: source, analysis: analysis,
                    loaded: catalog.loads)
                return
            }
            batch.append(
                LocalizedText(
                    source: source, key: entry.key, text: unit.value, keyLocation: entry.keyLocation, placement: .fixed(unit.location),
                    analysis: analysis, origin: .catalog, label: nil, loaded: catalog.loads))
        }
        // An entry with no unit in the source language is its own source text: Xcode extracts
        // `Text("Share via \(name)")` as the key "Share via %@" and compiles that key as the
        // development language's value, so translations are checked against the key.
        if let sourceLanguage, let source = sources[sourceLanguage], ignored.isEmpty || !ignored.contains(source.locale) {
            catalog.entries.withUnsafeBufferPointer { entries in
                for index in range where !entries[index].localizations.contains(where: { $0.locale == sourceLanguage }) {
                    let key = entries[index].key
                    batch.append(
                        LocalizedText(
                            source: source, key: key, text: key, keyLocation: entries[index].keyLocation,
                            placement: .fixed(entries[index].keyLocation), analysis: analysis(key, alsoRead: []), origin: .catalog,
                            label: nil, loaded: catalog.loads))
                }
            }
        }
    }

    /// One text per string unit. Substitution forms write `%arg` for their own argument, which
    /// Xcode compiles to `%n$<formatSpecifier>`; the plural rule reads that argument.
    static func catalogTexts(
        _ value: CatalogValue, entry: CatalogEntry, source: TextSource, loaded: Bool, isSource: Bool = false
    ) -> [LocalizedText] {
        var slots: [String: Int] = [:]
        value.forEachUnit { unit in
            for specifier in FormatScanner.analyze(unit.value).specifiers {
                if let name = specifier.variableName, slots[name] == nil { slots[name] = specifier.argument }
            }
        }
        var variables: [Int: VariableArgument] = [:]
        var specifiers: [String: String] = [:]
        for substitution in value.substitutions {
            let argument = substitution.argNum ?? slots[substitution.name] ?? 1
            let format = substitution.formatSpecifier ?? "@"
            specifiers[substitution.name] = "%\(argument)$\(format)"
            let signature = FormatScanner.analyze("%" + format).specifiers.first?.signature ?? "object"
            if variables[argument] == nil {
                variables[argument] = VariableArgument(signature: signature, text: "%#@\(substitution.name)@", offset: 0)
            }
        }
        // Built once for all the units: per unit it cost a set of every variable each.
        let alsoRead = Set(variables.keys)
        // A translation's unit in the state `new` is a placeholder; catalog-untranslated reports it.
        return labelledUnits(value, label: nil, substitution: nil).filter { isSource || $0.0.state != "new" }.map {
            unit, label, substitution in
            var text = unit.value
            if let substitution, let replacement = specifiers[substitution] {
                text = text.replacingOccurrences(of: "%arg", with: replacement)
            }
            return LocalizedText(
                source: source, key: entry.key, text: text, keyLocation: entry.keyLocation, placement: .fixed(unit.location),
                analysis: analysis(text, alsoRead: alsoRead), origin: .catalog, label: label, loaded: loaded,
                variableArguments: variables)
        }
    }

    /// A text's analysis in which the arguments plural variables read count as read, so they
    /// leave no position gap.
    static func analysis(_ text: String, alsoRead: Set<Int>) -> FormatAnalysis {
        var analysis = FormatScanner.analyze(text, checkAcrossArguments: false)
        analysis.problems += FormatScanner.argumentProblems(analysis.specifiers, alsoRead: alsoRead)
        return analysis
    }

    private static func labelledUnits(_ value: CatalogValue, label: String?, substitution: String?) -> [(
        CatalogStringUnit, String?, String?
    )] {
        var result: [(CatalogStringUnit, String?, String?)] = value.stringUnit.map { [($0, label, substitution)] } ?? []
        for variation in value.variations {
            for item in variation.cases {
                let inner = "\(variation.selector) '\(item.name)'"
                result += labelledUnits(item.value, label: label.map { "\($0), \(inner)" } ?? inner, substitution: substitution)
            }
        }
        for nested in value.substitutions {
            for variation in nested.variations {
                for item in variation.cases {
                    let inner = "'\(item.name)' of '\(nested.name)'"
                    result += labelledUnits(item.value, label: label.map { "\($0), \(inner)" } ?? inner, substitution: nested.name)
                }
            }
        }
        return result
    }

    /// One text per combination of variants, as Foundation assembles the text: each form is
    /// formatted on its own, its plain specifiers counting from its variable's argument
    /// (CoreFoundation's `initialArgPosition`). Variables used inside a form are expanded too.
    static func stringsdictTexts(_ entry: StringsdictEntry, source: TextSource) -> [LocalizedText] {
        func message(
            _ text: String, _ placement: TextPlacement, _ label: String?, _ analysis: FormatAnalysis, _ variables: [Int: VariableArgument]
        )
            -> LocalizedText
        {
            LocalizedText(
                source: source, key: entry.key, text: text, keyLocation: entry.keyLocation, placement: placement,
                analysis: analysis, origin: .stringsdict, label: label, loaded: entry.loaded, variableArguments: variables)
        }
        guard let format = entry.formatKey else {
            return entry.variants.map { message($0.value, .fixed($0.location), "'\($0.name)'", FormatScanner.analyze($0.value), [:]) }
        }
        struct State {
            var text: String
            /// Unicode scalars in `text`.
            var scalarCount: Int
            var segments: [TextSegment]
            var specifiers: [FormatSpecifier]
            var problems: [FormatProblem]
            var labels: [String]
            var variables: [Int: VariableArgument]
        }
        func shifted(_ specifier: FormatSpecifier, by delta: Int) -> FormatSpecifier {
            var copy = specifier
            copy.start += delta
            copy.end += delta
            return copy
        }
        func shifted(_ problem: FormatProblem, by delta: Int) -> FormatProblem {
            var copy = problem
            copy.start += delta
            copy.end += delta
            return copy
        }
        let outer = FormatScanner.analyze(format, checkAcrossArguments: false)
        var results: [LocalizedText] = []
        /// The variable named `name` as Foundation reads it (the last definition), when it has forms.
        func variable(named name: String) -> Int? {
            guard let index = entry.variableIndex(named: name) else { return nil }
            return entry.variables.withUnsafeBufferPointer { $0[index].variants.isEmpty } ? nil : index
        }
        func expand(_ state: State, depth: Int) {
            var found: (slot: FormatSpecifier, variable: Int)?
            for specifier in state.specifiers {
                if let name = specifier.variableName, let index = variable(named: name) {
                    found = (specifier, index)
                    break
                }
            }
            guard depth < 4, let (slot, variableIndex) = found else {
                let text = state.text
                let analysis = FormatAnalysis(
                    specifiers: state.specifiers,
                    problems: (state.problems
                        + FormatScanner.argumentProblems(
                            state.specifiers.filter { $0.variableName == nil }, alsoRead: Set(state.variables.keys)))
                        .sorted { $0.start < $1.start })
                let label = state.labels.isEmpty ? nil : "permutation " + state.labels.joined(separator: ", ")
                results.append(
                    message(text, .segments(state.segments, fallback: entry.formatKeyLocation), label, analysis, state.variables))
                return
            }
            let variable = entry.variables[variableIndex]
            // Past the budget, only the `other` form is followed.
            let options = results.count >= maximumPermutations ? [variable.variant("other") ?? variable.variants[0]] : variable.variants
            let signature = valueTypeSignature(variable.valueType)
            let whole = slot.start == 0 && slot.end == state.scalarCount
            // The text around the slot, cut once for every form.
            var before = ""
            var after = ""
            if !whole {
                let scalars = state.text.unicodeScalars
                let start = scalars.index(scalars.startIndex, offsetBy: slot.start)
                let end = scalars.index(start, offsetBy: slot.end - slot.start)
                before = String(scalars[..<start])
                after = String(scalars[end...])
            }
            for variant in options {
                let insertedCount = variant.value.unicodeScalars.count
                let delta = insertedCount - (slot.end - slot.start)
                var piece = FormatScanner.analyze(variant.value, firstArgument: slot.argument, checkAcrossArguments: false)
                // In a form, plain specifiers count on from the variable's argument, so '%1$@ and %ld'
                // in the second variable's form is well defined; only a collision is reported.
                let explicit = Set(piece.specifiers.compactMap(\.explicitPosition))
                if !piece.specifiers.contains(where: { $0.explicitPosition == nil && explicit.contains($0.argument) }) {
                    piece.problems.removeAll { $0.kind == .mixedPositional || $0.kind == .mixedPositionalInOrder }
                }
                var next = state
                next.text = whole ? variant.value : before + variant.value + after
                next.scalarCount = state.scalarCount + delta
                next.specifiers =
                    state.specifiers.filter { $0.end <= slot.start }
                    + piece.specifiers.map { shifted($0, by: slot.start) }
                    + state.specifiers.filter { $0.start >= slot.end }.map { shifted($0, by: delta) }
                next.problems =
                    state.problems.filter { $0.end <= slot.start } + piece.problems.map { shifted($0, by: slot.start) }
                    + state.problems.filter { $0.start >= slot.end }.map { shifted($0, by: delta) }
                var pieces: [TextSegment] = []
                for segment in state.segments {
                    if segment.range.upperBound <= slot.start {
                        pieces.append(segment)
                    } else if segment.range.lowerBound >= slot.end {
                        pieces.append(
                            TextSegment(
                                range: (segment.range.lowerBound + delta)..<(segment.range.upperBound + delta), location: segment.location))
                    } else {
                        if segment.range.lowerBound < slot.start {
                            pieces.append(TextSegment(range: segment.range.lowerBound..<slot.start, location: segment.location))
                        }
                        if segment.range.upperBound > slot.end {
                            pieces.append(
                                TextSegment(range: (slot.end + delta)..<(segment.range.upperBound + delta), location: segment.location))
                        }
                    }
                }
                pieces.append(TextSegment(range: slot.start..<(slot.start + insertedCount), location: variant.location))
                next.segments = pieces.sorted { $0.range.lowerBound < $1.range.lowerBound }
                next.labels.append("'\(variant.name)' of '\(variable.name)'")
                next.variables[slot.argument] = VariableArgument(
                    signature: signature, text: slot.text, offset: slot.start)
                expand(next, depth: depth + 1)
            }
        }
        let scalarCount = format.unicodeScalars.count
        expand(
            State(
                text: format, scalarCount: scalarCount, segments: [TextSegment(range: 0..<scalarCount, location: entry.formatKeyLocation)],
                specifiers: outer.specifiers, problems: outer.problems, labels: [], variables: [:]),
            depth: 0)
        return results
    }

    /// The signature of an `NSStringFormatValueTypeKey` ('ld'; a stray leading '%' is forgiven here
    /// and reported by stringsdict-value-type-mismatch).
    static func valueTypeSignature(_ valueType: String?) -> String {
        guard var valueType else { return "int" }
        while valueType.hasPrefix("%") { valueType.removeFirst() }
        return FormatScanner.analyze("%" + valueType).specifiers.first?.signature ?? "int"
    }
}

/// Texts in file order with the index lists `ProjectIndex` keeps, filled as texts are added.
struct TextBatch {
    typealias Slot = TextStore.Slot
    typealias Flags = TextStore.Flags

    /// The combined texts (one file's, until batches are combined).
    var texts = TextStore()
    var withSpecifiers: [Int] = []
    var withProblems: [Int] = []
    var stringsdict: [Int] = []
    var empty: [Int] = []
    /// Consecutive texts sharing one source (one table and locale).
    var runs: [TextRun] = []
    /// Each shape's number in `texts.shapes`.
    private var shapeNumbers: [ArgumentShape: Int32] = [:]
    private var scratch = ArgumentShape()
    /// The shape numbered last, which the next text mostly reads too.
    private var lastShape: Int32 = 0
    private var sourceNumbers: [ObjectIdentifier: Int32] = [:]
    /// The source of the last run, by number.
    private var lastRunSource: Int32 = -1

    var count: Int { texts.slots.count }

    mutating func reserveCapacity(_ count: Int) { texts.slots.reserveCapacity(self.count + count) }

    /// Adds a text kept as an object.
    mutating func append(_ message: LocalizedText) {
        let flags = Flags(message.analysis, isEmpty: message.text.isEmpty, origin: message.origin, loaded: message.loaded)
        let source = message.source
        let shape = shapeNumber(message.analysis, variableArguments: message.variableArguments) { message }
        let object = Int32(texts.objects.count)
        texts.objects.append(message)
        add(Slot(object: object, shape: shape, source: number(of: source), entry: -1, flags: flags), source: source)
    }

    /// Adds the value of entry `entry` of a `.strings` file (source `number` of the batch),
    /// scanned as `analysis`: a record only.
    mutating func appendValue(
        _ value: String, entry: Int, of source: TextSource, number: Int32, analysis: FormatAnalysis, loaded: Bool
    ) {
        // Most values are plain text: nothing to read, nothing to walk.
        if analysis.specifiers.isEmpty && analysis.problems.isEmpty {
            let flags: Flags = [value.isEmpty ? .isEmpty : [], loaded ? .loaded : []]
            add(Slot(object: -1, shape: 0, source: number, entry: Int32(entry), flags: flags), source: source)
            return
        }
        let flags = Flags(analysis, isEmpty: value.isEmpty, origin: .strings, loaded: loaded)
        let shape = shapeNumber(analysis, variableArguments: [:]) { LocalizedText(source: source, entry: entry, analysis: analysis) }
        add(Slot(object: -1, shape: shape, source: number, entry: Int32(entry), flags: flags), source: source)
    }

    /// The number of what a text with this scan reads in `texts.shapes`; `text` makes the text
    /// for the rare one whose stray '%' needs its intended specifiers.
    private mutating func shapeNumber(
        _ analysis: FormatAnalysis, variableArguments: [Int: VariableArgument], text: () -> LocalizedText
    ) -> Int32 {
        if analysis.specifiers.isEmpty && variableArguments.isEmpty { return 0 }
        scratch.removeAll()
        LocalizedTextBuilder.readShape(analysis, variableArguments: variableArguments, text: text, into: &scratch)
        if scratch.isEmpty { return 0 }
        if scratch == texts.shapes[Int(lastShape)] { return lastShape }
        if let number = shapeNumbers[scratch] {
            lastShape = number
            return number
        }
        lastShape = Int32(texts.shapes.count)
        texts.shapes.append(scratch)
        shapeNumbers[scratch] = lastShape
        return lastShape
    }

    /// Adds the string unit of localization `localization` of catalog entry `entry`, scanned as
    /// `analysis`: a record only.
    mutating func appendUnit(
        _ value: String, entry: Int, localization: Int, of source: TextSource, analysis: FormatAnalysis, loaded: Bool
    ) {
        let flags = Flags(analysis, isEmpty: value.isEmpty, origin: .catalog, loaded: loaded)
        let shape = shapeNumber(analysis, variableArguments: [:]) {
            LocalizedText(source: source, catalogEntry: entry, localization: localization, analysis: analysis, loaded: loaded)
        }
        add(
            Slot(object: Slot.unit(localization), shape: shape, source: number(of: source), entry: Int32(entry), flags: flags),
            source: source)
    }

    /// The batch's number for `source`.
    mutating func number(of source: TextSource) -> Int32 {
        if let last = texts.sources.last, last === source { return Int32(texts.sources.count - 1) }
        if let number = sourceNumbers[ObjectIdentifier(source)] { return number }
        let number = Int32(texts.sources.count)
        texts.sources.append(source)
        sourceNumbers[ObjectIdentifier(source)] = number
        return number
    }

    private mutating func add(_ slot: Slot, source: TextSource) {
        let index = count
        if slot.flags.contains(.stringsdict) { stringsdict.append(index) }
        if slot.flags.contains(.isEmpty) { empty.append(index) }
        if source.usage.isFormatted {
            if slot.flags.contains(.hasSpecifiers) { withSpecifiers.append(index) }
            if slot.flags.contains(.hasProblems) { withProblems.append(index) }
        }
        if slot.source == lastRunSource, let last = runs.last, last.range.upperBound == index {
            runs[runs.count - 1].range = last.range.lowerBound..<index + 1
        } else {
            runs.append(TextRun(source: source, range: index..<index + 1))
            lastRunSource = slot.source
        }
        texts.slots.append(slot)
    }

    /// Takes over another batch's texts.
    mutating func append(contentsOf other: consuming TextBatch) {
        let offset = count
        let sourceOffset = Int32(texts.sources.count)
        let objectOffset = Int32(texts.objects.count)
        // The other's shapes after this one's, but its `.empty`, which stays 0.
        let shapeOffset = Int32(texts.shapes.count - 1)
        texts.sources += other.texts.sources
        texts.objects += other.texts.objects
        texts.shapes += other.texts.shapes.dropFirst()
        // Copied once, renumbered on the way (the caller still holds the other's records).
        texts.slots += other.texts.slots.lazy.map { slot in
            var slot = slot
            slot.source += sourceOffset
            if slot.object >= 0 { slot.object += objectOffset }
            if slot.shape > 0 { slot.shape += shapeOffset }
            return slot
        }
        withSpecifiers += other.withSpecifiers.lazy.map { $0 + offset }
        withProblems += other.withProblems.lazy.map { $0 + offset }
        stringsdict += other.stringsdict.lazy.map { $0 + offset }
        empty += other.empty.lazy.map { $0 + offset }
        runs += other.runs.lazy.map { TextRun(source: $0.source, range: $0.range.lowerBound + offset..<$0.range.upperBound + offset) }
    }
}

/// Consecutive texts of one file (one locale of a catalog).
struct TextRun {
    let source: TextSource
    var range: Range<Int>
}
