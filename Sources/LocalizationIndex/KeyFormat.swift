import LocalizationFormats

/// Every argument a key's text reads in one locale, across all its permutations and variations.
public struct KeyFormat: Sendable {
    /// What the texts read (shared by every key that reads the same).
    public var shape: ArgumentShape
    /// Indexes into `ProjectIndex.texts`.
    public var texts: TextIndexes

    /// No text yet: what a key's format starts from (and what a locale's absent key holds).
    static let empty = KeyFormat(shape: .empty, texts: [])

    /// The number of arguments the text takes: the positions it reads, which CoreFoundation numbers
    /// 1, 2, … in order (a gap takes no argument: '%1$@ %3$@' takes two).
    public var argumentCount: Int { shape.count }

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
/// A key's format is kept as 8 bytes (`Packed`): its shape by number and its first text. A
/// key's format is made when it is read; 40 locales of 5,000 keys held 24 bytes and two
/// references each before. The locale's own keys are numbered after the table's.
public struct TableFormats: Sendable {
    public let keys: TableKeyNumbers
    /// By key number (the table's keys, then `extraNumbers`); a key this locale lacks has no
    /// first text.
    var numbered: [Packed]
    /// What `Packed.shape` numbers: the index's text shapes (`TextStore.shapes`), shared.
    let textShapes: [ArgumentShape]
    /// Shapes of keys whose texts read more together than any one of them: `Packed.merged(n)`.
    let mergedShapes: [ArgumentShape]
    /// The texts after the first of each key that has several (permutations, variations), by key
    /// number: an empty list for a key with one text, and no list at all in a table none of whose
    /// keys has several (past the keys numbered when the first further text came, none either).
    /// Indexed, not hashed: a plural's or a substitution's every further form adds one as the
    /// formats are built.
    let moreTexts: [[Int]]
    /// The numbers of the keys only this locale has, past the table's.
    let extraNumbers: [String: Int]

    /// A key's format.
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
    static let empty = TableFormats(keys: .empty, numbered: [], textShapes: [], mergedShapes: [], moreTexts: [], extraNumbers: [:])

    init(
        keys: TableKeyNumbers, numbered: [Packed], textShapes: [ArgumentShape], mergedShapes: [ArgumentShape],
        moreTexts: [[Int]], extraNumbers: [String: Int]
    ) {
        self.keys = keys
        self.numbered = numbered
        self.textShapes = textShapes
        self.mergedShapes = mergedShapes
        self.moreTexts = moreTexts
        self.extraNumbers = extraNumbers
    }

    public subscript(key: String) -> KeyFormat? {
        guard let number = keys.number(of: key) ?? extraNumbers[key] else { return nil }
        return self[number: number]
    }

    /// The format of a key only this locale has.
    func extra(_ key: String) -> KeyFormat? {
        extraNumber(key).flatMap { self[number: $0] }
    }

    public subscript(number number: Int) -> KeyFormat? {
        let packed = numbered[number]
        guard !packed.isEmpty else { return nil }
        var texts = TextIndexes(first: packed.first)
        if packed.hasMore, number < moreTexts.count { texts.tail = moreTexts[number] }
        return KeyFormat(shape: shape(packed.shape), texts: texts)
    }

    /// What the key numbered `number` reads, as a payload's summary needs it, without making its
    /// format; nil when the key has none.
    func argumentFacts(number: Int) -> (argumentCount: Int, readsNonObject: Bool)? {
        let packed = numbered[number]
        guard !packed.isEmpty else { return nil }
        return packed.shape >= 0
            ? (textShapes[Int(packed.shape)].count, textShapes[Int(packed.shape)].readsNonObject)
            : (mergedShapes[Int(-1 - packed.shape)].count, mergedShapes[Int(-1 - packed.shape)].readsNonObject)
    }

    /// The number of a key the locale has and the table's numbering does not (see `extra`).
    func extraNumber(_ key: String) -> Int? { extraNumbers[key] }

    /// The shape numbered `number` (see `Packed.shape`).
    func shape(_ number: Int32) -> ArgumentShape {
        number >= 0 ? textShapes[Int(number)] : mergedShapes[Int(-1 - number)]
    }

    /// Every key this locale has, with its number when it has one, numbered keys first.
    public func forEach(_ body: (_ key: String, _ number: Int?, _ format: KeyFormat) throws -> Void) rethrows {
        for number in keys.keys.indices where !numbered[number].isEmpty {
            if let format = self[number: number] { try body(keys.keys[number], number, format) }
        }
        for (key, number) in extraNumbers {
            if let format = self[number: number] { try body(key, nil, format) }
        }
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
