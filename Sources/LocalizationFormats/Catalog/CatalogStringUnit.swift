/// A `stringUnit`: one text and its translation state.
public struct CatalogStringUnit: Sendable, Hashable {
    /// The text's UTF-8 where the parser wrote it (see `CatalogText`).
    public var text: CatalogText
    public var location: SourcePosition
    /// The state (see `StoredState`): one word where a string took two, and a large catalog holds
    /// hundreds of thousands of units.
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
    @inlinable public var isSettled: Bool {
        switch storedState {
        case .none, .translated: true
        default: false
        }
    }

    /// Whether the unit's state is `new`.
    @inlinable public var isNew: Bool {
        if case .new = storedState { return true }
        return false
    }

    public static func == (lhs: CatalogStringUnit, rhs: CatalogStringUnit) -> Bool {
        lhs.state == rhs.state && lhs.text == rhs.text && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(text)
        hasher.combine(location)
    }

    /// A unit's state: one of Xcode's by number, any other spelling boxed.
    @usableFromInline
    enum StoredState: Sendable {
        case none, translated, needsReview, new, stale, machineTranslated
        case other(Spelling)

        @usableFromInline
        final class Spelling: Sendable {
            let text: String
            init(_ text: String) { self.text = text }
        }

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
            default: self = .other(Spelling(state))
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
            case .other(let spelling): spelling.text
            }
        }
    }
}
