/// A locale's value in a catalog entry. A structure, not a tuple: a tuple's member read in
/// place through a buffer was copied whole first (a retain of its value's text store, contended
/// between the cores when rules read the same catalog).
public struct CatalogLocalization: Sendable, Hashable {
    /// The locale identifier as written.
    public var locale: String
    public var value: CatalogValue

    public init(locale: String, value: CatalogValue) {
        self.locale = locale
        self.value = value
    }
}

extension CatalogLocalization {
    /// The value of the localization `localization` points to, where it lies (see
    /// `CatalogValue.withFields(at:_:)`).
    @inlinable
    public static func value(at localization: UnsafePointer<CatalogLocalization>) -> UnsafePointer<CatalogValue> {
        UnsafeRawPointer(localization).advanced(by: valueOffset).assumingMemoryBound(to: CatalogValue.self)
    }

    @usableFromInline static let valueOffset = storedPropertyOffset(\CatalogLocalization.value)
}

/// One key of a String Catalog.
public struct CatalogEntry: Sendable, Hashable {
    public var key: String
    public var keyLocation: SourcePosition
    public var comment: String?
    public var extractionState: String?
    public var shouldTranslate: Bool
    /// `generatesSymbol` (format 1.1): false when the key is kept out of Xcode's generated
    /// Swift symbols; nil when not written.
    public var generatesSymbol: Bool? = nil
    /// Locale identifier as written → its value.
    public var localizations: [CatalogLocalization]

    public static func == (lhs: CatalogEntry, rhs: CatalogEntry) -> Bool {
        lhs.key == rhs.key && lhs.keyLocation == rhs.keyLocation && lhs.comment == rhs.comment
            && lhs.extractionState == rhs.extractionState && lhs.shouldTranslate == rhs.shouldTranslate
            && lhs.generatesSymbol == rhs.generatesSymbol
            && lhs.localizations == rhs.localizations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(keyLocation)
    }

    /// Whether some localization's value has a shape `test` accepts, read in place (a
    /// localization handed to a closure is copied, its value retained).
    @inlinable
    public func hasLocalization(where test: (CatalogValue.Shape) -> Bool) -> Bool {
        localizations.withUnsafeBufferPointer { localizations in
            for item in localizations.indices where test(localizations[item].value.shape) { return true }
            return false
        }
    }

    /// An entry with no key and no localizations, which holds no storage of its own.
    static let blank = CatalogEntry(
        key: "", keyLocation: SourcePosition(line: 0, column: 0), comment: nil, extractionState: nil, shouldTranslate: true,
        localizations: [])

    public func localization(_ locale: String) -> CatalogValue? {
        localizations.first { $0.locale == locale }?.value
    }
}

/// A parsed `.xcstrings` String Catalog.
public struct StringCatalog: Sendable {
    public var path: String
    public var sourceLanguage: String? {
        didSet { locales = Self.locales(sourceLanguage: sourceLanguage, entries: entries) }
    }
    public var version: String?
    public var entries: [CatalogEntry] {
        didSet { locales = Self.locales(sourceLanguage: sourceLanguage, entries: entries) }
    }
    public var diagnostics: [Diagnostic]
    public var loads: Bool
    /// Top-level members other than `sourceLanguage`, `strings` and `version`, which Xcode's
    /// compiler does not read: their names, where they stand, and how many members an object
    /// of them holds.
    public var otherMembers: [(name: String, location: SourcePosition, members: Int?)] = []
    /// Whether the top level has a `version` member at all (of whatever type).
    public var hasVersionMember = true
    /// Where the `version` member's value stands.
    public var versionLocation: SourcePosition?
    /// Every locale the catalog mentions, source language first: worked out when the entries
    /// are set, once, where rules asked for it locale by locale (a walk of every localization
    /// each time).
    public private(set) var locales: [String]

    /// `locales`, when given, are those the entries name, in order (see `LocaleOrder`).
    init(
        path: String, sourceLanguage: String?, version: String?, entries: [CatalogEntry], diagnostics: [Diagnostic], loads: Bool,
        locales: [LocaleOrder]? = nil
    ) {
        self.path = path
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.diagnostics = diagnostics
        self.loads = loads
        self.locales =
            locales.map { LocaleOrder.joined($0, sourceLanguage: sourceLanguage) }
            ?? Self.locales(sourceLanguage: sourceLanguage, entries: entries)
    }

    private static func locales(sourceLanguage: String?, entries: [CatalogEntry]) -> [String] {
        var order = LocaleOrder()
        for entry in entries { order.add(entry) }
        return LocaleOrder.joined([order], sourceLanguage: sourceLanguage)
    }
}

/// The locales a run of entries names, in the order they first appear. The parser's runs keep
/// one each as they read, so a catalog's locales need no walk of its entries afterwards.
struct LocaleOrder {
    private(set) var locales: [String] = []
    private var seen: Set<String> = []
    // Entries mostly list the same locales in the same order: a locale equal to the one at its
    // place in the previous entry is known without hashing.
    private var previous: [String] = []
    private var current: [String] = []

    mutating func add(_ entry: borrowing CatalogEntry) {
        current.removeAll(keepingCapacity: true)
        entry.localizations.withUnsafeBufferPointer { localizations in
            for index in localizations.indices {
                let locale = localizations[index].locale
                current.append(locale)
                if index < previous.count, previous[index] == locale { continue }
                if seen.insert(locale).inserted { locales.append(locale) }
            }
        }
        swap(&previous, &current)
    }

    /// The source language, then the runs' locales in run order, each once.
    static func joined(_ runs: [LocaleOrder], sourceLanguage: String?) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        if let sourceLanguage, seen.insert(sourceLanguage).inserted { result.append(sourceLanguage) }
        for run in runs {
            for locale in run.locales where seen.insert(locale).inserted { result.append(locale) }
        }
        return result
    }
}

extension StringCatalog {
    /// Calls `body` with every entry (of `range`, when given) and each of its localizations (locale
    /// as written), in order, read in place: copying an entry or a value costs a reference count
    /// for each string and array in it. With `include`, only localizations whose value's shape
    /// it accepts: the others are passed over reading the shape alone, where handing a value to
    /// `body` retained it (a cache miss apiece on a large catalog).
    @inlinable
    public func forEachLocalization(
        entries range: Range<Int>? = nil, where include: (CatalogValue.Shape) -> Bool = { _ in true },
        _ body: (_ entry: borrowing CatalogEntry, _ locale: String, _ value: borrowing CatalogValue) throws -> Void
    ) rethrows {
        try forEachLocalizationWithPosition(entries: range, where: include) { _, entry, locale, value in try body(entry, locale, value) }
    }

    /// `forEachLocalization`, also giving each localization's position: the index of its entry
    /// in `entries` and its own index in that entry's `localizations`.
    @inlinable
    public func forEachLocalizationWithPosition(
        entries range: Range<Int>? = nil, where include: (CatalogValue.Shape) -> Bool = { _ in true },
        _ body: (
            _ position: (entry: Int, localization: Int), _ entry: borrowing CatalogEntry, _ locale: String,
            _ value: borrowing CatalogValue
        ) throws -> Void
    ) rethrows {
        try forEachLocalization(at: range, where: include) { entries, index, item, localization in
            try body((index, item), entries[index], localization.pointee.locale, localization.pointee.value)
        }
    }

    /// `forEachLocalizationWithPosition`, handing over where each value lies rather than the
    /// value: a reader that walks a value's cases in place (`CatalogValue.withParts(at:_:)`)
    /// needs its address, and a borrowed value was copied to be given one (a retain of its store).
    @inlinable
    public func forEachValueInPlace(
        entries range: Range<Int>? = nil, where include: (CatalogValue.Shape) -> Bool = { _ in true },
        _ body: (
            _ position: (entry: Int, localization: Int), _ entry: borrowing CatalogEntry, _ locale: String,
            _ value: UnsafePointer<CatalogValue>
        ) throws -> Void
    ) rethrows {
        try forEachLocalization(at: range, where: include) { entries, index, item, localization in
            try body((index, item), entries[index], localization.pointee.locale, CatalogLocalization.value(at: localization))
        }
    }

    /// The walk both of the above make: the entries' buffer, the entry's index, the
    /// localization's, and where the localization lies.
    @inlinable
    func forEachLocalization(
        at range: Range<Int>?, where include: (CatalogValue.Shape) -> Bool,
        _ body: (
            _ entries: UnsafeBufferPointer<CatalogEntry>, _ entry: Int, _ localization: Int, _ at: UnsafePointer<CatalogLocalization>
        ) throws -> Void
    ) rethrows {
        try entries.withUnsafeBufferPointer { entries in
            for index in range ?? entries.indices {
                try entries[index].localizations.withUnsafeBufferPointer { localizations in
                    guard let first = localizations.baseAddress else { return }
                    for item in 0..<localizations.count {
                        let localization = first + item
                        guard include(localization.pointee.value.shape) else { continue }
                        try body(entries, index, item, localization)
                    }
                }
            }
        }
    }

    /// Calls `body` with every string unit of every localization, in the order of
    /// `forEachLocalizationWithPosition` and, within a value, of `CatalogValue.forEachUnit`, with
    /// its localization's position. No entry or value is copied, only each unit to be lent (a
    /// retain of its text's store): handing each entry and value to a closure retained the
    /// entry's list and what the value holds besides, contended when the cores read one catalog
    /// at once; a reader that needs the key or the locale (for a finding) reads them by position.
    /// Values whose shape `include` refuses are passed over, their units unread.
    @inlinable
    public func forEachUnitInPlace(
        where include: (CatalogValue.Shape) -> Bool = { _ in true },
        _ body: (_ position: (entry: Int, localization: Int), _ unit: borrowing CatalogStringUnit) throws -> Void
    ) rethrows {
        try entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                try entries[index].localizations.withUnsafeBufferPointer { localizations in
                    guard let first = localizations.baseAddress else { return }
                    for item in 0..<localizations.count {
                        guard include(localizations[item].value.shape) else { continue }
                        try CatalogValue.forEachUnit(at: CatalogLocalization.value(at: first + item)) { unit in
                            try body((index, item), unit)
                        }
                    }
                }
            }
        }
    }
}

/// Reads `.xcstrings` files (JSON; Apple publishes no schema, so unknown keys are tolerated and
/// wrong types are reported).
public enum StringCatalogParser {
    /// Xcode's states; `machine_translated` comes from Xcode 26's translation assistant.
    static let knownStates: Set = ["translated", "needs_review", "new", "stale", "machine_translated"]
    /// Substitutions read per string (see `value(_:context:)`).
    static let maximumSubstitutions = 64

    /// Parses a catalog. Each entry is built as soon as it is read: an entry of the usual shape
    /// straight from the bytes (`usualCatalogEntry`), any other from its JSON, which is then
    /// released, so a large catalog never holds its whole JSON tree (much larger than the file);
    /// the bytes are taken, not borrowed, and released once read. `direct: false` reads every
    /// entry through its JSON, as the tests compare.
    ///
    /// A large catalog's entries are read in two runs at once, one per core (see
    /// `JSONReader.parse(contents:path:streamingMembersOf:splittingAbove:newRun:direct:countingLines:_:)`).
    public static func parse(
        bytes: consuming [UInt8], path: String, splittingAbove minimumSize: Int = 4 << 20, direct: Bool = true
    ) -> StringCatalog {
        parse(contents: .bytes(bytes), path: path, splittingAbove: minimumSize, direct: direct)
    }

    /// `parse(bytes:path:splittingAbove:direct:)` of a file's contents, read or mapped (the
    /// catalog keeps no reference to them: its texts are copied out as they are read).
    public static func parse(
        contents: consuming FileContents, path: String, splittingAbove minimumSize: Int = 4 << 20, direct: Bool = true
    ) -> StringCatalog {
        // A later "strings" replaces an earlier one, as any repeated key does: the reader starts
        // the runs over.
        let (document, parsedRuns) = JSONReader.parse(
            contents: contents, path: path, streamingMembersOf: "strings", splittingAbove: minimumSize,
            newRun: { EntryRun(builder: Builder(path: path, diagnostics: [])) },
            direct: { parser, key, keyLocation, run in
                guard direct, let entry = parser.usualCatalogEntry(key: key, keyLocation: keyLocation, names: &run.names, texts: &run.texts)
                else {
                    return false
                }
                run.append(entry)
                return true
            }
        ) { run, event in
            if case .member(let member) = event { run.append(run.builder.entry(member, texts: &run.texts)) }
        }
        // Taken, not shared: an entries list still shared would be copied, not moved.
        var runs = consume parsedRuns
        for run in runs { run.texts.finish() }
        var entries: [CatalogEntry]
        if runs.count == 1 {
            entries = runs[0].entries
        } else {
            // Moved out of the runs: a copy retained every entry's strings and lists.
            var parts = runs.indices.map { index in
                defer { runs[index].entries = [] }
                return runs[index].entries
            }
            entries = .joinedByMoving(&parts, order: Array(parts.indices), blank: CatalogEntry.blank)
        }
        var builder = Builder(path: path, diagnostics: document.diagnostics)
        guard let (sourceLanguage, version, strings, others) = topLevel(document.root, builder: &builder) else {
            return StringCatalog(path: path, sourceLanguage: nil, version: nil, entries: [], diagnostics: builder.diagnostics, loads: false)
        }
        if let node = strings, node.object == nil {
            // The last "strings" is no object: whatever an earlier one held does not count.
            builder.add(.catalogStringsNotObject(found: node.typeNameWithArticle), at: node.location)
            entries = []
        } else {
            // Entry diagnostics follow the document's and the top level's, as when the tree was walked.
            for run in runs { builder.diagnostics += run.builder.diagnostics }
        }
        var catalog = StringCatalog(
            path: path, sourceLanguage: sourceLanguage, version: version, entries: entries, diagnostics: builder.diagnostics,
            loads: true, locales: entries.isEmpty ? [] : runs.map(\.locales))
        catalog.otherMembers = others
        catalog.hasVersionMember = document.root?["version"] != nil
        catalog.versionLocation = document.root?["version"]?.location
        return catalog
    }

    /// The source language, the version, the `strings` object (the last one, as for any key) and
    /// the other members; nil when the document is no object.
    private static func topLevel(_ root: JSONNode?, builder: inout Builder) -> (
        String?, String?, JSONNode?, [(name: String, location: SourcePosition, members: Int?)]
    )? {
        guard let top = root else { return nil }
        guard let members = top.object else {
            builder.add(.catalogTopLevelNotObject(found: top.typeNameWithArticle), at: top.location)
            return nil
        }
        let sourceLanguage = builder.string(top["sourceLanguage"], "sourceLanguage")
        if top["sourceLanguage"] == nil { builder.add(.catalogNoSourceLanguage, at: top.location) }
        let version = builder.string(top["version"], "version")
        let others = members.filter { !["sourceLanguage", "strings", "version"].contains($0.key) }.map {
            (name: $0.key, location: $0.keyLocation, members: $0.value.object?.count)
        }
        return (sourceLanguage, version, members.last { $0.key == "strings" }?.value, others)
    }

    /// The entries of one run of a catalog's `strings`, the locales they name and what was
    /// found wrong in them.
    private struct EntryRun {
        var entries: [CatalogEntry] = []
        var locales = LocaleOrder()
        var names = CatalogNames()
        /// Where the run's texts are written.
        var texts = CatalogTextWriter()
        var builder: Builder

        mutating func append(_ entry: CatalogEntry) {
            entries.append(entry)
            locales.add(entries[entries.count - 1])
        }
    }

    private struct Builder {
        let path: String
        var diagnostics: [Diagnostic]
        /// The entry being read, named by the diagnostics about it.
        var key: String?

        mutating func add(_ message: ParseMessage, at location: SourcePosition, severity: Severity? = nil) {
            diagnostics.append(Diagnostic(.xcstringsInvalidStructure, message, path: path, at: location, severity: severity, key: key))
        }

        mutating func string(_ node: JSONNode?, _ name: String) -> String? {
            guard let node else { return nil }
            guard let text = node.string else {
                add(.catalogMemberNotString(name: name, found: node.typeNameWithArticle), at: node.location)
                return nil
            }
            return text
        }

        mutating func entry(_ member: JSONMember, texts: inout CatalogTextWriter) -> CatalogEntry {
            key = member.key
            defer { key = nil }
            let node = member.value
            var entry = CatalogEntry(
                key: member.key, keyLocation: member.keyLocation, comment: nil, extractionState: nil, shouldTranslate: true,
                localizations: [])
            guard node.object != nil else {
                add(.catalogEntryNotObject(key: member.key, found: node.typeNameWithArticle), at: node.location)
                return entry
            }
            entry.comment = string(node["comment"], "comment")
            entry.extractionState = string(node["extractionState"], "extractionState")
            if let flag = node["shouldTranslate"] {
                if let value = flag.bool {
                    entry.shouldTranslate = value
                } else {
                    add(.catalogShouldTranslateNotBool, at: flag.location)
                }
            }
            entry.generatesSymbol = node["generatesSymbol"]?.bool
            if let localizations = node["localizations"] {
                if let members = localizations.object {
                    for item in members {
                        texts.startLocale(item.key)
                        entry.localizations.append(
                            CatalogLocalization(
                                locale: item.key,
                                value: value(item.value, texts: &texts, context: .localization(key: member.key, locale: item.key))))
                    }
                } else {
                    add(.catalogLocalizationsNotObject(key: member.key), at: localizations.location)
                }
            }
            return entry
        }

        // Contexts are built only for a message: one string per localization cost more than the
        // rest of the entry.
        mutating func value(
            _ node: JSONNode, texts: inout CatalogTextWriter, context: @autoclosure () -> ParseMessage.CatalogPlace
        ) -> CatalogValue {
            guard node.object != nil else {
                add(.catalogValueNotObject(context(), found: node.typeNameWithArticle), at: node.location)
                return CatalogValue(stringUnit: nil, variations: [], substitutions: [], location: node.location)
            }
            var stringUnit: CatalogStringUnit?
            var variations: [CatalogVariation] = []
            var substitutions: [CatalogSubstitution] = []
            if let unit = node["stringUnit"] {
                if unit.object != nil, let text = unit["value"]?.string {
                    let state = string(unit["state"], "state")
                    if let state, !StringCatalogParser.knownStates.contains(state) {
                        add(.catalogUnknownState(state: state, context()), at: unit.location, severity: .warning)
                    }
                    stringUnit = CatalogStringUnit(
                        state: state, text: texts.append(text), location: unit["value"]?.location ?? unit.location)
                } else {
                    add(.catalogStringUnitInvalid(context()), at: unit.location)
                }
            }
            if let node = node["variations"] { variations = self.variations(node, texts: &texts, context: context()) }
            if let substitutionNode = node["substitutions"] {
                if substitutionNode.object == nil {
                    add(.catalogSubstitutionsNotObject(context()), at: substitutionNode.location)
                }
                let items = substitutionNode.object ?? []
                // Each unit of a string is checked against every substitution of it: a bound keeps a
                // crafted catalog from costing the square of its size (real strings have one to three).
                if items.count > StringCatalogParser.maximumSubstitutions {
                    add(
                        .catalogTooManySubstitutions(context(), count: items.count, limit: StringCatalogParser.maximumSubstitutions),
                        at: substitutionNode.location, severity: .warning)
                }
                for item in items.prefix(StringCatalogParser.maximumSubstitutions) {
                    let argNum = item.value["argNum"].flatMap { node -> Int? in
                        if case .number(let text) = node.value, let number = Int(text), number >= 1 { return number }
                        add(.catalogInvalidArgNum(substitution: item.key, place: context(), found: node.minified), at: node.location)
                        return nil
                    }
                    substitutions.append(
                        CatalogSubstitution(
                            name: item.key, location: item.keyLocation, argNum: argNum,
                            formatSpecifier: string(item.value["formatSpecifier"], "formatSpecifier"),
                            variations: item.value["variations"].map {
                                self.variations($0, texts: &texts, context: .substitution(context(), name: item.key))
                            } ?? []))
                }
            }
            return CatalogValue(stringUnit: stringUnit, variations: variations, substitutions: substitutions, location: node.location)
        }

        mutating func variations(
            _ node: JSONNode, texts: inout CatalogTextWriter, context: @autoclosure () -> ParseMessage.CatalogPlace
        ) -> [CatalogVariation] {
            guard let selectors = node.object else {
                add(.catalogVariationsNotObject(context()), at: node.location)
                return []
            }
            return selectors.map { selector in
                CatalogVariation(
                    selector: selector.key,
                    cases: (selector.value.object ?? []).map { item in
                        CatalogVariation.Case(
                            name: item.key, nameLocation: item.keyLocation,
                            value: value(item.value, texts: &texts, context: .variation(context(), selector: selector.key, name: item.key)))
                    })
            }
        }
    }
}
