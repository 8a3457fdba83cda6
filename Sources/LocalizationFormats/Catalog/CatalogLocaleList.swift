import Foundation

/// A catalog entry's text in one locale: its unit, or none for the source language's own key.
public typealias CatalogLocaleString = (key: String, unit: CatalogStringUnit?, location: SourcePosition)

/// One locale's texts in a catalog, in entry order (see `StringCatalog.strings(for:)`): where
/// each stands in the catalog's entries rather than a copy of it. Copying each key and unit
/// retained their strings, by every locale's list at once (contended counts on shared keys), and
/// took ten times the memory.
public struct CatalogLocaleList: RandomAccessCollection, Sendable {
    /// An entry and its localization; `localization` -1 for the source language's own key (an
    /// entry with no localization in it). A catalog's entries and an entry's localizations
    /// number fewer than 2³¹: each takes several bytes of a file read whole into memory.
    @usableFromInline struct Place: Sendable {
        let entry: Int32
        let localization: Int32
    }

    public let entries: [CatalogEntry]
    @usableFromInline let places: [Place]
    /// The UTF-8 of each text end to end, and where each stands (see `Layout`).
    let text: [UInt8]
    let spans: [LocalizedString.CatalogSpan]

    public static let empty = CatalogLocaleList(entries: [], places: [], layout: Layout())

    init(entries: [CatalogEntry], places: [Place], layout: Layout) {
        self.entries = entries
        self.places = places
        (text, spans) = layout.fits ? (layout.text, layout.spans) : ([], [])
    }

    /// The UTF-8 of a list's texts end to end as they are listed (a unit's value, else the key),
    /// and where each stands, with whether its unit is `translated` or states nothing: the text
    /// rules read catalog texts as bytes in place, as `.strings` values. Made as the list is, from
    /// the entry being read (a pass of its own read every entry's localizations again, a
    /// contended retain apiece); none when the texts take 2 GB or more (the spans' reach).
    struct Layout {
        var text: [UInt8] = []
        var spans: [LocalizedString.CatalogSpan] = []
        var fits = true

        init() {}

        init(capacity: Int) {
            spans.reserveCapacity(capacity)
            // Most texts are short.
            text.reserveCapacity(capacity * 24)
        }

        /// Adds the text of a unit whose value is `value` and state `state`, or of a key standing
        /// for its own text (`state` nil).
        mutating func append(_ value: borrowing String, state: borrowing String?) {
            guard fits else { return }
            let start = text.count
            // The bytes copied from where they lie (appending the string's view went through the
            // general sequence path, and retained the string). Its span reads them without a
            // retain (the view's contiguous storage retains the string, and neighbouring
            // localizations are laid out on both cores at once).
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                value.utf8Span.span.withUnsafeBufferPointer { text.append(contentsOf: $0) }
            } else if value.utf8.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil {
                text.append(contentsOf: value.utf8)
            }
            let settled = state.map { $0 == "translated" } ?? true
            guard text.count < Int(LocalizedString.CatalogSpan.settled) else {
                fits = false
                text = []
                spans = []
                return
            }
            let count = UInt32(text.count - start)
            spans.append(
                LocalizedString.CatalogSpan(
                    start: UInt32(start), countAndFlag: count | (settled ? LocalizedString.CatalogSpan.settled : 0)))
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { places.count }

    public subscript(position: Int) -> CatalogLocaleString {
        (key(at: position), unit(at: position), location(at: position))
    }

    /// The key of text `position`.
    public func key(at position: Int) -> String {
        let place = places[position]
        return entries.withUnsafeBufferPointer { $0[Int(place.entry)].key }
    }

    /// The unit text `position` shows (`CatalogValue.representativeUnit`); nil for a key that
    /// stands for its own text.
    public func unit(at position: Int) -> CatalogStringUnit? {
        var unit: CatalogStringUnit?
        withUnit(at: position) { unit = copy $0 }
        return unit
    }

    /// The text of `unit(at:)` alone: the value read where it lies, without copying the unit (a
    /// retain of its box and of each of its strings, contended when rules on both cores read
    /// the same catalog).
    public func value(at position: Int) -> String? {
        var value: String?
        withUnit(at: position) { value = $0.value }
        return value
    }

    /// The state of `unit(at:)` alone, read where it lies.
    public func state(at position: Int) -> String? {
        var state: String?
        withUnit(at: position) { state = $0.state }
        return state
    }

    /// Calls `body` with the unit text `position` shows, read in place; not at all for a key that
    /// stands for its own text (or a value without a unit to show).
    private func withUnit(at position: Int, _ body: (borrowing CatalogStringUnit) -> Void) {
        let place = places[position]
        guard place.localization >= 0 else { return }
        entries.withUnsafeBufferPointer { entries in
            entries[Int(place.entry)].localizations.withUnsafeBufferPointer { localizations in
                guard let first = localizations.baseAddress else { return }
                _ = CatalogValue.withRepresentativeUnit(at: CatalogLocalization.value(at: first + Int(place.localization)), body)
            }
        }
    }

    /// Where text `position` is written: its unit's value, else its value, else (a key standing
    /// for its own text) the key.
    public func location(at position: Int) -> SourcePosition {
        let place = places[position]
        return entries.withUnsafeBufferPointer { entries in
            guard place.localization >= 0 else { return entries[Int(place.entry)].keyLocation }
            return entries[Int(place.entry)].localizations.withUnsafeBufferPointer { localizations in
                guard let first = localizations.baseAddress else { preconditionFailure("a place of a localization the entry has") }
                let value = CatalogLocalization.value(at: first + Int(place.localization))
                var location: SourcePosition?
                _ = CatalogValue.withRepresentativeUnit(at: value) { location = $0.location }
                return location ?? CatalogValue.withStorage(at: value) { _, storage in storage.location }
            }
        }
    }

    /// Calls `body` with each text's position and the index of its entry in `entries`.
    func forEachEntry(_ body: (_ position: Int, _ entry: Int) throws -> Void) rethrows {
        try places.withUnsafeBufferPointer { places in
            for position in places.indices { try body(position, Int(places[position].entry)) }
        }
    }

    /// Calls `body` with each text's key, read in place (binding one to a name retained it).
    func forEachKey(_ body: (_ position: Int, _ key: borrowing String) throws -> Void) rethrows {
        try entries.withUnsafeBufferPointer { entries in try forEachEntry { position, entry in try body(position, entries[entry].key) } }
    }
}

extension StringCatalog {
    /// Every locale's entries (see `strings(for:)`): a large catalog's locales shared out among
    /// the cores, each walking the entries for its own.
    public func stringsByLocale() -> [String: CatalogLocaleList] {
        let source = sourceLanguage.map(LocaleName.normalize)
        // Shares of 50,000 localizations or more, at most one per core (and eight): a small
        // catalog is one share. Every share walks every localization (for its own locales), so a
        // share more than the cores is a walk more for nothing.
        let localizations = entries.count * Swift.max(1, entries.first?.localizations.count ?? 1)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let shares = Swift.max(1, Swift.min(8, cores, localizations / 50_000))
        let parts = (0..<shares).concurrentMap { share in localeLists(share: share, of: shares, source: source) }
        guard parts.count > 1 else { return parts.first ?? [:] }
        var result: [String: CatalogLocaleList] = [:]
        for part in parts { result.merge(part) { first, _ in first } }
        return result
    }

    /// The lists of `stringsByLocale` of the locales in one share (by normalized locale): those
    /// whose number, in the order the entries name them, is `share` modulo `shares`.
    private func localeLists(share: Int, of shares: Int, source: String?) -> [String: CatalogLocaleList] {
        typealias Place = CatalogLocaleList.Place
        var lists = ShareLists(share: share, of: shares, entries: entries.count)
        let sourceID = source.map { lists.id(of: $0) }
        var written: [String: Int] = [:]
        // The locale each place held in the previous entry is compared first.
        var places = LocalePlaceCache<Int>()
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                var hasSource = false
                entries[index].localizations.withUnsafeBufferPointer { localizations in
                    guard let first = localizations.baseAddress else { return }
                    for item in localizations.indices {
                        let name = localizations[item].locale
                        let locale = places.value(at: item, written: name) {
                            if let known = written[name] { return known }
                            let made = lists.id(of: LocaleName.normalize(name))
                            written[name] = made
                            return made
                        }
                        // The first localization of a locale wins, as in `strings(for:)`.
                        guard locale % shares == share, lists.lastEntry[locale] != index else { continue }
                        lists.lastEntry[locale] = index
                        if locale == sourceID { hasSource = true }
                        lists.places[locale].append(Place(entry: Int32(index), localization: Int32(item)))
                        // The unit the text shows, the key only when there is none (the key's
                        // strings are read by every share at once). The value is read where it
                        // lies: copied, its box was retained by both shares at once (neighbouring
                        // localizations belong to different shares).
                        let value = CatalogLocalization.value(at: first + item)
                        let shown = CatalogValue.withRepresentativeUnit(at: value) { unit in
                            lists.layouts[locale].append(unit.value, state: unit.state)
                        }
                        if !shown { lists.layouts[locale].append(entries[index].key, state: nil) }
                    }
                }
                if let sourceID, sourceID % shares == share, !hasSource {
                    lists.places[sourceID].append(Place(entry: Int32(index), localization: -1))
                    lists.layouts[sourceID].append(entries[index].key, state: nil)
                }
            }
        }
        var result: [String: CatalogLocaleList] = [:]
        result.reserveCapacity(lists.locales.count)
        for (id, locale) in lists.locales.enumerated() where id % shares == share && (!lists.places[id].isEmpty || id == sourceID) {
            // Merged tables keep these lists (their strings point into them): a list with much
            // more room than items is copied to its size.
            if lists.places[id].capacity > lists.places[id].count + lists.places[id].count / 8 {
                lists.places[id] = Self.fitted(lists.places[id])
                lists.layouts[id].spans = Self.fitted(lists.layouts[id].spans)
                lists.layouts[id].text = Self.fitted(lists.layouts[id].text)
            }
            result[locale] = CatalogLocaleList(entries: entries, places: lists.places[id], layout: lists.layouts[id])
        }
        return result
    }

    /// A copy of `array` with no room to spare.
    private static func fitted<Element>(_ array: [Element]) -> [Element] {
        var exact: [Element] = []
        exact.reserveCapacity(array.count)
        exact.append(contentsOf: array)
        return exact
    }

    /// The lists one share of `stringsByLocale` makes, by locale number. Locales get small
    /// numbers, so "first localization of a locale wins" is an array stamp instead of a set per
    /// entry. A structure with methods, not local variables a nested function captures: such
    /// variables are boxed, and every access to them is checked for exclusivity at run time.
    private struct ShareLists {
        let share: Int
        let shares: Int
        let entries: Int
        var ids: [String: Int] = [:]
        var locales: [String] = []
        var places: [[CatalogLocaleList.Place]] = []
        var layouts: [CatalogLocaleList.Layout] = []
        /// Per locale, the entry that last gave it a text.
        var lastEntry: [Int] = []

        init(share: Int, of shares: Int, entries: Int) {
            self.share = share
            self.shares = shares
            self.entries = entries
        }

        /// The number of normalized locale `locale`, given one the first time.
        mutating func id(of locale: String) -> Int {
            if let id = ids[locale] { return id }
            let id = locales.count
            ids[locale] = id
            locales.append(locale)
            places.append([])
            layouts.append(CatalogLocaleList.Layout())
            // A locale's list holds at most one item per entry: room for all at once.
            if id % shares == share {
                places[id].reserveCapacity(entries)
                layouts[id] = CatalogLocaleList.Layout(capacity: entries)
            }
            lastEntry.append(-1)
            return id
        }
    }

    /// The entries a locale has in this catalog: its own localization, or for the source language
    /// the key itself when it has none (Xcode uses the key as the source text).
    public func strings(for locale: String) -> CatalogLocaleList {
        stringsByLocale()[locale] ?? .empty
    }
}
