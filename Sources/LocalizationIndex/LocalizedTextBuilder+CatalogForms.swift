import Dispatch
import Foundation
import LocalizationFormats

extension CatalogValue {
    /// Whether the value has substitutions, its own or written inside its variations' cases.
    var readsSubstitutions: Bool { hasSubstitutions || nestsSubstitutions }
}

/// The texts of a catalog value with variations or substitutions: one per string unit, labelled,
/// with the arguments its substitutions read (the index's records of them, and the objects made
/// when one is read).
extension LocalizedTextBuilder {
    /// One text per string unit, as `forEachCatalogForm` reads them.
    static func catalogTexts(
        _ value: CatalogValue, key: String, keyLocation: SourcePosition, source: TextSource, loaded: Bool, isSource: Bool = false
    ) -> [LocalizedText] {
        var texts: [LocalizedText] = []
        forEachCatalogForm(value, isSource: isSource) { form, scanned in
            texts.append(form.text(scanned(), source: source, key: key, keyLocation: keyLocation, loaded: loaded))
        }
        return texts
    }

    /// The text of form `number` of `value` (numbered as `forEachCatalogForm` numbers them), as
    /// `catalogTexts` makes it; nil past the last form.
    static func catalogText(
        _ value: CatalogValue, form number: Int, key: String, keyLocation: SourcePosition, source: TextSource, loaded: Bool
    ) -> LocalizedText? {
        var made: LocalizedText?
        forEachCatalogForm(value, isSource: true, only: number) { form, scanned in
            made = form.text(scanned(), source: source, key: key, keyLocation: keyLocation, loaded: loaded)
        }
        return made
    }

    /// A catalog form as `forEachCatalogForm` reads it; its text and scan are made when asked for.
    struct CatalogForm {
        /// The form's number: its unit's place in the order `CatalogValue.forEachUnit` visits them.
        let number: Int
        let location: SourcePosition?
        /// Nil unless labels were asked for (or for the value's own unit).
        let label: String?
        /// The arguments the value's substitutions read.
        let variables: [Int: VariableArgument]
        /// The substitution whose form this is, when the form's one `%` is its `%arg` token
        /// (`holdsArgumentTokenAlone`) and that token becomes plain specifiers (see
        /// `PlainSpecifiers`: the scanner reads each to its end whatever follows it); nil for any
        /// other form. Such forms of one substitution of one value scan alike wherever the token
        /// stands in the text: the replacement's numbered specifiers, judged against the same
        /// arguments the value's other texts read.
        let alikeInSubstitution: String?

        /// The form's text, its text being `scanned.text` and its scan `scanned.analysis`.
        func text(
            _ scanned: (text: String, analysis: FormatAnalysis), source: TextSource, key: String, keyLocation: SourcePosition, loaded: Bool
        ) -> LocalizedText {
            LocalizedText(
                source: source, key: key, text: scanned.text, keyLocation: keyLocation, placement: .fixed(location),
                analysis: scanned.analysis, origin: .catalog, label: label, loaded: loaded, variableArguments: variables)
        }
    }

    /// Calls `body` with each form of `value` the app formats (a translation's unit in the state
    /// `new` is a placeholder, which catalog-untranslated reports, unless `isSource`), in the
    /// order `CatalogValue.forEachUnit` visits the units, and what makes its text and its scan
    /// (a form's `%arg` replaced; scanning is most of a form's cost, so a reader that knows what
    /// a form reads skips it); with `only`, with that form alone. Without `labels`, each form's
    /// label is nil.
    ///
    /// Substitution forms write `%arg` for their own argument, which Xcode compiles to
    /// `%n$<formatSpecifier>`; the plural rule reads that argument. A substitution's `argNum` is
    /// the argument its `%#@name@` token stands for, numbered or not (`"%1$@ mit %#@n@"` with
    /// `argNum` 2 reads the name, then the count), and a substitution's form is part of the text
    /// around its token: the arguments that text reads are read.
    static func forEachCatalogForm(
        _ value: CatalogValue, isSource: Bool, labels: Bool = true, only: Int? = nil,
        _ body: (CatalogForm, _ scanned: () -> (text: String, analysis: FormatAnalysis)) -> Void
    ) {
        // Substitutions written inside a case (which catalog-nested-substitutions reports) still
        // give their forms' `%arg` its meaning.
        let substitutions = allSubstitutions(value)
        var argumentNumbers: [String: Int] = [:]
        for substitution in substitutions {
            if let argument = substitution.argNum { argumentNumbers[substitution.name] = argument }
        }
        var slots: [String: Int] = [:]
        var readAround = Set<Int>()
        // Each unit's scan, in the order both walks visit the units (`forEachUnit`,
        // `forEachLabelledUnit`): made once, when a pass first needs it, and read by the passes
        // below (they each scanned every unit again). A substitution's form is scanned once its
        // `%arg` is replaced.
        var scans: [FormatAnalysis?] = []
        // The text is made only for a form not scanned yet (each read of a unit's value makes one).
        func scan(_ form: Int, _ text: @autoclosure () -> String) -> FormatAnalysis {
            if let known = scans[form] { return known }
            let made = FormatScanner.analyze(text(), checkAcrossArguments: false)
            scans[form] = made
            return made
        }
        // Both are read for substitutions only: a value without any (a plural variation) skips
        // two scans of each form.
        if !substitutions.isEmpty {
            value.forEachUnit { unit in
                // A token is written `%#@name@`: a text without '#' names no substitution.
                guard unit.text.contains(byte: UInt8(ascii: "#")) else {
                    scans.append(nil)
                    return
                }
                let scan = FormatScanner.analyze(unit.value, checkAcrossArguments: false)
                for specifier in numbered(scan.specifiers, argumentNumbers: argumentNumbers) {
                    if let name = specifier.variableName, slots[name] == nil { slots[name] = specifier.argument }
                }
                scans.append(scan)
            }
            // The texts around the substitutions' forms: the unit and every variation's (a device
            // case's text reads the arguments around a form as the unit would).
            var form = 0
            forEachLabelledUnit(value, labels: false, substitution: nil) { unit, _, substitution in
                defer { form += 1 }
                guard substitution == nil else { return }
                readAround.formUnion(numbered(scan(form, unit.value).specifiers, argumentNumbers: argumentNumbers).lazy.map(\.argument))
            }
        }
        var variables: [Int: VariableArgument] = [:]
        // Each substitution's `%arg` replaced, and whether the replacement is a plain specifier.
        var specifiers: [String: (text: String, isPlain: Bool)] = [:]
        for substitution in substitutions {
            let argument = substitution.argNum ?? slots[substitution.name] ?? 1
            let format = substitution.formatSpecifier ?? "@"
            var replacement = "%\(argument)$\(format)"
            let isPlain = replacement.withUTF8 { PlainSpecifiers.key($0) } != nil
            specifiers[substitution.name] = (replacement, isPlain)
            let signature = FormatScanner.specifier(completing: format)?.signature ?? "object"
            if variables[argument] == nil {
                variables[argument] = VariableArgument(signature: signature, text: "%#@\(substitution.name)@", offset: 0)
            }
        }
        // Built once for all the units: per unit it cost a set of every variable each.
        let alsoRead = Set(variables.keys)
        let aroundForms = alsoRead.union(readAround)
        var form = 0
        forEachLabelledUnit(value, labels: labels, substitution: nil) { unit, label, substitution in
            defer { form += 1 }
            guard only.map({ $0 == form }) ?? (isSource || !unit.isNew) else { return }
            let replacement = substitution.flatMap { specifiers[$0] }
            let alone = replacement?.isPlain == true && unit.text.withUTF8(holdsArgumentTokenAlone) ? substitution : nil
            let number = form
            body(CatalogForm(number: number, location: unit.location, label: label, variables: variables, alikeInSubstitution: alone)) {
                var text = unit.value
                // A form's text with its `%arg` replaced is scanned anew; any other is its unit's.
                var scanned: FormatAnalysis?
                if let replacement {
                    text = text.replacingArgumentToken(with: replacement.text)
                } else if number < scans.count {
                    scanned = scan(number, text)
                }
                let alsoReading = substitution == nil ? alsoRead : aroundForms
                return (
                    text,
                    analysis(
                        scanned ?? FormatScanner.analyze(text, checkAcrossArguments: false), alsoRead: alsoReading,
                        argumentNumbers: argumentNumbers)
                )
            }
        }
    }

    /// `specifiers` (a catalog text's, as scanned), each substitution token reading the
    /// substitution's `argNum`.
    private static func numbered(_ specifiers: [FormatSpecifier], argumentNumbers: [String: Int]) -> [FormatSpecifier] {
        guard !argumentNumbers.isEmpty else { return specifiers }
        var specifiers = specifiers
        for index in specifiers.indices {
            guard let name = specifiers[index].variableName, let argument = argumentNumbers[name] else { continue }
            specifiers[index].argument = argument
            specifiers[index].explicitPosition = argument
        }
        return specifiers
    }

    /// A text's analysis in which the arguments plural variables read count as read, so they
    /// leave no position gap.
    static func analysis(_ text: String, alsoRead: Set<Int>, argumentNumbers: [String: Int] = [:]) -> FormatAnalysis {
        analysis(FormatScanner.analyze(text, checkAcrossArguments: false), alsoRead: alsoRead, argumentNumbers: argumentNumbers)
    }

    /// The same from the text's scan (`FormatScanner.analyze(text, checkAcrossArguments: false)`).
    private static func analysis(_ scan: FormatAnalysis, alsoRead: Set<Int>, argumentNumbers: [String: Int]) -> FormatAnalysis {
        var analysis = scan
        if !argumentNumbers.isEmpty {
            // The tokens read their `argNum`: whether numbered and plain specifiers mix is
            // judged again on what they read.
            analysis.specifiers = numbered(analysis.specifiers, argumentNumbers: argumentNumbers)
            analysis.problems.removeAll { $0.kind == .mixedPositional || $0.kind == .mixedPositionalInOrder }
            // A token whose argument its substitution's `argNum` gives is neither numbered nor
            // plain: Xcode writes `%@ ate %#@count@` with `argNum` 2 itself.
            let written = analysis.specifiers.filter { $0.variableName.map { argumentNumbers[$0] == nil } ?? true }
            if let mixed = FormatScanner.mixedPositionalProblem(written) { analysis.problems.append(mixed) }
        }
        analysis.problems += FormatScanner.argumentProblems(analysis.specifiers, alsoRead: alsoRead)
        return analysis
    }

    /// A value's substitutions, with those written inside its variations' cases.
    private static func allSubstitutions(_ value: CatalogValue) -> [CatalogSubstitution] {
        guard value.nestsSubstitutions else { return value.substitutions }
        return value.substitutions + value.variations.flatMap { $0.cases.flatMap { allSubstitutions($0.value) } }
    }

    /// Calls `body` with every unit of `value` (its own, then each variation's and each
    /// substitution's cases', depth first), its label ("plural 'one'", "device 'iphone', plural
    /// 'one'", "'one' of 'count'") and the substitution whose form it is. Visited, not listed: a
    /// list of every unit with its label, joined level by level, copied each unit several times.
    /// Without `labels`, every label is nil: a walk that reads the texts alone made every unit's
    /// label for nothing.
    private static func forEachLabelledUnit(
        _ value: CatalogValue, label: String? = nil, labels: Bool = true, substitution: String?,
        _ body: (_ unit: CatalogStringUnit, _ label: String?, _ substitution: String?) -> Void
    ) {
        if let unit = value.stringUnit { body(unit, label, substitution) }
        // A nested case's label: this value's, then the case's own (made only with `labels`).
        func nested(_ inner: @autoclosure () -> String) -> String? {
            guard labels else { return nil }
            let inner = inner()
            return label.map { "\($0), \(inner)" } ?? inner
        }
        for variation in value.variations {
            for item in variation.cases {
                forEachLabelledUnit(
                    item.value, label: nested(CatalogFormLabel.variationCase(variation.selector, item.name)), labels: labels,
                    substitution: substitution,
                    body)
            }
        }
        for own in value.substitutions {
            for variation in own.variations {
                for item in variation.cases {
                    forEachLabelledUnit(
                        item.value, label: nested(CatalogFormLabel.substitutionForm(item.name, of: own.name)), labels: labels,
                        substitution: own.name, body)
                }
            }
        }
    }
}
