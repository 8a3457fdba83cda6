import LocalizationFormats

extension RuleExample {
    /// The same table in several locales, e.g. `.tables(("en", "…"), ("de", "…"))`.
    static func tables(_ files: (locale: String, text: String)..., table: String = "Localizable.strings") -> RuleExample {
        RuleExample(files.map { ExampleFile("\($0.locale).lproj/\(table)", $0.text) })
    }
}

extension RuleContext {
    /// Pairs each translation's key format with the base's, for the cross-locale format rules.
    func formatPairs() -> [(table: String, key: String, locale: String, base: KeyFormat, translation: KeyFormat)] {
        guard let baseLocale else { return [] }
        var result: [(String, String, String, KeyFormat, KeyFormat)] = []
        for table in formats.keys.sorted() {
            guard let byLocale = formats[table], let baseKeys = byLocale[baseLocale] ?? byLocale["Base"] else { continue }
            for locale in translationLocales {
                guard let keys = byLocale[locale] else { continue }
                for (key, translation) in keys {
                    guard var base = baseKeys[key] ?? byLocale["Base"]?[key] else { continue }
                    // A catalog key extracted from code is the format the code passes ('%lld items'),
                    // even when the source text leaves an argument out.
                    if let first = base.messages.first, messages[first].origin == .catalog {
                        for specifier in FormatScanner.analyze(key).specifiers where base.arguments[specifier.argument] == nil {
                            base.arguments[specifier.argument] = ArgumentUse(
                                signature: specifier.signature, text: specifier.text, message: first, offset: 0)
                        }
                    }
                    result.append((table, key, locale, base, translation))
                }
            }
        }
        return result
    }

    /// A note that points at the base text of a key.
    func baseNote(_ base: KeyFormat, use: ArgumentUse? = nil) -> DiagnosticNote? {
        guard let index = use?.message ?? base.messages.first else { return nil }
        let message = messages[index]
        let position = use.map { message.position(ofScalar: $0.offset) } ?? message.location
        return DiagnosticNote(message: "the base text is '\(message.text)'", path: message.path, location: position)
    }
}

/// "de, fr and ja".
func listing(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
}

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
