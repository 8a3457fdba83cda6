/// A value in a catalog: a string unit, variations, or both (plus substitutions).
public struct CatalogValue: Sendable, Hashable {
    // Nearly every value is one string unit: it is held in place, in the entry's array of
    // localizations, and only a value with variations or substitutions points to a box of them.
    // A box per value (its unit and place, a 64-byte block of the heap, and a reference to it)
    // took 12.6 MB of a 26 MB catalog's model, and an allocation apiece to parse.
    // The fields are constants: a setter (rare: the parser builds each value whole) makes a new
    // value. A reader through a pointer reads them where they lie (see `withFields(at:_:)`): the
    // forms' box lent without a retain, the unit copied to be lent (a retain of its text's store).

    /// The value's string unit; an empty one when it has none (the shape says which). Not
    /// optional: a caller borrows it in place, where unwrapping an optional copied the unit (a
    /// retain of its store).
    @usableFromInline let unit: CatalogStringUnit
    /// What the value holds, worked out once when it is made.
    public let shape: Shape
    @usableFromInline let place: SourcePosition
    /// The value's variations and substitutions, when it has any (`shape.hasForms`).
    @usableFromInline let forms: Forms?

    /// The variations and substitutions of a value that has any: a box, as few values have them.
    @usableFromInline
    final class Forms: Sendable {
        @usableFromInline let variations: [CatalogVariation]
        @usableFromInline let substitutions: [CatalogSubstitution]

        init(variations: [CatalogVariation], substitutions: [CatalogSubstitution]) {
            self.variations = variations
            self.substitutions = substitutions
        }
    }

    public init(
        stringUnit: CatalogStringUnit?, variations: [CatalogVariation], substitutions: [CatalogSubstitution], location: SourcePosition
    ) {
        shape = Shape(stringUnit: stringUnit, variations: variations, substitutions: substitutions)
        unit = stringUnit ?? CatalogStringUnit(state: nil, text: .empty, location: location)
        place = location
        forms = variations.isEmpty && substitutions.isEmpty ? nil : Forms(variations: variations, substitutions: substitutions)
    }

    /// A value that is one string unit whose state the caller has read as `states` (the parser's
    /// usual path): its shape made without reading the unit again.
    init(unit: consuming CatalogStringUnit, states: UnitStates, location: SourcePosition) {
        shape = Shape(unitStates: states, text: unit.text)
        self.unit = unit
        place = location
        forms = nil
    }

    /// Whether the value has a string unit of its own, answered without reading the unit (nor
    /// copying it, as comparing `stringUnit` with nil does).
    @inlinable public var hasStringUnit: Bool { shape.hasStringUnit }
    /// Whether the value has variations of its own, answered without reading its forms.
    @inlinable public var hasVariations: Bool { shape.hasVariations }
    /// Whether the value has substitutions of its own, answered without reading its forms.
    @inlinable public var hasSubstitutions: Bool { shape.hasSubstitutions }
    /// Whether the value has forms (variations or substitutions of its own) besides its unit.
    @inlinable public var hasForms: Bool { shape.hasForms }
    /// Whether a value nested in this one (a case of its variations or of its substitutions',
    /// at any depth) has variations of its own.
    @inlinable public var nestsVariations: Bool { shape.nestsVariations }
    /// Whether a value nested in this one (at any depth) has substitutions of its own.
    @inlinable public var nestsSubstitutions: Bool { shape.nestsSubstitutions }

    @inlinable public var stringUnit: CatalogStringUnit? {
        get { shape.hasStringUnit ? unit : nil }
        set { self = CatalogValue(stringUnit: newValue, variations: variations, substitutions: substitutions, location: location) }
    }
    /// `plural` or `device` → case name → value (device cases may nest plural variations).
    @inlinable public var variations: [CatalogVariation] {
        get { forms?.variations ?? [] }
        set { self = CatalogValue(stringUnit: stringUnit, variations: newValue, substitutions: substitutions, location: location) }
    }
    @inlinable public var substitutions: [CatalogSubstitution] {
        get { forms?.substitutions ?? [] }
        set { self = CatalogValue(stringUnit: stringUnit, variations: variations, substitutions: newValue, location: location) }
    }
    @inlinable public var location: SourcePosition {
        get { place }
        set { self = CatalogValue(stringUnit: stringUnit, variations: variations, substitutions: substitutions, location: newValue) }
    }

    public static func == (lhs: CatalogValue, rhs: CatalogValue) -> Bool {
        lhs.stringUnit == rhs.stringUnit && lhs.variations == rhs.variations && lhs.substitutions == rhs.substitutions
            && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stringUnit)
        hasher.combine(variations)
        hasher.combine(substitutions)
        hasher.combine(location)
    }

    /// Whether the value's own variations include both `plural` and `device` ones side by side
    /// (of which Xcode compiles one), asked of the variations in place.
    public var variesByPluralAndDevice: Bool {
        guard shape.hasVariations else { return false }
        return forms?.variations.withUnsafeBufferPointer { variations in
            variations.contains { $0.selector == "plural" } && variations.contains { $0.selector == "device" }
        } ?? false
    }

    /// The text shown when no variation is selected: the unit, else the `other` case, else the first.
    public var representativeUnit: CatalogStringUnit? {
        var unit: CatalogStringUnit?
        _ = withRepresentativeUnit { unit = copy $0 }
        return unit
    }

    /// Calls `body` with the value's own string unit, read in place (`stringUnit` copies it), if
    /// it has one.
    @inlinable
    public func withStringUnit(_ body: (borrowing CatalogStringUnit) throws -> Void) rethrows {
        if shape.hasStringUnit { try body(unit) }
    }

    /// Calls `body` with the unit `representativeUnit` returns, read in place rather than copied
    /// (a copy retains its strings, contended when both cores read the catalog); false, without
    /// calling it, when there is none.
    @inlinable
    public func withRepresentativeUnit(_ body: (borrowing CatalogStringUnit) throws -> Void) rethrows -> Bool {
        try Self.withRepresentativeUnit(shape: shape, unit: unit, forms: forms, body)
    }

    /// `withRepresentativeUnit` of the value `value` points to, read where it lies (see
    /// `withFields(at:_:)`).
    @inlinable
    public static func withRepresentativeUnit(at value: UnsafePointer<CatalogValue>, _ body: (borrowing CatalogStringUnit) throws -> Void)
        rethrows -> Bool
    {
        try withFields(at: value) { shape, unit, forms in try withRepresentativeUnit(shape: shape, unit: unit, forms: forms, body) }
    }

    /// `forEachUnit` of the value `value` points to, read where it lies (see `withFields(at:_:)`).
    @inlinable
    public static func forEachUnit(at value: UnsafePointer<CatalogValue>, _ body: (borrowing CatalogStringUnit) throws -> Void) rethrows {
        try withFields(at: value) { shape, unit, forms in try forEachUnit(shape: shape, unit: unit, forms: forms, body) }
    }

    /// Calls `body` with the shape, the unit and the forms' box of the value `value` points to,
    /// the box not retained. A value read from a buffer and handed to a closure that writes
    /// memory is copied first (the compiler cannot tell that the closure leaves the buffer
    /// alone): the unit is (a retain of its text's store), but not the box, whose fields are
    /// constants read in place whatever the closure writes.
    @inlinable
    static func withFields<Result>(
        at value: UnsafePointer<CatalogValue>, _ body: (Shape, borrowing CatalogStringUnit, Forms?) throws -> Result
    ) rethrows -> Result {
        let raw = UnsafeRawPointer(value)
        let shape = raw.load(fromByteOffset: shapeOffset, as: Shape.self)
        let unit = raw.advanced(by: unitOffset).assumingMemoryBound(to: CatalogStringUnit.self)
        guard shape.hasForms, let box = raw.load(fromByteOffset: formsOffset, as: UnsafeRawPointer?.self) else {
            return try body(shape, unit.pointee, nil)
        }
        return try Unmanaged<Forms>.fromOpaque(box)._withUnsafeGuaranteedRef { try body(shape, unit.pointee, $0) }
    }

    /// Where a value's fields lie in it.
    @usableFromInline static let unitOffset = storedPropertyOffset(\CatalogValue.unit)
    @usableFromInline static let shapeOffset = storedPropertyOffset(\CatalogValue.shape)
    @usableFromInline static let formsOffset = storedPropertyOffset(\CatalogValue.forms)

    /// The place of the value `value` points to (see `location`), read where it lies.
    @inlinable
    static func location(at value: UnsafePointer<CatalogValue>) -> SourcePosition { value.pointee.place }

    /// Calls `body` with the shape, the string unit (an empty one when `shape.hasStringUnit` is
    /// false), the variations and the substitutions of the value `value` points to: the unit and
    /// the lists read where they lie. A walk down a value's cases that copied each case's value,
    /// unit and lists retained every one of them, contended when the rules on both cores read
    /// one catalog.
    @inlinable
    public static func withParts<Result>(
        at value: UnsafePointer<CatalogValue>,
        _ body: (
            _ shape: Shape, _ unit: borrowing CatalogStringUnit, _ variations: UnsafeBufferPointer<CatalogVariation>,
            _ substitutions: UnsafeBufferPointer<CatalogSubstitution>
        ) throws -> Result
    ) rethrows -> Result {
        try withFields(at: value) { shape, unit, forms in
            guard let forms else {
                return try body(shape, unit, UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
            }
            return try forms.variations.withUnsafeBufferPointer { variations in
                try forms.substitutions.withUnsafeBufferPointer { substitutions in
                    try body(shape, unit, variations, substitutions)
                }
            }
        }
    }

    @inlinable
    static func withRepresentativeUnit(
        shape: Shape, unit: borrowing CatalogStringUnit, forms: Forms?, _ body: (borrowing CatalogStringUnit) throws -> Void
    ) rethrows -> Bool {
        if shape.hasStringUnit {
            try body(unit)
            return true
        }
        guard shape.hasVariations else { return false }
        // Read through the forms' box in place (the `variations` getter returns the array
        // retained).
        return try forms?.variations.withUnsafeBufferPointer { variations in
            for variation in variations.indices {
                let found = try variations[variation].cases.withUnsafeBufferPointer { cases in
                    // Each case's value read where it lies (see `withFields(at:_:)`).
                    guard let first = cases.baseAddress else { return false }
                    if let other = cases.indices.first(where: { cases[$0].name == "other" }),
                        try withRepresentativeUnit(at: CatalogVariation.Case.value(at: first + other), body)
                    {
                        return true
                    }
                    return try withRepresentativeUnit(at: CatalogVariation.Case.value(at: first), body)
                }
                if found { return true }
            }
            return false
        } ?? false
    }

    /// Every string unit in this value, variations and substitutions included.
    public var allUnits: [CatalogStringUnit] {
        (stringUnit.map { [$0] } ?? []) + variations.flatMap { $0.cases.flatMap(\.value.allUnits) }
            + substitutions.flatMap { $0.variations.flatMap { $0.cases.flatMap(\.value.allUnits) } }
    }
}

extension CatalogValue {
    /// Calls `body` with every string unit in this value (as `allUnits` lists them), read in place
    /// instead of collected into arrays.
    @inlinable
    public func forEachUnit(_ body: (borrowing CatalogStringUnit) throws -> Void) rethrows {
        try Self.forEachUnit(shape: shape, unit: unit, forms: forms, body)
    }

    @inlinable
    static func forEachUnit(
        shape: Shape, unit: borrowing CatalogStringUnit, forms: Forms?, _ body: (borrowing CatalogStringUnit) throws -> Void
    ) rethrows {
        // Told by the shape: `stringUnit != nil` compared two optional units, copying the unit.
        if shape.hasStringUnit { try body(unit) }
        // Nearly every value is one unit: no variation or substitution to walk.
        guard let forms else { return }
        try forEachUnit(in: forms.variations, body)
        try forms.substitutions.withUnsafeBufferPointer { substitutions in
            for index in substitutions.indices { try forEachUnit(in: substitutions[index].variations, body) }
        }
    }

    @usableFromInline
    static func forEachUnit(in variations: [CatalogVariation], _ body: (borrowing CatalogStringUnit) throws -> Void) rethrows {
        try variations.withUnsafeBufferPointer { variations in
            for variation in variations.indices {
                try variations[variation].cases.withUnsafeBufferPointer { cases in
                    // Each case's value read where it lies (see `withFields(at:_:)`).
                    guard let first = cases.baseAddress else { return }
                    for item in cases.indices { try forEachUnit(at: CatalogVariation.Case.value(at: first + item), body) }
                }
            }
        }
    }
}

/// Where a stored property lies in its type: what a read of a field through a pointer to the
/// value adds to the pointer (the catalog's in-place reads: see
/// `CatalogValue.withRepresentativeUnit(at:_:)`).
@usableFromInline
func storedPropertyOffset<Root>(_ property: PartialKeyPath<Root>) -> Int {
    guard let offset = MemoryLayout<Root>.offset(of: property) else { preconditionFailure("a stored property") }
    return offset
}

/// One kind of variation (`plural`, `device`) and its cases.
public struct CatalogVariation: Sendable, Hashable {
    public struct Case: Sendable, Hashable {
        public var name: String
        public var nameLocation: SourcePosition
        public var value: CatalogValue

        /// The value of the case `item` points to, where it lies (see
        /// `CatalogValue.withRepresentativeUnit(at:_:)`).
        @inlinable
        public static func value(at item: UnsafePointer<Case>) -> UnsafePointer<CatalogValue> {
            UnsafeRawPointer(item).advanced(by: valueOffset).assumingMemoryBound(to: CatalogValue.self)
        }

        @usableFromInline static let valueOffset = storedPropertyOffset(\Case.value)
    }

    public var selector: String
    public var cases: [Case]
}

/// A `substitutions` entry: a named argument with its own variations.
public struct CatalogSubstitution: Sendable, Hashable {
    public var name: String
    public var location: SourcePosition
    public var argNum: Int?
    public var formatSpecifier: String?
    public var variations: [CatalogVariation]
}
