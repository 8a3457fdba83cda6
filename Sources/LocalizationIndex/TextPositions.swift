/// Positions in the index's list of texts (`TextStore`), each kept in 32 bits: the lists of texts
/// with specifiers, with problems, from `.stringsdict` files and empty name hundreds of thousands
/// of a large catalog's texts, and a list of `Int`s took twice the memory. Read as `Int`s.
public struct TextPositions: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline var stored: [Int32] = []

    public init() {}

    public init(arrayLiteral positions: Int...) {
        stored = positions.map { Int32($0) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { stored.count }

    @inlinable public subscript(position: Int) -> Int { Int(stored[position]) }

    mutating func append(_ position: Int) { stored.append(Int32(position)) }

    mutating func reserveCapacity(_ count: Int) { stored.reserveCapacity(count) }

    /// Appends `other`'s positions, each moved on by `offset`.
    mutating func append(_ other: TextPositions, movedOnBy offset: Int) {
        let offset = Int32(offset)
        stored += other.stored.lazy.map { $0 + offset }
    }
}
