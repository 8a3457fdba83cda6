import LocalizationFormats

/// Turns parsed files into messages and per-key argument lists.
enum MessageBuilder {
    /// Beyond this many combinations a `.stringsdict` entry is checked one variable at a time.
    static let maximumPermutations = 64

    static func messages(of project: LocalizationProject) -> [Message] {
        var result: [Message] = []
        for file in project.files {
            switch file.content {
            case .strings(let parsed):
                guard let locale = file.locale else { continue }
                for entry in parsed.entries {
                    guard let value = entry.value else { continue }
                    let placement: TextPlacement
                    if entry.valueIsVerbatim, let start = entry.valueLocation {
                        placement = .verbatim(SourcePosition(line: start.line, column: start.column + (entry.valueIsQuoted ? 1 : 0)))
                    } else {
                        placement = .fixed(entry.valueLocation)
                    }
                    result.append(
                        Message(
                            table: file.table, locale: locale, key: entry.key, text: value, path: file.path,
                            keyLocation: entry.keyLocation, placement: placement, analysis: FormatScanner.analyze(value),
                            origin: .strings, label: nil, loaded: entry.loaded))
                }
            case .stringsdict(let parsed):
                guard let locale = file.locale else { continue }
                for entry in parsed.entries {
                    result += stringsdictMessages(entry, table: file.table, locale: locale, path: file.path)
                }
            case .catalog(let catalog):
                for entry in catalog.entries {
                    for (locale, value) in entry.localizations {
                        // A unit in the state `new` is a placeholder; catalog-untranslated reports it.
                        for (unit, label) in labelledUnits(value, label: nil) where unit.state != "new" {
                            result.append(
                                Message(
                                    table: file.table, locale: LocaleName.normalize(locale), key: entry.key, text: unit.value,
                                    path: file.path, keyLocation: entry.keyLocation, placement: .fixed(unit.location),
                                    analysis: FormatScanner.analyze(unit.value), origin: .catalog, label: label, loaded: catalog.loads))
                        }
                    }
                }
            }
        }
        return result
    }

    private static func labelledUnits(_ value: CatalogValue, label: String?) -> [(CatalogStringUnit, String?)] {
        var result: [(CatalogStringUnit, String?)] = value.stringUnit.map { [($0, label)] } ?? []
        for variation in value.variations {
            for item in variation.cases {
                let inner = "\(variation.selector) '\(item.name)'"
                result += labelledUnits(item.value, label: label.map { "\($0), \(inner)" } ?? inner)
            }
        }
        for substitution in value.substitutions {
            for variation in substitution.variations {
                for item in variation.cases {
                    let inner = "'\(item.name)' of '\(substitution.name)'"
                    result += labelledUnits(item.value, label: label.map { "\($0), \(inner)" } ?? inner)
                }
            }
        }
        return result
    }

    /// One message per combination of variants, as Foundation would assemble the text.
    static func stringsdictMessages(_ entry: StringsdictEntry, table: String, locale: String, path: String) -> [Message] {
        func message(_ text: String, _ placement: TextPlacement, _ label: String?) -> Message {
            Message(
                table: table, locale: locale, key: entry.key, text: text, path: path, keyLocation: entry.keyLocation,
                placement: placement, analysis: FormatScanner.analyze(text), origin: .stringsdict, label: label, loaded: entry.loaded)
        }
        guard let format = entry.formatKey else {
            return entry.variants.map { message($0.value, .fixed($0.location), "'\($0.name)'") }
        }
        let formatAnalysis = FormatScanner.analyze(format)
        let slots = formatAnalysis.specifiers.filter { specifier in
            specifier.variableName.map { name in entry.variables.contains { $0.name == name && !$0.variants.isEmpty } } ?? false
        }
        guard !slots.isEmpty else { return [message(format, .fixed(entry.formatKeyLocation), nil)] }
        let choices: [[StringsdictVariant]] = slots.map { slot in
            entry.variables.first { $0.name == slot.variableName }?.variants ?? []
        }
        var combinations: [[Int]] = [[]]
        if choices.reduce(1, { $0 * $1.count }) <= maximumPermutations {
            for options in choices { combinations = combinations.flatMap { prefix in options.indices.map { prefix + [$0] } } }
        } else {
            // Vary one variable at a time, the others at their `other` form.
            let defaults = choices.map { options in options.firstIndex { $0.name == "other" } ?? 0 }
            combinations = []
            for (slot, options) in choices.enumerated() {
                for option in options.indices {
                    var combination = defaults
                    combination[slot] = option
                    combinations.append(combination)
                }
            }
        }
        let formatScalars = Array(format.unicodeScalars)
        return combinations.map { combination in
            var text = String.UnicodeScalarView()
            var segments: [TextSegment] = []
            var cursor = 0
            var labels: [String] = []
            for (slot, option) in zip(slots, combination) {
                let variant = choices[slots.firstIndex(of: slot) ?? 0][option]
                let before = formatScalars[cursor..<min(slot.start, formatScalars.count)]
                segments.append(TextSegment(range: text.count..<(text.count + before.count), location: entry.formatKeyLocation))
                text.append(contentsOf: before)
                let inserted = variant.value.unicodeScalars
                segments.append(TextSegment(range: text.count..<(text.count + inserted.count), location: variant.location))
                text.append(contentsOf: inserted)
                cursor = slot.end
                labels.append("'\(variant.name)' of '\(slot.variableName ?? "")'")
            }
            let rest = formatScalars[min(cursor, formatScalars.count)...]
            segments.append(TextSegment(range: text.count..<(text.count + rest.count), location: entry.formatKeyLocation))
            text.append(contentsOf: rest)
            return message(
                String(text), .segments(segments, fallback: entry.formatKeyLocation), "permutation " + labels.joined(separator: ", "))
        }
    }

    /// Each key's arguments per locale. Lookup order decides which texts count: `.stringsdict`
    /// over `.strings`, the `.lproj` files over a catalog, the last `.strings` definition of a key.
    static func formats(_ messages: [Message]) -> [String: [String: [String: KeyFormat]]] {
        var chosen: [String: [String: [String: (origin: LocalizedStringOrigin, indices: [Int])]]] = [:]
        func rank(_ origin: LocalizedStringOrigin) -> Int {
            switch origin {
            case .stringsdict: 2
            case .strings: 1
            case .catalog: 0
            }
        }
        for (index, message) in messages.enumerated() where message.loaded {
            let current = chosen[message.table]?[message.locale]?[message.key]
            if let current, rank(current.origin) > rank(message.origin) { continue }
            if let current, current.origin == message.origin, message.origin != .strings {
                chosen[message.table]?[message.locale]?[message.key]?.indices.append(index)
            } else {
                chosen[message.table, default: [:]][message.locale, default: [:]][message.key] = (message.origin, [index])
            }
        }
        return chosen.mapValues { byLocale in
            byLocale.mapValues { byKey in
                byKey.mapValues { choice in
                    var arguments: [Int: ArgumentUse] = [:]
                    for index in choice.indices {
                        for (argument, use) in argumentUses(messages[index], index: index) where arguments[argument] == nil {
                            arguments[argument] = use
                        }
                    }
                    return KeyFormat(arguments: arguments, messages: choice.indices)
                }
            }
        }
    }

    /// The arguments a message reads, leaving out what is probably a literal percent sign (so
    /// "100% of" in one locale never cascades into mismatches in the others) and stringsdict
    /// variables that were not expanded.
    static func argumentUses(_ message: Message, index: Int) -> [Int: ArgumentUse] {
        let literal = Set(message.analysis.problems.filter { $0.kind == .probableLiteralPercent }.map(\.start))
        var result: [Int: ArgumentUse] = [:]
        for specifier in message.analysis.specifiers where !literal.contains(specifier.start) && specifier.variableName == nil {
            for star in specifier.starArguments where result[star] == nil {
                result[star] = ArgumentUse(signature: "int", text: specifier.text, message: index, offset: specifier.start)
            }
            if result[specifier.argument] == nil {
                result[specifier.argument] = ArgumentUse(
                    signature: specifier.signature, text: specifier.text, message: index, offset: specifier.start)
            }
        }
        return result
    }
}
