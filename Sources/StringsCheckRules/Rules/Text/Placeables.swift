import Foundation
import LocalizationFormats

/// What a translation must carry over from its development text as written: numbers (compared by
/// value, whatever digits and grouping a language writes them with), web addresses, e-mail
/// addresses and `@handles`, read once from a text's scalars.
struct Placeables: Equatable {
    /// Each number's value in digits 0–9 (`1,000.5`, `١٬٠٠٠٫٥` and `1 000,5` are all
    /// `1000.5`), in order.
    var numbers: [String] = []
    /// Web addresses outside Markdown link targets, as written (without trailing punctuation).
    var urls: [String] = []
    var emails: [String] = []
    var handles: [String] = []

    var isEmpty: Bool { numbers.isEmpty && urls.isEmpty && emails.isEmpty && handles.isEmpty }

    init(_ text: String) {
        // What the bytes rule out is not looked for at each scalar: an address or a handle
        // needs an '@' or a "www." or "://".
        let (hasAt, mayLink) = Self.addressHints(text)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let previous = index > 0 ? scalars[index - 1] : " "
            if scalar == "%" {
                index = InlineMarkdown.pastSpecifier(scalars, from: index)
                continue
            }
            if scalar == "{", let end = Self.bracedPlaceholderEnd(scalars, from: index) {
                index = end
                continue
            }
            if mayLink, !Self.isWordScalar(previous), let end = Self.urlEnd(scalars, from: index) {
                // A Markdown link's target belongs to the Markdown comparison.
                if !(index >= 2 && scalars[index - 1] == "(" && scalars[index - 2] == "]") {
                    urls.append(String(String.UnicodeScalarView(scalars[index..<end])))
                }
                index = end
                continue
            }
            // An e-mail address from the start of its local part (whose digits are no number).
            if hasAt, Self.isLocal(scalar), !Self.isLocal(previous), let end = Self.emailEnd(scalars, from: index) {
                emails.append(String(String.UnicodeScalarView(scalars[index..<end])).lowercased())
                index = end
                continue
            }
            if hasAt, scalar == "@", !Self.isWordScalar(previous), previous != "$", let end = Self.handleEnd(scalars, from: index + 1) {
                handles.append(String(String.UnicodeScalarView(scalars[index..<end])))
                index = end
                continue
            }
            if Self.digit(scalar) != nil {
                let (digits, end) = Self.number(scalars, from: index)
                numbers.append(digits)
                index = end
                continue
            }
            index += 1
        }
    }

    /// 0–9 for a decimal digit of any script (ASCII, Arabic-Indic, Persian, Devanagari, full-width…).
    static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value >= 0x30 && scalar.value <= 0x39 { return UInt8(scalar.value - 0x30) }
        guard scalar.value >= 0x80, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else {
            return nil
        }
        return UInt8(value)
    }

    /// A number from `start`, as its value: digits 0–9, without grouping marks or leading zeros,
    /// and a fraction without trailing zeros after a '.' (`1,000.50` and `1.000,5` → `1000.5`;
    /// `5.00` → `5`). A mark followed by exactly three digits is grouping, any other one the
    /// decimal mark; a space, a no-break space or a thin space only groups.
    static func number(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var groups: [[UInt8]] = [[]]
        var marks: [Unicode.Scalar] = []
        var index = start
        while index < scalars.count {
            if let value = digit(scalars[index]) {
                groups[groups.count - 1].append(value + 0x30)
                index += 1
                continue
            }
            let mark = scalars[index]
            guard index + 1 < scalars.count, digit(scalars[index + 1]) != nil else { break }
            let group = scalars[(index + 1)...].prefix { digit($0) != nil }.count
            switch mark {
            case ",", ".", "'", "\u{066B}", "\u{066C}", "\u{2019}": break
            case " ", "\u{A0}", "\u{202F}", "\u{2009}":
                // Only a group of exactly three digits: "2 3" is two numbers.
                guard group == 3 else { return (value(groups, marks), index) }
            default: return (value(groups, marks), index)
            }
            marks.append(mark)
            groups.append([])
            index += 1
        }
        return (value(groups, marks), index)
    }

    /// The value of digit groups and the marks between them (see `number`).
    private static func value(_ groups: [[UInt8]], _ marks: [Unicode.Scalar]) -> String {
        var integer = groups.count == 1 ? groups[0] : Array(groups.joined())
        var fraction: ArraySlice<UInt8> = []
        // The last mark is a decimal mark unless three digits follow it (or it is a space).
        if let last = marks.last, let digits = groups.last, digits.count != 3,
            !" \u{A0}\u{202F}\u{2009}".unicodeScalars.contains(last)
        {
            integer = Array(groups.dropLast().joined())
            fraction = digits[...]
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        }
        var whole = integer[...]
        while whole.first == UInt8(ascii: "0") { whole.removeFirst() }
        var result = whole.isEmpty ? [UInt8(ascii: "0")] : Array(whole)
        if !fraction.isEmpty {
            result.append(UInt8(ascii: "."))
            result += fraction
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `{0}`, `{name}`, `{{count}}`: placeholders of the app's own, whose digits are no number.
    static func bracedPlaceholderEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        while index < scalars.count, index - start <= 40 {
            if scalars[index] == "}" { return index + 1 }
            guard isWordScalar(scalars[index]) || scalars[index] == "{" || scalars[index] == "." else { return nil }
            index += 1
        }
        return nil
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetterOrDigit(scalar.value) || scalar == "_" }
        return scalar.properties.isAlphabetic || digit(scalar) != nil
    }

    /// A–Z, a–z, 0–9 without a Unicode property lookup.
    static func isASCIILetterOrDigit(_ value: UInt32) -> Bool {
        (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A) || (value >= 0x30 && value <= 0x39)
    }

    /// `https://…`, `http://…` or `www.…` from `start`, to the first space, quote or bracket
    /// (trailing `.,;:!?` belong to the sentence).
    static func urlEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, "hHwW".unicodeScalars.contains(scalars[start]) else { return nil }
        func starts(with prefix: String) -> Bool {
            let prefix = Array(prefix.unicodeScalars)
            guard start + prefix.count <= scalars.count else { return false }
            return zip(scalars[start...], prefix).allSatisfy { $0.properties.lowercaseMapping == String($1) }
        }
        guard starts(with: "https://") || starts(with: "http://") || starts(with: "www.") else { return nil }
        var end = start
        while end < scalars.count, !scalars[end].properties.isWhitespace,
            !"\"'<>()[]{}“”«»「」".unicodeScalars.contains(scalars[end])
        {
            end += 1
        }
        while end > start, ".,;:!?".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
        return end > start + 4 ? end : nil
    }

    /// The host of a web address, lower-cased: what a translation must keep (a localized page of
    /// the same site is a translation's choice).
    static func host(of url: String) -> String {
        var rest = Substring(url.lowercased())
        if !rest.contains("/"), let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : String(host)
    }

    /// Whether `text` is nothing but one address or handle (and spaces).
    func isOnlyAddress(_ text: String) -> Bool {
        guard urls.count + emails.count + handles.count == 1, numbers.isEmpty else { return false }
        let item = (urls + emails + handles)[0]
        return text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == item.lowercased()
    }

    /// A host reserved for examples (RFC 2606, RFC 6761): `example.com`, `x.example`, `y.test`.
    static func isSample(_ host: String) -> Bool {
        let labels = host.split(separator: ".")
        guard let last = labels.last else { return false }
        if ["example", "test", "invalid", "localhost"].contains(last) { return true }
        return labels.count >= 2 && labels[labels.count - 2] == "example" && ["com", "net", "org"].contains(last)
    }

    /// The site a host belongs to: its last two labels, or three under a two-letter country
    /// domain with a short second level (`otr.cypherpunks.ca` → `cypherpunks.ca`, `a.b.co.uk` →
    /// `b.co.uk`).
    static func site(of host: String) -> String {
        let labels = host.split(separator: ".")
        guard labels.count > 2 else { return host }
        let country = labels[labels.count - 1].count == 2 && labels[labels.count - 2].count <= 3
        return labels.suffix(country ? 3 : 2).joined(separator: ".")
    }

    static func isLocal(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetterOrDigit(scalar.value) || "._+-".unicodeScalars.contains(scalar) }
        return scalar.properties.isAlphabetic || digit(scalar) != nil
    }

    /// Whether a text may hold a placeable at all, from its UTF-8 without decoding it: a digit
    /// or an '@' outside a format specifier, a "www." or "://", or a byte beyond ASCII (another
    /// script's digits). Most texts hold none and are not decoded.
    static func mayHoldAny(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayHoldAny)
    }

    static func mayHoldAny(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var inSpecifier = false
        for byte in bytes {
            defer { previous = byte }
            if byte >= 0x80 { return true }
            if byte == UInt8(ascii: "%") {
                inSpecifier = previous != UInt8(ascii: "%") || !inSpecifier
                continue
            }
            if inSpecifier {
                // Argument numbers, widths and precisions; a letter or '@' ends the specifier.
                if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".") { continue }
                inSpecifier = false
                if byte == UInt8(ascii: "@") || byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A { continue }
            }
            if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "@") { return true }
            if byte == UInt8(ascii: "/") && previous == UInt8(ascii: ":") { return true }
            if byte == UInt8(ascii: ".") && previous | 0x20 == UInt8(ascii: "w") { return true }
        }
        return false
    }

    /// Whether a text holds an '@' (an e-mail address or a handle may start in it) and a "www."
    /// or "://" (a web address may), from its UTF-8: what is ruled out is not looked for at each
    /// scalar.
    static func addressHints(_ text: String) -> (hasAt: Bool, mayLink: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            var hasAt = false
            var mayLink = false
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "@") { hasAt = true }
                if (byte == UInt8(ascii: "/") && previous == UInt8(ascii: ":"))
                    || (byte == UInt8(ascii: ".") && previous | 0x20 == UInt8(ascii: "w"))
                {
                    mayLink = true
                }
                previous = byte
            }
            return (hasAt, mayLink)
        }
    }

    /// Whether a text holds a digit of any script outside its format specifiers, read scalar by
    /// scalar without building anything (a Unicode property is looked up beyond ASCII only).
    static func holdsDigit(_ text: String) -> Bool {
        var inSpecifier = false
        for scalar in text.unicodeScalars {
            if scalar == "%" {
                inSpecifier.toggle()
                continue
            }
            let isASCIIDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if inSpecifier {
                // Argument numbers, widths and precisions, up to the conversion.
                if isASCIIDigit || scalar == "$" || scalar == "." { continue }
                inSpecifier = false
                if scalar.isASCII, scalar.properties.isAlphabetic || scalar == "@" { continue }
            }
            if isASCIIDigit || (!scalar.isASCII && scalar.properties.numericType == .decimal) { return true }
        }
        return false
    }

    /// The end of the e-mail address whose local part starts at `start`, if one does.
    static func emailEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var at = start
        while at < scalars.count, isLocal(scalars[at]) { at += 1 }
        guard at > start, at < scalars.count, scalars[at] == "@", scalars[start] != "." else { return nil }
        var end = at + 1
        var dots = 0
        while end < scalars.count,
            scalars[end].properties.isAlphabetic || digit(scalars[end]) != nil || scalars[end] == "-" || scalars[end] == "."
        {
            if scalars[end] == "." { dots += 1 }
            end += 1
        }
        while end > at + 1, scalars[end - 1] == "." {
            end -= 1
            dots -= 1
        }
        return dots > 0 && end > at + 3 ? end : nil
    }

    /// `@name` or `@name@server` (a Mastodon account) from after the `@`: two or more word
    /// scalars.
    static func handleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < scalars.count,
            isWordScalar(scalars[end]) || (scalars[end] == "." && end + 1 < scalars.count && isWordScalar(scalars[end + 1]))
        {
            end += 1
        }
        guard end - start >= 2, scalars[start..<end].contains(where: { $0.properties.isAlphabetic }) else { return nil }
        guard end < scalars.count, scalars[end] == "@" else { return end }
        // The server: a host name.
        var server = end + 1
        while server < scalars.count, isWordScalar(scalars[server]) || scalars[server] == "-" || scalars[server] == "." { server += 1 }
        while server > end + 1, scalars[server - 1] == "." { server -= 1 }
        return server > end + 1 ? server : end
    }
}
