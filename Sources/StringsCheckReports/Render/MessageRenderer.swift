import LocalizationFormats
import StringsCheckRules

/// A problem a preview row shows, named by the rule that reports it in `check`.
public struct RenderProblem: Sendable, Hashable {
    public var rule: String
    public var message: String
}

/// Renders keys as iOS shows them: lookup with the fallback chain, plural forms with CLDR sample
/// numbers, and CoreFoundation's formatting.
///
/// Lookup: the device's locale picks an `.lproj`: the locale itself, then with subtags removed
/// (`zh-Hant-HK` → `zh-Hant` → `zh`), then the development locale; the first that has the table
/// is used. A key missing from that table shows as the key itself: there is no per-key fallback.
public struct MessageRenderer: Sendable {
    public let context: RuleContext

    public init(context: RuleContext) { self.context = context }

    /// The locale whose table a device in `locale` reads, or nil when none has the table.
    public func resolvedLocale(_ locale: String, table: String) -> String? {
        (LocaleName.fallbackChain(locale) + (context.baseLocale.map { [$0] } ?? [])).first { context.tables[table]?[$0] != nil }
    }

    /// One rendered text: each plural form on its own line ('one (1): 1 file').
    public struct Rendered: Sendable, Hashable {
        public var text: String
        public var resolvedLocale: String?
        public var problems: [RenderProblem]
        /// False when the key itself is shown.
        public var found: Bool
    }

    /// Renders `key` for a device in `locale` with the given arguments (nil: typed samples).
    public func render(key: String, table: String, locale: String, arguments: [FormatArgument]?) -> Rendered {
        guard let resolved = resolvedLocale(locale, table: table), let string = context.tables[table]?[resolved]?.strings[key],
            string.loaded, let value = string.value
        else {
            let resolved = resolvedLocale(locale, table: table)
            let present = resolved.flatMap { context.tables[table]?[$0]?.strings[key] } != nil
            let why = present ? "does not load in '\(resolved ?? locale)'" : "is not in '\(resolved ?? locale)'"
            return Rendered(
                text: key, resolvedLocale: resolved,
                problems: [RenderProblem(rule: "payload-missing-key", message: "'\(key)' \(why): the key itself is shown")], found: false)
        }
        if string.origin == .stringsdict, let entry = stringsdictEntry(key: key, table: table, locale: resolved) {
            if entry.formatKey != nil { return pluralRendering(entry, locale: resolved, arguments: arguments) }
            // Device and width entries: every variant, as each device or width shows it.
            let variants = entry.variants.map { ($0.name, formatted($0.value, arguments: arguments, alsoRead: [])) }
            return Rendered(
                text: variants.map { "\($0.0): \($0.1.text)" }.joined(separator: "\n"), resolvedLocale: resolved,
                problems: Array(Set(variants.flatMap(\.1.problems))), found: true)
        }
        if string.origin == .catalog, let value = catalogValue(key: key, table: table, locale: resolved),
            !value.variations.isEmpty || !value.substitutions.isEmpty
        {
            return catalogRendering(value, locale: resolved, arguments: arguments, fallback: string.value ?? key)
        }
        var rendered = formatted(value, arguments: arguments, alsoRead: [])
        rendered.resolvedLocale = resolved
        return rendered
    }

    func formatted(_ text: String, arguments: [FormatArgument]?, alsoRead: Set<Int>, variables: [Int: FormatArgument] = [:]) -> Rendered {
        let analysis = FormatScanner.analyze(text)
        let count = max(analysis.argumentCount, alsoRead.max() ?? 0)
        var values = arguments ?? Self.samples(for: analysis, count: count)
        for (argument, value) in variables where argument >= 1 {
            while values.count < argument { values.append(.string("")) }
            values[argument - 1] = value
        }
        let result = FormatRenderer.format(text, values, alsoRead: alsoRead)
        var problems: [RenderProblem] = []
        if !result.missingArguments.isEmpty {
            problems.append(
                RenderProblem(
                    rule: "payload-argument-count",
                    message: "takes \(count) argument\(count == 1 ? "" : "s"), \(arguments?.count ?? 0) given"))
        }
        if !result.mismatchedArguments.isEmpty {
            problems.append(RenderProblem(rule: "payload-non-object-specifier", message: "reads a string as a number"))
        }
        if let arguments, arguments.count > count {
            problems.append(
                RenderProblem(rule: "payload-argument-count", message: "takes \(count), \(arguments.count) given: the rest is not shown"))
        }
        return Rendered(text: result.text, resolvedLocale: nil, problems: problems, found: true)
    }

    /// Typed sample values: text for objects ('‹1›'), 3 for integers, 2.5 for floating point.
    static func samples(for analysis: FormatAnalysis, count: Int) -> [FormatArgument] {
        guard count > 0 else { return [] }
        // The first specifier of each argument, found in one pass (a search per argument was
        // quadratic in a text with thousands of them).
        var types: [Int: FormatArgumentType] = [:]
        for specifier in analysis.specifiers where types[specifier.argument] == nil { types[specifier.argument] = specifier.type }
        return (1...count).map { argument in
            switch types[argument] {
            case .int?, .unsignedInt?: .integer(3)
            case .double?: .double(2.5)
            default: .string("‹\(argument)›")
            }
        }
    }

    func stringsdictEntry(key: String, table: String, locale: String) -> StringsdictEntry? {
        for file in context.project.files where file.tableID == table && file.locale == locale {
            if case .stringsdict(let parsed) = file.content, let entry = parsed.entries.last(where: { $0.key == key }) { return entry }
        }
        return nil
    }

    func catalogValue(key: String, table: String, locale: String) -> CatalogValue? {
        for file in context.project.files where file.tableID == table {
            if case .catalog(let catalog) = file.content, let entry = catalog.entries.first(where: { $0.key == key }) {
                return entry.localizations.first { LocaleName.normalize($0.locale) == locale }?.value
            }
        }
        return nil
    }

    /// A `.stringsdict` entry, once per CLDR category of the locale, with that category's sample.
    func pluralRendering(_ entry: StringsdictEntry, locale: String, arguments: [FormatArgument]?) -> Rendered {
        guard let format = entry.formatKey else { return Rendered(text: entry.key, resolvedLocale: locale, problems: [], found: true) }
        let rules = PluralRules.cardinal(for: locale)
        // An integer count never reaches a category CLDR gives only fractions (Russian 'other').
        let integral = entry.variables.allSatisfy { variable in
            let type = variable.valueType.flatMap { FormatScanner.analyze("%" + $0).specifiers.first?.type }
            return type != .double
        }
        // The format is the same in every category: scanned once.
        let scalars = Array(format.unicodeScalars)
        let specifiers = FormatScanner.analyze(format).specifiers
        var lines: [String] = []
        var problems: [RenderProblem] = []
        for category in rules.categories {
            let entryRule = rules.entries.first { $0.category == category }
            guard let sample = integral ? entryRule?.firstIntegerSample : rules.sample(for: category) else { continue }
            let number = PluralOperands(sample) ?? PluralOperands(0)
            var variables: [Int: FormatArgument] = [:]
            // Each variable's form is formatted from its own argument on (initialArgPosition).
            let text = Self.rebuild(scalars, specifiers, segment: { explicit($0, firstArgument: 1) }) { specifier in
                guard let name = specifier.variableName, let variable = entry.variables.first(where: { $0.name == name }) else {
                    return Self.positioned(specifier)
                }
                let chosen =
                    (number.n == 0 ? variable.variant("zero") : nil) ?? variable.variant(rules.category(for: number).rawValue)
                    ?? variable.variant("other")
                if chosen == nil {
                    problems.append(
                        RenderProblem(
                            rule: "stringsdict-missing-other", message: "'\(name)' has no form for \(category.rawValue) and no 'other'"))
                }
                variables[specifier.argument] = number.v == 0 ? .integer(number.i) : .double(number.n)
                return explicit(chosen?.value ?? "", firstArgument: specifier.argument)
            }
            let rendered = formatted(
                text, arguments: arguments, alsoRead: Set(variables.keys), variables: arguments == nil ? variables : [:])
            problems += rendered.problems
            lines.append("\(category.rawValue) (\(sample)): \(rendered.text)")
        }
        return Rendered(text: lines.joined(separator: "\n"), resolvedLocale: locale, problems: Array(Set(problems)), found: true)
    }

    /// A text rebuilt specifier by specifier: the text between them as it is (or through
    /// `segment`), each specifier as `replace` writes it. Offsets index the array of scalars.
    static func rebuild(
        _ scalars: [Unicode.Scalar], _ specifiers: [FormatSpecifier], segment: (String) -> String = { $0 },
        _ replace: (FormatSpecifier) -> String
    ) -> String {
        var text = ""
        var cursor = 0
        for specifier in specifiers {
            text += segment(String(String.UnicodeScalarView(scalars[cursor..<specifier.start])))
            text += replace(specifier)
            cursor = specifier.end
        }
        return text + String(String.UnicodeScalarView(scalars[cursor...]))
    }

    /// A plain specifier with its argument written out ('%d' → '%2$d').
    static func positioned(_ specifier: FormatSpecifier) -> String {
        "%\(specifier.argument)$" + specifier.text.dropFirst().drop { $0.isNumber || $0 == "$" }
    }

    /// Numbers a form's plain specifiers from its variable's argument on, so the assembled text
    /// reads the same arguments as Foundation's separate formatting of each form.
    func explicit(_ text: String, firstArgument: Int) -> String {
        let analysis = FormatScanner.analyze(text, firstArgument: firstArgument, checkAcrossArguments: false)
        var scalars = Array(text.unicodeScalars)
        for specifier in analysis.specifiers.reversed() where specifier.explicitPosition == nil && specifier.variableName == nil {
            scalars.insert(contentsOf: Array("\(specifier.argument)$".unicodeScalars), at: specifier.start + 1)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A catalog value with plural variations or substitutions, once per CLDR category.
    ///
    /// Numbered as Foundation reads the `.stringsdict` a catalog compiles to: each `%#@name@`
    /// takes an argument in the text's order (the substitution's `argNum` says which), plain
    /// specifiers take theirs around it, and a plural variation varies by the first number the
    /// form reads.
    func catalogRendering(_ value: CatalogValue, locale: String, arguments: [FormatArgument]?, fallback: String) -> Rendered {
        let rules = PluralRules.cardinal(for: locale)
        let plural = value.variations.first { $0.selector == "plural" }
        func type(_ specifier: String?) -> FormatArgumentType? {
            specifier.flatMap { FormatScanner.analyze("%" + $0).specifiers.first?.type }
        }
        // An integer count never reaches a category CLDR gives only fractions (Russian 'other').
        let pluralTypes = plural?.cases.compactMap { $0.value.representativeUnit?.value }.flatMap { form in
            FormatScanner.analyze(form).specifiers.map(\.type)
        }
        let integral =
            value.substitutions.allSatisfy { type($0.formatSpecifier) != .double } && !(pluralTypes ?? []).contains(.double)
        var lines: [String] = []
        var problems: [RenderProblem] = []
        for category in rules.categories {
            let entryRule = rules.entries.first { $0.category == category }
            guard let sample = integral ? entryRule?.firstIntegerSample : rules.sample(for: category) else { continue }
            let number = PluralOperands(sample) ?? PluralOperands(0)
            let count: FormatArgument = number.v == 0 ? .integer(number.i) : .double(number.n)
            func pick(_ variation: CatalogVariation?) -> CatalogStringUnit? {
                guard let variation else { return nil }
                let name = (number.n == 0 && variation.cases.contains { $0.name == "zero" }) ? "zero" : category.rawValue
                return (variation.cases.first { $0.name == name } ?? variation.cases.first { $0.name == "other" })?.value.representativeUnit
            }
            let format = pick(plural)?.value ?? value.stringUnit?.value ?? fallback
            var variables: [Int: FormatArgument] = [:]
            if plural != nil,
                let counted = FormatScanner.analyze(format).specifiers.first(where: {
                    $0.type == .int || $0.type == .unsignedInt || $0.type == .double
                })
            {
                variables[counted.argument] = count
            }
            let text = Self.rebuild(Array(format.unicodeScalars), FormatScanner.analyze(format).specifiers) { specifier in
                guard let name = specifier.variableName else { return Self.positioned(specifier) }
                guard let substitution = value.substitutions.first(where: { $0.name == name }) else { return specifier.text }
                let argument = substitution.argNum ?? specifier.argument
                let form = pick(substitution.variations.first { $0.selector == "plural" })?.value ?? ""
                let filled = form.replacingOccurrences(of: "%arg", with: "%\(argument)$\(substitution.formatSpecifier ?? "lld")")
                variables[argument] = count
                return explicit(filled, firstArgument: argument)
            }
            let rendered = formatted(
                text, arguments: arguments, alsoRead: Set(variables.keys), variables: arguments == nil ? variables : [:])
            problems += rendered.problems
            lines.append("\(category.rawValue) (\(sample)): \(rendered.text)")
        }
        if lines.count == 1, let only = lines.first, let colon = only.firstIndex(of: ":") {
            lines = [String(only[only.index(colon, offsetBy: 2)...])]
        }
        return Rendered(text: lines.joined(separator: "\n"), resolvedLocale: locale, problems: Array(Set(problems)), found: true)
    }
}
