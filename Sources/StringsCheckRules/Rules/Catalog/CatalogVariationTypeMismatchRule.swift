import Foundation
import LocalizationFormats
import LocalizationIndex

/// A String Catalog variation (a plural or device form, or a substitution's form) that reads an
/// argument with another type than the code passes: the catalog compiles to a `.stringsdict`,
/// and each form is formatted with the same arguments.
struct CatalogVariationTypeMismatchRule: Rule {
    static let description = RuleDescription(
        id: "catalog-variation-type-mismatch", name: "A variation reads an argument with another type", area: .catalog,
        summary:
            "a plural, device or substitution form in a String Catalog that reads an argument with another type or size than the code passes",
        rationale:
            "Xcode compiles a catalog's variations into a `.stringsdict`: every form is a format that `String(format:)` fills with the same arguments, and the form is picked by the count. A form that reads the count (`%lld`) as `%@` makes Foundation read an integer as an object pointer, which crashes or prints garbage for every count that picks that form; `%d` for `%lld` reads half of a 64-bit number. Only the forms of the users' plural category go wrong, so the mistake hides in testing (English shows 'one' and 'other', Russian and Arabic use forms nobody tried).",
        fix:
            "Read the argument with the specifier the key or the source language uses (the message names it); in a substitution's form write `%arg`.",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld items\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"plural\" : {\n          \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Element\" } },\n          \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : ↓\"%@ Elemente\" } }\n        } } }\n      }\n    }"
            ),
            catalogExample(
                "    \"Share with %lld people\" : {\n      \"localizations\" : {\n        \"fr\" : {\n          \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Partager avec %#@n@\" },\n          \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : {\n            \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg personne\" } },\n            \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : ↓\"%d personnes\" } }\n          } } } }\n        }\n      }\n    }"
            ),
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld items\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"plural\" : {\n          \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Ein Element\" } },\n          \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Elemente\" } }\n        } } }\n      }\n    }"
            ),
            catalogExample(
                "    \"Share %@ with %lld people\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%1$@ mit %#@n@ teilen\" },\n          \"substitutions\" : { \"n\" : { \"argNum\" : 2, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : {\n            \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Person\" } },\n            \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Personen\" } }\n          } } } }\n        }\n      }\n    }"
            ),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var reads = FormReads()
        var expectations = Expectations()
        for (file, catalog) in context.catalogs {
            let sourceLanguage = catalog.sourceLanguage
            // The file's path and table taken once: the closures below captured the whole file,
            // copied for every localization.
            let path = file.path
            let table = file.tableID
            // Read in place: a copy of each entry, case and unit retained its strings, contended
            // with the rules on the other core.
            var lastEntry = -1
            var passed = PassedArguments()
            // The entries' buffer is what the closures below capture to read a key for a
            // finding: capturing the entry (or the catalog) copied it for every localization.
            catalog.entries.withUnsafeBufferPointer { entries in
                catalog.forEachValueInPlace(where: \.hasForms) { position, entry, written, value in
                    if position.entry != lastEntry {
                        lastEntry = position.entry
                        passed = passedArguments(entry, sourceLanguage: sourceLanguage)
                    }
                    let isSource = written == sourceLanguage
                    var locale: String?
                    let entryIndex = position.entry
                    // The value's cases read where they lie (see `forEachForm(at:expected:_:)`).
                    CatalogValue.forEachForm(at: value, expected: { expectations.expected(reading: $0) }) { unit, substitution, label in
                        guard isSource || !unit.isNew else { return }
                        // What the form reads, read in place (a copy of each read retained it).
                        let list = reads.of(unit, substitution: substitution)
                        reads.lists[list].withUnsafeBufferPointer { items in
                            for item in items.indices {
                                let argument = items[item].argument
                                let own = argument == substitution?.argument ? substitution?.expected : nil
                                guard let expected = own ?? passed.specifier(of: argument),
                                    !expected.hasSignature(of: items[item].specifier)
                                else { continue }
                                let specifier = items[item].specifier
                                let origin = own != nil ? "its substitution's formatSpecifier" : passed.origin(of: argument)
                                let normalized = locale ?? LocaleName.normalize(written)
                                locale = normalized
                                let key = entries[entryIndex].key
                                result.append(
                                    finding(
                                        .formReadsOtherwise(
                                            form: label(), key: key, locale: normalized, argument: argument, specifier: specifier,
                                            expected: expected, origin: origin),
                                        path: path, at: unit.location, key: key, locale: normalized, table: table))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// How the code passes each argument: as the key reads it when the key is a format (Xcode
    /// extracts `String(localized:)` calls with their specifiers), else as the source language's
    /// text reads it (its unit, or its `other` form).
    private func passedArguments(_ entry: borrowing CatalogEntry, sourceLanguage: String?) -> PassedArguments {
        var result = PassedArguments()
        for specifier in FormatScanner.analyze(entry.key).specifiers where specifier.variableName == nil {
            result.add(specifier, origin: "the key")
        }
        guard result.isEmpty, let sourceLanguage,
            let value = entry.localizations.first(where: { $0.locale == sourceLanguage })?.value,
            let unit = value.representativeUnit
        else { return result }
        var text = unit.value
        for substitution in value.substitutions {
            text = text.replacingArgumentToken(with: "%\(substitution.argNum ?? 1)$\(substitution.formatSpecifier ?? "@")")
        }
        for specifier in FormatScanner.analyze(text).specifiers where specifier.variableName == nil {
            result.add(specifier, origin: "the source language's text")
        }
        return result
    }
}

/// How the code passes each argument (see `passedArguments`): the first specifier that reads
/// each argument, in a short list searched in order (a key or a text reads a handful), indexed
/// by argument once it is longer (a crafted key with thousands stays linear).
private struct PassedArguments {
    private var passed: [(argument: Int, specifier: FormatSpecifier, origin: String)] = []
    /// Argument → its place in `passed`, kept once `passed` is longer than `shortList`.
    private var places: [Int: Int] = [:]
    private static let shortList = 16

    var isEmpty: Bool { passed.isEmpty }

    /// Notes `specifier` for its argument unless one was noted for it before.
    mutating func add(_ specifier: FormatSpecifier, origin: String) {
        let argument = specifier.argument
        guard place(of: argument) == nil else { return }
        passed.append((argument, specifier, origin))
        if passed.count > Self.shortList {
            if places.isEmpty {
                for (place, item) in passed.enumerated() { places[item.argument] = place }
            } else {
                places[argument] = passed.count - 1
            }
        }
    }

    func specifier(of argument: Int) -> FormatSpecifier? { place(of: argument).map { passed[$0].specifier } }

    func origin(of argument: Int) -> String { place(of: argument).map { passed[$0].origin } ?? "" }

    private func place(of argument: Int) -> Int? {
        places.isEmpty ? passed.firstIndex { $0.argument == argument } : places[argument]
    }
}

/// What forms read, remembered for forms written in plain specifiers (`PlainSpecifiers`): what
/// such a form reads depends on its specifiers and its substitution's argument alone, and the
/// forms of every locale mostly share a few (`%lld`, `%1$@ … %2$lld`); other forms are scanned.
private struct FormReads {
    private struct Key: Hashable {
        var specifiers: UInt64
        var argument: Int?
    }

    private struct TokenKey: Hashable {
        var argument: Int
        var format: String
    }

    /// What forms read, each printed specifier with its argument number; `of` answers with an
    /// index here (handing over the list retained it, for every form). The first is what the
    /// last form scanned reads (a form not written in plain specifiers is scanned each time).
    private(set) var lists: [[(specifier: FormatSpecifier, argument: Int)]] = [[]]
    private var known: [Key: Int] = [:]
    /// What a substitution's form reads whose one specifier is its `%arg`, by the substitution's
    /// argument and format; nil where `%arg` does not become whole plain specifiers (the form is
    /// then scanned).
    private var tokens: [TokenKey: Int?] = [:]
    /// The last key looked up in `known` and in `tokens`, and what it gave: a value's forms
    /// mostly read alike ("%lld Datei", "%lld Dateien"), and comparing is cheaper than hashing.
    private var lastKey: (key: Key, list: Int)?
    private var lastToken: (key: TokenKey, list: Int?)?

    /// The index in `lists` of what `unit` reads.
    mutating func of(_ unit: borrowing CatalogStringUnit, substitution: SubstitutionReading?) -> Int {
        // One look at the bytes: whether the form reads its `%arg` alone, and its plain
        // specifiers' key.
        let (tokenAlone, plain) = unit.text.withUTF8 { bytes in
            (substitution != nil && holdsArgumentTokenAlone(bytes), PlainSpecifiers.key(bytes))
        }
        // Most substitution forms read their `%arg` alone ("%arg files"): what they read is what
        // the token alone reads once replaced, when the replacement is made of whole plain
        // specifiers (the scan ends where it does, whatever text follows).
        if let substitution, tokenAlone {
            let key = TokenKey(argument: substitution.argument, format: substitution.format)
            if let lastToken, lastToken.key == key {
                if let found = lastToken.list { return found }
            } else if let found = tokens[key] {
                lastToken = (key, found)
                if let found { return found }
            } else {
                let replacement = "%\(substitution.argument)$\(substitution.format)"
                let plain = replacement.utf8.withContiguousStorageIfAvailable(PlainSpecifiers.key) ?? nil
                let made = plain == nil ? nil : add(CatalogValue.reads(of: "%arg", substitution: substitution))
                tokens[key] = made
                lastToken = (key, made)
                if let made { return made }
            }
        }
        guard let plain else {
            lists[0] = CatalogValue.reads(of: unit, substitution: substitution).map { (specifier: $0.0, argument: $0.1) }
            return 0
        }
        let key = Key(specifiers: plain, argument: substitution?.argument)
        if let lastKey, lastKey.key == key { return lastKey.list }
        let list: Int
        if let found = known[key] {
            list = found
        } else {
            list = add(CatalogValue.reads(of: unit, substitution: substitution))
            known[key] = list
        }
        lastKey = (key, list)
        return list
    }

    /// Keeps `reads` and returns its index.
    private mutating func add(_ reads: [(FormatSpecifier, Int)]) -> Int {
        lists.append(reads.map { (specifier: $0.0, argument: $0.1) })
        return lists.count - 1
    }
}

/// What a substitution's forms read besides their text: the argument their count is and the
/// substitution's own specifier for it (worked out once per substitution, not per form).
private struct SubstitutionReading {
    /// `formatSpecifier` (default `lld`), which `%arg` stands for.
    var format: String
    /// The substitution's own specifier, for the argument its form's count is.
    var expected: FormatSpecifier?
    /// The argument a substitution's form counts.
    var argument: Int
}

/// The specifier each substitution's `formatSpecifier` makes of `%arg` (`lld` → `%lld`), worked
/// out once per spelling rather than scanned again for every localization. Only ASCII spellings
/// are kept: strings outside ASCII that compare equal may differ in bytes, which the scan reads.
private struct Expectations {
    private var known: [String: FormatSpecifier?] = [:]

    mutating func expected(reading format: String) -> FormatSpecifier? {
        if let found = known[format] { return found }
        let made = FormatScanner.specifier(completing: format)
        guard format.utf8.allSatisfy({ $0 < 0x80 }) else { return made }
        known[format] = made
        return made
    }
}

extension CatalogValue {
    /// Calls `body` with every form of the value `value` points to, variations within
    /// variations included, its substitution's reading (nil for a variation's form) and its
    /// label, made only when asked for (a finding names it; most forms have none). Every case,
    /// unit and list is read where it lies (`withParts(at:_:)`); `expected` gives the specifier
    /// a substitution's `formatSpecifier` makes.
    fileprivate static func forEachForm(
        at value: UnsafePointer<CatalogValue>, expected: (String) -> FormatSpecifier?,
        _ body: (_ unit: borrowing CatalogStringUnit, _ substitution: SubstitutionReading?, _ label: () -> String) -> Void
    ) {
        func collect(
            _ variations: UnsafeBufferPointer<CatalogVariation>, label: (() -> String)?, substitution: UnsafePointer<CatalogSubstitution>?,
            reading: SubstitutionReading?
        ) {
            forEachCase(of: variations) { selector, caseName, value in
                func name() -> String {
                    let inner =
                        substitution.map { CatalogFormLabel.substitutionForm(caseName, of: $0.pointee.name) }
                        ?? CatalogFormLabel.variationCase(selector, caseName)
                    return label.map { "\($0()), \(inner)" } ?? inner
                }
                withParts(at: value) { shape, unit, nested, _ in
                    if shape.hasStringUnit { body(unit, reading, name) }
                    if !nested.isEmpty { collect(nested, label: name, substitution: substitution, reading: reading) }
                }
            }
        }
        withParts(at: value) { shape, unit, variations, substitutions in
            collect(variations, label: nil, substitution: nil, reading: nil)
            guard let base = substitutions.baseAddress else { return }
            // Without `argNum` a token's place in the text decides, as CoreFoundation numbers it:
            // the text is scanned only then (Xcode writes `argNum`).
            var tokens: [FormatSpecifier]?
            for index in substitutions.indices {
                let substitution = base + index
                let format = substitution.pointee.formatSpecifier ?? "lld"
                var argument = substitution.pointee.argNum
                if argument == nil {
                    let scanned = tokens ?? (shape.hasStringUnit ? FormatScanner.analyze(unit.value).specifiers : [])
                    tokens = scanned
                    argument = scanned.first { $0.variableName == substitution.pointee.name }?.argument
                }
                let reading = SubstitutionReading(format: format, expected: expected(format), argument: argument ?? 1)
                substitution.pointee.variations.withUnsafeBufferPointer { variations in
                    collect(variations, label: nil, substitution: substitution, reading: reading)
                }
            }
        }
    }

    /// What a form reads, each printed specifier with its argument number. In a substitution's
    /// form `%arg` and a lone plain specifier read the substitution's argument (as a
    /// `.stringsdict` form's lone specifier reads its variable's number); other numbered
    /// specifiers read their own.
    fileprivate static func reads(of unit: borrowing CatalogStringUnit, substitution: SubstitutionReading?) -> [(FormatSpecifier, Int)] {
        // A form without '%' reads nothing (plural forms that spell out their count): no string made.
        guard unit.text.contains(byte: UInt8(ascii: "%")) else { return [] }
        return reads(of: unit.value, substitution: substitution)
    }

    /// What a form whose text is `value` reads (see `reads(of:substitution:)`).
    fileprivate static func reads(of value: String, substitution: SubstitutionReading?) -> [(FormatSpecifier, Int)] {
        // A form without '%' reads nothing (plural forms that spell out their count).
        guard value.utf8Contains(byte: UInt8(ascii: "%")) else { return [] }
        guard let substitution else {
            return FormatScanner.analyze(value).specifiers.filter { $0.variableName == nil }.map { ($0, $0.argument) }
        }
        let text = value.replacingArgumentToken(with: "%\(substitution.argument)$\(substitution.format)")
        let plain = FormatScanner.analyze(text).specifiers.filter { $0.variableName == nil }
        return plain.compactMap { specifier -> (FormatSpecifier, Int)? in
            if specifier.explicitPosition == nil { return plain.count == 1 ? (specifier, substitution.argument) : nil }
            return (specifier, specifier.argument)
        }
    }
}

/// The size in bits a signature reads ('int' 32, 'int:64' 64).
private func width(_ signature: String) -> Int {
    if signature.hasSuffix(":64") { return 64 }
    if signature.hasSuffix(":16") { return 16 }
    if signature.hasSuffix(":8") { return 8 }
    return 32
}

extension Finding.Message {
    /// A form that reads an argument with another type than the code passes, and what that shows.
    fileprivate static func formReadsOtherwise(
        form: String, key: String, locale: String, argument: Int, specifier: FormatSpecifier, expected: FormatSpecifier, origin: String
    ) -> Finding.Message {
        let passed = describeSignature(expected.signature)
        let read = describeSignature(specifier.signature)
        let reading: String
        if specifier.type == .object || expected.type == .object {
            reading = "String(format:) reads \(passed) as \(read), which crashes the app or prints garbage"
        } else if specifier.type == expected.type, width(specifier.signature) < width(expected.signature) {
            reading = "String(format:) reads only part of \(passed), which is wrong once the number outgrows the smaller size"
        } else if specifier.type == expected.type {
            reading = "String(format:) reads \(passed) as \(read), more than the code passes, which prints garbage"
        } else {
            reading = "String(format:) reads \(passed) as \(read), which prints a wrong value"
        }
        let place = "the \(form) form of '\(key)' in '\(locale)' reads argument \(argument) with '\(specifier.text)'"
        return "\(place), but the code passes '\(expected.text)' (\(origin)): for users shown this form \(reading)"
    }
}
