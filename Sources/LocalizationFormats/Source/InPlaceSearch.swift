extension Array {
    /// Whether `matches` accepts some element, each read where it lies through its address: an
    /// element handed to a closure is copied first (a retain of each string, list and box in it),
    /// where a field read through the element's address is not.
    @inlinable
    package func containsInPlace(where matches: (UnsafePointer<Element>) throws -> Bool) rethrows -> Bool {
        try withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            for index in buffer.indices where try matches(base + index) { return true }
            return false
        }
    }
}
