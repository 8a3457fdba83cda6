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
    /// A `.stringsdict` file's entries, which the records of its usual entries' forms read from
    /// (see `OneVariableEntry`).
    let stringsdict: [StringsdictEntry]

    public convenience init(table: String, locale: String, path: String, usage: TableUsage = .format) {
        self.init(table: table, locale: locale, path: path, usage: usage, strings: nil, catalog: [])
    }

    init(
        table: String, locale: String, path: String, usage: TableUsage, strings: StringsFile? = nil, catalog: [CatalogEntry] = [],
        stringsdict: [StringsdictEntry] = []
    ) {
        self.table = table
        self.locale = locale
        self.path = path
        self.usage = usage
        self.strings = strings ?? StringsFile(path: path, encoding: .utf8, diagnostics: [], loads: true)
        entries = self.strings.entries
        self.catalog = catalog
        self.stringsdict = stringsdict
    }

    // What a text that reads its file (a record of `TextStore`, a `LocalizedText` without its own
    // copies) is made of, read in place: `entries[index].key` copied the whole entry.

    /// The key of entry `entry` of the source's `.strings`, `.stringsdict` or catalog entries.
    func key(entry: Int, origin: LocalizedStringOrigin) -> String {
        withKey(entry: entry, origin: origin) { copy $0 }
    }

    /// `body` with the key of entry `entry`, borrowed where it lies.
    func withKey<Result>(entry: Int, origin: LocalizedStringOrigin, _ body: (borrowing String) -> Result) -> Result {
        switch origin {
        case .strings: entries.withUnsafeBufferPointer { body($0[entry].key) }
        case .stringsdict: stringsdict.withUnsafeBufferPointer { body($0[entry].key) }
        case .catalog: catalog.withUnsafeBufferPointer { body($0[entry].key) }
        }
    }

    /// The text of form `form` of `.stringsdict` entry `entry` (a usual entry, see `OneVariableEntry`).
    func permutation(entry: Int, form: Int) -> LocalizedText {
        usual(entry: entry) { usual, entry in usual.text(of: entry, form: form, piece: usual.piece(of: entry, form: form), source: self) }
    }

    /// The text alone of form `form` of `.stringsdict` entry `entry` (see `permutation`).
    func permutationText(entry: Int, form: Int) -> String {
        usual(entry: entry) { usual, entry in
            entry.variables.withUnsafeBufferPointer { usual.string(form: $0[usual.variable].variants[form].value) }
        }
    }

    /// `body` with `.stringsdict` entry `entry`, read as the usual entry it was when its records
    /// were made (reading it again gives the same).
    private func usual<T>(entry: Int, _ body: (OneVariableEntry, StringsdictEntry) -> T) -> T {
        stringsdict.withUnsafeBufferPointer { entries in
            guard let usual = OneVariableEntry(entries[entry]) else { preconditionFailure("not a usual .stringsdict entry") }
            return body(usual, entries[entry])
        }
    }

    /// The value of `.strings` entry `entry`, or the string unit of localization `localization`
    /// of catalog entry `entry`.
    func text(entry: Int, localization: Int?) -> String {
        guard let localization else { return strings.value(at: entry) ?? "" }
        return catalog.withUnsafeBufferPointer { $0[entry].localizations[localization].value.stringUnit?.value } ?? ""
    }

    /// The text of form `form` of the variations of localization `localization` of catalog entry
    /// `entry` (its units numbered as `CatalogValue.forEachUnit` visits them), made as
    /// `LocalizedTextBuilder.catalogTexts` makes it, through the same walk
    /// (`LocalizedTextBuilder.catalogText`).
    func catalogForm(entry: Int, localization: Int, form: Int, loaded: Bool) -> LocalizedText {
        catalog.withUnsafeBufferPointer { entries in
            guard
                let made = LocalizedTextBuilder.catalogText(
                    entries[entry].localizations[localization].value, form: form, key: entries[entry].key,
                    keyLocation: entries[entry].keyLocation, source: self, loaded: loaded)
            else { preconditionFailure("no form \(form) in the catalog value") }
            return made
        }
    }

    /// The text alone of that form (see `catalogForm`), no label made: the units counted, or a
    /// substitution's form with its `%arg` replaced (the value walked as for its text).
    func catalogFormText(entry: Int, localization: Int, form: Int) -> String {
        catalog.withUnsafeBufferPointer { entries in
            let value = entries[entry].localizations[localization].value
            if value.readsSubstitutions {
                var text = ""
                LocalizedTextBuilder.forEachCatalogForm(value, isSource: true, labels: false, only: form) { text = $1().text }
                return text
            }
            var text = ""
            var index = 0
            value.forEachUnit { unit in
                if index == form { text = unit.value }
                index += 1
            }
            return text
        }
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
/// The index keeps `.strings` values, catalog string units and forms and the forms of usual
/// `.stringsdict` entries as records (`TextStore`) and makes their text when one is read; other
/// permutations, the forms of a catalog value with more forms than a record numbers, and a
/// catalog key that is its own source text are kept as objects. A class:
/// a text is handed from rule to rule without copying its strings and arrays.
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
        return source.key(entry: Int(entry), origin: origin)
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
                // Line breaks as the parsers count them (U+2028 and U+2029 are not).
                case "\n", "\r":
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
