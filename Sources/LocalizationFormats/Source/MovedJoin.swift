extension Array {
    /// The elements of `parts` in one array, the parts in the order `order` gives (each index
    /// once), moved, not copied: a copy of a large value retained every string in it, and freeing
    /// the part released them all again. Each part is left holding `blank`'s bytes in place of
    /// each of its elements, so the parts are freed without touching the moved values, and is then
    /// emptied: its storage is freed as soon as it is moved, so the parts and the joined array are
    /// not all held at once.
    ///
    /// `blank`'s bytes are copied with no retain, so `blank` must hold no reference but to what is
    /// never freed: nil, and strings, arrays and dictionaries written as empty literals (`""`,
    /// `[]`, `[:]`, which share the process's empty storage). An empty collection that kept
    /// storage of its own (`removeAll(keepingCapacity:)`, `reserveCapacity`) or any object would
    /// be released once for every element moved: a value that always holds an object (a
    /// `Finding`, whose parts live in a box) is never joined this way.
    package static func joinedByMoving(_ parts: inout [[Element]], order: [Int], blank: Element) -> [Element] {
        let total = order.reduce(0) { $0 + parts[$1].count }
        return [Element](unsafeUninitializedCapacity: total) { joined, count in
            for index in order {
                parts[index].withUnsafeMutableBufferPointer { part in
                    guard let source = part.baseAddress, let target = joined.baseAddress else { return }
                    (target + count).moveInitialize(from: source, count: part.count)
                    fill(source, count: part.count, withBitsOf: blank)
                    count += part.count
                }
                parts[index] = []
            }
        }
    }

    /// Writes `blank`'s bytes into the `count` uninitialized elements at `start`, with no retain
    /// of its references (see `joinedByMoving` for what `blank` may hold): each element is then a
    /// whole value whose references are never freed. Copied element by element, the value
    /// witness cost a large value as much again as moving it.
    private static func fill(_ start: UnsafeMutablePointer<Element>, count: Int, withBitsOf blank: Element) {
        Swift.withUnsafeBytes(of: blank) { pattern in
            guard let bytes = pattern.baseAddress else { return }
            let target = UnsafeMutableRawPointer(start)
            for index in 0..<count {
                (target + index * MemoryLayout<Element>.stride).copyMemory(from: bytes, byteCount: MemoryLayout<Element>.size)
            }
        }
    }
}
