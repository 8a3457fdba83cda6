/// A CLDR plural category.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case zero, one, two, few, many, other

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.rank < rhs.rank }
}

/// A set of plural categories as one byte, for sets of forms checked by the thousand.
public struct PluralCategorySet: Sendable, Hashable {
    private var bits: UInt8 = 0

    public init() {}

    public init(_ categories: some Sequence<PluralCategory>) {
        for category in categories { insert(category) }
    }

    /// Adds the category named `name`, when it names one.
    public mutating func insert(named name: String) {
        // A switch on the few names: `PluralCategory(rawValue:)` compares with each case in turn.
        switch name {
        case "zero": insert(.zero)
        case "one": insert(.one)
        case "two": insert(.two)
        case "few": insert(.few)
        case "many": insert(.many)
        case "other": insert(.other)
        default: break
        }
    }

    private static func bit(_ category: PluralCategory) -> UInt8 {
        switch category {
        case .zero: 1
        case .one: 2
        case .two: 4
        case .few: 8
        case .many: 16
        case .other: 32
        }
    }

    public var isEmpty: Bool { bits == 0 }
    public func contains(_ category: PluralCategory) -> Bool { bits & Self.bit(category) != 0 }
    public mutating func insert(_ category: PluralCategory) { bits |= Self.bit(category) }
    public mutating func remove(_ category: PluralCategory) { bits &= ~Self.bit(category) }
    public func subtracting(_ other: PluralCategorySet) -> PluralCategorySet {
        var result = self
        result.bits &= ~other.bits
        return result
    }
}

/// The operands CLDR's rules test, computed from a number as written: `1.50` has two visible
/// fraction digits, `1.5` one, and they may fall in different categories.
///
/// n: absolute value; i: integer digits; v: visible fraction digits; w: the same without trailing
/// zeros; f: visible fraction digits as an integer; t: the same without trailing zeros;
/// c and e: the exponent of compact notation (`1.2c6` is 1,200,000 written compactly).
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    public var n: Double
    public var i: Int
    public var v: Int
    public var w: Int
    public var f: Int
    public var t: Int
    public var e: Int
    /// The number as written.
    public var description: String

    public init(_ integer: Int) {
        n = Double(integer.magnitude)
        i = Int(integer.magnitude)
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
        description = String(integer)
    }

    /// Parses `12`, `1.50`, `-3.0`, `1c6`, `1.2c3` (and `e` for `c`); nil for anything else.
    public init?(_ text: String) {
        var mantissa = Substring(text.hasPrefix("-") ? text.dropFirst() : Substring(text))
        var exponent = 0
        if let marker = mantissa.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            guard let value = Int(mantissa[mantissa.index(after: marker)...]), (0...15).contains(value) else { return nil }
            exponent = value
            mantissa = mantissa[..<marker]
        }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return nil }
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), !(parts.count > 1 && fraction.isEmpty) else { return nil }
        var digits = String(whole)
        // Compact notation moves the decimal point: 1.2c3 is 1200 with no fraction digits.
        if exponent > 0 {
            let moved = fraction.prefix(exponent)
            digits += moved + String(repeating: "0", count: exponent - moved.count)
            fraction = String(fraction.dropFirst(moved.count))
        }
        guard digits.count <= 18, let integer = Int(digits) else { return nil }
        i = integer
        v = fraction.count
        let trimmed = fraction.reversed().drop { $0 == "0" }.reversed()
        w = trimmed.count
        f = Int(fraction.prefix(18)) ?? 0
        t = Int(String(trimmed).prefix(18)) ?? 0
        e = exponent
        n = Double(digits + (fraction.isEmpty ? "" : "." + fraction)) ?? Double(integer)
        description = text
    }
}
