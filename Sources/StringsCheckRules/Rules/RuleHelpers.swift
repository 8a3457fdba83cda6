import LocalizationFormats
import LocalizationIndex

extension RuleExample {
    /// The same table in several locales, e.g. `.tables(("en", "…"), ("de", "…"))`.
    static func tables(_ files: (locale: String, text: String)..., table: String = "Localizable.strings") -> RuleExample {
        RuleExample(files.map { ExampleFile("\($0.locale).lproj/\(table)", $0.text) })
    }
}

/// The last text made from `RuleContext.texts`: a rule that reports several places in one text
/// makes it once, since making a text scans it again.
struct LastText {
    private var index = -1
    private var made: LocalizedText?

    mutating func get(_ index: Int, _ context: RuleContext) -> LocalizedText {
        if let made, index == self.index { return made }
        let text = context.texts[index]
        made = text
        self.index = index
        return text
    }
}

extension RuleContext {
    /// A note that points at the base text of a key.
    func baseNote(_ base: KeyFormat, use: ArgumentUse? = nil, texts made: inout LastText) -> DiagnosticNote? {
        guard let index = use?.textIndex ?? base.texts.first else { return nil }
        let message = made.get(index, self)
        let position = use.map { message.position(ofScalar: $0.offset) } ?? message.location
        return DiagnosticNote(.baseTextIs(message.text), path: message.path, location: position)
    }
}

/// "de, fr and ja"; past `listedAtMost` items, "de, fr, … and 3,980 more": a message names a
/// bounded number of locales, so a report that repeats it per locale (`render`) stays linear in
/// the number of locales. A finding's `locales` still holds every one.
func listing(_ items: [String]) -> String {
    if items.count > listedAtMost {
        return items.prefix(listedAtMost).joined(separator: ", ") + " and \(items.count - listedAtMost) more"
    }
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
}

/// The most items `listing` names.
let listedAtMost = 40

/// What a signature means, for messages: `int:64` → "a 64-bit integer".
func describeSignature(_ signature: String) -> String {
    let parts = signature.split(separator: ":")
    let size = parts.count > 1 ? String(parts[1]) : nil
    let base: String
    switch parts.first.map(String.init) ?? "" {
    case "object": base = "an object"
    case "int": base = "an integer"
    case "unsignedInt": base = "an unsigned integer"
    case "double": base = "a floating-point number"
    case "char": base = "a char"
    case "unichar": base = "a unichar"
    case "cString": base = "a C string"
    case "unicharString": base = "a unichar string"
    case "pointer": base = "a pointer"
    case "pascalString": base = "a Pascal string"
    case "count": base = "a count pointer"
    default: base = signature
    }
    guard let size else { return base }
    switch size {
    case "8": return base + " (8-bit)"
    case "16": return base + " (16-bit)"
    case "64": return base + " (64-bit)"
    default: return base + " (long double)"
    }
}

extension Finding.Message {
    /// The note `baseNote` makes: what the base text of a key says.
    static func baseTextIs(_ text: String) -> Finding.Message { "the base text is '\(text.excerpt)'" }
}

extension RuleContext {
    /// A value for each table with a development table, made on all cores (what the text rules
    /// gather of the development texts before reading the translations).
    func perBaseTable<Value>(_ make: (String) -> Value) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: baseTableNames.concurrentMap { ($0, make($0)) })
    }

    /// The findings of `body` for each table with a development table and each translation locale
    /// (the development locale too with `includingBase`), on all cores, given the locale's strings
    /// (a finding about a text points at `LocalizedString.textLocation`).
    func forEachLocaleTable(
        includingBase: Bool = false,
        _ body: (_ table: String, _ locale: String, _ strings: LocaleStrings) -> [Finding]
    ) -> [Finding] {
        let locales = (includingBase ? [baseLocale].compactMap { $0 } : []) + translationLocales
        let jobs = baseTableNames.flatMap { table in locales.map { (table, $0) } }
        return jobs.concurrentMap { table, locale -> [Finding] in
            guard let strings = tables[table]?[locale]?.strings else { return [] }
            return body(table, locale, strings)
        }.flatMap { $0 }
    }
}

/// The longest text (in UTF-8 bytes) the text rules compare: a longer one is no message a
/// translator wrote (a licence, a data blob), and reading it as one would cost memory in
/// proportion.
let longestTextCompared = 16_000

/// A development text a text rule compares its translations with, and what the rule read in it.
struct SourceText<Info> {
    var key: String
    var number: Int?
    var text: String
    var info: Info
}

/// A table's development texts a text rule compares, and the key numbering they are found by.
struct SourceTexts<Info> {
    var numbering: TableKeyNumbers
    var texts: [SourceText<Info>]
}

extension RuleContext {
    /// For each table, the development texts `read` finds something in (a table whose keys are
    /// its development text reads the key where the value is missing; `.stringsdict` forms
    /// aside): what the text rules gather before they read only those keys' translations.
    func developmentTexts<Info>(_ read: (_ table: String, _ key: String, _ text: String) -> Info?) -> [String: SourceTexts<Info>] {
        perBaseTable { table -> SourceTexts<Info> in
            guard let base = baseTable(table) else { return SourceTexts(numbering: .empty, texts: []) }
            let keysAreText = developmentTextInKeys(of: table) != nil
            var texts: [SourceText<Info>] = []
            base.strings.forEach { key, number, string in
                guard string.origin != .stringsdict, let text = string.value ?? (keysAreText ? key : nil),
                    text.utf8.count <= longestTextCompared, let info = read(table, key, text)
                else { return }
                texts.append(SourceText(key: key, number: number, text: text, info: info))
            }
            return SourceTexts(numbering: base.strings.numbering, texts: texts)
        }
    }

    /// The findings `compare` makes of each translation (not `.stringsdict`, with a string value
    /// that differs from its development text) of the texts `developmentTexts` gathered, on all
    /// cores: a message, and a severity when it is not the rule's default.
    func compareTranslations<R: Rule, Info>(
        of sources: [String: SourceTexts<Info>], by rule: R,
        _ compare: (_ source: SourceText<Info>, _ translation: String, _ locale: String) -> (Finding.Message, Severity?)?
    ) -> [Finding] {
        forEachLocaleTable { table, locale, strings in
            guard let sources = sources[table], !sources.texts.isEmpty else { return [] }
            var result: [Finding] = []
            for source in sources.texts {
                guard
                    let string = strings.string(
                        forKey: source.key, number: source.number, numberedBy: source.number == nil ? nil : sources.numbering),
                    string.origin != .stringsdict, let text = string.value, text != source.text,
                    text.utf8.count <= longestTextCompared,
                    let (message, severity) = compare(source, text, locale)
                else { continue }
                var made = rule.finding(
                    message, path: string.path, at: string.textLocation, key: source.key, locale: locale, table: table)
                if let severity { made.diagnostic.severity = severity }
                result.append(made)
            }
            return result
        }
    }
}
