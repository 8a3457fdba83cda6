import LocalizationFormats
import LocalizationIndex

/// A plural variable whose `NSStringFormatValueTypeKey` differs from how its forms read the number.
struct StringsdictValueTypeMismatchRule: Rule {
    static let description = RuleDescription(
        id: "stringsdict-value-type-mismatch", name: "Value type differs from the forms", area: .stringsdict,
        summary:
            "a plural form that reads the variable's number with another type than NSStringFormatValueTypeKey says, or a value type that is no specifier",
        rationale:
            "Foundation picks the plural form from the number read as NSStringFormatValueTypeKey ('d', 'ld', 'f'); a form that reads the same argument as '%@' or '%f' prints garbage, and 'd' against '%ld' reads half of a 64-bit value.",
        fix: "Make the value type and the forms' specifiers agree (for Swift `Int`, use 'ld' and '%ld').",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                stringsdictExample(format: "%#@n@", valueType: "d", variants: [("one", "↓%ld file"), ("other", "%d files")])
            ])
        ],
        nonTriggering: [
            RuleExample([stringsdictExample(format: "%#@n@", valueType: "ld", variants: [("one", "%ld file"), ("other", "%ld files")])]),
            RuleExample([stringsdictExample(format: "%#@n@", valueType: "d", variants: [("one", "One file"), ("other", "%d files")])]),
        ])

    static let reads: Set<IndexPart> = [.stringsdictEntries]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        // Value types repeat ('d', 'ld') across thousands of entries: each is scanned once.
        var expectedByValueType: [String: FormatSpecifier?] = [:]
        /// The last value type checked when it is a specifier, and its spelling ('%d'): the next
        /// variable of that type whose forms all read the count spelled so is passed over in
        /// place (two short strings compared, no scanned specifier copied).
        var lastUsual: (valueType: String, spelling: String)?
        /// One variable of an entry, read in place (a copy retained each of its forms).
        func check(_ slot: FormatSpecifier, _ variable: StringsdictVariable, entry: StringsdictEntry, file: ResourceFile, locale: String) {
            guard let valueType = variable.valueType else { return }
            let scanned =
                expectedByValueType[valueType]
                ?? {
                    let specifier = FormatScanner.specifier(completing: valueType)
                    expectedByValueType[valueType] = .some(specifier)
                    return specifier
                }()
            let spelled = scanned?.text == "%" + valueType
            lastUsual = spelled ? (valueType, "%" + valueType) : nil
            guard let expected = scanned, spelled else {
                // How Foundation reads a value type such as '%ld' is not documented: a warning.
                var problem = finding(
                    .notASpecifier(valueType: valueType, variable: variable.name, key: entry.key),
                    path: file.path, at: variable.location, key: entry.key, locale: locale, table: file.tableID)
                problem.diagnostic.severity = .warning
                result.append(problem)
                return
            }
            result += mismatches(slot, variable, expected: expected, entry: entry, file: file, locale: locale)
        }
        context.forEachStringsdictEntry { file, locale, entry in
            guard entry.pointee.formatKey != nil else { return }
            entry.pointee.formatVariables.withUnsafeBufferPointer { slots in
                for slot in slots.indices {
                    guard let name = slots[slot].variableName, let index = entry.pointee.variableIndex(named: name) else { continue }
                    entry.pointee.variables.withUnsafeBufferPointer { variables in
                        // The usual variable, read in place: its value type is the last one's, a
                        // specifier, and every form reads the number once, spelled as it.
                        if let usual = lastUsual, variables[index].valueType == usual.valueType,
                            variables[index].variants.withUnsafeBufferPointer({ forms in
                                forms.indices.allSatisfy { forms[$0].value.utf8HasOnePercent(startingWith: usual.spelling) }
                            })
                        {
                            return
                        }
                        check(slots[slot], variables[index], entry: entry.pointee, file: file, locale: locale)
                    }
                }
            }
        }
        return result
    }

    /// The forms of `variable` that read its number (the argument `slot` stands for) otherwise
    /// than `expected` reads it.
    private func mismatches(
        _ slot: FormatSpecifier, _ variable: StringsdictVariable, expected: FormatSpecifier, entry: StringsdictEntry,
        file: ResourceFile, locale: String
    ) -> [Finding] {
        var result: [Finding] = []
        for variant in variable.variants {
            // The usual form reads the number once, spelled as the value type: nothing to scan.
            if variant.value.utf8HasOnePercent(startingWith: expected.text) { continue }
            let plain = FormatScanner.analyze(variant.value).specifiers.filter { $0.variableName == nil }
            for specifier in plain {
                // Whether a numbered form ('%1$@') reads the variable's own number is not
                // settled for an unnumbered '%#@n@', so only clear cases are reported: a
                // form's lone plain specifier, or the slot's own explicit position.
                let readsNumber =
                    specifier.explicitPosition == nil
                    ? plain.count == 1
                    : slot.explicitPosition != nil && specifier.explicitPosition == slot.explicitPosition
                guard readsNumber, !specifier.hasSignature(of: expected) else { continue }
                result.append(
                    finding(
                        .readsNumberOtherwise(
                            form: variant.name, key: entry.key, specifier: specifier.text, variable: variable.name,
                            valueType: variable.valueType ?? ""),
                        path: file.path, at: variant.location, key: entry.key, locale: locale, table: file.tableID,
                        notes: [DiagnosticNote(.valueTypeSetHere, path: file.path, location: variable.location)]))
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A value type that is not a specifier without its '%'.
    fileprivate static func notASpecifier(valueType: String, variable: String, key: String) -> Finding.Message {
        "NSStringFormatValueTypeKey '\(valueType)' of '\(variable)' in '\(key)' is not a specifier without '%' (e.g. 'ld' or 'f'), as Apple documents it; Foundation may not read the number"
    }

    /// A plural form that reads the variable's number with another specifier than its value type.
    fileprivate static func readsNumberOtherwise(form: String, key: String, specifier: String, variable: String, valueType: String)
        -> Finding.Message
    {
        "the '\(form)' form of '\(key)' reads the number with '\(specifier)', but NSStringFormatValueTypeKey of '\(variable)' is '\(valueType)'"
    }

    fileprivate static let valueTypeSetHere: Finding.Message = "the value type is set here"
}
