import LocalizationFormats
import LocalizationIndex

/// Finds a string whose numbered specifiers skip a position (%1$@ … %3$@).
struct FormatPositionGapRule: Rule {
    static let description = RuleDescription(
        id: "format-position-gap", name: "Hole in the positions", area: .format,
        summary: "a string whose numbered specifiers skip a position (%1$@ … %3$@)",
        rationale:
            "CoreFoundation does not skip an argument nobody reads: it numbers the positions a text reads 1, 2, … in their order, so in '%1$@ … %3$@' the '%3$@' shows argument 2 (measured with swift-corelibs-foundation's String(format:), whose CFString.c formatting core is Apple's). A translation that leaves out argument 1 and reads '%2$@' shows argument 1 in its place: the wrong value, or garbage and a crash when the two differ in type. It is a warning when the reading happens to be the development text's (the translation numbers past the arguments passed: '%1$@ … %3$@' where two are passed), as the next edit to either text breaks it.",
        fix: "Use every position from 1 up, or renumber the specifiers.",
        defaultSeverity: .error,
        triggering: [
            .strings("\"route\" = \"From %1$@ to ↓%3$@\";\n"),
            .tables(("en", "\"route\" = \"From %1$@ to %2$@\";\n"), ("de", "\"route\" = \"Nach ↓%2$@\";\n")),
            .tables(("en", "\"followers\" = \"%1$lld followers of %2$@\";\n"), ("ko", "\"followers\" = \"팔로워 ↓%2$@명\";\n")),
            .tables(("en", "\"route\" = \"From %1$@ to %2$@\";\n"), ("ja", "\"route\" = \"%1$@ から ↓%3$@ まで\";\n")),
        ],
        nonTriggering: [
            .strings("\"route\" = \"From %1$@ to %2$@\";\n"),
            .tables(("en", "\"route\" = \"From %1$@ to %2$@\";\n"), ("de", "\"route\" = \"Nach %2$@, von %1$@\";\n")),
        ])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var limit = PerTextLimit()
        for index in context.textsWithProblems {
            let message = context.texts[index]
            guard let problem = message.analysis.problems.first(where: { $0.kind == .positionGap }),
                case .positionGap(let missing) = problem.detail, limit.admit(index)
            else { continue }
            let isTranslation = message.locale != context.baseLocale && message.locale != "Base"
            let base = isTranslation ? context.baseFormat(of: message) : nil
            let reading = GapReading(
                missing: missing, specifiers: message.analysis.specifiers, key: message.key, origin: message.origin, base: base,
                texts: context)
            var made = finding(
                .positionGap(reading, in: message.origin == .catalog ? message.subject : "'\(message.key)'"),
                path: message.path,
                at: message.position(ofScalar: problem.start), key: message.key, locale: message.locale, table: message.table)
            if reading.consequence == .asTheBase { made.diagnostic.severity = .warning }
            result.append(made)
        }
        return result + limit.overflow(self, context, what: Finding.Message.positionGaps.text)
    }
}

/// How CoreFoundation reads a text whose positions have a gap: the positions it reads are numbered
/// 1, 2, … in order, so each specifier past the gap shows an earlier argument.
struct GapReading {
    /// Positions below the highest that no specifier reads.
    let missing: [Int]
    /// The first specifier past the gap: what it is written as and the argument it shows.
    /// The specifier past the gap the message names (the first whose type clashes, else the first):
    /// what it is written as and the argument it shows.
    private(set) var shifted: (text: String, written: Int, shows: Int)?
    let consequence: Consequence

    enum Consequence: Equatable {
        /// No development text to compare with (it is the development text, or there is none).
        case unknown
        /// The argument shown is read by the development text with another type.
        case otherType(base: String, baseSignature: String)
        /// Each specifier shows the argument the development text shows at that place.
        case asTheBase
        /// A specifier shows another argument than the one the development text puts there.
        case wrongValue
    }

    init(
        missing: [Int], specifiers: [FormatSpecifier], key: String, origin: LocalizedStringOrigin, base: KeyFormat?,
        texts context: RuleContext
    ) {
        self.missing = missing
        func shows(_ argument: Int) -> Int { argument - missing.filter { $0 < argument }.count }
        let numbered = specifiers.filter { $0.explicitPosition != nil }
        let moved = numbered.filter { shows($0.argument) != $0.argument }
        shifted = moved.first.map { ($0.text, $0.argument, shows($0.argument)) }
        guard let base, !base.shape.isEmpty else {
            consequence = .unknown
            return
        }
        // What the base shows as each argument, numbered as CoreFoundation numbers it (the base
        // may have a gap of its own).
        let baseUses = base.arguments(in: context.texts)
        var baseShows: [Int: ArgumentUse] = [:]
        for (rank, argument) in baseUses.map(\.key).sorted().enumerated() { baseShows[rank + 1] = baseUses[argument] }
        // A catalog key with specifiers is the format the code passes ('%lld %@'): it types an
        // argument the development text reads only through a plural variable.
        let codeFormat = origin == .catalog && key.contains("%") ? FormatScanner.analyze(key).specifiers : []
        // Every specifier, moved or not: a type that differs from what is passed is the worst case.
        for specifier in moved + numbered.filter({ shows($0.argument) == $0.argument }) {
            let argument = shows(specifier.argument)
            let passed: (text: String, signature: String)? =
                baseShows[argument].flatMap { $0.isVariable ? nil : ($0.text, $0.signature) }
                ?? codeFormat.first { $0.argument == argument }.map { ($0.text, $0.signature) }
            if let passed, passed.signature != specifier.signature {
                shifted = (specifier.text, specifier.argument, argument)
                consequence = .otherType(base: passed.text, baseSignature: passed.signature)
                return
            }
        }
        // The translation numbers past what is passed and reads as many arguments as the base:
        // the renumbering lands each one where the development text has it.
        let highest = numbered.map(\.argument).max() ?? 0
        let read = Set(numbered.map { shows($0.argument) }).count
        consequence = highest > base.argumentCount && read == base.argumentCount ? .asTheBase : .wrongValue
    }
}

extension Finding.Message {
    /// A gap, where nothing shows which specifier moves (a plural variable reads past it).
    static func positionGap(missing: [Int]) -> Finding.Message {
        "\(neverRead(missing)); CoreFoundation numbers the positions a text reads 1, 2, … in order, so the later specifiers show earlier arguments"
    }

    private static func neverRead(_ missing: [Int]) -> String {
        let one = missing.count == 1
        return "argument\(one ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) \(one ? "is" : "are") never read"
    }

    fileprivate static func positionGap(_ reading: GapReading, in subject: String) -> Finding.Message {
        let never = "\(neverRead(reading.missing)) in \(subject)"
        guard let (text, written, shows) = reading.shifted else {
            return
                "\(never); CoreFoundation numbers the positions a text reads 1, 2, … in order, so the later specifiers show earlier arguments"
        }
        let how = "\(never); CoreFoundation numbers the positions a text reads 1, 2, … in order, so '\(text)' shows argument \(shows)"
        switch reading.consequence {
        case .unknown:
            return "\(how), not argument \(written)"
        case .otherType(let base, let signature):
            return
                "\(how), which the code passes as \(describeSignature(signature)) ('\(base)'): garbage or a crash"
        case .asTheBase:
            return
                "\(how), which is what the development text shows there, by accident of the numbering; renumber it before either text changes"
        case .wrongValue:
            return "\(how), not argument \(written) as the development text does"
        }
    }

    /// What the findings past the limit of one text are.
    fileprivate static let positionGaps: Finding.Message = "position gaps"
}
