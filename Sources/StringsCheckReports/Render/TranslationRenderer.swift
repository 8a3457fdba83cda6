import LocalizationFormats
import LocalizationIndex
import StringsCheckRules

/// A problem a preview row shows: a finding of `check` about the row's text, in its words.
public struct RenderProblem: Sendable, Hashable {
    public var rule: String
    public var severity: Severity
    public var message: String

    public init(rule: String, severity: Severity, message: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
    }

    public init(_ finding: Finding) {
        self.init(rule: finding.diagnostic.id, severity: finding.diagnostic.severity, message: finding.diagnostic.message)
    }
}

/// Renders translations as iOS shows them: the text the index's lookup found (see
/// `ProjectIndex.lookup`), plural forms with CLDR sample numbers, and CoreFoundation's
/// formatting. What is wrong with a text is `check`'s to say; the preview shows its findings.
public struct TranslationRenderer: Sendable {
    public let index: ProjectIndex

    /// Which keys are shown as Markdown, made before any concurrent rendering.
    let markdownUsage: MarkdownUsage

    public init(index: ProjectIndex) {
        self.index = index
        markdownUsage = index.markdownUsage
    }

    /// One rendered text: each plural form on its own line ('one (1): 1 file').
    public struct Rendered: Sendable, Hashable {
        public var text: String
        public var resolvedLocale: String?
        /// False when the key itself is shown.
        public var found: Bool
        /// The entry the device's table holds for the key (nil when it lacks it).
        public var string: LocalizedString? = nil
    }

    /// Whether the text of `key` in `table` is shown as Markdown (see `MarkdownUsage.evidence`):
    /// the same in every locale, so a caller rendering a key in each asks once.
    public func showsMarkdown(key: String, table: String) -> Bool {
        let base = index.baseLocale.flatMap { index.lookup(key: key, table: table, locale: $0).shownValue }
        return markdownUsage.evidence(key: key, table: table, base: base) != nil
    }

    /// Renders `key` for a device in `locale` with the given arguments (nil: typed samples).
    /// `markdown`: `showsMarkdown(key:table:)` when the caller has it.
    public func render(key: String, table: String, locale: String, arguments: [FormatArgument]?, markdown: Bool? = nil) -> Rendered {
        render(index.lookup(key: key, table: table, locale: locale), arguments: arguments, markdown: markdown)
    }

    /// The same for a lookup already made (see `ProjectIndex.deviceTable`).
    public func render(_ lookup: DeviceLookup, arguments: [FormatArgument]?, markdown: Bool? = nil) -> Rendered {
        let (key, table, locale) = (lookup.key, lookup.table, lookup.locale)
        guard let resolved = lookup.resolvedLocale, let string = lookup.string, let value = lookup.shownValue else {
            // A nib, Info.plist or rule editor shows its own development text where a table
            // lacks a key; only the code's lookups show the key itself.
            let usage = index.usage(of: table)
            if usage != .format, usage != .text, let base = index.baseLocale, lookup.resolvedLocale != base,
                let text = index.lookup(key: key, table: table, locale: base).shownValue
            {
                return Rendered(text: text, resolvedLocale: lookup.resolvedLocale, found: true, string: lookup.string)
            }
            // The app's own fallback (SwiftGen's 'value:', 'fallback: development') shows the
            // development text where the user's table lacks the key.
            if index.developmentFallback(of: table) != nil, let base = index.baseLocale, locale != base, lookup.resolvedLocale != base {
                let fallback = render(key: key, table: table, locale: base, arguments: arguments, markdown: markdown)
                if fallback.found { return fallback }
            }
            return Rendered(text: key, resolvedLocale: lookup.resolvedLocale, found: false, string: lookup.string)
        }
        var rendered = renderText(
            key: key, table: table, string: string, value: value, resolved: resolved, arguments: arguments, markdown: markdown)
        rendered.string = string
        return rendered
    }

    private func renderText(
        key: String, table: String, string: LocalizedString, value: String, resolved: String, arguments: [FormatArgument]?,
        markdown: Bool?
    ) -> Rendered {
        if let entry = string.stringsdictEntry {
            if entry.formatKey != nil { return pluralRendering(entry, locale: resolved, arguments: arguments) }
            // Device and width entries: every variant, as each device or width shows it.
            let variants = entry.variants.map { ($0.name, formatted($0.value, arguments: arguments, alsoRead: [])) }
            return Rendered(text: variants.map { "\($0.0): \($0.1)" }.joined(separator: "\n"), resolvedLocale: resolved, found: true)
        }
        if string.origin == .catalog, let catalogValue = index.catalogValue(key: key, table: table, locale: resolved),
            catalogValue.hasForms
        {
            return catalogRendering(catalogValue, locale: resolved, arguments: arguments, fallback: value)
        }
        // A text shown as Markdown is parsed before its arguments are put in (SwiftUI formats a
        // LocalizedStringKey's arguments into the parsed text), so only its own markup goes.
        let shown = markdown ?? showsMarkdown(key: key, table: table) ? InlineMarkdown.rendered(value) : value
        return Rendered(text: formatted(shown, arguments: arguments, alsoRead: []), resolvedLocale: resolved, found: true)
    }

    func formatted(_ text: String, arguments: [FormatArgument]?, alsoRead: Set<Int>, variables: [Int: FormatArgument] = [:]) -> String {
        // Without a '%' the formatter shows the text as it is, whatever the arguments.
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return text }
        let analysis = FormatScanner.analyze(text)
        let count = max(analysis.argumentCount, alsoRead.max() ?? 0)
        var values = arguments ?? Self.samples(for: analysis, count: count)
        for (argument, value) in variables where argument >= 1 {
            while values.count < argument { values.append(.string("")) }
            values[argument - 1] = value
        }
        return FormatRenderer.format(text, values, alsoRead: alsoRead, analysis: analysis).text
    }

    /// Typed sample values: text for objects ('‹1›'), 3 for integers, 2.5 for floating point.
    static func samples(for analysis: FormatAnalysis, count: Int) -> [FormatArgument] {
        guard count > 0 else { return [] }
        // The first specifier of each argument, found in one pass (a search per argument was
        // quadratic in a text with thousands of them), kept by argument number.
        var types = [FormatArgumentType?](repeating: nil, count: count + 1)
        for specifier in analysis.specifiers where (1...count).contains(specifier.argument) && types[specifier.argument] == nil {
            types[specifier.argument] = specifier.type
        }
        return (1...count).map { argument in
            switch types[argument] {
            case .int?, .unsignedInt?: .integer(3)
            case .double?: .double(2.5)
            default: .string(argument < objectSamples.count ? objectSamples[argument] : "‹\(argument)›")
            }
        }
    }

    /// The sample texts of the first arguments ('‹1›'; the first unused), made once.
    private static let objectSamples = (0..<10).map { "‹\($0)›" }

    /// A `.stringsdict` entry, once per CLDR category of the locale, with that category's sample.
    func pluralRendering(_ entry: StringsdictEntry, locale: String, arguments: [FormatArgument]?) -> Rendered {
        guard let format = entry.formatKey else { return Rendered(text: entry.key, resolvedLocale: locale, found: true) }
        let rules = PluralRules.cardinal(for: locale)
        // An integer count never reaches a category CLDR gives only fractions (Russian 'other').
        let integral = entry.variables.allSatisfy { variable in
            let type = variable.valueType.flatMap { FormatScanner.specifier(completing: $0)?.type }
            return type != .double
        }
        // The format is the same in every category: scanned once.
        let scalars = Array(format.unicodeScalars)
        let specifiers = FormatScanner.analyze(format).specifiers
        var lines: [String] = []
        for category in rules.categories {
            let entryRule = rules.entries.first { $0.category == category }
            guard let sample = integral ? entryRule?.firstIntegerSample : rules.sample(for: category) else { continue }
            let number = PluralOperands(sample) ?? PluralOperands(0)
            var variables: [Int: FormatArgument] = [:]
            // Each variable's form is formatted from its own argument on (initialArgPosition).
            let text = Self.rebuild(scalars, specifiers, segment: { explicit($0, firstArgument: 1) }) { specifier in
                guard let name = specifier.variableName, let variable = entry.variable(named: name) else {
                    return Self.positioned(specifier)
                }
                let chosen =
                    (number.n == 0 ? variable.variant("zero") : nil) ?? variable.variant(rules.category(for: number).rawValue)
                    ?? variable.variant("other")
                variables[specifier.argument] = number.v == 0 ? .integer(number.i) : .double(number.n)
                return explicit(chosen?.value ?? "", firstArgument: specifier.argument)
            }
            let rendered = formatted(
                text, arguments: arguments, alsoRead: Set(variables.keys), variables: arguments == nil ? variables : [:])
            lines.append("\(category.rawValue) (\(sample)): \(rendered)")
        }
        return Rendered(text: lines.joined(separator: "\n"), resolvedLocale: locale, found: true)
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
        Rendered(
            text: catalogLines(value, locale: locale, arguments: arguments, fallback: fallback).joined(separator: "\n"),
            resolvedLocale: locale, found: true)
    }

    /// The lines of `catalogRendering`: one per device case and plural category (a text's own
    /// line breaks stay inside its line).
    private func catalogLines(_ value: CatalogValue, locale: String, arguments: [FormatArgument]?, fallback: String) -> [String] {
        // Device variations, as each device shows them (`other` on every device not named); a
        // case reads the localization's substitutions and may vary by plural itself.
        if let device = value.variations.first(where: { $0.selector == "device" }) {
            var lines: [String] = []
            for item in device.cases {
                let inner = CatalogValue(
                    stringUnit: item.value.stringUnit, variations: item.value.variations, substitutions: value.substitutions,
                    location: item.value.location)
                let caseLines =
                    !inner.hasForms
                    ? [formatted(inner.stringUnit?.value ?? fallback, arguments: arguments, alsoRead: [])]
                    : catalogLines(inner, locale: locale, arguments: arguments, fallback: fallback)
                let name = item.name == "other" ? "other devices" : item.name
                lines += caseLines.map { caseLines.count == 1 ? "\(name): \($0)" : "\(name), \($0)" }
            }
            return lines
        }
        let rules = PluralRules.cardinal(for: locale)
        let plural = value.variations.first { $0.selector == "plural" }
        func type(_ specifier: String?) -> FormatArgumentType? {
            specifier.flatMap { FormatScanner.specifier(completing: $0)?.type }
        }
        // An integer count never reaches a category CLDR gives only fractions (Russian 'other').
        let pluralTypes = plural?.cases.compactMap { $0.value.representativeUnit?.value }.flatMap { form in
            FormatScanner.analyze(form).specifiers.map(\.type)
        }
        let integral =
            value.substitutions.allSatisfy { type($0.formatSpecifier) != .double } && !(pluralTypes ?? []).contains(.double)
        var lines: [String] = []
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
                let filled = form.replacingArgumentToken(with: "%\(argument)$\(substitution.formatSpecifier ?? "lld")")
                variables[argument] = count
                return explicit(filled, firstArgument: argument)
            }
            let rendered = formatted(
                text, arguments: arguments, alsoRead: Set(variables.keys), variables: arguments == nil ? variables : [:])
            lines.append("\(category.rawValue) (\(sample)): \(rendered)")
        }
        if lines.count == 1, let only = lines.first, let colon = only.firstIndex(of: ":") {
            lines = [String(only[only.index(colon, offsetBy: 2)...])]
        }
        return lines
    }
}
