extension CatalogValue {
    /// What a value holds, in a few bits kept beside its box, not in it: a rule looking for one
    /// state, or for values with forms, passes the others over reading only the catalog's array
    /// of localizations (`StringCatalog.forEachLocalization(where:_:)`), never the box each value
    /// points to. Nested values' shapes are read when a value is made, so a value's is made once.
    public struct Shape: Sendable {
        @usableFromInline let unitStates: UnitStates
        /// Whether the value has a string unit of its own.
        public let hasStringUnit: Bool
        /// Whether the value has variations of its own.
        public let hasVariations: Bool
        /// Whether the value has substitutions of its own.
        public let hasSubstitutions: Bool
        /// Whether a value nested in this one (a case of its variations or of its
        /// substitutions', at any depth) has variations of its own.
        public let nestsVariations: Bool
        /// Whether a value nested in this one (at any depth) has substitutions of its own.
        public let nestsSubstitutions: Bool
        /// Whether the text of some unit of the value (nested ones included) holds a `%`: one
        /// without reads no argument and references no substitution.
        public let hasPercent: Bool
        /// Whether the text of every unit of the value (nested ones included) is printable ASCII
        /// (`WordScan.isPrintableASCII`): a value that is holds no control or invisible character.
        public let isPrintableASCII: Bool

        init(stringUnit: CatalogStringUnit?, variations: [CatalogVariation], substitutions: [CatalogSubstitution]) {
            var states = stringUnit.map { UnitStates($0.storedState) } ?? []
            var nestsVariations = false
            var nestsSubstitutions = false
            var hasPercent = stringUnit?.text.contains(byte: UInt8(ascii: "%")) ?? false
            var isPrintableASCII = stringUnit?.text.withUTF8(WordScan.isPrintableASCII) ?? true
            func add(_ variations: [CatalogVariation]) {
                for variation in variations {
                    for item in variation.cases {
                        let nested = item.value.shape
                        states.formUnion(nested.unitStates)
                        hasPercent = hasPercent || nested.hasPercent
                        isPrintableASCII = isPrintableASCII && nested.isPrintableASCII
                        nestsVariations = nestsVariations || nested.hasVariations || nested.nestsVariations
                        nestsSubstitutions = nestsSubstitutions || nested.hasSubstitutions || nested.nestsSubstitutions
                    }
                }
            }
            add(variations)
            for substitution in substitutions { add(substitution.variations) }
            unitStates = states
            hasStringUnit = stringUnit != nil
            hasVariations = !variations.isEmpty
            hasSubstitutions = !substitutions.isEmpty
            self.nestsVariations = nestsVariations
            self.nestsSubstitutions = nestsSubstitutions
            self.hasPercent = hasPercent
            self.isPrintableASCII = isPrintableASCII
        }

        /// The shape of a value that is one string unit.
        init(unitStates: UnitStates, hasPercent: Bool, isPrintableASCII: Bool) {
            self.unitStates = unitStates
            hasStringUnit = true
            hasVariations = false
            hasSubstitutions = false
            nestsVariations = false
            nestsSubstitutions = false
            self.hasPercent = hasPercent
            self.isPrintableASCII = isPrintableASCII
        }

        /// Whether some unit of the value (nested ones included, as `forEachUnit` visits them) is
        /// in `state`.
        @inlinable public func hasUnit(inState state: String?) -> Bool { hasUnit(inAnyOf: UnitStates(state)) }
        /// Whether some unit of the value is in one of `states` (a walk that asks every value
        /// works the states out once, not once per value).
        @inlinable public func hasUnit(inAnyOf states: UnitStates) -> Bool { !unitStates.isDisjoint(with: states) }
        /// Whether the value has forms (variations or substitutions of its own) besides its unit.
        @inlinable public var hasForms: Bool { hasVariations || hasSubstitutions }
    }

    /// A set of unit states, one bit each for Xcode's states, one for no state and one for any
    /// other spelling.
    public struct UnitStates: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let noState = UnitStates(rawValue: 1 << 0)
        public static let translated = UnitStates(rawValue: 1 << 1)
        public static let needsReview = UnitStates(rawValue: 1 << 2)
        public static let new = UnitStates(rawValue: 1 << 3)
        public static let stale = UnitStates(rawValue: 1 << 4)
        public static let machineTranslated = UnitStates(rawValue: 1 << 5)
        public static let other = UnitStates(rawValue: 1 << 6)

        /// The set of a unit's one state.
        init(_ state: CatalogStringUnit.StoredState) {
            switch state {
            case .none: self = .noState
            case .translated: self = .translated
            case .needsReview: self = .needsReview
            case .new: self = .new
            case .stale: self = .stale
            case .machineTranslated: self = .machineTranslated
            case .other: self = .other
            }
        }

        /// The set of the one state `state` (nil: no state).
        public init(_ state: String?) {
            guard let state else {
                self = .noState
                return
            }
            // Xcode's states differ in length: one comparison each (a switch on the string
            // compared it with every spelling in turn).
            switch state.utf8.count {
            case 10 where state == "translated": self = .translated
            case 12 where state == "needs_review": self = .needsReview
            case 3 where state == "new": self = .new
            case 5 where state == "stale": self = .stale
            case 18 where state == "machine_translated": self = .machineTranslated
            default: self = .other
            }
        }
    }
}
