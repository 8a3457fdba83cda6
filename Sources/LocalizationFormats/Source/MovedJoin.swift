extension Array {
    /// The elements of `parts` in one array, the parts in the order `order` gives (each index
    /// once), moved, not copied: a copy of a large value retained every string in it, and freeing
    /// the part released them all again. Each part is left holding `blank` in place of each of its
    /// elements (a value without storage of its own, so the parts are freed without touching the
    /// moved values), and is then emptied: its storage is freed as soon as it is moved, so the
    /// parts and the joined array are not all held at once.
    package static func joinedByMoving(_ parts: inout [[Element]], order: [Int], blank: Element) -> [Element] {
        let total = order.reduce(0) { $0 + parts[$1].count }
        return [Element](unsafeUninitializedCapacity: total) { joined, count in
            for index in order {
                parts[index].withUnsafeMutableBufferPointer { part in
                    guard let source = part.baseAddress, let target = joined.baseAddress else { return }
                    (target + count).moveInitialize(from: source, count: part.count)
                    source.initialize(repeating: blank, count: part.count)
                    count += part.count
                }
                parts[index] = []
            }
        }
    }
}
