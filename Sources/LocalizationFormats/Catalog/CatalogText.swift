#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string unit's text: its UTF-8 where the parser wrote it, in the store of the run of entries
/// it was read in. A large catalog's units were one string apiece, each its own allocation with
/// a header as large as a short text; one store holds them end to end, and the locale lists and
/// text rules read them there, where each locale's list copied them out again.
public struct CatalogText: Sendable {
    @usableFromInline let store: CatalogTextStore
    @usableFromInline let start: UInt32
    @usableFromInline let count: UInt32

    init(store: CatalogTextStore, start: UInt32, count: UInt32) {
        self.store = store
        self.start = start
        self.count = count
    }

    /// A text of its own, outside any catalog (a unit made in code).
    public init(_ string: String) {
        guard !string.isEmpty else {
            self = .empty
            return
        }
        var writer = CatalogTextWriter()
        self = writer.append(string)
        writer.finish()
    }

    /// The empty text, in a store shared by every empty text made in code.
    static let empty = CatalogText(store: CatalogTextStore(), start: 0, count: 0)

    /// Whether the text has no bytes.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the text's UTF-8 where it lies.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(store.bytes(start: start, count: count))
    }

    /// The text as a string, made anew on each call.
    public var string: String { withUTF8 { OldStyleScanner.string(validUTF8: $0) } }

    /// Whether the text holds byte `byte`.
    public func contains(byte: UInt8) -> Bool {
        withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }
}

extension CatalogText: Hashable {
    /// Texts compare as their strings do (canonically equivalent texts are equal): equal bytes
    /// are equal texts, and texts whose bytes differ are compared as strings only when where they
    /// first differ may hide an equivalence (`WordScan.mayBeCanonicallyEquivalent`).
    public static func == (lhs: CatalogText, rhs: CatalogText) -> Bool {
        let (same, undecided) = lhs.withUTF8 { left in
            rhs.withUTF8 { right -> (Bool, Bool) in
                if left.count == right.count {
                    guard let first = left.baseAddress, let second = right.baseAddress else { return (true, false) }
                    if memcmp(first, second, left.count) == 0 { return (true, false) }
                }
                return (false, WordScan.mayBeCanonicallyEquivalent(left, right))
            }
        }
        if same { return true }
        if !undecided { return false }
        return lhs.string == rhs.string
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

/// The bytes of a run's catalog texts, end to end (see `CatalogText`). Written by one parser run
/// as it reads, and only read once the parse is done: no text is read while the store grows.
public final class CatalogTextStore: @unchecked Sendable {
    /// Where the bytes lie, how many there are and how many fit, in a cell of their own: the
    /// store grows (and moves its bytes) while its texts already point to it, and a constant
    /// reference to the store is read without an exclusivity check where a variable is not.
    @usableFromInline let cell: UnsafeMutablePointer<Cell>

    @usableFromInline
    struct Cell {
        @usableFromInline var base: UnsafeMutablePointer<UInt8>?
        var count: Int
        var capacity: Int
    }

    /// The most bytes a store holds: a text's place in it is 32 bits, and the locale lists keep
    /// the top bit of a text's count for a flag of their own.
    static let maximumSize = Int(Int32.max)

    init() {
        cell = .allocate(capacity: 1)
        cell.initialize(to: Cell(base: nil, count: 0, capacity: 0))
    }

    deinit {
        free(cell.pointee.base)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    @inlinable
    func bytes(start: UInt32, count: UInt32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: cell.pointee.base.map { UnsafePointer($0 + Int(start)) }, count: Int(count))
    }

    /// The bytes written so far.
    var count: Int { cell.pointee.count }

    /// Appends `bytes`, growing the store: nil, with nothing written, when they do not fit.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> CatalogText? {
        let start = cell.pointee.count
        guard bytes.count <= Self.maximumSize - start else { return nil }
        if start + bytes.count > cell.pointee.capacity {
            let capacity = Swift.min(Self.maximumSize, Swift.max(start + bytes.count, cell.pointee.capacity * 2, 4096))
            guard let grown = realloc(cell.pointee.base, capacity) else { fatalError("out of memory for \(capacity) bytes of text") }
            cell.pointee.base = grown.assumingMemoryBound(to: UInt8.self)
            cell.pointee.capacity = capacity
        }
        if let source = bytes.baseAddress, let base = cell.pointee.base {
            (base + start).update(from: source, count: bytes.count)
        }
        cell.pointee.count = start + bytes.count
        return CatalogText(store: self, start: UInt32(start), count: UInt32(bytes.count))
    }

    /// Forgets the bytes written after the first `count`.
    func truncate(to count: Int) {
        precondition(count <= cell.pointee.count)
        cell.pointee.count = count
    }

    /// Gives back the room no text took.
    func shrinkToFit() {
        guard cell.pointee.capacity > cell.pointee.count else { return }
        guard cell.pointee.count > 0 else {
            free(cell.pointee.base)
            cell.pointee = Cell(base: nil, count: 0, capacity: 0)
            return
        }
        if let shrunk = realloc(cell.pointee.base, cell.pointee.count) {
            cell.pointee.base = shrunk.assumingMemoryBound(to: UInt8.self)
            cell.pointee.capacity = cell.pointee.count
        }
    }
}

/// Writes a run's texts into stores, one lane of stores per locale: the text rules and the index
/// read a locale's texts one after another, in entry order, and find them end to end (written in
/// file order, one store for all, a locale's texts lay a whole entry apart, and each read of one
/// waited for memory). A lane starts a new store when its last is full.
struct CatalogTextWriter {
    /// Each lane's stores (the last one written to), lane 0 for texts of no locale.
    private var lanes: [Lane] = [Lane()]
    /// The lane being written, and its store: held apart, unretained (the lane keeps it), so
    /// neither each text nor each change of lane reads the array or counts a reference.
    private var current = 0
    private var currentStore: Unmanaged<CatalogTextStore>

    /// The store being written (the current lane's last).
    var store: CatalogTextStore { currentStore.takeUnretainedValue() }
    /// The lane of each locale, by name, and by the number the run's names give it.
    private var laneOfName: [String: Int] = [:]
    private var laneOfNumber: [Int] = []
    /// Since the last mark, while one stands: the lanes written and where each stood then (see
    /// `mark`).
    private var generation = 0
    private var marked = false
    private var written: [(lane: Int, count: Int, store: ObjectIdentifier)] = []

    private struct Lane {
        var store = CatalogTextStore()
        /// The mark `written` last noted this lane in.
        var noted = -1
    }

    init() { currentStore = Unmanaged.passUnretained(lanes[0].store) }

    /// Writes the texts that follow in the lane of locale `name`.
    mutating func startLocale(_ name: String) {
        if let lane = laneOfName[name] {
            switchLane(to: lane)
            return
        }
        lanes.append(Lane())
        laneOfName[name] = lanes.count - 1
        switchLane(to: lanes.count - 1)
    }

    /// The same for the locale the run's names number `number` (see `CatalogNames`): a lookup by
    /// number where a name is hashed.
    mutating func startLocale(number: Int, name: String) {
        if number < laneOfNumber.count, laneOfNumber[number] >= 0 {
            switchLane(to: laneOfNumber[number])
            return
        }
        startLocale(name)
        while laneOfNumber.count <= number { laneOfNumber.append(-1) }
        laneOfNumber[number] = current
    }

    private mutating func switchLane(to lane: Int) {
        if lane != current {
            current = lane
            currentStore = Unmanaged.passUnretained(lanes[lane].store)
        }
        if marked { note() }
    }

    /// Notes where the current lane stands, the first time it is written after the mark.
    private mutating func note() {
        guard lanes[current].noted != generation else { return }
        lanes[current].noted = generation
        currentStore._withUnsafeGuaranteedRef { written.append((current, $0.count, ObjectIdentifier($0))) }
    }

    /// The text of `bytes`, written at the end of the current lane.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> CatalogText {
        if let text = currentStore._withUnsafeGuaranteedRef({ $0.append(bytes) }) { return text }
        lanes[current].store.shrinkToFit()
        lanes[current].store = CatalogTextStore()
        currentStore = Unmanaged.passUnretained(lanes[current].store)
        guard let text = lanes[current].store.append(bytes) else { fatalError("a text of \(bytes.count) bytes") }
        return text
    }

    /// The text of `string`.
    mutating func append(_ string: String) -> CatalogText {
        var string = string
        return string.withUTF8 { append($0) }
    }

    /// Where the writer stands, to go back to when what was read after is read again; a mark
    /// replaces the one before.
    mutating func mark() -> Int {
        generation += 1
        marked = true
        written.removeAll(keepingCapacity: true)
        note()
        return generation
    }

    /// Forgets what was written since `mark` in each lane (kept in a lane that started another
    /// store since), and the mark.
    mutating func rewind(to mark: Int) {
        guard marked, mark == generation else { return }
        for (lane, count, store) in written where ObjectIdentifier(lanes[lane].store) == store {
            lanes[lane].store.truncate(to: count)
        }
        written.removeAll(keepingCapacity: true)
        marked = false
    }

    /// Gives back the room each lane's last store did not take.
    func finish() {
        for lane in lanes { lane.store.shrinkToFit() }
    }
}
