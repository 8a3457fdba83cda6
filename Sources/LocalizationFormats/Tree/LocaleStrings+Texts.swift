/// What a text `LocaleStrings.forEachText` hands over as bytes is.
public struct TextBytesKind: Sendable {
    /// A catalog unit's text (or a source-language key standing for one), not a `.strings` value.
    public let isCatalog: Bool
    /// Whether the text is settled: a `.strings` value, or a catalog unit that is `translated`
    /// or states nothing (not one still `new`, to review, or `stale`).
    public let isSettled: Bool

    static let strings = TextBytesKind(isCatalog: false, isSettled: true)
}

extension LocaleStrings {
    /// Calls `texts` with the number, UTF-8 and kind of each numbered text of a `.strings` file
    /// whose value is a string or of a catalog, read in place (no string is made and nothing is
    /// retained per text), and `others` with every other string: `.strings` values that are no
    /// string, `.stringsdict` texts, strings made one by one and the keys outside the numbering.
    /// What the text rules read every translation through.
    public func forEachText(
        texts: (_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ kind: TextBytesKind) throws -> Void,
        others: (_ key: String, _ number: Int?, _ string: LocalizedString) throws -> Void
    ) rethrows {
        try slots.withUnsafeBufferPointer { slots in
            for (sourceNumber, source) in sources.enumerated() {
                if source.made == nil, source.origin == .catalog, source.catalogSpans.count == source.catalog.count {
                    // Where each store's bytes lie, read once.
                    let bases = source.catalogStores.map { $0.bytes(start: 0, count: 0).baseAddress }
                    try source.catalogSpans.withUnsafeBufferPointer { spans in
                        for number in slots.indices where !slots[number].isEmpty && slots[number].source == sourceNumber {
                            let span = spans[Int(slots[number].index)]
                            let kind = TextBytesKind(isCatalog: true, isSettled: span.isSettled)
                            let base = bases[Int(span.store)].map { $0 + Int(span.start) }
                            try texts(number, UnsafeBufferPointer(start: base, count: span.count), kind)
                        }
                    }
                    continue
                }
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
                            try texts(number, UnsafeBufferPointer(rebasing: text[entries[entry].valueRange]), .strings)
                        }
                    }
                }
            }
        }
        for (key, string) in self.others { try others(key, nil, string) }
    }
}
