import LocalizationFormats

/// Every localized text in file order, as `ProjectIndex.texts` keeps them: one small record per
/// text with what the index and the rules' filters ask of every text (key, origin, what it
/// reads), and a `LocalizedText` only where one is needed.
///
/// A `.strings` value, a catalog string unit or form (of variations, with substitutions or
/// without) or a form of a usual `.stringsdict` entry, nearly every text of a project, has no
/// object until it is read: its record names its file's entry (and the unit's localization, the
/// catalog form's localization and number, or the entry's form), and reading it makes the text
/// then, scanning its format again (which gives what the first scan gave). The rules read the
/// few texts they report, so a large project keeps 20 bytes per text instead of an object and
/// its specifiers. Other texts (the permutations of other `.stringsdict` entries, see
/// `OneVariableEntry`; a catalog value with more forms than a record numbers; a catalog key
/// that is its own source text) keep their object.
public struct TextStore: RandomAccessCollection, Sendable {
    /// One text's record: plain numbers, so records are copied and freed without reference
    /// counting when the batches of all files are combined.
    struct Slot: Sendable {
        /// Index into `objects` when the text is kept as an object; -1 for a `.strings` value;
        /// `unit(n)` (-2 - n) for the string unit of localization n of a catalog entry, or for
        /// form n of a usual `.stringsdict` entry (flagged `stringsdict`); `catalogForm(n, f)`
        /// for form f of the value of localization n of a catalog entry, a form of its variations
        /// or of its substitutions (flagged `catalogForm`).
        var object: Int32
        /// Index into `shapes`: what the text reads (0 is `ArgumentShape.empty`).
        var shape: Int32
        /// Index into `sources`.
        var source: Int32
        /// The entry in the source's `.strings`, catalog or `.stringsdict` entries (for a record);
        /// -1 for an object.
        var entry: Int32
        var flags: Flags

        static func unit(_ localization: Int) -> Int32 { -2 - Int32(localization) }
        /// The `object` of the record of form n of a usual `.stringsdict` entry.
        static func form(_ form: Int) -> Int32 { -2 - Int32(form) }
        /// The `object` of the record of form `form` of a catalog localization's variations.
        static func catalogForm(localization: Int, form: Int) -> Int32 { -2 - Int32(localization << formBits | form) }
        /// A catalog form's record keeps the form's number in this many low bits.
        static let formBits = 8
        /// Whether a catalog localization's variations fit records.
        static func fitsCatalogForms(entry: Int, localization: Int, forms: Int) -> Bool {
            entry <= Int(Int32.max) && forms <= 1 << formBits && localization < Int(Int32.max - 2) >> formBits
        }
        /// The localization of a catalog string unit's or form's record.
        var localization: Int? {
            guard object <= -2, !flags.contains(.stringsdict) else { return nil }
            return flags.contains(.catalogForm) ? Int(-2 - object) >> Self.formBits : Int(-2 - object)
        }
        /// The form of a `.stringsdict` permutation's record.
        var form: Int? { object <= -2 && flags.contains(.stringsdict) ? Int(-2 - object) : nil }
        /// The form of a catalog form's record (see `TextSource.catalogForm`).
        var catalogForm: Int? { object <= -2 && flags.contains(.catalogForm) ? Int(-2 - object) & (1 << Self.formBits - 1) : nil }
    }

    /// What the scan found, for filters that must not make every text: the types read (one bit
    /// per `FormatArgumentType`) and a few facts.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt32

        static let isEmpty = Flags(rawValue: 1 << 16)
        static let hasSpecifiers = Flags(rawValue: 1 << 17)
        static let hasProblems = Flags(rawValue: 1 << 18)
        /// Two or more specifiers without an `n$` position (plural variables aside).
        static let unpositioned = Flags(rawValue: 1 << 19)
        static let loaded = Flags(rawValue: 1 << 20)
        static let stringsdict = Flags(rawValue: 1 << 21)
        static let catalog = Flags(rawValue: 1 << 22)
        /// A record of a form of a catalog value's variations or substitutions (with `catalog`).
        static let catalogForm = Flags(rawValue: 1 << 23)

        static func reading(_ type: FormatArgumentType) -> Flags {
            let bit: UInt32 =
                switch type {
                case .object: 0
                case .int: 1
                case .unsignedInt: 2
                case .double: 3
                case .char: 4
                case .unichar: 5
                case .cString: 6
                case .unicharString: 7
                case .pointer: 8
                case .pascalString: 9
                case .count: 10
                }
            return Flags(rawValue: 1 << bit)
        }

        /// The flags of a text with this scan.
        init(_ analysis: FormatAnalysis, isEmpty: Bool, origin: LocalizedStringOrigin, loaded: Bool) {
            var flags: Flags = []
            var unpositioned = 0
            // In place: a copy of each specifier retained its text.
            analysis.specifiers.withUnsafeBufferPointer { specifiers in
                for index in specifiers.indices {
                    flags.insert(.reading(specifiers[index].type))
                    if specifiers[index].explicitPosition == nil && specifiers[index].variableName == nil { unpositioned += 1 }
                }
            }
            if unpositioned >= 2 { flags.insert(.unpositioned) }
            if isEmpty { flags.insert(.isEmpty) }
            if !analysis.specifiers.isEmpty { flags.insert(.hasSpecifiers) }
            if !analysis.problems.isEmpty { flags.insert(.hasProblems) }
            if loaded { flags.insert(.loaded) }
            switch origin {
            case .strings: break
            case .stringsdict: flags.insert(.stringsdict)
            case .catalog: flags.insert(.catalog)
            }
            self = flags
        }

        init(rawValue: UInt32) { self.rawValue = rawValue }
    }

    var slots: [Slot] = []
    var sources: [TextSource] = []
    var objects: [LocalizedText] = []
    /// One copy of each shape the texts read, `.empty` first.
    var shapes: [ArgumentShape] = [.empty]

    init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    /// The text at `position`, made now for a record (a `.strings` value, a catalog string unit or
    /// form, or a form of a usual `.stringsdict` entry).
    public subscript(position: Int) -> LocalizedText {
        let slot = slots[position]
        if slot.object >= 0 { return objects[Int(slot.object)] }
        let source = sources[Int(slot.source)]
        let entry = Int(slot.entry)
        if let form = slot.form { return source.permutation(entry: entry, form: form) }
        if let form = slot.catalogForm, let localization = slot.localization {
            return source.catalogForm(entry: entry, localization: localization, form: form, loaded: slot.flags.contains(.loaded))
        }
        let analysis = TextSource.scan(source.text(entry: entry, localization: slot.localization), isCatalog: slot.localization != nil)
        guard let localization = slot.localization else { return LocalizedText(source: source, entry: entry, analysis: analysis) }
        return LocalizedText(
            source: source, catalogEntry: entry, localization: localization, analysis: analysis, loaded: slot.flags.contains(.loaded))
    }

    // MARK: Read without making the text

    /// The text's key.
    public func key(at position: Int) -> String {
        withKey(at: position) { copy $0 }
    }

    /// `body` with the text's key, borrowed where it lies: a copy retained a key that every
    /// locale of a catalog shares, a count contended between the cores.
    public func withKey<Result>(at position: Int, _ body: (borrowing String) -> Result) -> Result {
        let slot = slots[position]
        if slot.object >= 0 { return objects.withUnsafeBufferPointer { body($0[Int(slot.object)].key) } }
        let origin = origin(at: position)
        return sources.withUnsafeBufferPointer { $0[Int(slot.source)].withKey(entry: Int(slot.entry), origin: origin, body) }
    }

    /// Where the text comes from (table, locale, path, usage).
    public func source(at position: Int) -> TextSource { sources[Int(slots[position].source)] }

    public func origin(at position: Int) -> LocalizedStringOrigin {
        let flags = slots[position].flags
        return flags.contains(.stringsdict) ? .stringsdict : flags.contains(.catalog) ? .catalog : .strings
    }

    /// Whether the device loads the text (see `LocalizedText.loaded`).
    public func isLoaded(at position: Int) -> Bool { slots[position].flags.contains(.loaded) }

    /// What the text reads, argument by argument.
    public func shape(at position: Int) -> ArgumentShape { shapes[Int(slots[position].shape)] }
    /// True when the texts at `a` and `b` are known to read the same arguments the same way (the
    /// same shape, by number: a batch keeps one copy of each; texts of different batches may read
    /// alike and still answer false).
    public func sharesShape(_ a: Int, _ b: Int) -> Bool { shapeNumber(at: a) == shapeNumber(at: b) }
    /// The number of that shape in `shapes` (0 for `.empty`).
    func shapeNumber(at position: Int) -> Int32 { slots[position].shape }

    /// True when the texts at `a` and `b` are records of one entry of one file (two forms of a
    /// `.stringsdict` entry, say); false when either is an object, even of one entry.
    public func areRecordsOfOneEntry(_ a: Int, _ b: Int) -> Bool {
        let first = slots[a]
        let second = slots[b]
        return first.object < 0 && second.object < 0 && first.entry == second.entry && first.source == second.source
    }

    /// True when the text reads no argument.
    public func readsNothing(at position: Int) -> Bool { slots[position].shape == 0 }

    /// True when a specifier of the text reads one of `types`.
    public func reads(at position: Int, anyOf types: [FormatArgumentType]) -> Bool {
        let flags = slots[position].flags
        return types.contains { flags.contains(.reading($0)) }
    }

    /// True when two or more of the text's specifiers name no `n$` position (plural variables aside).
    public func hasUnpositionedArguments(at position: Int) -> Bool { slots[position].flags.contains(.unpositioned) }

    /// The text itself (without making a record's object).
    public func text(at position: Int) -> String {
        let slot = slots[position]
        if slot.object >= 0 { return objects[Int(slot.object)].text }
        if let form = slot.form { return sources[Int(slot.source)].permutationText(entry: Int(slot.entry), form: form) }
        if let form = slot.catalogForm, let localization = slot.localization {
            return sources[Int(slot.source)].catalogFormText(entry: Int(slot.entry), localization: localization, form: form)
        }
        return sources[Int(slot.source)].text(entry: Int(slot.entry), localization: slot.localization)
    }
}
