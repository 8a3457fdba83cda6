extension CatalogValue {
    /// What a value holds, in a few bits kept beside its unit: a rule looking for one
    /// state, or for values with forms, passes the others over reading only the catalog's array
    /// of localizations (`StringCatalog.forEachLocalization(where:_:)`), never the text or the forms each value
    /// points to. Nested values' shapes are read when a value is made, so a value's is made once.
    public struct Shape: Sendable {
        @usableFromInline let unitStates: UnitStates
        /// The flags below, one bit each: with the states, two bytes beside the value's unit. The
        /// bits are computed, not stored constants: a constant of a type was read through its
        /// lazy initializer's check, on every read of a flag.
        @usableFromInline let flags: Flags

        @usableFromInline
        struct Flags: OptionSet, Sendable {
            @usableFromInline let rawValue: UInt8
            @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }

            @inlinable static var hasStringUnit: Flags { Flags(rawValue: 1 << 0) }
            @inlinable static var hasVariations: Flags { Flags(rawValue: 1 << 1) }
            @inlinable static var hasSubstitutions: Flags { Flags(rawValue: 1 << 2) }
            @inlinable static var nestsVariations: Flags { Flags(rawValue: 1 << 3) }
            @inlinable static var nestsSubstitutions: Flags { Flags(rawValue: 1 << 4) }
            @inlinable static var hasPercent: Flags { Flags(rawValue: 1 << 5) }
            @inlinable static var isPrintableASCII: Flags { Flags(rawValue: 1 << 6) }
            @inlinable static var mayReferenceSubstitution: Flags { Flags(rawValue: 1 << 7) }
        }

        /// Whether the value has a string unit of its own.
        @inlinable public var hasStringUnit: Bool { flags.contains(.hasStringUnit) }
        /// Whether the value has variations of its own.
        @inlinable public var hasVariations: Bool { flags.contains(.hasVariations) }
        /// Whether the value has substitutions of its own.
        @inlinable public var hasSubstitutions: Bool { flags.contains(.hasSubstitutions) }
        /// Whether a value nested in this one (a case of its variations or of its
        /// substitutions', at any depth) has variations of its own.
        @inlinable public var nestsVariations: Bool { flags.contains(.nestsVariations) }
        /// Whether a value nested in this one (at any depth) has substitutions of its own.
        @inlinable public var nestsSubstitutions: Bool { flags.contains(.nestsSubstitutions) }
        /// Whether the text of some unit of the value (nested ones included) holds a `%`: one
        /// without reads no argument and references no substitution.
        @inlinable public var hasPercent: Bool { flags.contains(.hasPercent) }
        /// Whether the text of every unit of the value (nested ones included) is printable ASCII
        /// (`WordScan.isPrintableASCII`): a value that is holds no control or invisible character.
        @inlinable public var isPrintableASCII: Bool { flags.contains(.isPrintableASCII) }
        /// Whether the text of some unit of the value (nested ones included) holds both a `%` and
        /// a `#`: one that does not references no substitution (`%#@name@`). Worked out as the
        /// parser writes each text, where the rules that look for references read every text
        /// again, each a cache miss on a large catalog.
        @inlinable public var mayReferenceSubstitution: Bool { flags.contains(.mayReferenceSubstitution) }

        init(stringUnit: CatalogStringUnit?, variations: [CatalogVariation], substitutions: [CatalogSubstitution]) {
            var states = stringUnit.map { UnitStates($0.storedState) } ?? []
            var flags: Flags = stringUnit.map { Self.textFlags($0.text) } ?? [.isPrintableASCII]
            func add(_ variations: [CatalogVariation]) {
                for variation in variations {
                    for item in variation.cases {
                        let nested = item.value.shape
                        states.formUnion(nested.unitStates)
                        flags.formUnion(nested.flags.intersection([.hasPercent, .mayReferenceSubstitution]))
                        if !nested.isPrintableASCII { flags.remove(.isPrintableASCII) }
                        if nested.hasVariations || nested.nestsVariations { flags.insert(.nestsVariations) }
                        if nested.hasSubstitutions || nested.nestsSubstitutions { flags.insert(.nestsSubstitutions) }
                    }
                }
            }
            add(variations)
            for substitution in substitutions { add(substitution.variations) }
            if stringUnit != nil { flags.insert(.hasStringUnit) }
            if !variations.isEmpty { flags.insert(.hasVariations) }
            if !substitutions.isEmpty { flags.insert(.hasSubstitutions) }
            unitStates = states
            self.flags = flags
        }

        /// The shape of a value that is one string unit with text `text`.
        init(unitStates: UnitStates, text: CatalogText) {
            self.unitStates = unitStates
            flags = Self.textFlags(text).union(.hasStringUnit)
        }

        /// What one unit's text says of the value: whether it holds a `%`, a `%` and a `#`, and
        /// whether it is printable ASCII.
        private static func textFlags(_ text: CatalogText) -> Flags {
            var flags: Flags = []
            if text.contains(byte: UInt8(ascii: "%")) {
                flags.insert(.hasPercent)
                if text.contains(byte: UInt8(ascii: "#")) { flags.insert(.mayReferenceSubstitution) }
            }
            if text.withUTF8(WordScan.isPrintableASCII) { flags.insert(.isPrintableASCII) }
            return flags
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
            default: self = .other
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
