extension LocaleStrings {
    /// Calls `strings` with the number and UTF-8 of each numbered `.strings` text whose value is a
    /// string, read in place (no string is made and nothing is retained per text), and `others`
    /// with every other string: `.strings` values that are no string, catalog units,
    /// `.stringsdict` texts, strings made one by one, and the keys outside the numbering. What the
    /// text rules read every translation through.
    public func forEachText(
        strings: (_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws -> Void,
        others: (_ key: String, _ number: Int?, _ string: LocalizedString) throws -> Void
    ) rethrows {
        try slots.withUnsafeBufferPointer { slots in
            for (sourceNumber, source) in sources.enumerated() {
                guard source.made == nil, source.origin == .strings else {
                    for number in slots.indices where !slots[number].isEmpty && slots[number].source == sourceNumber {
                        try others(numbering.keys[number], number, LocalizedString(source, Int(slots[number].index)))
                    }
                    continue
                }
                try source.entries.withUnsafeBufferPointer { entries in
                    try source.text.withUnsafeBufferPointer { text in
                        for number in slots.indices where !slots[number].isEmpty && slots[number].source == sourceNumber {
                            let entry = Int(slots[number].index)
                            guard entries[entry].hasValue else {
                                try others(numbering.keys[number], number, LocalizedString(source, entry))
                                continue
                            }
                            try strings(number, UnsafeBufferPointer(rebasing: text[entries[entry].valueRange]))
                        }
                    }
                }
            }
        }
        for (key, string) in self.others { try others(key, nil, string) }
    }
}
