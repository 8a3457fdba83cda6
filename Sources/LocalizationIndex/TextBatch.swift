import Dispatch
import LocalizationFormats

/// Texts in file order with the index lists `ProjectIndex` keeps, filled as texts are added.
struct TextBatch {
    typealias Slot = TextStore.Slot
    typealias Flags = TextStore.Flags

    /// The combined texts (one file's, until batches are combined).
    var texts = TextStore()
    var withSpecifiers = TextPositions()
    var withProblems = TextPositions()
    var stringsdict = TextPositions()
    var empty = TextPositions()
    /// Each shape's number in `texts.shapes`.
    private var shapeNumbers: [ArgumentShape: Int32] = [:]
    private var scratch = ArgumentShape()
    /// The shapes numbered last, most recent first, which the next text mostly reads too: a
    /// table's texts cycle through a few shapes, and comparing is cheaper than hashing.
    private var recentShapes: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    private var sourceNumbers: [ObjectIdentifier: Int32] = [:]
    /// The source numbered last (its number kept: the batch keeps every source it numbers).
    private var lastNumbered: (source: ObjectIdentifier?, number: Int32) = (nil, -1)
    /// Sources numbered before, by their address's bits (a slot holds the last source that fell
    /// in it): a catalog's texts alternate locales text by text, and hashing each text's source
    /// for `sourceNumbers` cost more than adding the text.
    private var recentSources = [(source: ObjectIdentifier?, number: Int32)](repeating: (nil, -1), count: 64)
    /// The plain-specifier scan found or remembered last (see `plainScans`): the locales of one
    /// key mostly read alike.
    private var lastPlainScan: (key: UInt64, scan: Scan)?
    /// The scans of texts written in plain specifiers, by `PlainSpecifiers.key`: `.strings`
    /// values by their key, catalog string units (scanned as catalog texts) by theirs with
    /// `unitKey` set.
    private var plainScans: [UInt64: Scan] = [:]
    /// Set in the key of a catalog unit's scan (a key's count of specifiers never reaches it).
    private static let unitKey: UInt64 = 1 << 63
    private static let ownFlags: Flags = [.isEmpty, .loaded, .stringsdict, .catalog, .catalogForm]

    var count: Int { texts.slots.count }

    init() {}

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
        isEmpty: Bool, entry: Int, of source: TextSource, number: Int32, analysis: FormatAnalysis, loaded: Bool
    ) {
        appendRecord(object: -1, entry: entry, of: source, number: number, isEmpty: isEmpty, analysis: analysis, loaded: loaded) {
            LocalizedText(source: $0, entry: entry, analysis: $1)
        }
    }

    /// Adds the value of entry `entry` of a `.strings` file, whose UTF-8 is `bytes`: scanned, or
    /// given the scan of an earlier value with the same plain specifiers (see `PlainSpecifiers`).
    mutating func appendValue(
        _ bytes: UnsafeBufferPointer<UInt8>, entry: Int, of source: TextSource, number: Int32, loaded: Bool
    ) {
        let key = PlainSpecifiers.key(bytes)
        // Most values have no '%': nothing to scan, nothing to look up.
        if key == 0 {
            let flags: Flags = [bytes.isEmpty ? .isEmpty : [], loaded ? .loaded : []]
            add(Slot(object: -1, shape: 0, source: number, entry: Int32(entry), flags: flags), source: source)
            return
        }
        let own: Flags = [bytes.isEmpty ? .isEmpty : [], loaded ? .loaded : []]
        if appendKnownScan(key, object: -1, entry: entry, source: source, number: number, own: own) { return }
        appendValue(
            isEmpty: bytes.isEmpty, entry: entry, of: source, number: number, analysis: FormatScanner.analyze(utf8: bytes),
            loaded: loaded)
        rememberLastScan(key)
    }

    /// What a record keeps of its text's scan: what the text reads (its shape's number) and the
    /// facts the scan found (the flags, but those of the text itself: empty, loaded).
    struct Scan {
        let shape: Int32
        let flags: Flags
    }

    /// Adds a record whose text is written in the plain specifiers `key`, with the scan of an
    /// earlier such text and the text's own flags `own`; false when no such scan is known.
    private mutating func appendKnownScan(
        _ key: UInt64?, object: Int32, entry: Int, source: TextSource, number: Int32, own: Flags
    ) -> Bool {
        guard let key else { return false }
        let known: Scan
        if let last = lastPlainScan, last.key == key {
            known = last.scan
        } else if let found = plainScans[key] {
            known = found
            lastPlainScan = (key, found)
        } else {
            return false
        }
        add(Slot(object: object, shape: known.shape, source: number, entry: Int32(entry), flags: known.flags.union(own)), source: source)
        return true
    }

    /// Remembers the scan of the record just added, whose text is written in the plain specifiers
    /// `key` (nothing when it is not).
    private mutating func rememberLastScan(_ key: UInt64?) {
        guard let key else { return }
        let slot = texts.slots[texts.slots.count - 1]
        let scan = Scan(shape: slot.shape, flags: slot.flags.subtracting(Self.ownFlags))
        plainScans[key] = scan
        lastPlainScan = (key, scan)
    }

    /// The record's part of a form's text (a `.stringsdict` entry's, or a catalog substitution's
    /// with `origin` `.catalog`) scanned as `analysis`, reading `variables` too; `text` makes the
    /// text for the rare scan that needs it (see `shapeNumber`).
    mutating func formScan(
        _ analysis: FormatAnalysis, variables: [Int: VariableArgument], origin: LocalizedStringOrigin = .stringsdict,
        text: () -> LocalizedText
    ) -> Scan {
        let flags = Flags(analysis, isEmpty: false, origin: origin, loaded: false)
        return Scan(shape: shapeNumber(analysis, variableArguments: variables, text: text), flags: flags)
    }

    /// Adds form `form` of the usual `.stringsdict` entry `entry` (see `OneVariableEntry`) of
    /// `source` (the batch's source `number`), its text scanned as `scan` says: a record only.
    mutating func appendForm(_ form: Int, entry: Int, of source: TextSource, number: Int32, scan: Scan, isEmpty: Bool, loaded: Bool) {
        let flags = scan.flags.union([isEmpty ? .isEmpty : [], loaded ? .loaded : []])
        add(Slot(object: Slot.form(form), shape: scan.shape, source: number, entry: Int32(entry), flags: flags), source: source)
    }

    /// Adds the string unit of localization `localization` of catalog entry `entry`, whose text is
    /// `value`: scanned, or given the scan of an earlier unit with the same plain specifiers (see
    /// `PlainSpecifiers`; units are scanned as catalog texts, apart from `.strings` values).
    mutating func appendUnit(
        _ value: borrowing CatalogText, entry: Int, localization: Int, of source: TextSource, loaded: Bool, mayHoldPercent: Bool = true
    ) {
        appendCatalogRecord(
            value, object: Slot.unit(localization), extra: [], entry: entry, of: source, loaded: loaded, mayHoldPercent: mayHoldPercent
        ) {
            LocalizedText(source: $0, catalogEntry: entry, localization: localization, analysis: $1, loaded: loaded)
        }
    }

    /// Adds form `form` (see `TextSource.catalogForm`) of the variations of localization
    /// `localization` of catalog entry `entry`, whose text is `value`: scanned as a string unit
    /// is (the same scan, shared with units written in the same plain specifiers), a record only.
    mutating func appendCatalogForm(
        _ value: borrowing CatalogText, form: Int, entry: Int, localization: Int, of source: TextSource, loaded: Bool,
        mayHoldPercent: Bool = true
    ) {
        let object = Slot.catalogForm(localization: localization, form: form)
        appendCatalogRecord(
            value, object: object, extra: .catalogForm, entry: entry, of: source, loaded: loaded, mayHoldPercent: mayHoldPercent
        ) { source, _ in
            source.catalogForm(entry: entry, localization: localization, form: form, loaded: loaded)
        }
    }

    /// Adds form `form` (see `TextSource.catalogForm`) of localization `localization` of catalog
    /// entry `entry`, a value with substitutions, its text scanned as `scan` says (`formScan`, with
    /// the arguments the value's substitutions read): a record only.
    mutating func appendSubstitutionForm(
        _ form: Int, entry: Int, localization: Int, of source: TextSource, scan: Scan, isEmpty: Bool, loaded: Bool
    ) {
        let flags = scan.flags.union([.catalogForm, isEmpty ? .isEmpty : [], loaded ? .loaded : []])
        let object = Slot.catalogForm(localization: localization, form: form)
        add(Slot(object: object, shape: scan.shape, source: number(of: source), entry: Int32(entry), flags: flags), source: source)
    }

    /// A catalog text's record (a unit's or a form's, as `object` and `extra` say), whose text is
    /// `value`: given the scan of an earlier catalog text in the same plain specifiers, else
    /// scanned; `text` makes the text for the rare scan that needs it. `mayHoldPercent` false
    /// (the value's shape says no unit of it holds a `%`) says the text has no specifier.
    private mutating func appendCatalogRecord(
        _ value: borrowing CatalogText, object: Int32, extra: Flags, entry: Int, of source: TextSource, loaded: Bool,
        mayHoldPercent: Bool, text: (TextSource, FormatAnalysis) -> LocalizedText
    ) {
        // The text's bytes read in place: a string is made only to scan it. A text without '%'
        // is not read at all (its bytes lie with its locale's, apart from the entry's others).
        let key = mayHoldPercent ? value.withUTF8(PlainSpecifiers.key).map { $0 | Self.unitKey } : Self.unitKey
        let own: Flags = [.catalog, extra, value.isEmpty ? .isEmpty : [], loaded ? .loaded : []]
        let number = number(of: source)
        if appendKnownScan(key, object: object, entry: entry, source: source, number: number, own: own) { return }
        appendRecord(
            object: object, entry: entry, of: source, number: number, isEmpty: value.isEmpty,
            analysis: TextSource.scan(value.string, isCatalog: true), loaded: loaded, extra: extra, text: text)
        rememberLastScan(key)
    }

    /// Adds the string unit of localization `localization` of catalog entry `entry`, scanned as
    /// `analysis`: a record only.
    mutating func appendUnit(
        _ value: borrowing CatalogText, entry: Int, localization: Int, of source: TextSource, analysis: FormatAnalysis, loaded: Bool
    ) {
        appendRecord(
            object: Slot.unit(localization), entry: entry, of: source, number: number(of: source), isEmpty: value.isEmpty,
            analysis: analysis, loaded: loaded
        ) { LocalizedText(source: $0, catalogEntry: entry, localization: localization, analysis: $1, loaded: loaded) }
    }

    /// Adds a record; `text` makes its text for the rare scan that needs it (see `shapeNumber`).
    /// It is given the source and the scan rather than holding them: a closure holding them
    /// retained both for every text.
    private mutating func appendRecord(
        object: Int32, entry: Int, of source: TextSource, number: Int32, isEmpty: Bool, analysis: FormatAnalysis, loaded: Bool,
        extra: Flags = [], text: (TextSource, FormatAnalysis) -> LocalizedText
    ) {
        let origin: LocalizedStringOrigin = object == -1 ? .strings : .catalog
        // Most texts are plain: nothing to read, nothing to walk.
        guard !analysis.specifiers.isEmpty || !analysis.problems.isEmpty else {
            let flags: Flags = [isEmpty ? .isEmpty : [], loaded ? .loaded : [], origin == .catalog ? .catalog : [], extra]
            add(Slot(object: object, shape: 0, source: number, entry: Int32(entry), flags: flags), source: source)
            return
        }
        let flags = Flags(analysis, isEmpty: isEmpty, origin: origin, loaded: loaded).union(extra)
        let shape = shapeNumber(analysis, variableArguments: [:]) { text(source, analysis) }
        add(Slot(object: object, shape: shape, source: number, entry: Int32(entry), flags: flags), source: source)
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
        let recent = recentShapes
        if scratch == texts.shapes[Int(recent.0)] { return recent.0 }
        if scratch == texts.shapes[Int(recent.1)] {
            recentShapes = (recent.1, recent.0, recent.2, recent.3)
            return recent.1
        }
        if scratch == texts.shapes[Int(recent.2)] {
            recentShapes = (recent.2, recent.0, recent.1, recent.3)
            return recent.2
        }
        if scratch == texts.shapes[Int(recent.3)] {
            recentShapes = (recent.3, recent.0, recent.1, recent.2)
            return recent.3
        }
        let number = Self.number(of: scratch, in: &shapeNumbers, appending: scratch, to: &texts.shapes)
        recentShapes = (number, recent.0, recent.1, recent.2)
        return number
    }

    /// The number of `key` in `numbers`; one made for it, with `element` appended to `list` at
    /// that place, when it has none.
    private static func number<Key: Hashable, Element>(
        of key: Key, in numbers: inout [Key: Int32], appending element: Element, to list: inout [Element]
    ) -> Int32 {
        if let known = numbers[key] { return known }
        let number = Int32(list.count)
        list.append(element)
        numbers[key] = number
        return number
    }

    /// The batch's number for `source`.
    mutating func number(of source: TextSource) -> Int32 {
        // Compared by identity, not through the list: reading the last source retained it, a
        // count every core's batches contend for.
        let identity = ObjectIdentifier(source)
        if identity == lastNumbered.source { return lastNumbered.number }
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: identity) >> 4) & 63)
        let number: Int32
        if recentSources[slot].source == identity {
            number = recentSources[slot].number
        } else {
            number = Self.number(of: identity, in: &sourceNumbers, appending: source, to: &texts.sources)
            recentSources[slot] = (identity, number)
        }
        lastNumbered = (identity, number)
        return number
    }

    private mutating func add(_ slot: Slot, source: TextSource) {
        let index = count
        if slot.flags.contains(.stringsdict) { stringsdict.append(index) }
        if slot.flags.contains(.isEmpty) { empty.append(index) }
        if slot.flags.contains(.hasSpecifiers) || slot.flags.contains(.hasProblems), source.usage.isFormatted {
            if slot.flags.contains(.hasSpecifiers) { withSpecifiers.append(index) }
            if slot.flags.contains(.hasProblems) { withProblems.append(index) }
        }
        texts.slots.append(slot)
    }

    /// The texts of `batches` one after another, the batches emptied. The records, nearly all of
    /// the data, are copied and renumbered on every core, each batch into its own part of one
    /// array, while one core joins the lists.
    init(combining batches: inout [TextBatch]) {
        var slotOffsets: [Int] = []
        var sourceOffsets: [Int32] = []
        var objectOffsets: [Int32] = []
        var shapeOffsets: [Int32] = []
        var total = 0
        var sources = 0
        var objects = 0
        var shapes = 1
        for index in batches.indices {
            slotOffsets.append(total)
            sourceOffsets.append(Int32(sources))
            objectOffsets.append(Int32(objects))
            // Each batch's shapes after the ones before, but its `.empty`, which stays 0.
            shapeOffsets.append(Int32(shapes - 1))
            total += batches[index].count
            sources += batches[index].texts.sources.count
            objects += batches[index].texts.objects.count
            shapes += batches[index].texts.shapes.count - 1
        }
        let parts = batches.map(\.texts.slots)
        let owned = batches
        batches = []
        let offsets = (slots: slotOffsets, sources: sourceOffsets, objects: objectOffsets, shapes: shapeOffsets)
        nonisolated(unsafe) var lists = TextBatch()
        let slots = [Slot](unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress else {
                lists = Self.joinedLists(of: owned, slotOffsets: offsets.slots)
                return
            }
            // Each part is written by one iteration, into its own range.
            nonisolated(unsafe) let destination = base
            parts.withUnsafeBufferPointer { parts in
                nonisolated(unsafe) let parts = parts
                DispatchQueue.concurrentPerform(iterations: parts.count + 1) { iteration in
                    // The first iteration joins the lists while the others copy the records.
                    guard iteration > 0 else {
                        lists = Self.joinedLists(of: owned, slotOffsets: offsets.slots)
                        return
                    }
                    let part = iteration - 1
                    let sourceOffset = offsets.sources[part]
                    let objectOffset = offsets.objects[part]
                    let shapeOffset = offsets.shapes[part]
                    parts[part].withUnsafeBufferPointer { slots in
                        var target = destination + offsets.slots[part]
                        for var slot in slots {
                            slot.source += sourceOffset
                            if slot.object >= 0 { slot.object += objectOffset }
                            if slot.shape > 0 { slot.shape += shapeOffset }
                            target.initialize(to: slot)
                            target += 1
                        }
                    }
                }
            }
            initialized = total
        }
        self = lists
        texts.slots = slots
    }

    /// Everything of `batches` but the records, one batch after another (the first record of
    /// batch n being `slotOffsets[n]`).
    private static func joinedLists(of batches: [TextBatch], slotOffsets: [Int]) -> TextBatch {
        var result = TextBatch()
        // Each list made its full size at once: appended batch by batch, the lists (one entry per
        // text of a catalog, for some) were copied at every doubling, and the copies held at once.
        func total<List: Collection>(_ list: (TextBatch) -> List) -> Int { batches.reduce(0) { $0 + list($1).count } }
        result.texts.sources.reserveCapacity(total(\.texts.sources))
        result.texts.objects.reserveCapacity(total(\.texts.objects))
        result.withSpecifiers.reserveCapacity(total(\.withSpecifiers))
        result.withProblems.reserveCapacity(total(\.withProblems))
        result.stringsdict.reserveCapacity(total(\.stringsdict))
        result.empty.reserveCapacity(total(\.empty))
        for index in batches.indices {
            result.texts.sources += batches[index].texts.sources
            result.texts.objects += batches[index].texts.objects
            result.texts.shapes += batches[index].texts.shapes.dropFirst()
            let offset = slotOffsets[index]
            result.withSpecifiers.append(batches[index].withSpecifiers, movedOnBy: offset)
            result.withProblems.append(batches[index].withProblems, movedOnBy: offset)
            result.stringsdict.append(batches[index].stringsdict, movedOnBy: offset)
            result.empty.append(batches[index].empty, movedOnBy: offset)
        }
        return result
    }
}
