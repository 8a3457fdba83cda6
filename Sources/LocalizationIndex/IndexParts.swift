import Dispatch
import LocalizationFormats

/// A part of the index a reader declares before it reads it, beyond what every index has (the
/// project, merged tables, usages and the questions of `ProjectIndex`).
///
/// Built parts cost a pass over the project when first asked for; walked parts cost nothing to
/// build but a walk over every entry of their kind each time a reader reads them.
public enum IndexPart: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Every localized text with its scan: `texts`, `textsWithSpecifiers`, `textsWithProblems`,
    /// `stringsdictTexts`, `emptyTexts`.
    case texts
    /// Each key's arguments per table and locale: `formats`.
    case formats
    /// Translations whose arguments differ from the base's: `formatPairs`.
    case formatPairs
    /// Which base keys each translation has: `keyPresence`.
    case keyPresence
    /// Every payload key looked up in every locale: `payloadLookups`.
    case payloadLookups
    /// Every set of plural forms: `pluralForms`.
    case pluralForms
    /// Every key the scanned code looks up, resolved: `codeKeyLookups`.
    case codeLookups
    /// Every `.stringsdict` entry, walked in place (nothing is built; `forEachStringsdictEntry`).
    case stringsdictEntries
    /// The payload templates as written, walked byte by byte (nothing is built; `templateFiles`).
    case templateBytes

    /// Whether reading the part walks every entry of the project (every plural set, every
    /// `.stringsdict` entry, every template byte): a reader of one takes longest on a large
    /// project, so a scheduler starts it first.
    public var walksEveryEntry: Bool {
        switch self {
        case .pluralForms, .stringsdictEntries, .templateBytes: true
        case .texts, .formats, .formatPairs, .keyPresence, .payloadLookups, .codeLookups: false
        }
    }

    /// Whether the part is built (once, when first read) rather than walked where it lies: a
    /// reader of no built part needs nothing built before it runs. A built part may still walk
    /// every entry once built (`walksEveryEntry`: the plural sets).
    public var isBuilt: Bool {
        switch self {
        case .texts, .formats, .formatPairs, .keyPresence, .payloadLookups, .pluralForms, .codeLookups: true
        case .stringsdictEntries, .templateBytes: false
        }
    }

    public static func < (a: IndexPart, b: IndexPart) -> Bool {
        a.rawValue < b.rawValue
    }
}

/// The built parts of an index a reader declared, as one immutable value.
///
/// A reader sees only the parts it declared: reading another one stops the program, so a
/// forgotten declaration fails the reader's own tests instead of working by luck beside a reader
/// that declared it.
public struct IndexParts: Sendable {
    /// The parts this value lets its reader read.
    public let declared: Set<IndexPart>
    private let batch: TextBatch?
    private let builtFormats: [String: [String: TableFormats]]?
    private let builtPairs: [FormatPair]?
    private let builtPresence: [String: KeyPresence]?
    private let builtLookups: [PayloadKeyLookup]?
    private let builtPluralForms: [PluralForms]?
    private let builtCodeLookups: [CodeKeyLookup]?

    /// The parts `declared` of `index`, each built once however many readers ask (see
    /// `ProjectIndex.parts(_:)`).
    init(_ index: ProjectIndex, declared: Set<IndexPart>) {
        self.declared = declared
        batch = declared.contains(.texts) ? index.textBatch : nil
        builtFormats = declared.contains(.formats) ? index.formats : nil
        builtPairs = declared.contains(.formatPairs) ? index.formatPairs : nil
        builtPresence = declared.contains(.keyPresence) ? index.keyPresence : nil
        builtLookups = declared.contains(.payloadLookups) ? index.payloadLookups : nil
        builtPluralForms = declared.contains(.pluralForms) ? index.pluralForms : nil
        builtCodeLookups = declared.contains(.codeLookups) ? index.codeKeyLookups : nil
    }

    private init(narrowing parts: IndexParts, to declared: Set<IndexPart>) {
        self.declared = declared
        batch = declared.contains(.texts) ? parts.batch : nil
        builtFormats = declared.contains(.formats) ? parts.builtFormats : nil
        builtPairs = declared.contains(.formatPairs) ? parts.builtPairs : nil
        builtPresence = declared.contains(.keyPresence) ? parts.builtPresence : nil
        builtLookups = declared.contains(.payloadLookups) ? parts.builtLookups : nil
        builtPluralForms = declared.contains(.pluralForms) ? parts.builtPluralForms : nil
        builtCodeLookups = declared.contains(.codeLookups) ? parts.builtCodeLookups : nil
    }

    /// The same parts, readable only where `parts` declares them (each must be declared here).
    public func narrowed(to parts: Set<IndexPart>) -> IndexParts {
        precondition(parts.isSubset(of: declared), "narrowed to parts that were not built: \(parts.subtracting(declared).sorted())")
        return IndexParts(narrowing: self, to: parts)
    }

    private func read<Value>(_ value: Value?, _ part: IndexPart) -> Value {
        guard let value else { preconditionFailure("the index part '\(part.rawValue)' is read but was not declared") }
        return value
    }

    /// Every localized text in file order (a `.stringsdict` entry gives one per permutation of
    /// its forms, a catalog value one per variation).
    public var texts: TextStore { read(batch, .texts).texts }
    /// Texts with format specifiers, in tables used as formats.
    public var textsWithSpecifiers: TextPositions { read(batch, .texts).withSpecifiers }
    /// Texts whose scan found format problems, in tables used as formats.
    public var textsWithProblems: TextPositions { read(batch, .texts).withProblems }
    /// Texts from `.stringsdict` files.
    public var stringsdictTexts: TextPositions { read(batch, .texts).stringsdict }
    /// Texts that are empty.
    public var emptyTexts: TextPositions { read(batch, .texts).empty }
    /// table → locale → key → the arguments its text reads.
    public var formats: [String: [String: TableFormats]] { read(builtFormats, .formats) }
    /// Each translated key's arguments beside the base's, for keys whose arguments differ (in
    /// number, type or size); a translation that reads what the base passes has no pair.
    public var formatPairs: [FormatPair] { read(builtPairs, .formatPairs) }
    /// table → which base keys each translation has; see `KeyPresence`.
    public var keyPresence: [String: KeyPresence] { read(builtPresence, .keyPresence) }
    /// Every localized part of every payload, looked up in every locale.
    public var payloadLookups: [PayloadKeyLookup] { read(builtLookups, .payloadLookups) }
    /// Every set of plural forms (`.stringsdict` plural variables, catalog plural variations).
    public var pluralForms: [PluralForms] { read(builtPluralForms, .pluralForms) }
    /// Every key the scanned code looks up, resolved, in file order.
    public var codeKeyLookups: [CodeKeyLookup] { read(builtCodeLookups, .codeLookups) }
}

extension ProjectIndex {
    /// The parts `wanted`, built now (those not built before), as one value.
    ///
    /// The key formats first, on every core; then, when there are payloads or code to resolve,
    /// payload lookups beside format pairs, key presence, plural forms and code lookups, so the
    /// stretches of one that run on one core overlap the other (the side work is handed to a
    /// worker, not run as one arm of a parallel loop). Without them the other parts are built on
    /// this thread, where each part's own loops have every core.
    public func parts(_ wanted: Set<IndexPart>) -> IndexParts {
        if !wanted.isDisjoint(with: [.formats, .formatPairs]) {
            _ = formats
        } else if wanted.contains(.texts) {
            _ = textBatch
        }
        let side: @Sendable () -> Void = { [self] in
            if wanted.contains(.formatPairs) { _ = formatPairs }
            if wanted.contains(.keyPresence) { _ = keyPresence }
            if wanted.contains(.pluralForms) { _ = pluralForms }
            if wanted.contains(.codeLookups) { _ = codeKeyLookups }
        }
        // Without payloads or code there are no payload lookups to build beside the other parts:
        // they are built here, where each spreads its own work over every core (on a worker
        // beside this thread, a part's own spreading got the one core left).
        if wanted.contains(.payloadLookups), !project.payloadFiles.isEmpty || !project.codeFiles.isEmpty {
            Self.alongside(side) { _ = payloadLookups }
        } else {
            side()
        }
        return IndexParts(self, declared: wanted)
    }

    /// The parts built so far (walked parts are never built).
    package var builtParts: Set<IndexPart> {
        var result: Set<IndexPart> = []
        if textsPart.isBuilt { result.insert(.texts) }
        if formatsPart.isBuilt { result.insert(.formats) }
        if pairsPart.isBuilt { result.insert(.formatPairs) }
        if presencePart.isBuilt { result.insert(.keyPresence) }
        if lookupsPart.isBuilt { result.insert(.payloadLookups) }
        if pluralPart.isBuilt { result.insert(.pluralForms) }
        if codeLookupsPart.isBuilt { result.insert(.codeLookups) }
        return result
    }

    /// Runs `side` on a worker while `main` runs on this thread; returns when both are done.
    private static func alongside(_ side: @escaping @Sendable () -> Void, _ main: () -> Void) {
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { side() }
        main()
        done.wait()
    }
}
