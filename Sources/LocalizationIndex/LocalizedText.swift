import LocalizationFormats

/// How offsets in a text's text map back onto its file.
public enum TextPlacement: Sendable, Hashable {
    /// The text is written as is from this position on (a `.strings` value without escapes), so
    /// every character has an exact position.
    case verbatim(SourcePosition)
    /// Only the start of the text is known (escaped values, XML and JSON strings).
    case fixed(SourcePosition?)
    /// A `.stringsdict` permutation: pieces of the format and of the chosen variants.
    case segments([TextSegment], fallback: SourcePosition?)
}

/// A piece of a `.stringsdict` permutation and where it is written.
public struct TextSegment: Sendable, Hashable {
    /// Scalar offsets in the permutation.
    public var range: Range<Int>
    public var location: SourcePosition?
}

/// Where texts come from: one per file (and locale, for catalogs), shared by its texts so
/// that each holds one reference instead of three strings and a flag.
public final class TextSource: Sendable {
    public let table: String
    public let locale: String
    public let path: String
    /// How the app uses the table, which decides the rules its texts are checked by.
    public let usage: TableUsage

    /// A `.strings` file, which its texts read their key, text and positions from.
    let strings: StringsFile
    /// `strings.entries`, kept apart so reading an entry does not copy the file out of this
    /// object.
    let entries: [StringsEntry]
    /// A catalog's entries, which its string-unit texts read from.
    let catalog: [CatalogEntry]

    public convenience init(table: String, locale: String, path: String, usage: TableUsage = .format) {
        self.init(table: table, locale: locale, path: path, usage: usage, strings: nil, catalog: [])
    }

    init(table: String, locale: String, path: String, usage: TableUsage, strings: StringsFile? = nil, catalog: [CatalogEntry] = []) {
        self.table = table
        self.locale = locale
        self.path = path
        self.usage = usage
        self.strings = strings ?? StringsFile(path: path, encoding: .utf8, diagnostics: [], loads: true)
        entries = self.strings.entries
        self.catalog = catalog
    }

    // What a text that reads its file (a record of `TextStore`, a `LocalizedText` without its own
    // copies) is made of, read in place: `entries[index].key` copied the whole entry.

    /// The key of `.strings` entry `entry`, or of catalog entry `entry` when `isCatalog`.
    func key(entry: Int, isCatalog: Bool) -> String {
        isCatalog ? catalog.withUnsafeBufferPointer { $0[entry].key } : entries.withUnsafeBufferPointer { $0[entry].key }
    }

    /// The value of `.strings` entry `entry`, or the string unit of localization `localization`
    /// of catalog entry `entry`.
    func text(entry: Int, localization: Int?) -> String {
        guard let localization else { return strings.value(at: entry) ?? "" }
        return catalog.withUnsafeBufferPointer { $0[entry].localizations[localization].value.stringUnit?.value } ?? ""
    }

    /// How such a text is scanned when its object is made. The index scans a `.strings` value
    /// first from its file's bytes (`FormatScanner.analyze(utf8:)`, or the scan of an earlier
    /// value with the same plain specifiers): the same scanner over the same text.
    static func scan(_ text: String, isCatalog: Bool) -> FormatAnalysis {
        isCatalog ? LocalizedTextBuilder.analysis(text, alsoRead: []) : FormatScanner.analyze(text)
    }
}

/// One text a user can see: a `.strings` value, one permutation of a `.stringsdict` entry, or one
/// string unit of a catalog, with its format specifiers already scanned.
///
/// The index keeps `.strings` values and plain catalog string units as records (`TextStore`) and
/// makes their text when one is read; permutations and variations are kept as objects. A class:
/// a text is handed from rule to rule, and copying a struct of strings and arrays on each access
/// was most of the engine's time.
public final class LocalizedText: Sendable {
    // A `.strings` value or a catalog string unit (nearly every text) reads its key, text and
    // positions from the parsed file instead of holding copies, and the flags share a word with
    // the catalog localization's index: 56 bytes an instance with its header (a 64-byte heap
    // block) instead of 104 (112). Other texts keep theirs in a box.
    public let source: TextSource
    public let analysis: FormatAnalysis
    private let own: Own?
    /// The entry in `source.strings` or `source.catalog` when `own` is nil.
    private let entry: Int32
    /// The catalog localization's index (low 24 bits), the placement kind, origin and loaded flag.
    private let packed: UInt32

    private enum PlacementKind: UInt32 {
        case verbatim, fixed, segments
    }

    private static let localizationMask: UInt32 = (1 << 24) - 1
    private static let loadedFlag: UInt32 = 1 << 28

    private static func pack(localization: Int, kind: PlacementKind, origin: LocalizedStringOrigin, loaded: Bool) -> UInt32 {
        let originCode: UInt32 =
            switch origin {
            case .strings: 0
            case .stringsdict: 1
            case .catalog: 2
            }
        return UInt32(localization) | kind.rawValue << 24 | originCode << 26 | (loaded ? loadedFlag : 0)
    }

    public var origin: LocalizedStringOrigin {
        switch packed >> 26 & 3 {
        case 0: .strings
        case 1: .stringsdict
        default: .catalog
        }
    }
    public var loaded: Bool { packed & Self.loadedFlag != 0 }
    private var placementKind: PlacementKind { PlacementKind(rawValue: packed >> 24 & 3) ?? .fixed }
    private var localization: Int { Int(packed & Self.localizationMask) }

    /// The string unit a catalog text reads.
    private var unit: CatalogStringUnit? { source.catalog[Int(entry)].localizations[localization].value.stringUnit }

    /// What a text that is not a `.strings` value holds itself.
    private final class Own: Sendable {
        let key: String
        let text: String
        let keyLocation: SourcePosition?
        /// The verbatim start, the fixed position, or the segments' fallback.
        let placementPosition: SourcePosition?
        let segments: [TextSegment]
        let label: String?
        let variableArguments: [Int: VariableArgument]

        init(
            key: String, text: String, keyLocation: SourcePosition?, placementPosition: SourcePosition?, segments: [TextSegment],
            label: String?, variableArguments: [Int: VariableArgument]
        ) {
            self.key = key
            self.text = text
            self.keyLocation = keyLocation
            self.placementPosition = placementPosition
            self.segments = segments
            self.label = label
            self.variableArguments = variableArguments
        }
    }

    public var key: String {
        if let own { return own.key }
        return source.key(entry: Int(entry), isCatalog: origin != .strings)
    }
    public var text: String {
        if let own { return own.text }
        return source.text(entry: Int(entry), localization: origin == .strings ? nil : localization)
    }
    public var keyLocation: SourcePosition? {
        if let own { return own.keyLocation }
        return origin == .strings ? source.entries[Int(entry)].keyLocation : source.catalog[Int(entry)].keyLocation
    }

    /// The verbatim start, the fixed position, or the segments' fallback.
    private var placementPosition: SourcePosition? {
        if let own { return own.placementPosition }
        guard origin == .strings else { return unit?.location }
        let value = source.entries[Int(entry)]
        guard placementKind == .verbatim, let start = value.valueLocation else { return value.valueLocation }
        return SourcePosition(line: start.line, column: start.column + (value.valueIsQuoted ? 1 : 0))
    }

    /// How offsets in `text` map back onto the file.
    public var placement: TextPlacement {
        switch placementKind {
        case .verbatim: placementPosition.map(TextPlacement.verbatim) ?? .fixed(nil)
        case .fixed: .fixed(placementPosition)
        case .segments: .segments(own?.segments ?? [], fallback: placementPosition)
        }
    }
    /// Which permutation or variation this is ("'one' of 'count'"), for texts.
    public var label: String? { own?.label }
    /// Arguments read by `.stringsdict` variables that were expanded into this text: the plural
    /// rule reads them with the variable's value type.
    public var variableArguments: [Int: VariableArgument] { own?.variableArguments ?? [:] }

    public var table: String { source.table }
    public var locale: String { source.locale }
    public var path: String { source.path }
    /// Whether the app passes the text through `String(format:)` (see `TableUsage`).
    public var isFormatted: Bool { source.usage.isFormatted }

    /// The text of entry `index` of `source.strings`, a `.strings` value.
    init(source: TextSource, entry index: Int, analysis: FormatAnalysis) {
        self.source = source
        self.analysis = analysis
        own = nil
        entry = Int32(index)
        let value = source.entries[index]
        let verbatim = value.valueIsVerbatim && value.valueLocation != nil
        packed = Self.pack(localization: 0, kind: verbatim ? .verbatim : .fixed, origin: .strings, loaded: value.loaded)
    }

    /// The text of the string unit of localization `localization` of catalog entry `index`.
    init(source: TextSource, catalogEntry index: Int, localization: Int, analysis: FormatAnalysis, loaded: Bool) {
        self.source = source
        self.analysis = analysis
        own = nil
        entry = Int32(index)
        packed = Self.pack(localization: localization, kind: .fixed, origin: .catalog, loaded: loaded)
    }

    /// True when a catalog position fits the packed form (it always does in practice).
    static func fitsPacked(entry: Int, localization: Int) -> Bool {
        entry <= Int(Int32.max) && localization <= Int(localizationMask)
    }

    public init(
        source: TextSource, key: String, text: String, keyLocation: SourcePosition?, placement: TextPlacement,
        analysis: FormatAnalysis, origin: LocalizedStringOrigin, label: String?, loaded: Bool,
        variableArguments: [Int: VariableArgument] = [:]
    ) {
        self.source = source
        self.analysis = analysis
        entry = -1
        let position: SourcePosition?
        let kind: PlacementKind
        var segments: [TextSegment] = []
        switch placement {
        case .verbatim(let start):
            kind = .verbatim
            position = start
        case .fixed(let fixed):
            kind = .fixed
            position = fixed
        case .segments(let pieces, let fallback):
            kind = .segments
            position = fallback
            segments = pieces
        }
        packed = Self.pack(localization: 0, kind: kind, origin: origin, loaded: loaded)
        own = Own(
            key: key, text: text, keyLocation: keyLocation, placementPosition: position, segments: segments, label: label,
            variableArguments: variableArguments)
    }

    public convenience init(
        table: String, locale: String, key: String, text: String, path: String, keyLocation: SourcePosition?,
        placement: TextPlacement, analysis: FormatAnalysis, origin: LocalizedStringOrigin, label: String?, loaded: Bool,
        variableArguments: [Int: VariableArgument] = [:]
    ) {
        self.init(
            source: TextSource(table: table, locale: locale, path: path), key: key, text: text, keyLocation: keyLocation,
            placement: placement, analysis: analysis, origin: origin, label: label, loaded: loaded,
            variableArguments: variableArguments)
    }

    /// Where the text starts.
    public var location: SourcePosition? { position(ofScalar: 0) }

    /// The position of a scalar offset in `text`, as exactly as the file allows.
    public func position(ofScalar offset: Int) -> SourcePosition? {
        switch placement {
        case .fixed(let position):
            return position
        case .segments(let segments, let fallback):
            return segments.first { $0.range.contains(offset) }?.location ?? fallback
        case .verbatim(let start):
            var line = start.line
            var column = start.column
            var previousWasCR = false
            for (index, scalar) in text.unicodeScalars.enumerated() {
                if index == offset { break }
                switch scalar {
                case "\n" where previousWasCR:
                    previousWasCR = false
                case "\n", "\r", "\u{2028}", "\u{2029}":
                    line += 1
                    column = 1
                    previousWasCR = scalar == "\r"
                default:
                    column += 1
                    previousWasCR = false
                }
            }
            return SourcePosition(line: line, column: column)
        }
    }

    /// True when positions inside the text are exact, so a fix-it can name the characters.
    public var hasExactPositions: Bool {
        if case .verbatim = placement { return true }
        return false
    }

    /// "'key'" or "'key' ('one' of 'count')".
    public var subject: String {
        label.map { "'\(key)' (\($0))" } ?? "'\(key)'"
    }
}

/// An argument a `.stringsdict` variable reads to choose its form.
public struct VariableArgument: Sendable, Hashable {
    public var signature: String
    /// `%#@name@` as written.
    public var text: String
    public var offset: Int
}

/// How one argument is read by a key's text in one locale.
public struct ArgumentUse: Sendable, Hashable {
    /// Type and size, e.g. `int:64`; see `FormatSpecifier.signature`.
    public var signature: String
    /// The specifier as written (`%ld`).
    public var text: String
    /// The text and the offset of the specifier in it.
    public var textIndex: Int
    public var offset: Int

    /// True when this is a plural variable's own reading of its number (`%#@name@`), not a printed value.
    public var isVariable: Bool { text.utf8.starts(with: "%#@".utf8) }
}

/// Every argument a key's text reads in one locale, across all its permutations and variations.
public struct KeyFormat: Sendable {
    /// What the texts read (shared by every key that reads the same).
    public var shape: ArgumentShape
    /// Indexes into `ProjectIndex.texts`.
    public var texts: TextIndexes

    /// No text yet: what a key's format starts from (and what a locale's absent key holds).
    static let empty = KeyFormat(shape: .empty, texts: [])

    /// The number of arguments the text takes (the highest argument number it reads).
    public var argumentCount: Int { shape.highestArgument }

    /// True when a printed argument is read as something other than an object.
    public var readsNonObject: Bool { shape.readsNonObject }

    /// Where each argument is read: the texts' uses combined in order, a printed use winning over
    /// a plural variable's own reading (`texts` is `ProjectIndex.texts`). For a key format the
    /// index built, its shape is `shape` (a format pair's base also has the code's arguments).
    public func arguments(in texts: TextStore) -> ArgumentList {
        var result = ArgumentList()
        for index in self.texts { result.merge(texts[index].argumentUses(index: index)) }
        return result
    }

    /// Printed arguments read as something other than an object, by argument number.
    public func nonObjectArguments(in texts: TextStore) -> [(argument: Int, use: ArgumentUse)] {
        guard readsNonObject else { return [] }
        return arguments(in: texts).filter { $0.value.signature != "object" && !$0.value.isVariable }.map { ($0.key, $0.value) }
    }
}

/// One locale's key formats in one table: by key number for the keys of the table's `TableKeyNumbers`,
/// and by name for the few keys only this locale has.
///
/// A numbered key's format is kept as 8 bytes (`Packed`): its shape by number and its first
/// text. A key's format is made when it is read; 40 locales of 5,000 keys held 24 bytes and two
/// references each before.
public struct TableFormats: Sendable {
    public let keys: TableKeyNumbers
    /// By key number; a key this locale lacks has no first text.
    var numbered: [Packed]
    /// What `Packed.shape` numbers: the index's text shapes (`TextStore.shapes`), shared.
    let textShapes: [ArgumentShape]
    /// Shapes of keys whose texts read more together than any one of them: `Packed.merged(n)`.
    let mergedShapes: [ArgumentShape]
    /// The texts after the first of each key number that has several (permutations, variations).
    let moreTexts: [Int32: [Int]]
    var others: [String: KeyFormat]

    /// A numbered key's format.
    struct Packed: Sendable {
        /// ≥ 0: `textShapes[shape]`; below: `mergedShapes[-1 - shape]`.
        var shape: Int32
        /// The first text; -1 for none, and -2 - the first when `moreTexts` has the others.
        private var texts: Int32

        static let none = Packed(shape: 0, texts: -1)
        static func merged(_ number: Int) -> Int32 { -1 - Int32(number) }

        var isEmpty: Bool { texts == -1 }
        /// The first text (the key is not empty).
        var first: Int { texts >= 0 ? Int(texts) : Int(-2 - texts) }
        var hasMore: Bool { texts < -1 }

        /// Starts the key's texts with `index`.
        mutating func start(_ index: Int) { texts = Int32(index) }
        /// Notes that `moreTexts` has further texts of the key.
        mutating func markMore() { if texts >= 0 { texts = -2 - texts } }
    }

    /// No keys.
    static let empty = TableFormats(keys: .empty, numbered: [], textShapes: [], mergedShapes: [], moreTexts: [:], others: [:])

    init(
        keys: TableKeyNumbers, numbered: [Packed], textShapes: [ArgumentShape], mergedShapes: [ArgumentShape],
        moreTexts: [Int32: [Int]], others: [String: KeyFormat]
    ) {
        self.keys = keys
        self.numbered = numbered
        self.textShapes = textShapes
        self.mergedShapes = mergedShapes
        self.moreTexts = moreTexts
        self.others = others
    }

    public subscript(key: String) -> KeyFormat? {
        if let number = keys.number(of: key) { return self[number: number] }
        return others[key]
    }

    public subscript(number number: Int) -> KeyFormat? {
        let packed = numbered[number]
        guard !packed.isEmpty else { return nil }
        var texts = TextIndexes(first: packed.first)
        if packed.hasMore, let more = moreTexts[Int32(number)] { texts.tail = more }
        return KeyFormat(shape: shape(packed.shape), texts: texts)
    }

    /// The shape numbered `number` (see `Packed.shape`).
    func shape(_ number: Int32) -> ArgumentShape {
        number >= 0 ? textShapes[Int(number)] : mergedShapes[Int(-1 - number)]
    }

    /// Every key this locale has, with its number when it has one, numbered keys first.
    public func forEach(_ body: (_ key: String, _ number: Int?, _ format: KeyFormat) throws -> Void) rethrows {
        for number in numbered.indices where !numbered[number].isEmpty {
            if let format = self[number: number] { try body(keys.keys[number], number, format) }
        }
        for (key, format) in others { try body(key, nil, format) }
    }
}

/// Argument number → how it is read, in argument order. A key reads one or two arguments, so a
/// sorted array beats a dictionary: less memory, no hashing, iteration already in order.
public struct ArgumentList: Sequence, ExpressibleByDictionaryLiteral, Sendable {
    public typealias Element = (key: Int, value: ArgumentUse)
    private var entries: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (Int, ArgumentUse)...) {
        for (argument, use) in elements { self[argument] = use }
    }

    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }
    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The argument numbers, ascending.
    public var keys: [Int] { entries.map(\.key) }

    /// The highest argument number read, or 0.
    public var highestArgument: Int { entries.last?.key ?? 0 }

    /// How `argument` is read, if it is; setting nil removes it.
    public subscript(argument: Int) -> ArgumentUse? {
        get {
            let index = slot(of: argument)
            return index < entries.count && entries[index].key == argument ? entries[index].value : nil
        }
        set {
            let index = slot(of: argument)
            let present = index < entries.count && entries[index].key == argument
            switch (present, newValue) {
            case (true, let use?): entries[index].value = use
            case (true, nil): entries.remove(at: index)
            case (false, let use?): entries.insert((argument, use), at: index)
            case (false, nil): break
            }
        }
    }

    /// Where `argument` is or would go. Lists are short, so a linear scan is the fast search; past
    /// eight entries (only in texts with many specifiers) a binary search keeps each step from
    /// costing the whole list, and arguments added in order are appended.
    private func slot(of argument: Int) -> Int {
        guard let last = entries.last, argument <= last.key else { return entries.count }
        guard entries.count > 8 else {
            var index = 0
            while entries[index].key < argument { index += 1 }
            return index
        }
        var low = 0
        var high = entries.count - 1
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < argument { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds what a further text of the same key reads: an argument not read yet is added, and a
    /// printed use replaces a plural variable's own reading of the number; otherwise the earlier
    /// text's use is kept.
    public mutating func merge(_ other: ArgumentList) {
        guard !isEmpty else {
            self = other
            return
        }
        for (argument, use) in other where self[argument].map({ $0.isVariable && !use.isVariable }) ?? true {
            self[argument] = use
        }
    }

    /// True when both read the same argument numbers with the same types and sizes.
    public func readsLike(_ other: ArgumentList) -> Bool {
        entries.count == other.entries.count
            && zip(entries, other.entries).allSatisfy { $0.key == $1.key && $0.value.signature == $1.value.signature }
    }
}

/// Indexes into `ProjectIndex.texts`. Nearly every key has one text per locale, so the first
/// index is held inline and only further ones take an array (one allocation fewer per key).
public struct TextIndexes: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private var head = -1
    fileprivate(set) var tail: [Int] = []

    public init(arrayLiteral elements: Int...) {
        for element in elements { append(element) }
    }

    init(first: Int) {
        head = first
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head < 0 ? 0 : 1 + tail.count }
    public subscript(position: Int) -> Int { position == 0 ? head : tail[position - 1] }

    public mutating func append(_ index: Int) {
        if head < 0 { head = index } else { tail.append(index) }
    }
}
