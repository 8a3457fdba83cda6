/// A `stringUnit`: one text and its translation state.
public struct CatalogStringUnit: Sendable, Hashable {
    /// The text's UTF-8 where the parser wrote it (see `CatalogText`).
    public var text: CatalogText
    public var location: SourcePosition
    /// The state (see `StoredState`): four bytes where a string took sixteen, and a large catalog
    /// holds hundreds of thousands of units.
    @usableFromInline var storedState: StoredState

    public init(state: String?, value: String, location: SourcePosition) {
        self.init(state: state, text: CatalogText(value), location: location)
    }

    public init(state: String?, text: CatalogText, location: SourcePosition) {
        self.text = text
        self.location = location
        storedState = StoredState(state)
    }

    /// A unit whose state the parser has read as one of Xcode's.
    init(state: StoredState, text: CatalogText, location: SourcePosition) {
        self.text = text
        self.location = location
        storedState = state
    }

    /// `translated`, `needs_review`, `new`, `stale`, as written.
    public var state: String? {
        get { storedState.spelling }
        set { storedState = StoredState(newValue) }
    }

    /// The text as a string, made on each read (a reader of many units reads `text` in place).
    public var value: String {
        get { text.string }
        set { text = CatalogText(newValue) }
    }

    /// Whether the unit's state is `translated`, or it states none: a text a device shows as
    /// settled (compared without spelling the state out).
    @inlinable public var isSettled: Bool { storedState.code <= StoredState.translated.code }

    /// Whether the unit's state is `new`.
    @inlinable public var isNew: Bool { storedState == .new }

    // The states compared by number: each spelling has one (see `StoredState`), and spelling an
    // other state out takes the table's lock.
    public static func == (lhs: CatalogStringUnit, rhs: CatalogStringUnit) -> Bool {
        lhs.storedState == rhs.storedState && lhs.text == rhs.text && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedState.code)
        hasher.combine(text)
        hasher.combine(location)
    }

    /// A unit's state: one of Xcode's by number, any other spelling by its number among the
    /// process's other spellings. Four bytes where a case holding a boxed spelling took eight:
    /// with its text and place, a unit fits 28 bytes, a value holding its unit in place (see
    /// `CatalogValue`) 48 and a localization 64, where with the eight-byte state it took 72.
    @usableFromInline
    struct StoredState: Sendable, Equatable {
        @usableFromInline let code: UInt32

        @usableFromInline init(code: UInt32) { self.code = code }

        // Computed, not stored constants: a stored constant is read through a lazy initializer's
        // check.
        @inlinable static var none: StoredState { StoredState(code: 0) }
        @inlinable static var translated: StoredState { StoredState(code: 1) }
        @inlinable static var needsReview: StoredState { StoredState(code: 2) }
        @inlinable static var new: StoredState { StoredState(code: 3) }
        @inlinable static var stale: StoredState { StoredState(code: 4) }
        @inlinable static var machineTranslated: StoredState { StoredState(code: 5) }
        /// The code of the first other spelling.
        private static var firstOther: UInt32 { 6 }

        /// Other spellings by number, each kept once for the rest of the run: a catalog holds
        /// few (Xcode writes none), and a hand-edited one repeats its own.
        private static let otherSpellings = LockedValue((spellings: [String](), numbers: [String: UInt32]()))

        init(_ state: String?) {
            guard let state else {
                self = .none
                return
            }
            switch CatalogValue.UnitStates(state) {
            case .translated: self = .translated
            case .needsReview: self = .needsReview
            case .new: self = .new
            case .stale: self = .stale
            case .machineTranslated: self = .machineTranslated
            default:
                let number = Self.otherSpellings.withLock { table in
                    if let number = table.numbers[state] { return number }
                    let number = UInt32(table.spellings.count)
                    table.spellings.append(state)
                    table.numbers[state] = number
                    return number
                }
                self.init(code: Self.firstOther + number)
            }
        }

        var spelling: String? {
            switch self {
            case .none: nil
            case .translated: "translated"
            case .needsReview: "needs_review"
            case .new: "new"
            case .stale: "stale"
            case .machineTranslated: "machine_translated"
            default: Self.otherSpellings.withLock { $0.spellings[Int(code - Self.firstOther)] }
            }
        }
    }
}
