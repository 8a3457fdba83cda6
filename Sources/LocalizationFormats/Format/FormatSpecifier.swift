/// The C type an argument is read as, which decides whether two specifiers are compatible.
public enum FormatArgumentType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `%@`: an object (in a push payload, a string from `loc-args`).
    case object
    /// `%d %i %D` and the others that read a signed integer.
    case int
    /// `%u %U %x %X %o %O`.
    case unsignedInt
    /// `%f %F %e %E %g %G %a %A`.
    case double
    /// `%c` (8-bit char).
    case char
    /// `%C` (16-bit unichar).
    case unichar
    /// `%s`: a NUL-terminated C string.
    case cString
    /// `%S`: a NUL-terminated unichar array.
    case unicharString
    /// `%p`.
    case pointer
    /// `%P`: a Pascal string (undocumented).
    case pascalString
    /// `%n`: writes the count (disabled in CoreFoundation).
    case count
}

/// A length modifier, which sets the argument's size.
public enum FormatLength: String, Sendable, Hashable, Codable {
    case hh, h, l, ll, q, L, z, t, j

    /// Sizes CoreFoundation treats as the same (`ll` and `q`; `l`, `z`, `t` on 64-bit).
    var sizeClass: String { Self.sizeClasses[sizeClassNumber] }

    /// `sizeClass` by number, 0 standing for no length.
    static let sizeClasses = ["", "8", "16", "64", "long-double"]
    var sizeClassNumber: Int {
        switch self {
        case .hh: 1
        case .h: 2
        case .l, .z, .t, .j, .ll, .q: 3
        case .L: 4
        }
    }
}

/// One conversion specifier in a format string, as CoreFoundation's `__CFParseFormatSpec` reads it.
public struct FormatSpecifier: Sendable, Hashable, Codable {
    // Stored compactly, since every scanned message keeps its specifiers: offsets and numbers fit
    // 32 bits (a message past 2 billion scalars is clamped); flags, variable names and `*`
    // arguments are rare and share one optional box.
    /// The specifier's text as written, e.g. `%1$@` or `%-5.2lf`.
    public var text: String
    private var rare: RareParts?
    private var storedStart: Int32
    private var storedEnd: Int32
    private var storedArgument: Int32
    /// `Int32.min` when the specifier names no position.
    private var storedPosition: Int32
    private var storedConversion: Unicode.Scalar
    public var length: FormatLength?
    public var type: FormatArgumentType

    private final class RareParts: Sendable {
        let flags: String
        let variableName: String?
        let starArguments: [Int]

        init(flags: String, variableName: String?, starArguments: [Int]) {
            self.flags = flags
            self.variableName = variableName
            self.starArguments = starArguments
        }

        static func make(flags: String, variableName: String?, starArguments: [Int]) -> RareParts? {
            flags.isEmpty && variableName == nil && starArguments.isEmpty
                ? nil : RareParts(flags: flags, variableName: variableName, starArguments: starArguments)
        }
    }

    private static func clamped(_ value: Int) -> Int32 { Int32(clamping: value) }

    /// `Int32.min` stands for no position, so a written one is clamped above it.
    private static func storedPosition(_ position: Int?) -> Int32 {
        position.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? Int32.min
    }

    /// Offsets in Unicode scalars from the start of the string, `%` included.
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = Self.clamped(newValue) }
    }
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Self.clamped(newValue) }
    }
    /// The `n$` position when written, else nil.
    public var explicitPosition: Int? {
        get { storedPosition == Int32.min ? nil : Int(storedPosition) }
        set { storedPosition = Self.storedPosition(newValue) }
    }
    /// The argument this specifier reads (1-based), after CoreFoundation's numbering.
    public var argument: Int {
        get { Int(storedArgument) }
        set { storedArgument = Self.clamped(newValue) }
    }
    public var flags: String {
        get { rare?.flags ?? "" }
        set { rare = RareParts.make(flags: newValue, variableName: variableName, starArguments: starArguments) }
    }
    /// The conversion character (`@`, `d`, …): one scalar, `?` when the scanner found none.
    public var conversion: Character {
        get { Character(storedConversion) }
        set { storedConversion = newValue.unicodeScalars.first ?? "?" }
    }
    /// `%#@name@`: the name of a `.stringsdict` variable; nil for ordinary specifiers.
    public var variableName: String? {
        get { rare?.variableName }
        set { rare = RareParts.make(flags: flags, variableName: newValue, starArguments: starArguments) }
    }
    /// Arguments read by `*` width or precision, in order (1-based).
    public var starArguments: [Int] {
        get { rare?.starArguments ?? [] }
        set { rare = RareParts.make(flags: flags, variableName: variableName, starArguments: newValue) }
    }

    /// The key that decides compatibility: type and size (`%d` ≡ `%i`, `%d` ≠ `%ld`).
    public var signature: String {
        if let variableName { return "#@\(variableName)@" }
        return Self.signatures[type]?[length?.sizeClassNumber ?? 0] ?? type.rawValue
    }

    /// Whether `other` has this specifier's `signature` (reads its argument with the same type and
    /// size, or is the same variable), answered without making either: signatures are compared
    /// for every specifier of every text.
    public func hasSignature(of other: FormatSpecifier) -> Bool {
        // A variable's signature is its name (kept with the rare parts, nearly always absent).
        if rare != nil || other.rare != nil, variableName != nil || other.variableName != nil {
            return variableName == other.variableName
        }
        return type == other.type && (length?.sizeClassNumber ?? 0) == (other.length?.sizeClassNumber ?? 0)
    }

    /// Every type's signatures by size class, made once: a signature is asked for each
    /// specifier of each text, and joining it anew each time was a cost of its own.
    private static let signatures: [FormatArgumentType: [String]] = Dictionary(
        uniqueKeysWithValues: FormatArgumentType.allCases.map { type in
            (type, FormatLength.sizeClasses.map { $0.isEmpty ? type.rawValue : type.rawValue + ":" + $0 })
        })

    public static func == (lhs: FormatSpecifier, rhs: FormatSpecifier) -> Bool {
        lhs.storedStart == rhs.storedStart && lhs.storedEnd == rhs.storedEnd && lhs.text == rhs.text
            && lhs.storedPosition == rhs.storedPosition && lhs.storedArgument == rhs.storedArgument
            && lhs.length == rhs.length && lhs.storedConversion == rhs.storedConversion
            && lhs.type == rhs.type && lhs.flags == rhs.flags && lhs.variableName == rhs.variableName
            && lhs.starArguments == rhs.starArguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedStart)
        hasher.combine(storedEnd)
        hasher.combine(text)
        hasher.combine(storedArgument)
        hasher.combine(type)
    }

    enum CodingKeys: String, CodingKey {
        case start, end, text, explicitPosition, argument, flags, length, conversion, type, variableName, starArguments
    }

    public init(
        start: Int, end: Int, text: String, explicitPosition: Int?, argument: Int, flags: String, length: FormatLength?,
        conversion: Character, type: FormatArgumentType, variableName: String?, starArguments: [Int]
    ) {
        self.text = text
        rare = RareParts.make(flags: flags, variableName: variableName, starArguments: starArguments)
        storedStart = Self.clamped(start)
        storedEnd = Self.clamped(end)
        storedArgument = Self.clamped(argument)
        storedPosition = Self.storedPosition(explicitPosition)
        storedConversion = conversion.unicodeScalars.first ?? "?"
        self.length = length
        self.type = type
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let conversion = try c.decode(String.self, forKey: .conversion)
        guard conversion.unicodeScalars.count == 1, let scalar = conversion.unicodeScalars.first else {
            throw DecodingError.dataCorruptedError(forKey: .conversion, in: c, debugDescription: "a conversion is one character")
        }
        self.init(
            start: try c.decode(Int.self, forKey: .start), end: try c.decode(Int.self, forKey: .end),
            text: try c.decode(String.self, forKey: .text),
            explicitPosition: try c.decodeIfPresent(Int.self, forKey: .explicitPosition),
            argument: try c.decode(Int.self, forKey: .argument), flags: try c.decode(String.self, forKey: .flags),
            length: try c.decodeIfPresent(FormatLength.self, forKey: .length),
            conversion: Character(scalar),
            type: try c.decode(FormatArgumentType.self, forKey: .type),
            variableName: try c.decodeIfPresent(String.self, forKey: .variableName),
            starArguments: try c.decode([Int].self, forKey: .starArguments))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(explicitPosition, forKey: .explicitPosition)
        try c.encode(argument, forKey: .argument)
        try c.encode(flags, forKey: .flags)
        try c.encodeIfPresent(length, forKey: .length)
        try c.encode(String(conversion), forKey: .conversion)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(variableName, forKey: .variableName)
        try c.encode(starArguments, forKey: .starArguments)
    }
}

/// What is wrong with a format string, and where (scalar offsets).
public struct FormatProblem: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `%` followed by a character CoreFoundation does not know: the text stays literal.
        case invalidConversion = "invalid-conversion"
        /// `%'d`: the thousands flag is not CoreFoundation's; the whole thing stays literal.
        case thousandsFlag = "thousands-flag"
        /// A `%` at the very end.
        case incompleteSpecifier = "incomplete-specifier"
        /// `%0$@`.
        case positionZero = "position-zero"
        /// `%128$@` and above: CoreFoundation fails the whole format.
        case positionTooLarge = "position-too-large"
        /// Positional and non-positional specifiers in one string, so that CoreFoundation's
        /// numbering (unnumbered specifiers count 1, 2, … on their own) reads an argument twice
        /// or never reads one.
        case mixedPositional = "mixed-positional"
        /// Positional and non-positional specifiers in one string that CoreFoundation still
        /// reads in order, each argument once: right on Apple platforms, fragile elsewhere.
        case mixedPositionalInOrder = "mixed-positional-in-order"
        /// `%1$@ %3$@` without `%2$…`: CoreFoundation shifts the later arguments down.
        case positionGap = "position-gap"
        /// The same argument read as two different types.
        case conflictingTypes = "conflicting-types"
        /// `%n`, which CoreFoundation disables.
        case countConversion = "count-conversion"
        /// `% d`, `%-s` and the like next to words: probably a literal percent sign ("100% done").
        case probableLiteralPercent = "probable-literal-percent"
    }

    /// What the scanner saw, with the operands a message names: no prose (the rules that report
    /// a problem write its message).
    public enum Detail: Sendable, Hashable, Codable {
        /// A '%' is the string's last character.
        case percentAtEnd
        /// The specifier runs into the end of the string.
        case cutOff
        /// A `%#@name` runs into the end of the string.
        case variableNameCutOff
        /// `%0$`: the 0 is a flag, so no position is named.
        case zeroFlagBeforeDollar
        /// `%'`: `shown` is the character after the '%' as a message names it.
        case thousandsFlag(shown: String)
        /// '%' followed by `shown`, which is no conversion.
        case unknownConversion(shown: String)
        /// A specifier naming position 0.
        case positionZero(specifier: String)
        /// A position above `maximum`.
        case positionTooLarge(position: Int, maximum: Int)
        /// `%n`.
        case countConversion
        /// A specifier that looks like a percent sign before a word.
        case literalPercent(specifier: String)
        /// An unnumbered specifier that reads an argument a numbered one reads too, and the
        /// argument then never shown, if any.
        case mixedReadsTwice(plain: String, argument: Int, other: String, neverShown: Int?)
        /// An unnumbered specifier that leaves argument `neverShown` unread.
        case mixedSkips(plain: String, argument: Int, neverShown: Int)
        /// Numbered and unnumbered specifiers that still read each argument once, in order.
        case mixedInOrder(plain: String, argument: Int, numbered: String)
        /// One argument read as two types.
        case conflictingTypes(argument: Int, first: String, second: String)
        /// Arguments below the highest that nothing reads.
        case positionGap(missing: [Int])
    }

    public var kind: Kind
    public var start: Int
    public var end: Int
    public var detail: Detail

    public init(kind: Kind, start: Int, end: Int, detail: Detail) {
        self.kind = kind
        self.start = start
        self.end = end
        self.detail = detail
    }
}

/// The result of scanning one format string.
public struct FormatAnalysis: Sendable, Hashable {
    public var specifiers: [FormatSpecifier]
    public var problems: [FormatProblem]

    public init(specifiers: [FormatSpecifier], problems: [FormatProblem]) {
        self.specifiers = specifiers
        self.problems = problems
    }

    /// A text without any '%'.
    public static let empty = FormatAnalysis(specifiers: [], problems: [])

    /// Argument number → the signature it is read as (first specifier wins; conflicts are problems).
    public var arguments: [Int: String] {
        var result: [Int: String] = [:]
        for specifier in specifiers {
            for star in specifier.starArguments where result[star] == nil { result[star] = "int" }
            if result[specifier.argument] == nil { result[specifier.argument] = specifier.signature }
        }
        return result
    }

    /// The number of arguments a caller must pass (the highest argument read).
    public var argumentCount: Int {
        specifiers.reduce(0) { max($0, max($1.argument, $1.starArguments.max() ?? 0)) }
    }

    /// True when the string has no specifier at all (besides `%%`).
    public var isPlainText: Bool { specifiers.isEmpty }
}
