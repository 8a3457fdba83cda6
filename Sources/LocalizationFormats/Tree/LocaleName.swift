/// Normalises `.lproj` folder names to BCP 47 style identifiers.
///
/// `pt_BR` and `pt-BR` are the same locale, `English` is the legacy name of `en`, `zh_CN` becomes
/// `zh-CN`, case is canonical (`zh-hant-hk` → `zh-Hant-HK`), and `Base` stays `Base`.
public enum LocaleName {
    /// Legacy folder names Xcode and old projects use, with the identifier Apple maps them to.
    static let legacyNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it",
        "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb",
        "korean": "ko", "russian": "ru", "polish": "pl", "greek": "el", "turkish": "tr", "hungarian": "hu",
        "czech": "cs", "hebrew": "he", "arabic": "ar", "chinese": "zh-Hans", "thai": "th", "ukrainian": "uk",
    ]

    /// The canonical identifier for a folder name (with or without `.lproj`).
    public static func normalize(_ name: String) -> String {
        // Catalogs name each locale in every entry, already canonical ('de', 'pt-BR'): those are
        // recognised on their bytes and returned as they are, without the Unicode-aware work
        // below.
        isCanonical(name) ? name : normalizeSpelling(name)
    }

    /// True when `normalize` would return `name` unchanged: ASCII subtags joined by '-', the
    /// first two or three lowercase letters, four-letter subtags capitalised, two-character
    /// and three-digit subtags without lowercase letters.
    static func isCanonical(_ name: String) -> Bool {
        var index = 0
        var length = 0
        var letters = 0
        var digits = 0
        var lowercase = 0
        var uppercaseFirst = false
        func partIsCanonical() -> Bool {
            guard length > 0 else { return false }
            if index == 0 { return (2...3).contains(length) && lowercase == length }
            if length == 4, letters == 4 { return uppercaseFirst && lowercase == 3 }
            if length == 2 || (length == 3 && digits == 3) { return lowercase == 0 }
            return true
        }
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                guard partIsCanonical() else { return false }
                index += 1
                (length, letters, digits, lowercase, uppercaseFirst) = (0, 0, 0, 0, false)
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                letters += 1
                lowercase += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if length == 0 { uppercaseFirst = true }
                letters += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            default:
                return false
            }
            length += 1
        }
        return partIsCanonical()
    }

    /// `normalize` for names that are not canonical already.
    static func normalizeSpelling(_ name: String) -> String {
        var raw = name
        if raw.hasSuffix(".lproj") { raw.removeLast(6) }
        if raw.lowercased() == "base" { return "Base" }
        if let legacy = legacyNames[raw.lowercased()] { return legacy }
        let parts = raw.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else { return raw }
        var result = [first.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                result.append(part.uppercased())
            } else {
                result.append(part)
            }
        }
        return result.joined(separator: "-")
    }

    /// The identifier, then with its subtags removed one by one from the end:
    /// `zh-Hant-HK`, `zh-Hant`, `zh`.
    public static func fallbackChain(_ identifier: String) -> [String] {
        var parts = identifier.split(separator: "-").map(String.init)
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return result
    }

    /// The language subtag (`pt` for `pt-BR`).
    public static func language(of identifier: String) -> String {
        String(identifier.split(separator: "-").first ?? Substring(identifier))
    }

    /// Scripts right-to-left languages are written in, for rendering decisions.
    public static func isRightToLeft(_ identifier: String) -> Bool {
        ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(language(of: identifier))
    }
}

/// Locale names as written, each normalized once (`LocaleName.normalize`): a catalog names the
/// same few locales in every entry.
public struct NormalizedLocaleNames {
    private var known: [String: String] = [:]

    public init() {}

    public mutating func callAsFunction(_ written: String) -> String {
        if let name = known[written] { return name }
        let name = LocaleName.normalize(written)
        known[written] = name
        return name
    }
}
