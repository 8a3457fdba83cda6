/// The keys of one table numbered once, by one locale, and shared by every locale's strings (or
/// key formats) of the table: those are then an array by number, and a key is hashed once for all.
public final class TableKeyNumbers: Sendable {
    /// By number.
    public let keys: [String]
    @usableFromInline let numbers: [String: Int]

    /// `numbers` maps each key of `keys` to its index there.
    public init(keys: [String], numbers: [String: Int]) {
        self.keys = keys
        self.numbers = numbers
    }

    /// The number of each entry's key of `catalog`, by entry; -1 for a key not numbered.
    public func entryNumbers(of catalog: StringCatalog) -> [Int32] {
        catalog.entries.map { entry in numbers[entry.key].map(Int32.init) ?? -1 }
    }

    /// No keys: every string is kept by name.
    public static let empty = TableKeyNumbers(keys: [], numbers: [:])

    @inlinable public func number(of key: String) -> Int? { numbers[key] }

    /// The number of `key`, trying `guess` first: the locales of a table mostly list their keys
    /// in the same order, so the number after the previous key's usually is the key's, and the
    /// key is then compared, not hashed.
    @inlinable public func number(of key: String, guess: Int) -> Int? {
        if guess < keys.count, keys.withUnsafeBufferPointer({ Self.same($0, guess, key) }) { return guess }
        return numbers[key]
    }

    /// Whether `keys[index]` is `key`, told first from the two strings' words: the locales of a
    /// catalog share its keys' strings, so a key is mostly the very string its number names, and
    /// is then known without copying the element (every locale's merge retained the same key at
    /// once, a count contended between the cores).
    @inlinable static func same(_ keys: UnsafeBufferPointer<String>, _ index: Int, _ key: String) -> Bool {
        if MemoryLayout<String>.size == 2 * MemoryLayout<UInt>.size, let base = keys.baseAddress {
            let element = UnsafeRawPointer(base + index)
            let words = unsafeBitCast(key, to: (UInt, UInt).self)
            if element.load(as: UInt.self) == words.0, element.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) == words.1 {
                return true
            }
        }
        return keys[index] == key
    }
}

/// One locale's strings of a table, by key as a dictionary would have them. Keys of the table's
/// numbering sit in an array by number (its file among the few the table has, and its entry
/// there), the few others by name.
public struct LocaleStrings: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public let numbering: TableKeyNumbers
    // Reachable from inlined code: other modules read by number in their hot loops.
    @usableFromInline var slots: [Slot]
    /// The files the slots point into.
    @usableFromInline var sources: [LocalizedString.Source] = []
    /// `sources` by identity, once there are more than a few.
    private var sourceNumbers: [ObjectIdentifier: Int] = [:]
    @usableFromInline var others: [String: LocalizedString] = [:]
    public private(set) var count = 0

    /// A numbered key's string: entry `index` of `sources[source]`, and whether it loads (kept
    /// here, where a lookup reads anyway, not asked of the entry).
    @usableFromInline struct Slot: Sendable {
        /// The source's number; the top bit set when the string does not load.
        @usableFromInline var sourceAndFlag: UInt32
        @usableFromInline var index: UInt32

        @usableFromInline static let none = Slot(sourceAndFlag: .max, index: 0)
        @usableFromInline static let notLoaded: UInt32 = 1 << 31

        @usableFromInline init(sourceAndFlag: UInt32, index: UInt32) {
            self.sourceAndFlag = sourceAndFlag
            self.index = index
        }

        @usableFromInline var isEmpty: Bool { sourceAndFlag == .max }
        @usableFromInline var source: Int { Int(sourceAndFlag & ~Self.notLoaded) }
        @usableFromInline var loaded: Bool { sourceAndFlag & Self.notLoaded == 0 }
    }

    public init(numbering: TableKeyNumbers = .empty) {
        self.numbering = numbering
        slots = Array(repeating: .none, count: numbering.keys.count)
    }

    @inlinable func string(inSlot number: Int) -> LocalizedString? { loadedString(inSlot: number)?.string }

    /// The string of the key numbered `number`, and whether it loads (`LocalizedString.loaded`,
    /// without reading its entry).
    @inlinable func loadedString(inSlot number: Int) -> (string: LocalizedString, loaded: Bool)? {
        let slot = slots[number]
        return slot.isEmpty ? nil : (LocalizedString(sources[slot.source], Int(slot.index)), slot.loaded)
    }

    /// The slot of `string`, its file numbered among `sources`: a table's strings come from a
    /// file or two, so the last one is nearly always it (strings made one by one each have their
    /// own source, found by identity).
    private mutating func slot(_ string: LocalizedString) -> Slot {
        let source = string.source
        let number: Int
        if let last = sources.last, last === source {
            number = sources.count - 1
        } else if sources.count <= 8, let found = sources.firstIndex(where: { $0 === source }) {
            number = found
        } else if let found = sourceNumbers[ObjectIdentifier(source)] {
            number = found
        } else {
            number = sources.count
            sources.append(source)
            if number >= 8 {
                if sourceNumbers.isEmpty { for (index, known) in sources.enumerated() { sourceNumbers[ObjectIdentifier(known)] = index } }
                sourceNumbers[ObjectIdentifier(source)] = number
            }
        }
        precondition(number < Int(Slot.notLoaded), "a table's strings come from fewer than 2^31 files")
        return Slot(sourceAndFlag: UInt32(number) | (string.loaded ? 0 : Slot.notLoaded), index: UInt32(string.index))
    }

    public init(_ strings: [String: LocalizedString]) {
        self.init()
        others = strings
        count = strings.count
    }

    public init(dictionaryLiteral elements: (String, LocalizedString)...) {
        self.init()
        for (key, value) in elements { self[key] = value }
    }

    public subscript(key: String) -> LocalizedString? {
        get {
            if let number = numbering.number(of: key) { return string(inSlot: number) }
            return others[key]
        }
        set {
            let old: LocalizedString?
            if let number = numbering.number(of: key) {
                old = string(inSlot: number)
                slots[number] = newValue.map { slot($0) } ?? .none
            } else if let newValue {
                old = others.updateValue(newValue, forKey: key)
            } else {
                old = others.removeValue(forKey: key)
            }
            count += (newValue == nil ? 0 : 1) - (old == nil ? 0 : 1)
        }
    }

    /// The string of the key numbered `number` in `numbering`.
    @inlinable public subscript(number number: Int) -> LocalizedString? { string(inSlot: number) }

    /// Sets the string of the key numbered `number` in `numbering`, without hashing the key.
    public mutating func set(_ value: LocalizedString, number: Int) {
        if slots[number].isEmpty { count += 1 }
        slots[number] = slot(value)
    }

    /// The string of `key`, whose number in `other` is `number`: read by number, without hashing
    /// (or evaluating `key`, which may mean reading a string's entry), when `other` is this
    /// table's own numbering (the locales of a table share it).
    @inlinable
    public func string(forKey key: @autoclosure () -> String, number: Int?, numberedBy other: TableKeyNumbers?) -> LocalizedString? {
        if let number, other === numbering { return string(inSlot: number) }
        return self[key()]
    }

    /// `string(forKey:number:numberedBy:)` with whether the string loads (`LocalizedString.loaded`),
    /// read without its entry when the key is numbered.
    @inlinable
    public func loadedString(forKey key: @autoclosure () -> String, number: Int?, numberedBy other: TableKeyNumbers?) -> (
        string: LocalizedString, loaded: Bool
    )? {
        if let number, other === numbering { return loadedString(inSlot: number) }
        return self[key()].map { ($0, $0.loaded) }
    }

    /// Whether `key` (numbered `number` in `other`) has a string, without copying it out.
    @inlinable
    public func contains(key: @autoclosure () -> String, number: Int?, numberedBy other: TableKeyNumbers?) -> Bool {
        if let number, other === numbering { return !slots[number].isEmpty }
        return self[key()] != nil
    }

    /// The strings whose key `other` lacks, numbered keys first: by number when both share a
    /// numbering (no key is hashed or copied), else by key.
    public func strings(missingFrom other: LocaleStrings) -> [LocalizedString] {
        var result: [LocalizedString] = []
        guard other.numbering === numbering else {
            forEach { key, number, string in
                if !other.contains(key: key, number: number, numberedBy: numbering) { result.append(string) }
            }
            return result
        }
        for number in slots.indices where !slots[number].isEmpty && other.slots[number].isEmpty {
            if let string = string(inSlot: number) { result.append(string) }
        }
        for (key, string) in others where other.others[key] == nil { result.append(string) }
        return result
    }

    public var isEmpty: Bool { count == 0 }

    /// Numbered keys in number order, then the others.
    public var keys: [String] { map(\.key) }
    public var values: [LocalizedString] { map(\.value) }

    /// Every string with its key and, for a numbered key, its number (no hashing), in
    /// iteration order.
    public func forEach(_ body: (_ key: String, _ number: Int?, _ value: LocalizedString) throws -> Void) rethrows {
        var iterator = makeIterator()
        while let (key, number, value) = iterator.nextWithNumber() { try body(key, number, value) }
    }

    public func makeIterator() -> Iterator { Iterator(strings: self) }

    /// Numbered keys in number order, then the others.
    public struct Iterator: IteratorProtocol {
        private let strings: LocaleStrings
        private var number = 0
        private var others: Dictionary<String, LocalizedString>.Iterator

        init(strings: LocaleStrings) {
            self.strings = strings
            others = strings.others.makeIterator()
        }

        public mutating func next() -> (key: String, value: LocalizedString)? {
            nextWithNumber().map { ($0.key, $0.value) }
        }

        mutating func nextWithNumber() -> (key: String, number: Int?, value: LocalizedString)? {
            while number < strings.slots.count {
                defer { number += 1 }
                if let value = strings.string(inSlot: number) { return (strings.numbering.keys[number], number, value) }
            }
            return others.next().map { ($0.key, nil, $0.value) }
        }
    }
}

/// One locale's view of one table.
public struct LocaleTable: Sendable {
    public var locale: String
    public var table: String
    public var strings: LocaleStrings

    public init(locale: String, table: String, strings: LocaleStrings) {
        self.locale = locale
        self.table = table
        self.strings = strings
    }
}
