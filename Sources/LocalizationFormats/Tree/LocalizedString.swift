/// Where a resolved string came from.
public enum LocalizedStringOrigin: String, Sendable, Hashable, Codable {
    case strings, stringsdict, catalog
}

/// A key's text in one locale's table, after `.stringsdict` has overridden `.strings`.
///
/// A reference into the parsed file it comes from (the file's entries and a position in them)
/// rather than a copy, so building a table allocates nothing but the dictionary, not an object per
/// key, and copying one costs one reference count operation.
public struct LocalizedString: Sendable, Hashable {
    @usableFromInline let source: Source
    @usableFromInline let index: Int

    /// What a table's strings point into: one per file (per file and locale for catalogs).
    @usableFromInline final class Source: Sendable {
        let path: String
        let origin: LocalizedStringOrigin
        /// The `.strings` file, for `.strings` texts (its entries hold no strings but keys).
        let strings: StringsFile
        /// Its entries, read without copying the file out of the source (four retains a read).
        let entries: [StringsEntry]
        /// The `.strings` file's text, which its entries' value ranges point into (read through
        /// `strings`, the whole file struct was copied, a retain for each of its arrays).
        let text: [UInt8]
        let stringsdict: [StringsdictEntry]
        let catalog: CatalogLocaleList
        /// Where each catalog item's text lies in `catalogStores`, and whether its unit is
        /// `translated` or states nothing: the text rules read catalog texts as bytes in place, as
        /// `.strings` values (reading a unit's value made a string of it).
        let catalogSpans: [CatalogSpan]
        let catalogStores: [CatalogTextStore]
        let catalogLoads: Bool
        /// For strings made by the public initializer, which point into no file.
        let made: Made?

        /// A class: asking a file's string whether it was made reads one reference, where an
        /// optional struct of strings was copied, with a retain apiece, on every property read.
        final class Made: Sendable {
            let key: String
            let value: String?
            let location: SourcePosition?
            let loaded: Bool
            let state: String?

            init(key: String, value: String?, location: SourcePosition?, loaded: Bool, state: String?) {
                self.key = key
                self.value = value
                self.location = location
                self.loaded = loaded
                self.state = state
            }
        }

        init(
            path: String, origin: LocalizedStringOrigin, strings: StringsFile = .none, stringsdict: [StringsdictEntry] = [],
            catalog: CatalogLocaleList = .empty, catalogLoads: Bool = true, made: Made? = nil
        ) {
            self.path = path
            self.origin = origin
            self.strings = strings
            entries = strings.entries
            self.stringsdict = stringsdict
            self.catalog = catalog
            text = strings.text
            if origin == .catalog, made == nil {
                (catalogSpans, catalogStores) = (catalog.spans, catalog.stores)
            } else {
                (catalogSpans, catalogStores) = ([], [])
            }
            self.catalogLoads = catalogLoads
            self.made = made
        }
    }

    /// A catalog item's text in its source's stores: `count` bytes from `start` of store number
    /// `store`, and whether its unit is `translated` or states nothing (a source-language key
    /// standing for its text does).
    @usableFromInline struct CatalogSpan: Sendable {
        let start: UInt32
        let countAndFlag: UInt32
        let store: UInt32
        static let settled: UInt32 = 1 << 31

        var count: Int { Int(countAndFlag & ~Self.settled) }
        var isSettled: Bool { countAndFlag & Self.settled != 0 }
    }

    @usableFromInline init(_ source: Source, _ index: Int) {
        self.source = source
        self.index = index
    }

    public init(
        key: String, value: String?, path: String, location: SourcePosition?, loaded: Bool, origin: LocalizedStringOrigin,
        state: String?
    ) {
        let made = Source.Made(key: key, value: value, location: location, loaded: loaded, state: state)
        self.init(Source(path: path, origin: origin, made: made), 0)
    }

    // A file's entries are read in place: `strings[index].loaded` copied the whole entry, with a
    // retain and release of each of its strings, to read one flag.
    public var key: String {
        if let made = source.made { return made.key }
        switch source.origin {
        case .strings: return source.entries.withUnsafeBufferPointer { $0[index].key }
        case .stringsdict: return source.stringsdict.withUnsafeBufferPointer { $0[index].key }
        case .catalog: return source.catalog.key(at: index)
        }
    }

    /// Nil when the value is not a string (a non-string `.strings` value).
    public var value: String? {
        if let made = source.made { return made.value }
        switch source.origin {
        case .strings:
            return withValueBytes { String(decoding: $0, as: UTF8.self) }
        case .stringsdict: return source.stringsdict.withUnsafeBufferPointer { $0[index].representativeValue }
        case .catalog:
            // Read where the locale's list laid the text out (the unit's bytes, or the key's):
            // the unit, a whole entry away from the locale's next, is not read.
            if let text = withCatalogTextBytes({ OldStyleScanner.string(validUTF8: $0) }) { return text }
            return source.catalog.value(at: index) ?? source.catalog.key(at: index)
        }
    }

    /// A catalog text's UTF-8 (its value), read where its list laid it out; nil for any other
    /// text, or a list laid out without it.
    func withCatalogTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard source.made == nil, source.origin == .catalog, index < source.catalogSpans.count else { return nil }
        let span = source.catalogSpans[index]
        return try body(source.catalogStores[Int(span.store)].bytes(start: span.start, count: UInt32(span.count)))
    }

    /// The value's UTF-8 read in place, for a `.strings` text with a string value; nil otherwise
    /// (ask `value`).
    public func withValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard source.made == nil, source.origin == .strings else { return nil }
        let range = source.entries.withUnsafeBufferPointer { $0[index].hasValue ? $0[index].valueRange : nil }
        guard let range else { return nil }
        return try source.text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    public var location: SourcePosition? {
        if let made = source.made { return made.location }
        switch source.origin {
        case .strings: return source.entries.withUnsafeBufferPointer { $0[index].keyLocation }
        case .stringsdict: return source.stringsdict.withUnsafeBufferPointer { $0[index].keyLocation }
        case .catalog: return source.catalog.location(at: index)
        }
    }

    /// Where a `.strings` text's value stands (nil for other texts: `location` is theirs).
    public var valueLocation: SourcePosition? {
        guard source.made == nil, source.origin == .strings else { return nil }
        return source.entries.withUnsafeBufferPointer { $0[index].valueLocation }
    }

    /// Where a finding about the text points: a `.strings` text's value, else the text's own
    /// place (a catalog's unit, a plural form).
    public var textLocation: SourcePosition? { valueLocation ?? location }

    public var loaded: Bool {
        if let made = source.made { return made.loaded }
        switch source.origin {
        case .strings: return source.entries.withUnsafeBufferPointer { $0[index].loaded }
        case .stringsdict: return source.stringsdict.withUnsafeBufferPointer { $0[index].loaded }
        case .catalog: return source.catalogLoads
        }
    }

    public var origin: LocalizedStringOrigin { source.origin }
    /// The `.stringsdict` entry this text is the representative value of.
    public var stringsdictEntry: StringsdictEntry? {
        source.made == nil && source.origin == .stringsdict ? source.stringsdict[index] : nil
    }
    public var path: String { source.path }
    /// A catalog `stringUnit` state (`translated`, `needs_review`, …).
    public var state: String? {
        if let made = source.made { return made.state }
        return source.origin == .catalog ? source.catalog.state(at: index) : nil
    }

    public static func == (lhs: LocalizedString, rhs: LocalizedString) -> Bool {
        (lhs.source === rhs.source && lhs.index == rhs.index)
            || (lhs.key == rhs.key && lhs.value == rhs.value && lhs.path == rhs.path && lhs.location == rhs.location
                && lhs.loaded == rhs.loaded && lhs.origin == rhs.origin && lhs.state == rhs.state)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
        hasher.combine(path)
        hasher.combine(location)
    }
}
