import LocalizationFormats
import LocalizationIndex

extension RuleContext {
    /// Every catalog with its file.
    var catalogs: [(file: ResourceFile, catalog: StringCatalog)] {
        project.files.compactMap { file in
            if case .catalog(let catalog) = file.content { return (file, catalog) }
            return nil
        }
    }
}

/// A String Catalog example: `key` → locale → (state, value).
/// A catalog whose key `hello` has one `de` string unit in `state` (its value marked when `marked`).
func catalogUnitExample(state: String, value: String, marked: Bool) -> RuleExample {
    catalogExample(
        "    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \(marked ? "↓" : "")\"\(value)\" } }\n      }\n    }"
    )
}

func catalogExample(_ strings: String) -> RuleExample {
    RuleExample([
        ExampleFile(
            "Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.0\"\n}\n")
    ])
}

extension Rule {
    /// Findings for string units in a given state.
    func unitStateFindings(_ context: RuleContext, state: String, describe: (String, String) -> Finding.Message) -> [Finding] {
        var result: [Finding] = []
        let wanted = CatalogValue.UnitStates(state)
        for (file, catalog) in context.catalogs {
            let sourceLanguage = catalog.sourceLanguage
            catalog.forEachLocalization(where: { $0.hasUnit(inAnyOf: wanted) }) { entry, written, value in
                // The source language's units are the text itself, never a translation to do:
                // Xcode leaves extracted source text in the state 'new'.
                guard entry.shouldTranslate, state != "new" || written != sourceLanguage else { return }
                // The key, not the entry: a closure that captures the borrowed entry copies all of
                // it for every localization.
                let key = entry.key
                let locale = LocaleName.normalize(written)
                value.forEachUnit { unit in
                    guard unit.state == state else { return }
                    result.append(
                        finding(describe(key, locale), path: file.path, at: unit.location, key: key, locale: locale, table: file.tableID))
                }
            }
        }
        return result
    }
}

/// A value inside a catalog localization: the localization itself (no steps), a variation's case
/// (`device 'iphone'`, then `plural 'one'`), or a substitution's form.
struct CatalogValuePlace {
    /// The variation steps from the localization down, as (selector, case).
    var steps: [(selector: String, name: String)]
    /// The substitution whose form this is, when it is one.
    var substitution: String?

    /// The cases from the localization down: "device case 'iphone', plural case 'one'".
    var cases: String { steps.map { "\($0.selector) case '\($0.name)'" }.joined(separator: ", ") }

    /// How a message names the place: "its device case 'iphone', plural case 'one'".
    var description: String {
        guard let substitution else { return "its " + cases }
        return "the form \(cases) of its substitution '\(substitution)'"
    }
}

extension CatalogValue {
    /// Calls `body` with every value nested in this one (variation cases and substitutions'
    /// forms, depth first) whose shape `include` accepts, each with its place; this value itself
    /// is not visited. The walk reads every case where it lies (`withParts(at:_:)`): a copy of
    /// each case and value retained their strings and stores, contended between the cores, and a
    /// nested value is copied only to be handed over.
    func forEachNestedValue(where include: (Shape) -> Bool = { _ in true }, _ body: (CatalogValue, CatalogValuePlace) -> Void) {
        // One place for the walk, a step pushed and popped per case: a copy of the place with a
        // step more for every case made an array apiece.
        var place = CatalogValuePlace(steps: [])
        var form = CatalogValuePlace(steps: [])
        withUnsafePointer(to: self) { Self.forEachNestedValue(of: $0, at: &place, form: &form, where: include, body) }
    }

    /// `forEachNestedValue(where:_:)` of the value `value` points to, below `place`; `form` is the
    /// place reused for substitutions' forms.
    private static func forEachNestedValue(
        of value: UnsafePointer<CatalogValue>, at place: inout CatalogValuePlace, form: inout CatalogValuePlace,
        where include: (Shape) -> Bool, _ body: (CatalogValue, CatalogValuePlace) -> Void
    ) {
        withParts(at: value) { _, _, variations, substitutions in
            forEachCase(of: variations) { selector, name, nested in
                let shape = nested.pointee.shape
                place.steps.append((selector, name))
                if include(shape) { body(nested.pointee, place) }
                if shape.hasForms { forEachNestedValue(of: nested, at: &place, form: &form, where: include, body) }
                place.steps.removeLast()
            }
            for substitution in substitutions.indices {
                substitutions[substitution].variations.withUnsafeBufferPointer { variations in
                    forEachCase(of: variations) { selector, name, nested in
                        let shape = nested.pointee.shape
                        form.steps.removeAll(keepingCapacity: true)
                        form.steps.append((selector, name))
                        form.substitution = substitutions[substitution].name
                        if include(shape) { body(nested.pointee, form) }
                        guard shape.hasForms else { return }
                        // A form's own forms are walked from a copy: `form` is reused for the next.
                        var inner = form
                        var innerForm = CatalogValuePlace(steps: [])
                        forEachNestedValue(of: nested, at: &inner, form: &innerForm, where: include, body)
                    }
                }
            }
        }
    }

    /// Calls `visit` with each case of `variations`: its variation's selector, its name, and where
    /// its value lies.
    static func forEachCase(
        of variations: UnsafeBufferPointer<CatalogVariation>,
        _ visit: (_ selector: String, _ name: String, UnsafePointer<CatalogValue>) -> Void
    ) {
        for variation in variations.indices {
            variations[variation].cases.withUnsafeBufferPointer { cases in
                guard let first = cases.baseAddress else { return }
                for item in cases.indices {
                    visit(variations[variation].selector, cases[item].name, CatalogVariation.Case.value(at: first + item))
                }
            }
        }
    }

    /// Whether the value defines a substitution named `name` at its own level, asked of its
    /// substitutions in place (a set of their names was made for every value asked).
    func definesSubstitution(named name: String) -> Bool {
        guard hasSubstitutions else { return false }
        return withUnsafePointer(to: self) { value in
            Self.withParts(at: value) { _, _, _, substitutions in substitutions.indices.contains { substitutions[$0].name == name } }
        }
    }

    /// The substitution names this value defines below its own level (inside its cases).
    var nestedSubstitutionNames: Set<String> {
        var names: Set<String> = []
        forEachNestedValue(where: \.hasSubstitutions) { nested, _ in names.formUnion(nested.substitutions.map(\.name)) }
        return names
    }
}

/// The substitution names a text references: `%#@NAME@`, `%1$#@NAME@`.
func catalogSubstitutionReferences(in text: String) -> [String] {
    // Most texts hold no '#' at all.
    guard text.utf8Contains(byte: UInt8(ascii: "#")) else { return [] }
    // Read in place where the text is contiguous (a mutable copy retained it).
    if let names = text.utf8.withContiguousStorageIfAvailable(catalogSubstitutionReferences(inUTF8:)) { return names }
    var copy = text
    return copy.withUTF8(catalogSubstitutionReferences(inUTF8:))
}

/// The same of a unit's text, read where it lies.
func catalogSubstitutionReferences(in text: CatalogText) -> [String] {
    guard text.contains(byte: UInt8(ascii: "#")) else { return [] }
    return text.withUTF8(catalogSubstitutionReferences(inUTF8:))
}

/// The same of UTF-8: '%', digits, '$', '#', '@' are ASCII, and a name ends at the next '@'.
private func catalogSubstitutionReferences(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var names: [String] = []
    var index = 0
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "%") else {
            index += 1
            continue
        }
        var cursor = index + 1
        // '%%' is a percent sign, not the start of a reference.
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "%") {
            index = cursor + 1
            continue
        }
        while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "$") { cursor += 1 }
        guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "#"), bytes[cursor + 1] == UInt8(ascii: "@") else {
            index += 1
            continue
        }
        let start = cursor + 2
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "@")) else { break }
        if start < end { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }
        index = end + 1
    }
    return names
}
