import LocalizationFormats

/// A key's arguments in a translation beside the base's, where the two differ.
public struct FormatPair: Sendable {
    public let table: String
    public let key: String
    public let locale: String
    /// The base's format, with the `optional` arguments in its shape.
    public let base: KeyFormat
    public let translation: KeyFormat
    /// Where the base reads each argument (the `optional` ones at the start of its first text).
    public let baseArguments: ArgumentList
    /// Where the translation reads each argument.
    public let translationArguments: ArgumentList
    /// Arguments the code passes (a catalog key reads them) that the base text leaves out.
    public var optional: Set<Int> = []
}

extension FormatPair {
    static func pairs(_ formats: [String: [String: TableFormats]], texts: TextStore, baseLocale: String?, locales: [String])
        -> [FormatPair]
    {
        guard let baseLocale else { return [] }
        var jobs: [(table: String, locale: String)] = []
        for table in formats.keys.sorted() where formats[table]?[baseLocale] != nil || formats[table]?["Base"] != nil {
            for locale in locales where formats[table]?[locale] != nil { jobs.append((table, locale)) }
        }
        // Whether each key of a table's numbering holds a '%', asked once per table: every
        // locale's job asked it of the same strings, a retain of each contended between the cores.
        let percentKeys = Set(jobs.map(\.table)).reduce(into: [String: [Bool]]()) { found, table in
            guard let byLocale = formats[table], let baseKeys = byLocale[baseLocale] ?? byLocale["Base"] else { return }
            found[table] = baseKeys.keys.keys.map { $0.utf8Contains(byte: UInt8(ascii: "%")) }
        }
        // One job per translation: few pairs differ, so the jobs share little but the base table.
        return jobs.concurrentMap { job -> [FormatPair] in
            guard let byLocale = formats[job.table], let baseKeys = byLocale[baseLocale] ?? byLocale["Base"],
                let keys = byLocale[job.locale], let percent = percentKeys[job.table]
            else { return [] }
            let fallback = byLocale["Base"]
            var result: [FormatPair] = []
            func add(_ key: String, _ base: KeyFormat, _ translation: KeyFormat) {
                if let pair = pair(key, base: base, translation: translation, table: job.table, locale: job.locale, texts: texts) {
                    result.append(pair)
                }
            }
            // Locales of one table share the key numbers: the base is then read by number, and
            // the usual key (what the base reads, from a text that is not a catalog's) is
            // compared in place, without copying either format.
            guard keys.keys === baseKeys.keys else {
                keys.forEach { key, _, translation in
                    if let base = baseKeys[key] ?? fallback?[key] { add(key, base, translation) }
                }
                return result
            }
            keys.numbered.withUnsafeBufferPointer { translations in
                baseKeys.numbered.withUnsafeBufferPointer { bases in
                    percent.withUnsafeBufferPointer { percent in
                        // The table's keys; the locale's own ones follow, paired by name below.
                        for number in keys.keys.keys.indices where !translations[number].isEmpty {
                            let base = bases[number]
                            let translation = translations[number]
                            // The same text shape reads alike without comparing: the usual key. A
                            // catalog's base may read more than its text: the format its key passes
                            // from code (see `pair`), which a key without a `%` is not.
                            if !base.isEmpty,
                                (base.shape >= 0 && base.shape == translation.shape)
                                    || baseKeys.shape(base.shape).readsLike(keys.shape(translation.shape)),
                                texts.origin(at: base.first) != .catalog || !percent[number]
                            {
                                continue
                            }
                            let key = keys.keys.keys[number]
                            guard let format = keys[number: number] else { continue }
                            if let base = base.isEmpty ? fallback?[key] : baseKeys[number: number] { add(key, base, format) }
                        }
                    }
                }
            }
            for key in keys.extraNumbers.keys {
                if let translation = keys.extra(key), let base = fallback?[key] { add(key, base, translation) }
            }
            return result
        }.flatMap { $0 }
    }

    /// The pair of a translation's key format with the base's, when they read differently.
    private static func pair(
        _ key: String, base: KeyFormat, translation: KeyFormat, table: String, locale: String, texts: TextStore
    ) -> FormatPair? {
        var base = base
        // A catalog key extracted from code is the format the code passes ('%lld items'), even
        // when the source text leaves an argument out ('starred'): a translation may read those
        // arguments, and need not, as the source text does not.
        var codeSpecifiers: [FormatSpecifier] = []
        var optional: Set<Int> = []
        if let first = base.texts.first, texts.origin(at: first) == .catalog, key.utf8Contains(byte: UInt8(ascii: "%")) {
            codeSpecifiers = FormatScanner.analyze(key).specifiers
            for specifier in codeSpecifiers where base.shape[specifier.argument] == nil {
                base.shape.set(ArgumentShape.Argument(specifier))
                optional.insert(specifier.argument)
            }
        }
        // Most translations read exactly what the base passes; none of the rules reading pairs
        // has anything to say about those, so only differing pairs are kept, and only theirs are
        // told where each argument is read.
        guard !base.shape.readsLike(translation.shape) else { return nil }
        var baseArguments = base.arguments(in: texts)
        if let first = base.texts.first {
            for specifier in codeSpecifiers where optional.contains(specifier.argument) && baseArguments[specifier.argument] == nil {
                baseArguments[specifier.argument] = ArgumentUse(
                    signature: specifier.signature, text: specifier.text, textIndex: first, offset: 0)
            }
        }
        return FormatPair(
            table: table, key: key, locale: locale, base: base, translation: translation, baseArguments: baseArguments,
            translationArguments: translation.arguments(in: texts), optional: optional)
    }
}
