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
        for (file, catalog) in context.catalogs {
            let sourceLanguage = catalog.sourceLanguage
            for entry in catalog.entries where entry.localizations.contains(where: { $0.value.hasForms }) {
                let passed = passedArguments(entry, sourceLanguage: sourceLanguage)
                for (written, value) in entry.localizations where value.hasForms {
                    let locale = LocaleName.normalize(written)
                    let isSource = written == sourceLanguage
                    for form in value.forms where isSource || form.unit.state != "new" {
                        for (specifier, argument) in form.reads {
                            let own = argument == form.substitutionArgument ? form.expected : nil
                            guard let expected = own ?? passed[argument]?.specifier, expected.signature != specifier.signature
                            else { continue }
                            let origin = own != nil ? "its substitution's formatSpecifier" : passed[argument]?.origin ?? ""
                            result.append(
                                finding(
                                    .formReadsOtherwise(
                                        form: form.label, key: entry.key, locale: locale, argument: argument, specifier: specifier,
                                        expected: expected, origin: origin),
                                    path: file.path, at: form.unit.location, key: entry.key, locale: locale, table: file.tableID))
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
    private func passedArguments(_ entry: CatalogEntry, sourceLanguage: String?) -> [Int: (specifier: FormatSpecifier, origin: String)] {
        var result: [Int: (specifier: FormatSpecifier, origin: String)] = [:]
        for specifier in FormatScanner.analyze(entry.key).specifiers where specifier.variableName == nil {
            if result[specifier.argument] == nil { result[specifier.argument] = (specifier, "the key") }
        }
        guard result.isEmpty, let sourceLanguage,
            let value = entry.localizations.first(where: { $0.locale == sourceLanguage })?.value,
            let unit = value.representativeUnit
        else { return result }
        var text = unit.value
        for substitution in value.substitutions where text.utf8Contains("%arg") {
            text = text.replacingOccurrences(of: "%arg", with: "%\(substitution.argNum ?? 1)$\(substitution.formatSpecifier ?? "@")")
        }
        for specifier in FormatScanner.analyze(text).specifiers where specifier.variableName == nil {
            if result[specifier.argument] == nil { result[specifier.argument] = (specifier, "the source language's text") }
        }
        return result
    }
}

/// One form of a catalog value: a variation's case or a substitution's, with what it reads.
private struct CatalogForm {
    var label: String
    var unit: CatalogStringUnit
    /// The substitution's own specifier, for the argument its form's count is.
    var expected: FormatSpecifier?
    /// The argument a substitution's form counts (nil for a variation's form).
    var substitutionArgument: Int?
    /// What the form reads, each printed specifier with its argument number.
    var reads: [(FormatSpecifier, Int)]
}

extension CatalogValue {
    /// Whether the value has forms (variations or substitutions) besides its one unit.
    fileprivate var hasForms: Bool { !variations.isEmpty || !substitutions.isEmpty }

    /// Every form, variations within variations included. In a substitution's form `%arg` and a
    /// lone plain specifier read the substitution's argument (as a `.stringsdict` form's lone
    /// specifier reads its variable's number); other numbered specifiers read their own.
    fileprivate var forms: [CatalogForm] {
        var result: [CatalogForm] = []
        func collect(_ variations: [CatalogVariation], label: String?, substitution: CatalogSubstitution?) {
            for variation in variations {
                for item in variation.cases {
                    let inner: String
                    if let substitution {
                        inner = "'\(item.name)' of '\(substitution.name)'"
                    } else {
                        inner = "\(variation.selector) '\(item.name)'"
                    }
                    let name = label.map { "\($0), \(inner)" } ?? inner
                    if let unit = item.value.stringUnit { result.append(form(unit, label: name, substitution: substitution)) }
                    collect(item.value.variations, label: name, substitution: substitution)
                }
            }
        }
        collect(variations, label: nil, substitution: nil)
        for substitution in substitutions { collect(substitution.variations, label: nil, substitution: substitution) }
        return result
    }

    private func form(_ unit: CatalogStringUnit, label: String, substitution: CatalogSubstitution?) -> CatalogForm {
        guard let substitution else {
            let reads = FormatScanner.analyze(unit.value).specifiers.filter { $0.variableName == nil }.map { ($0, $0.argument) }
            return CatalogForm(label: label, unit: unit, expected: nil, substitutionArgument: nil, reads: reads)
        }
        let format = substitution.formatSpecifier ?? "lld"
        let expected = FormatScanner.analyze("%" + format).specifiers.first
        // Without `argNum` the token's place in the text decides, as CoreFoundation numbers it.
        let token = stringUnit.flatMap { unit in
            FormatScanner.analyze(unit.value).specifiers.first { $0.variableName == substitution.name }?.argument
        }
        let argument = substitution.argNum ?? token ?? 1
        let text = unit.value.replacingOccurrences(of: "%arg", with: "%\(argument)$\(format)")
        let plain = FormatScanner.analyze(text).specifiers.filter { $0.variableName == nil }
        let reads = plain.compactMap { specifier -> (FormatSpecifier, Int)? in
            if specifier.explicitPosition == nil { return plain.count == 1 ? (specifier, argument) : nil }
            return (specifier, specifier.argument)
        }
        return CatalogForm(label: label, unit: unit, expected: expected, substitutionArgument: argument, reads: reads)
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
