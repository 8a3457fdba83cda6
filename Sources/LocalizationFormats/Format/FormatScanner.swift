#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans format strings the way CoreFoundation's `__CFParseFormatSpec` does: flags (`#`, space,
/// `-`, `+`, `0`), width (digits, `*`, `*n$`), precision (`.digits`, `.*`, `.*n$`), positions
/// `n$` with 1 ≤ n ≤ 127, length modifiers, every conversion CoreFoundation accepts, and the
/// `.stringsdict` variable form `%#@name@`. Anything else ends the specifier as literal text.
public enum FormatScanner {
    /// CoreFoundation fails a format whose position exceeds `INT8_MAX`.
    public static let maximumPosition = 127

    /// The specifier a conversion written without its `%` makes (`lld` → `%lld`): a
    /// `.stringsdict` variable's `NSFormatValueTypeKey`, a catalog substitution's
    /// `formatSpecifier`; nil when it makes none.
    public static func specifier(completing conversion: String) -> FormatSpecifier? {
        if let known = usualConversions[conversion] { return known }
        return analyze("%" + conversion).specifiers.first
    }

    /// The specifiers of the conversions catalogs and `.stringsdict` files mostly name
    /// (`formatSpecifier`, `NSStringFormatValueTypeKey`), scanned once: each substitution of a
    /// large catalog scanned its own.
    private static let usualConversions: [String: FormatSpecifier] = {
        var result: [String: FormatSpecifier] = [:]
        for conversion in ["@", "d", "i", "u", "ld", "li", "lu", "lld", "lli", "llu", "f", "lf", "g", "e", "x", "lx", "llx", "s", "c", "o"]
        {
            if let specifier = analyze("%" + conversion).specifiers.first { result[conversion] = specifier }
        }
        return result
    }()

    /// Scans one format. `firstArgument` is where plain specifiers start counting: a
    /// `.stringsdict` form is formatted from its variable's argument on (CoreFoundation's
    /// `initialArgPosition`). `checkAcrossArguments: false` leaves out position gaps and type
    /// conflicts, for callers that check a whole assembled text with `argumentProblems`.
    public static func analyze(_ string: String, firstArgument: Int = 1, checkAcrossArguments: Bool = true) -> FormatAnalysis {
        // Most texts hold no '%' at all: one memchr, no copy and no allocation.
        let scanned = string.utf8.withContiguousStorageIfAvailable { bytes -> FormatAnalysis in
            guard let base = bytes.baseAddress, memchr(base, 0x25, bytes.count) != nil else { return .empty }
            return analyze(bytes, firstArgument: firstArgument, checkAcrossArguments: checkAcrossArguments)
        }
        if let scanned { return scanned }
        return Array(string.utf8).withUnsafeBufferPointer {
            analyze($0, firstArgument: firstArgument, checkAcrossArguments: checkAcrossArguments)
        }
    }

    /// The same for a text's UTF-8, read in place.
    public static func analyze(utf8 bytes: UnsafeBufferPointer<UInt8>) -> FormatAnalysis {
        guard let base = bytes.baseAddress, memchr(base, 0x25, bytes.count) != nil else { return .empty }
        return analyze(bytes)
    }

    static func analyze(_ b: UnsafeBufferPointer<UInt8>, firstArgument: Int = 1, checkAcrossArguments: Bool = true) -> FormatAnalysis {
        var specifiers: [FormatSpecifier] = []
        var problems: [FormatProblem] = []
        var index = 0
        var scalar = 0  // scalar offset of `index`
        var nextSequential = firstArgument
        let count = b.count

        while index < count {
            let c = b[index]
            if c != UInt8(ascii: "%") {
                if c & 0xC0 != 0x80 { scalar += 1 }
                index += 1
                continue
            }
            let startIndex = index
            let startScalar = scalar
            if index + 1 >= count {
                problems.append(FormatProblem(kind: .incompleteSpecifier, start: startScalar, end: startScalar + 1, detail: .percentAtEnd))
                scalar += 1
                index += 1
                break
            }
            if b[index + 1] == UInt8(ascii: "%") {
                scalar += 2
                index += 2
                continue
            }
            let raw = readSpecifier(b, after: index)
            // Advance the scalar count over the consumed bytes.
            let consumedEnd = min(raw.last + 1, count)
            var endScalar = startScalar
            for j in startIndex..<consumedEnd where b[j] & 0xC0 != 0x80 { endScalar += 1 }
            // CoreFoundation resumes after the character that ended the specifier.
            scalar = endScalar
            index = consumedEnd
            guard let type = raw.type else {
                // Formatted, CoreFoundation prints the character after the `%`.
                if let (kind, detail) = raw.malformed {
                    problems.append(FormatProblem(kind: kind, start: startScalar, end: endScalar, detail: detail))
                }
                continue
            }
            let resolvedStars = raw.stars.map { explicit -> Int in
                if let explicit { return explicit }
                defer { nextSequential += 1 }
                return nextSequential
            }
            let argument: Int
            if let position = raw.position {
                argument = position
            } else {
                argument = nextSequential
                nextSequential += 1
            }
            let specifier = FormatSpecifier(
                start: startScalar, end: endScalar,
                text: String(decoding: UnsafeBufferPointer(rebasing: b[startIndex..<consumedEnd]), as: UTF8.self),
                explicitPosition: raw.position, argument: argument, flags: raw.flags, length: raw.length, conversion: raw.conversion,
                type: type, variableName: raw.variableName, starArguments: resolvedStars)
            specifiers.append(specifier)
            let nextIsLetter =
                consumedEnd < count
                && ((b[consumedEnd] >= UInt8(ascii: "a") && b[consumedEnd] <= UInt8(ascii: "z"))
                    || (b[consumedEnd] >= UInt8(ascii: "A") && b[consumedEnd] <= UInt8(ascii: "Z")))
            specifierProblems(specifier, nextIsLetter: nextIsLetter, into: &problems)
        }
        if let mixed = mixedPositionalProblem(specifiers) { problems.append(mixed) }
        if checkAcrossArguments { problems += argumentProblems(specifiers) }
        return FormatAnalysis(specifiers: specifiers, problems: problems)
    }

    /// One specifier as read, before its arguments are numbered.
    struct RawSpecifier {
        var flags = ""
        var position: Int?
        /// The `*` width and precision arguments, each with its explicit position if it has one.
        var stars: [Int?] = []
        var length: FormatLength?
        /// Nil when the characters after the '%' are no specifier.
        var type: FormatArgumentType?
        var variableName: String?
        var conversion: Character = "?"
        /// Why the characters are no specifier, when they are not.
        var malformed: (FormatProblem.Kind, FormatProblem.Detail)?
        /// The index of the last byte read (the conversion), or the count when the string ends first.
        var last = 0
    }

    /// Reads the specifier after the '%' at `percent` in one loop over its characters, as
    /// `__CFParseFormatSpec` does: flags, digits, `*`, `.` and length modifiers may come in any
    /// order until a conversion.
    static func readSpecifier(_ b: UnsafeBufferPointer<UInt8>, after percent: Int) -> RawSpecifier {
        var raw = RawSpecifier()
        let count = b.count
        var i = percent + 1
        var pendingWidthStar: Int?
        var pendingPrecisionStar: Int?
        var seenDot = false
        var seenSharp = false
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        @inline(__always) func isNameCharacter(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || isDigit(c)
                || c == UInt8(ascii: "_")
        }
        scan: while true {
            guard i < count else {
                raw.malformed = (.incompleteSpecifier, .cutOff)
                break scan
            }
            let k = b[i]
            switch k {
            case UInt8(ascii: "#"):
                seenSharp = true
                raw.flags.append("#")
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "+"):
                raw.flags.append(Character(UnicodeScalar(k)))
                i += 1
            case UInt8(ascii: "0"):
                // After '.', a 0 is the precision, not the zero-padding flag.
                if !seenDot { raw.flags.append("0") }
                i += 1
            case UInt8(ascii: "h"), UInt8(ascii: "l"):
                let doubled = i + 1 < count && b[i + 1] == k
                raw.length = k == UInt8(ascii: "h") ? (doubled ? .hh : .h) : (doubled ? .ll : .l)
                i += doubled ? 2 : 1
            case UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "j"):
                raw.length = FormatLength(rawValue: String(Character(UnicodeScalar(k))))
                i += 1
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                var number = 0
                while i < count, isDigit(b[i]) {
                    number = min(number * 10 + Int(b[i] - 0x30), 1_000_000)
                    i += 1
                }
                if i < count, b[i] == UInt8(ascii: "$") {
                    if let star = pendingPrecisionStar {
                        raw.stars[star] = number
                        pendingPrecisionStar = nil
                    } else if let star = pendingWidthStar {
                        raw.stars[star] = number
                        pendingWidthStar = nil
                    } else {
                        raw.position = number
                    }
                    i += 1
                }
            // Otherwise the digits were a width or precision; the next character is read as usual.
            case UInt8(ascii: "*"):
                pendingWidthStar = raw.stars.count
                raw.stars.append(nil)
                i += 1
            case UInt8(ascii: "."):
                seenDot = true
                i += 1
                if i < count, b[i] == UInt8(ascii: "*") {
                    pendingPrecisionStar = raw.stars.count
                    raw.stars.append(nil)
                    i += 1
                }
            case UInt8(ascii: "["):
                // An attributed-string key (`%[key]@`), internal to Apple's frameworks.
                i += 1
            case UInt8(ascii: "@"):
                raw.conversion = "@"
                guard seenSharp else {
                    raw.type = .object
                    break scan
                }
                // `%#@name@`: a stringsdict variable named [A-Za-z0-9_]. CoreFoundation drops
                // a character outside that set and reads on as if the name had not started.
                var j = i + 1
                while j < count, isNameCharacter(b[j]) { j += 1 }
                guard j < count else {
                    raw.malformed = (.incompleteSpecifier, .variableNameCutOff)
                    i = j
                    break scan
                }
                if b[j] == UInt8(ascii: "@") {
                    if j > i + 1 {
                        raw.variableName = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
                    }
                    raw.type = .object
                    i = j
                    break scan
                }
                seenSharp = false
                i = j + 1
            default:
                raw.conversion = k < 0x80 ? Character(UnicodeScalar(k)) : "?"
                switch k {
                case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"): raw.type = .int
                case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"),
                    UInt8(ascii: "O"):
                    raw.type = .unsignedInt
                case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
                    UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
                    raw.type = .double
                case UInt8(ascii: "c"): raw.type = .char
                case UInt8(ascii: "C"): raw.type = .unichar
                case UInt8(ascii: "s"): raw.type = .cString
                case UInt8(ascii: "S"): raw.type = .unicharString
                case UInt8(ascii: "p"): raw.type = .pointer
                case UInt8(ascii: "P"): raw.type = .pascalString
                case UInt8(ascii: "n"): raw.type = .count
                default:
                    let shown = k < 0x80 && k >= 0x20 ? "'\(Character(UnicodeScalar(k)))'" : "this character"
                    if k == UInt8(ascii: "$"), raw.flags.hasSuffix("0") {
                        // `0` is a flag to CoreFoundation, so `%0$@` never names a position.
                        raw.malformed = (.positionZero, .zeroFlagBeforeDollar)
                    } else if k == UInt8(ascii: "'") {
                        raw.malformed = (.thousandsFlag, .thousandsFlag(shown: shown))
                    } else {
                        raw.malformed = (.invalidConversion, .unknownConversion(shown: shown))
                    }
                }
                break scan
            }
        }
        raw.last = i
        return raw
    }

    /// What is wrong with one specifier on its own: a position CoreFoundation refuses, `%n`, or a
    /// letter conversion that looks like a percent sign before a word.
    static func specifierProblems(_ specifier: FormatSpecifier, nextIsLetter: Bool, into problems: inout [FormatProblem]) {
        let (start, end) = (specifier.start, specifier.end)
        if let position = specifier.explicitPosition, position == 0 {
            problems.append(FormatProblem(kind: .positionZero, start: start, end: end, detail: .positionZero(specifier: specifier.text)))
        } else if let position = specifier.explicitPosition, position > maximumPosition {
            problems.append(
                FormatProblem(
                    kind: .positionTooLarge, start: start, end: end, detail: .positionTooLarge(position: position, maximum: maximumPosition)
                ))
        }
        if specifier.type == .count {
            problems.append(FormatProblem(kind: .countConversion, start: start, end: end, detail: .countConversion))
        }
        // '% @' is a typo that still prints the object (a space flag means nothing to '%@'), so
        // only a letter conversion after a space or before a word looks like "50% off".
        if specifier.variableName == nil, specifier.explicitPosition == nil, specifier.conversion != "@",
            specifier.flags.utf8.contains(UInt8(ascii: " "))
                || (nextIsLetter && "oOeEgGaAcCsSpPnDUF".contains(specifier.conversion) && specifier.length == nil)
        {
            problems.append(
                FormatProblem(kind: .probableLiteralPercent, start: start, end: end, detail: .literalPercent(specifier: specifier.text)))
        }
    }

    /// CoreFoundation gives unnumbered specifiers the numbers 1, 2, … among themselves, whatever
    /// the numbered ones read (`%2$@ %@` shows the second argument, then the first; checked
    /// with `String(format:)` of swift-corelibs-foundation, which shares CFString.c's
    /// `__CFStringAppendFormatCore`). A mix is a bug when that numbering reads an argument twice
    /// or leaves one below the highest unread.
    public static func mixedPositionalProblem(_ specifiers: [FormatSpecifier]) -> FormatProblem? {
        guard let firstNumbered = specifiers.first(where: { $0.explicitPosition != nil }),
            let first = specifiers.first(where: { $0.explicitPosition == nil })
        else { return nil }
        // Which specifier reads each argument first.
        var readers: [Int: FormatSpecifier] = [:]
        var twice: (FormatSpecifier, FormatSpecifier)?
        for specifier in specifiers where specifier.argument > 0 && specifier.variableName == nil {
            if let earlier = readers[specifier.argument] {
                if twice == nil, earlier.explicitPosition == nil || specifier.explicitPosition == nil { twice = (earlier, specifier) }
            } else {
                readers[specifier.argument] = specifier
            }
        }
        let highest = readers.keys.max() ?? 0
        let lowest = readers.keys.min() ?? 1
        let unread = (lowest..<max(highest, lowest)).filter { readers[$0] == nil }
        if let (earlier, later) = twice {
            let plain = later.explicitPosition == nil ? later : earlier
            let other = plain == later ? earlier : later
            let missing = unread.first ?? (highest < specifiers.count ? highest + 1 : nil)
            return FormatProblem(
                kind: .mixedPositional, start: plain.start, end: plain.end,
                detail: .mixedReadsTwice(plain: plain.text, argument: plain.argument, other: other.text, neverShown: missing))
        }
        if let missing = unread.first {
            return FormatProblem(
                kind: .mixedPositional, start: first.start, end: first.end,
                detail: .mixedSkips(plain: first.text, argument: first.argument, neverShown: missing))
        }
        return FormatProblem(
            kind: .mixedPositionalInOrder, start: first.start, end: first.end,
            detail: .mixedInOrder(plain: first.text, argument: first.argument, numbered: firstNumbered.text))
    }

    /// Type conflicts and position gaps over specifiers that may come from several pieces of one
    /// text; `alsoRead` are arguments read elsewhere (by a plural variable's rule).
    public static func argumentProblems(_ specifiers: [FormatSpecifier], alsoRead: Set<Int> = []) -> [FormatProblem] {
        argumentProblems(specifiers, alsoReading: alsoRead)
    }

    /// `argumentProblems(_:alsoRead:)` with the other arguments in any sequence (a plural
    /// variable's arguments are a dictionary's keys: no set made for every permutation).
    public static func argumentProblems(_ specifiers: [FormatSpecifier], alsoReading alsoRead: some Sequence<Int>) -> [FormatProblem] {
        // The usual text reads arguments 1...n once each (a plural form may read its variable's
        // number, which the variable reads too): nothing to report, and no sets to build.
        if specifiers.count < 64 {
            var mask: UInt64 = 0
            var simple = true
            for specifier in specifiers {
                let bit = UInt64(1) << UInt64(truncatingIfNeeded: specifier.argument)
                guard specifier.argument > 0, specifier.argument < 64, specifier.starArguments.isEmpty, mask & bit == 0 else {
                    simple = false
                    break
                }
                mask |= bit
            }
            for argument in alsoRead where simple {
                guard argument > 0, argument < 64 else {
                    simple = false
                    break
                }
                mask |= UInt64(1) << UInt64(argument)
            }
            // Bits 1...count; with 63 arguments the shift leaves the word and the wrapping
            // subtraction still gives bits 1...63 (a plain '-' trapped there, found by fuzzing).
            if simple, mask == (UInt64(1) << UInt64(mask.nonzeroBitCount + 1)) &- 2 { return [] }
        }
        var problems: [FormatProblem] = []
        let positional = specifiers.filter { $0.explicitPosition != nil }
        var seen: [Int: FormatSpecifier] = [:]
        for specifier in specifiers {
            if let earlier = seen[specifier.argument] {
                if !earlier.hasSignature(of: specifier) {
                    problems.append(
                        FormatProblem(
                            kind: .conflictingTypes, start: specifier.start, end: specifier.end,
                            detail: .conflictingTypes(argument: specifier.argument, first: earlier.text, second: specifier.text)))
                }
            } else {
                seen[specifier.argument] = specifier
            }
        }
        let used = Set(specifiers.flatMap { [$0.argument] + $0.starArguments }).union(alsoRead)
        if let highest = used.max(), highest <= maximumPosition, highest > used.count, let last = positional.last {
            let missing = (1...highest).filter { !used.contains($0) }
            problems.append(
                FormatProblem(
                    kind: .positionGap, start: last.start, end: last.end, detail: .positionGap(missing: missing)))
        }
        return problems
    }
}
