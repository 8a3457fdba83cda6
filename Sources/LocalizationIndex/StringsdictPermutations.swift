import LocalizationFormats

/// `.stringsdict` entries as texts: one per combination of their variables' forms.
extension LocalizedTextBuilder {
    /// One text per combination of variants, as Foundation assembles the text: each form is
    /// formatted on its own, its plain specifiers counting from its variable's argument
    /// (CoreFoundation's `initialArgPosition`). Variables used inside a form are expanded too.
    /// (`shortcut: false` takes the general expansion for every entry, for tests that compare.)
    static func stringsdictTexts(_ entry: StringsdictEntry, source: TextSource, shortcut: Bool = true) -> [LocalizedText] {
        func message(
            _ text: String, _ placement: TextPlacement, _ label: String?, _ analysis: FormatAnalysis, _ variables: [Int: VariableArgument]
        )
            -> LocalizedText
        {
            LocalizedText(
                source: source, key: entry.key, text: text, keyLocation: entry.keyLocation, placement: placement,
                analysis: analysis, origin: .stringsdict, label: label, loaded: entry.loaded, variableArguments: variables)
        }
        guard let format = entry.formatKey else {
            return entry.variants.map { message($0.value, .fixed($0.location), "'\($0.name)'", FormatScanner.analyze($0.value), [:]) }
        }
        // The usual entry: the format is one variable ('%#@items@', 'You have %#@items@') whose
        // forms name no other variable, so each text is the form in the format's text around it;
        // made without the general expansion's states and label lists (what it would make, see
        // `OneVariableEntry`).
        if shortcut, let usual = OneVariableEntry(entry), let pieces = usual.pieces(of: entry) {
            return entry.variables.withUnsafeBufferPointer { variables in
                variables[usual.variable].variants.indices.map { usual.text(of: entry, form: $0, piece: pieces[$0], source: source) }
            }
        }
        struct State {
            var text: String
            /// Unicode scalars in `text`.
            var scalarCount: Int
            var segments: [TextSegment]
            var specifiers: [FormatSpecifier]
            var problems: [FormatProblem]
            var labels: [String]
            var variables: [Int: VariableArgument]
        }
        func shifted(_ specifier: FormatSpecifier, by delta: Int) -> FormatSpecifier {
            var copy = specifier
            copy.start += delta
            copy.end += delta
            return copy
        }
        func shifted(_ problem: FormatProblem, by delta: Int) -> FormatProblem {
            var copy = problem
            copy.start += delta
            copy.end += delta
            return copy
        }
        let outer = FormatScanner.analyze(format, checkAcrossArguments: false)
        var results: [LocalizedText] = []
        /// The variable named `name` as Foundation reads it (the last definition), when it has forms.
        func variable(named name: String) -> Int? { OneVariableEntry.variableWithForms(named: name, in: entry) }
        func expand(_ state: State, depth: Int) {
            var found: (slot: FormatSpecifier, variable: Int)?
            for specifier in state.specifiers {
                if let name = specifier.variableName, let index = variable(named: name) {
                    found = (specifier, index)
                    break
                }
            }
            guard depth < 4, let (slot, variableIndex) = found else {
                let analysis = finishedAnalysis(state.specifiers, state.problems, variables: state.variables)
                let label = state.labels.isEmpty ? nil : "permutation " + state.labels.joined(separator: ", ")
                results.append(
                    message(state.text, .segments(state.segments, fallback: entry.formatKeyLocation), label, analysis, state.variables))
                return
            }
            // Borrowed in place: a copy retained each of its strings and forms.
            entry.variables.withUnsafeBufferPointer { variables in
                expandSlot(state, slot: slot, variable: variables[variableIndex], depth: depth)
            }
        }
        func expandSlot(_ state: State, slot: FormatSpecifier, variable: borrowing StringsdictVariable, depth: Int) {
            // Past the budget, only the `other` form is followed.
            let options = results.count >= maximumPermutations ? [variable.variant("other") ?? variable.variants[0]] : variable.variants
            let signature = valueTypeSignature(variable.valueType)
            let whole = slot.start == 0 && slot.end == state.scalarCount
            // The text around the slot, cut once for every form.
            var before = ""
            var after = ""
            if !whole {
                let scalars = state.text.unicodeScalars
                let start = scalars.index(scalars.startIndex, offsetBy: slot.start)
                let end = scalars.index(start, offsetBy: slot.end - slot.start)
                before = String(scalars[..<start])
                after = String(scalars[end...])
            }
            // One dictionary for every form's texts (a copy per text was a table allocated each).
            var variables = state.variables
            variables[slot.argument] = VariableArgument(signature: signature, text: slot.text, offset: slot.start)
            for variant in options {
                let insertedCount = variant.value.unicodeScalars.count
                let delta = insertedCount - (slot.end - slot.start)
                let piece = formAnalysis(variant.value, slot: slot)
                var next = state
                next.labels.append("'\(variant.name)' of '\(variable.name)'")
                next.variables = variables
                // The usual entry: the format is the variable alone, and the text is the form.
                if whole, state.specifiers.count == 1, state.problems.isEmpty, state.segments.count == 1 {
                    next.text = variant.value
                    next.scalarCount = insertedCount
                    next.specifiers = piece.specifiers
                    next.problems = piece.problems
                    next.segments = [TextSegment(range: 0..<insertedCount, location: variant.location)]
                    expand(next, depth: depth + 1)
                    continue
                }
                next.text = whole ? variant.value : before + variant.value + after
                next.scalarCount = state.scalarCount + delta
                next.specifiers =
                    state.specifiers.filter { $0.end <= slot.start }
                    + piece.specifiers.map { shifted($0, by: slot.start) }
                    + state.specifiers.filter { $0.start >= slot.end }.map { shifted($0, by: delta) }
                next.problems =
                    state.problems.filter { $0.end <= slot.start } + piece.problems.map { shifted($0, by: slot.start) }
                    + state.problems.filter { $0.start >= slot.end }.map { shifted($0, by: delta) }
                var pieces: [TextSegment] = []
                for segment in state.segments {
                    if segment.range.upperBound <= slot.start {
                        pieces.append(segment)
                    } else if segment.range.lowerBound >= slot.end {
                        pieces.append(
                            TextSegment(
                                range: (segment.range.lowerBound + delta)..<(segment.range.upperBound + delta), location: segment.location))
                    } else {
                        if segment.range.lowerBound < slot.start {
                            pieces.append(TextSegment(range: segment.range.lowerBound..<slot.start, location: segment.location))
                        }
                        if segment.range.upperBound > slot.end {
                            pieces.append(
                                TextSegment(range: (slot.end + delta)..<(segment.range.upperBound + delta), location: segment.location))
                        }
                    }
                }
                pieces.append(TextSegment(range: slot.start..<(slot.start + insertedCount), location: variant.location))
                next.segments = pieces.sorted { $0.range.lowerBound < $1.range.lowerBound }
                expand(next, depth: depth + 1)
            }
        }
        let scalarCount = format.unicodeScalars.count
        expand(
            State(
                text: format, scalarCount: scalarCount, segments: [TextSegment(range: 0..<scalarCount, location: entry.formatKeyLocation)],
                specifiers: outer.specifiers, problems: outer.problems, labels: [], variables: [:]),
            depth: 0)
        return results
    }

    /// A form's scan: in a form, plain specifiers count on from its variable's argument, so
    /// '%1$@ and %ld' in the second variable's form is well defined; only a collision is reported.
    static func formAnalysis(_ text: String, slot: FormatSpecifier) -> FormatAnalysis {
        var piece = FormatScanner.analyze(text, firstArgument: slot.argument, checkAcrossArguments: false)
        let explicit = piece.specifiers.compactMap(\.explicitPosition)
        if !piece.problems.isEmpty,
            !piece.specifiers.contains(where: { $0.explicitPosition == nil && explicit.contains($0.argument) })
        {
            piece.problems.removeAll { $0.kind == .mixedPositional || $0.kind == .mixedPositionalInOrder }
        }
        return piece
    }

    /// A finished permutation's analysis: its problems and those across its arguments (the
    /// variables' arguments count as read), in text order.
    static func finishedAnalysis(
        _ specifiers: [FormatSpecifier], _ problems: [FormatProblem], variables: [Int: VariableArgument]
    ) -> FormatAnalysis {
        let across = FormatScanner.argumentProblems(specifiers.filter { $0.variableName == nil }, alsoReading: variables.keys)
        let all = across.isEmpty ? problems : problems + across
        return FormatAnalysis(specifiers: specifiers, problems: all.count > 1 ? all.sorted { $0.start < $1.start } : all)
    }

    /// The signature of an `NSStringFormatValueTypeKey` ('ld'; a stray leading '%' is forgiven here
    /// and reported by stringsdict-value-type-mismatch).
    static func valueTypeSignature(_ valueType: String?) -> String {
        guard var valueType else { return "int" }
        if let known = knownValueTypes[valueType] { return known }
        while valueType.hasPrefix("%") { valueType.removeFirst() }
        return scannedSignature(valueType)
    }

    private static func scannedSignature(_ valueType: String) -> String {
        FormatScanner.specifier(completing: valueType)?.signature ?? "int"
    }

    /// The value types files write, scanned once (a scan per permutation was an eighth of the
    /// permutations' time).
    private static let knownValueTypes: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "d", "i", "u", "ld", "li", "lu", "lld", "lli", "llu", "qd", "qu", "zd", "zu", "hd", "hu", "hhd", "hhu", "f", "lf", "e", "g",
            "x", "lx", "o", "@",
        ].map { ($0, scannedSignature($0)) })
}

/// An entry whose format reads one variable ('%#@items@', 'You have %#@items@') whose forms name
/// no other variable with forms, the usual entry: each of its texts is one form in the format's
/// text around the variable's slot, its plain specifiers counting from the slot's argument. What
/// the general expansion makes of such an entry, made form by form, so that the index can keep a
/// record per form and make the text only when one is read.
struct OneVariableEntry {
    /// The format's `%#@name@` specifier.
    let slot: FormatSpecifier
    /// The variable's index in the entry's `variables`.
    let variable: Int
    /// What the slot's argument is read as, shared by every form's text.
    let variables: [Int: VariableArgument]
    /// The signature of the variable's value type.
    let signature: String
    /// The format, cut around the slot when a form's text is made.
    private let format: String
    /// True when the slot is the whole format.
    private let whole: Bool
    /// Unicode scalars in the format (offsets count them, as the scan does).
    private let scalarCount: Int

    /// Nil unless the entry's format is one variable with forms, scanned without problems.
    init?(_ entry: StringsdictEntry) {
        guard let format = entry.formatKey else { return nil }
        let outer = FormatScanner.analyze(format, checkAcrossArguments: false)
        guard outer.specifiers.count == 1, outer.problems.isEmpty, let name = outer.specifiers[0].variableName,
            let index = Self.variableWithForms(named: name, in: entry)
        else { return nil }
        slot = outer.specifiers[0]
        variable = index
        let valueType = entry.variables.withUnsafeBufferPointer { $0[index].valueType }
        signature = LocalizedTextBuilder.valueTypeSignature(valueType)
        variables = [slot.argument: VariableArgument(signature: signature, text: slot.text, offset: slot.start)]
        self.format = format
        scalarCount = format.unicodeScalars.count
        whole = slot.start == 0 && slot.end == scalarCount
    }

    /// The variable `name` as Foundation reads the entry (the last definition), when it has forms.
    static func variableWithForms(named name: String, in entry: StringsdictEntry) -> Int? {
        guard let index = entry.variableIndex(named: name) else { return nil }
        return entry.variables.withUnsafeBufferPointer { $0[index].variants.isEmpty } ? nil : index
    }

    /// Each form's own scan, in order; nil when a form names a variable that has forms (such an
    /// entry takes the general expansion).
    func pieces(of entry: StringsdictEntry) -> [FormatAnalysis]? {
        var result: [FormatAnalysis] = []
        let forms = entry.variables.withUnsafeBufferPointer { $0[variable].variants }
        result.reserveCapacity(forms.count)
        for form in forms {
            let piece = LocalizedTextBuilder.formAnalysis(form.value, slot: slot)
            if namesVariableWithForms(piece, in: entry) { return nil }
            result.append(piece)
        }
        return result
    }

    /// True when a form with this scan names a variable of the entry that has forms.
    func namesVariableWithForms(_ piece: FormatAnalysis, in entry: StringsdictEntry) -> Bool {
        piece.specifiers.contains { $0.variableName.map { Self.variableWithForms(named: $0, in: entry) != nil } ?? false }
    }

    /// The scan of form `form` of the entry, as `pieces` gives it.
    func piece(of entry: StringsdictEntry, form: Int) -> FormatAnalysis {
        LocalizedTextBuilder.formAnalysis(entry.variables[variable].variants[form].value, slot: slot)
    }

    /// The analysis of the text of a form whose own scan is `piece`: its specifiers and problems
    /// at their places in the text, with those across its arguments.
    func analysis(_ piece: FormatAnalysis) -> FormatAnalysis {
        func shifted<T>(_ items: [T], _ move: (inout T) -> Void) -> [T] {
            guard slot.start != 0 else { return items }
            return items.map {
                var copy = $0
                move(&copy)
                return copy
            }
        }
        let specifiers = shifted(piece.specifiers) {
            $0.start += slot.start
            $0.end += slot.start
        }
        let problems = shifted(piece.problems) {
            $0.start += slot.start
            $0.end += slot.start
        }
        return LocalizedTextBuilder.finishedAnalysis(specifiers, problems, variables: variables)
    }

    /// True when the text of a form with this value is empty.
    func isEmpty(form value: String) -> Bool { whole && value.isEmpty }

    /// The text of a form with this value: the format with the value in place of the slot.
    func string(form value: String) -> String {
        guard !whole else { return value }
        let scalars = format.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: slot.start)
        let end = scalars.index(start, offsetBy: slot.end - slot.start)
        return String(scalars[..<start]) + value + String(scalars[end...])
    }

    /// The text of form `form`, whose own scan is `piece`.
    func text(of entry: StringsdictEntry, form: Int, piece: FormatAnalysis, source: TextSource) -> LocalizedText {
        let variable = entry.variables[self.variable]
        let variant = variable.variants[form]
        let count = variant.value.unicodeScalars.count
        let fallback = entry.formatKeyLocation
        // In text order, as the general expansion sorts them (stably: an empty form stays after
        // the text that follows it, which starts where it does).
        var segments: [TextSegment] = []
        if slot.start > 0 { segments.append(TextSegment(range: 0..<slot.start, location: fallback)) }
        let formSegment = TextSegment(range: slot.start..<(slot.start + count), location: variant.location)
        if count > 0 { segments.append(formSegment) }
        if slot.end < scalarCount {
            let delta = count - (slot.end - slot.start)
            segments.append(TextSegment(range: (slot.end + delta)..<(scalarCount + delta), location: fallback))
        }
        if count == 0 { segments.append(formSegment) }
        return LocalizedText(
            source: source, key: entry.key, text: string(form: variant.value), keyLocation: entry.keyLocation,
            placement: .segments(segments, fallback: fallback), analysis: analysis(piece), origin: .stringsdict,
            label: "permutation '\(variant.name)' of '\(variable.name)'", loaded: entry.loaded, variableArguments: variables)
    }
}
