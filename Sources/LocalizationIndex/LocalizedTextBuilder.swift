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
        // catalog is built on every core instead of one.
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
        var batches = jobs.concurrentMap { job in
            var batch = TextBatch()
            let file = project.files[job.file]
            let usage = usages[file.tableID] ?? .format
            let included = ignored.isEmpty || !ignored.contains(file.locale ?? globalLocale)
            switch file.content {
            case .catalog(let catalog):
                appendCatalogTexts(
                    catalog, entries: job.entries ?? catalog.entries.indices, sources: catalogSources[job.file] ?? [:], file: file,
                    usage: usage, ignoring: ignored, to: &batch)
            case .strings(let parsed):
                // Nearly every text: added as it is made, from what the builder already knows.
                if included { appendStringsTexts(parsed, of: file, usage: usage, to: &batch) }
            case .stringsdict(let parsed):
                if included { appendStringsdictTexts(parsed, of: file, usage: usage, to: &batch) }
            }
            return batch
        }
        return TextBatch(combining: &batches)
    }

    /// One text source per locale a catalog writes (as written → normalised).
    private static func sources(of catalog: StringCatalog, file: ResourceFile, usage: TableUsage) -> [String: TextSource] {
        var result: [String: TextSource] = [:]
        // The locales the entries name, each once, as the catalog keeps them (not a walk of
        // every localization).
        for written in catalog.locales where result[written] == nil {
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
            table: file.tableID, locale: file.locale ?? globalLocale, path: file.path, usage: usage, strings: parsed)
        batch.reserveCapacity(parsed.entries.count)
        let number = batch.number(of: source)
        // Read in place, and scanned as the file's bytes: no string is made for a value.
        parsed.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let loaded = entries[index].loaded
                _ = parsed.withValueBytes(at: index) { batch.appendValue($0, entry: index, of: source, number: number, loaded: loaded) }
            }
        }
    }

    /// The texts of a `.stringsdict` file, in order, added to `batch`: a usual entry's forms as
    /// records (see `OneVariableEntry`), the permutations of others as objects.
    ///
    /// What a form's record keeps (what its text reads, and the facts of its scan) depends on the
    /// form's specifiers and the variable's specifier (its argument, and whether it is written
    /// '%#@': '%1$#@n@' is not counted as the variable's reading) and value type alone, so a form
    /// written only in plain specifiers (see `PlainSpecifiers`) takes the scan of an earlier such
    /// form.
    static func appendStringsdictTexts(_ parsed: StringsdictFile, of file: ResourceFile, usage: TableUsage, to batch: inout TextBatch) {
        let source = TextSource(
            table: file.tableID, locale: file.locale ?? globalLocale, path: file.path, usage: usage, stringsdict: parsed.entries)
        let number = batch.number(of: source)
        struct PlainForm: Hashable {
            let specifiers: UInt64
            let argument: Int
            let variable: String
            let signature: String
        }
        var known: [PlainForm: TextBatch.Scan] = [:]
        var scans: [TextBatch.Scan] = []
        parsed.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                guard LocalizedText.fitsPacked(entry: index, localization: 0), let usual = OneVariableEntry(entries[index]) else {
                    for message in stringsdictTexts(entries[index], source: source, shortcut: false) { batch.append(message) }
                    continue
                }
                let forms = entries[index].variables.withUnsafeBufferPointer { $0[usual.variable].variants }
                // Every form is read before any is added: a form that names a variable with forms
                // sends the whole entry to the general expansion.
                scans.removeAll(keepingCapacity: true)
                var general = false
                for form in forms {
                    let plain = form.value.utf8.withContiguousStorageIfAvailable(PlainSpecifiers.key) ?? nil
                    let key = plain.map {
                        PlainForm(specifiers: $0, argument: usual.slot.argument, variable: usual.slot.text, signature: usual.signature)
                    }
                    if let key, let scan = known[key] {
                        scans.append(scan)
                        continue
                    }
                    let piece = formAnalysis(form.value, slot: usual.slot)
                    guard !usual.namesVariableWithForms(piece, in: entries[index]) else {
                        general = true
                        break
                    }
                    let scan = batch.formScan(usual.analysis(piece), variables: usual.variables) {
                        usual.text(of: entries[index], form: scans.count, piece: piece, source: source)
                    }
                    if let key { known[key] = scan }
                    scans.append(scan)
                }
                if general {
                    for message in stringsdictTexts(entries[index], source: source, shortcut: false) { batch.append(message) }
                    continue
                }
                let loaded = entries[index].loaded
                for (form, scan) in scans.enumerated() {
                    batch.appendForm(
                        form, entry: index, of: source, number: number, scan: scan, isEmpty: usual.isEmpty(form: forms[form].value),
                        loaded: loaded)
                }
            }
        }
    }

    /// The texts of a run of a catalog's entries, in order, added to `batch` (but those of ignored
    /// locales). A plain string unit's text is a record that reads the catalog (entry,
    /// localization), and so is each form of a value with variations or substitutions (entry,
    /// localization, form), but for a value with more forms than a record numbers.
    private static func appendCatalogTexts(
        _ catalog: StringCatalog, entries range: Range<Int>, sources: [String: TextSource], file: ResourceFile, usage: TableUsage,
        ignoring ignored: Set<String> = [], to batch: inout TextBatch
    ) {
        let sourceLanguage = catalog.sourceLanguage
        // The source of the locale each place held in the previous entry is compared first. Held
        // unretained (`sources` and `made` keep them): every core's runs read the same sources,
        // and a retain of one per text was a count contended between the cores.
        var places = LocalePlaceCache<Unmanaged<TextSource>>()
        var made: [TextSource] = []
        // With positions: a string unit's text keeps them instead of copies. The entries are
        // walked through their buffers: the closure that borrows the source reads the entry and
        // the value in place there, where capturing them copied each (a retain of every string
        // and array in an entry, for every localization).
        catalog.entries.withUnsafeBufferPointer { entries in
            for index in range {
                entries[index].localizations.withUnsafeBufferPointer { localizations in
                    guard let first = localizations.baseAddress else { return }
                    for item in localizations.indices {
                        let written = localizations[item].locale
                        let held = places.value(at: item, written: written) {
                            if let known = sources[written] { return Unmanaged.passUnretained(known) }
                            made.append(
                                TextSource(
                                    table: file.tableID, locale: LocaleName.normalize(written), path: file.path, usage: usage,
                                    catalog: catalog.entries))
                            return Unmanaged.passUnretained(made[made.count - 1])
                        }
                        let isSource = written == sourceLanguage
                        held._withUnsafeGuaranteedRef { source in
                            appendCatalogText(
                                position: (index, item), entries: entries,
                                value: CatalogLocalization.value(at: first + item), source: source,
                                isSource: isSource, loaded: catalog.loads, ignoring: ignored, to: &batch)
                        }
                    }
                }
            }
        }
        withExtendedLifetime(made) {}
        // An entry with no unit in the source language is its own source text: Xcode extracts
        // `Text("Share via \(name)")` as the key "Share via %@" and compiles that key as the
        // development language's value, so translations are checked against the key.
        if let sourceLanguage, let source = sources[sourceLanguage], ignored.isEmpty || !ignored.contains(source.locale) {
            catalog.entries.withUnsafeBufferPointer { entries in
                // Each localization's locale compared where it lies (see `containsInPlace(where:)`).
                for index in range where !entries[index].localizations.containsInPlace(where: { $0.pointee.locale == sourceLanguage }) {
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

    /// One localization's texts (see `appendCatalogTexts`), from its source `source`: the value
    /// of localization `position` of `entries`. The entry is read in place for its key, which
    /// most texts never read (passing the entry copied it).
    private static func appendCatalogText(
        position: (entry: Int, localization: Int), entries: UnsafeBufferPointer<CatalogEntry>, value pointer: UnsafePointer<CatalogValue>,
        source: TextSource, isSource: Bool, loaded: Bool, ignoring ignored: Set<String>, to batch: inout TextBatch
    ) {
        guard ignored.isEmpty || !ignored.contains(source.locale) else { return }
        // Most values are one string unit: its text, without the general path's lists.
        guard !pointer.pointee.shape.hasForms else {
            let value = pointer.pointee
            var forms = 0
            value.forEachUnit { _ in forms += 1 }
            guard TextStore.Slot.fitsCatalogForms(entry: position.entry, localization: position.localization, forms: forms) else {
                let entry = entries[position.entry]
                let texts = catalogTexts(
                    copy value, key: entry.key, keyLocation: entry.keyLocation, source: source, loaded: loaded, isSource: isSource)
                for text in texts {
                    batch.append(text)
                }
                return
            }
            // Variations without substitutions (plural and device forms): a record per form,
            // read as the general path makes it (`TextSource.catalogForm`).
            if !value.readsSubstitutions {
                var form = 0
                value.forEachUnit { unit in
                    if isSource || !unit.isNew {
                        batch.appendCatalogForm(
                            unit.text, form: form, entry: position.entry, localization: position.localization, of: source,
                            loaded: loaded, mayHoldPercent: value.shape.hasPercent)
                    }
                    form += 1
                }
                return
            }
            // A value with substitutions: a record per form too, with what the form reads as
            // `catalogTexts` scans it (the labels are made when a form's text is). The forms of a
            // substitution that read its `%arg` alone read alike: the first is scanned, the others
            // take its record's facts.
            let (entry, localization) = (position.entry, position.localization)
            var alike: [(substitution: String, scan: TextBatch.Scan)] = []
            forEachCatalogForm(value, isSource: isSource, labels: false) { form, scanned in
                // Such a form holds its `%arg` token, so it is not empty.
                if let substitution = form.alikeInSubstitution, let known = alike.first(where: { $0.substitution == substitution }) {
                    batch.appendSubstitutionForm(
                        form.number, entry: entry, localization: localization, of: source, scan: known.scan, isEmpty: false, loaded: loaded)
                    return
                }
                let (text, analysis) = scanned()
                let scan = batch.formScan(analysis, variables: form.variables, origin: .catalog) {
                    form.text(
                        (text, analysis), source: source, key: entries[entry].key, keyLocation: entries[entry].keyLocation, loaded: loaded)
                }
                batch.appendSubstitutionForm(
                    form.number, entry: entry, localization: localization, of: source, scan: scan, isEmpty: text.isEmpty, loaded: loaded)
                if let substitution = form.alikeInSubstitution { alike.append((substitution, scan)) }
            }
            return
        }
        // A translation in the state 'new' is not compiled; the source language's unit is the
        // text the app shows whatever its state (Xcode leaves extracted source text 'new').
        // Read in place (a value without forms visits its unit alone): copying the value whole
        // retained its forms' box besides its unit's store.
        let mayHoldPercent = pointer.pointee.shape.hasPercent
        CatalogValue.forEachUnit(at: pointer) { unit in
            guard isSource || !unit.isNew else { return }
            if LocalizedText.fitsPacked(entry: position.entry, localization: position.localization) {
                batch.appendUnit(
                    unit.text, entry: position.entry, localization: position.localization, of: source, loaded: loaded,
                    mayHoldPercent: mayHoldPercent)
                return
            }
            let entry = entries[position.entry]
            batch.append(
                LocalizedText(
                    source: source, key: entry.key, text: unit.value, keyLocation: entry.keyLocation, placement: .fixed(unit.location),
                    analysis: TextSource.scan(unit.value, isCatalog: true), origin: .catalog, label: nil, loaded: loaded))
        }
    }
}
