import LocalizationFormats
import LocalizationIndex

/// What part of a project a rule looks at; groups the rules in `stringscheck rules` and the docs.
public enum RuleArea: String, Sendable, CaseIterable, Codable {
    case parse
    case file
    case crossLocale = "cross-locale"
    case format
    case stringsdict
    case catalog
    case payload
    case code
    case text
    case xliff

    public var title: String {
        switch self {
        case .parse: "Parsing"
        case .file: "Files and values"
        case .crossLocale: "Across locales"
        case .format: "Format specifiers"
        case .stringsdict: "Stringsdict"
        case .catalog: "String Catalogs"
        case .payload: "Push payloads"
        case .code: "The app's code"
        case .text: "What a translation keeps"
        case .xliff: "Translator deliverables (XLIFF)"
        }
    }
}

/// A file of a rule example, written as text with `↓` marking where a finding is expected.
public struct ExampleFile: Sendable, Hashable {
    public enum Encoding: String, Sendable, Hashable {
        case utf8
        case latin1
        case utf16LittleEndian
        case utf16LittleEndianWithBOM
    }

    public var path: String
    public var text: String
    public var encoding: Encoding

    public init(_ path: String, _ text: String, encoding: Encoding = .utf8) {
        self.path = path
        self.text = text
        self.encoding = encoding
    }

    /// The marker that stands where a finding is expected; it is removed before parsing.
    public static let marker: Character = "↓"
}

/// A small virtual tree that shows a rule at work; also the rule's test and its documentation.
public struct RuleExample: Sendable, Hashable {
    public var files: [ExampleFile]
    /// Configuration text (`.stringscheck.yml`) the example runs with, when the defaults do not show it.
    public var configuration: String?

    public init(_ files: [ExampleFile], configuration: String? = nil) {
        self.files = files
        self.configuration = configuration
    }

    /// One `.strings` file in the base locale.
    public static func strings(_ text: String, path: String = "en.lproj/Localizable.strings") -> RuleExample {
        RuleExample([ExampleFile(path, text)])
    }
}

/// A fix-it's example: files with the finding, and what `stringscheck fix` makes of them (file
/// path → its whole text after the fix). Run as a test and printed in the rules reference.
public struct FixItExample: Sendable, Hashable {
    public var before: RuleExample
    public var after: [String: String]
    /// Whether the repair changes what the file delivers, so `fix` makes it only with `--unsafe`.
    public var unsafe: Bool

    public init(before: RuleExample, after: [String: String], unsafe: Bool = false) {
        self.before = before
        self.after = after
        self.unsafe = unsafe
    }
}

/// A rule's examples (its triggering and non-triggering ones and its fix-it's), made once, the
/// first time one is read: every run reads the descriptions of all rules (the argument parser
/// lists their IDs, the engine their severities), and making every rule's example files cost a
/// check of a small tree about a tenth of its time. Equal when the examples are.
struct RuleExamples: Sendable, Hashable {
    struct Made: Sendable, Hashable {
        var triggering: [RuleExample]
        var nonTriggering: [RuleExample]
        var fixIt: FixItExample?
    }

    private let make: @Sendable () -> Made
    private let lazy = Lazy<Made>()

    init(_ make: @escaping @Sendable () -> Made) { self.make = make }

    init(triggering: [RuleExample], nonTriggering: [RuleExample], fixIt: FixItExample?) {
        self.init { Made(triggering: triggering, nonTriggering: nonTriggering, fixIt: fixIt) }
    }

    var made: Made { lazy.get(make) }

    static func == (lhs: RuleExamples, rhs: RuleExamples) -> Bool { lhs.made == rhs.made }

    func hash(into hasher: inout Hasher) { hasher.combine(made) }
}

/// Everything users and tools need to know about a rule: its stable ID, why it exists, and
/// examples that are run as tests and printed in the docs.
public struct RuleDescription: Sendable, Hashable {
    /// Stable kebab-case ID; part of the public API (configs and suppressions name it).
    public var id: String
    public var name: String
    public var area: RuleArea
    /// One sentence: what the rule finds.
    public var summary: String
    /// Why it matters to users of the app.
    public var rationale: String
    /// How to fix a finding.
    public var fix: String
    public var defaultSeverity: Severity
    /// Off unless the configuration turns it on.
    public var isOptIn: Bool
    /// Examples run as tests and printed in the docs, made the first time they are read (see
    /// `RuleExamples`).
    public var triggering: [RuleExample] {
        get { examples.made.triggering }
        set { examples = RuleExamples(triggering: newValue, nonTriggering: nonTriggering, fixIt: fixIt) }
    }
    public var nonTriggering: [RuleExample] {
        get { examples.made.nonTriggering }
        set { examples = RuleExamples(triggering: triggering, nonTriggering: newValue, fixIt: fixIt) }
    }
    private var examples: RuleExamples
    /// Old IDs that still select this rule in configurations and suppressions.
    public var deprecatedIDs: [String]
    /// Why a rule has no runnable examples (it needs a real file system: permissions, links).
    public var examplesNotApplicable: String?
    /// Translation backlog, not a defect: work not done yet (a key not translated, a locale behind),
    /// where nothing that exists is wrong. Text output summarises it per table, and `--strict`
    /// leaves it out unless `--strict-backlog` (or `strict_backlog: true`) asks.
    public var isBacklog: Bool
    /// For a rule `stringscheck fix` repairs: its example before and after. Nil when a finding
    /// needs a person.
    public var fixIt: FixItExample? {
        get { examples.made.fixIt }
        set { examples = RuleExamples(triggering: triggering, nonTriggering: nonTriggering, fixIt: newValue) }
    }

    /// The examples are made when first read, not here (see `RuleExamples`).
    public init(
        id: String, name: String, area: RuleArea, summary: String, rationale: String, fix: String,
        defaultSeverity: Severity, isOptIn: Bool = false, isBacklog: Bool = false,
        triggering: @autoclosure @escaping @Sendable () -> [RuleExample],
        nonTriggering: @autoclosure @escaping @Sendable () -> [RuleExample], deprecatedIDs: [String] = [],
        examplesNotApplicable: String? = nil, fixIt: @autoclosure @escaping @Sendable () -> FixItExample? = nil
    ) {
        let examples = RuleExamples { .init(triggering: triggering(), nonTriggering: nonTriggering(), fixIt: fixIt()) }
        self.init(
            id: id, name: name, area: area, summary: summary, rationale: rationale, fix: fix, defaultSeverity: defaultSeverity,
            isOptIn: isOptIn, isBacklog: isBacklog, examples: examples, deprecatedIDs: deprecatedIDs,
            examplesNotApplicable: examplesNotApplicable)
    }

    init(
        id: String, name: String, area: RuleArea, summary: String, rationale: String, fix: String,
        defaultSeverity: Severity, isOptIn: Bool = false, isBacklog: Bool = false, examples: RuleExamples,
        deprecatedIDs: [String] = [], examplesNotApplicable: String? = nil
    ) {
        self.examples = examples
        self.id = id
        self.name = name
        self.area = area
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.deprecatedIDs = deprecatedIDs
        self.examplesNotApplicable = examplesNotApplicable
        self.isBacklog = isBacklog
    }
}

extension Finding {
    /// What a finding, one of its notes or its fix-it says, in the words of the rule that makes
    /// it: each rule writes its messages as static functions of an `extension Finding.Message` at
    /// the bottom of its own file, so the rule's file tells its whole story (what it finds, why,
    /// and what it says).
    public struct Message: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        public var text: String

        public init(_ text: String) { self.text = text }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: Interpolation) { text = String(decoding: stringInterpolation.bytes, as: UTF8.self) }

        public var description: String { text }

        /// A message's pieces written as UTF-8 bytes end to end, made a string once: a rule words
        /// thousands of findings, and every append to a string checked the string more than it
        /// copied. Each value is written as `DefaultStringInterpolation` writes it
        /// (`String(describing:)`).
        public struct Interpolation: StringInterpolationProtocol {
            var bytes: [UInt8] = []

            public init(literalCapacity: Int, interpolationCount: Int) {
                bytes.reserveCapacity(literalCapacity + interpolationCount * 16)
            }

            public mutating func appendLiteral(_ literal: String) { append(literal) }

            public mutating func appendInterpolation(_ value: String) { append(value) }

            public mutating func appendInterpolation(_ value: Substring) { bytes.append(contentsOf: value.utf8) }

            public mutating func appendInterpolation(_ value: Int) { append(String(value)) }

            public mutating func appendInterpolation<T>(_ value: T) { append(String(describing: value)) }

            private mutating func append(_ text: String) {
                if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                    bytes.append(contentsOf: text.utf8)
                }
            }
        }
    }
}

extension DiagnosticNote {
    /// A note in its rule's words.
    init(_ message: Finding.Message, path: String, location: SourcePosition?) {
        self.init(message: message.text, path: path, location: location)
    }
}

/// A check over the whole project. Rules are stateless; cross-locale checks are the normal case.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The index parts the rule reads beyond the tables, usages and files every index has; its
    /// context lets it read only these, and the engine builds only what the rules that run read.
    static var reads: Set<IndexPart> { get }
    /// Whether the rule's findings concern the table they name (`Finding.table`) wherever they
    /// are reported: when files are given, a finding about a given table is kept.
    static var concernsTheTable: Bool { get }
    init()
    /// Findings at the rule's default severity; the engine applies the configuration.
    func check(_ context: RuleContext) -> [Finding]
}

extension Rule {
    public static var reads: Set<IndexPart> { [] }
    public static var concernsTheTable: Bool { false }

    /// Whether the rule reads a part that walks every entry: the engine starts such rules first,
    /// so that a long one does not run last on one core while the other has nothing left (the
    /// findings are the same either way).
    static var walksEveryEntry: Bool { reads.contains { $0.walksEveryEntry } }

    /// Whether the rule reads a part the index builds: the engine starts the rules that read none
    /// beside the build of the others' parts.
    static var readsBuiltParts: Bool { reads.contains { $0.isBuilt } }

    /// A finding of this rule at its default severity.
    func finding(
        _ message: Finding.Message, path: String, at location: SourcePosition?, key: String? = nil, locale: String? = nil,
        table: String? = nil, locales: [String] = [], notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) -> Finding {
        let description = Self.description
        return Finding(
            Diagnostic(
                id: description.id, severity: description.defaultSeverity, message: message.text, path: path, location: location,
                notes: notes, fixIts: fixIts),
            key: key, locale: locale, table: table, locales: locales)
    }
}
