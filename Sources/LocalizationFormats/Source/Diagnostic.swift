/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary location attached to a diagnostic ("first defined here").
public struct DiagnosticNote: Sendable, Hashable, Codable {
    public var message: String
    public var path: String
    public var location: SourcePosition?

    public init(message: String, path: String, location: SourcePosition?) {
        self.message = message
        self.path = path
        self.location = location
    }
}

/// One finding about one place in one file.
///
/// Parsers return these as values instead of throwing, so a broken entry never hides the rest of
/// the file and the caller decides what an error means for the exit status.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// Stable kebab-case identifier, e.g. `strings-missing-semicolon`; part of the public API.
    public var id: String
    public var severity: Severity
    public var message: String
    public var path: String
    /// Nil only where the format has no positions (compiled binary property lists).
    public var location: SourcePosition?
    /// For byte-level problems (undecodable input), the offset in the file as stored on disk.
    public var byteOffset: Int?
    public var notes: [DiagnosticNote]
    /// Edits that would fix the problem; printed, never applied by `check`.
    public var fixIts: [FixIt]
    /// The key of the entry the diagnostic is about, when it is about one (a key defined twice,
    /// a `.stringsdict` entry's rule); key suppressions and baselines match it.
    public var key: String?

    public init(
        id: String, severity: Severity, message: String, path: String, location: SourcePosition?,
        byteOffset: Int? = nil, notes: [DiagnosticNote] = [], fixIts: [FixIt] = [], key: String? = nil
    ) {
        self.key = key
        self.fixIts = fixIts
        self.id = id
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
        self.byteOffset = byteOffset
        self.notes = notes
    }

    /// Deterministic order for output: path, line, column, id, message.
    public static func ordered(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        let left = lhs.location ?? SourcePosition(line: 0, column: 0)
        let right = rhs.location ?? SourcePosition(line: 0, column: 0)
        if left != right { return left < right }
        if lhs.id != rhs.id { return lhs.id < rhs.id }
        return lhs.message < rhs.message
    }
}

/// A problem that makes a file the run reads beside the tables (a baseline, a previous coverage
/// report) unusable, with where and why: such a file is refused whole, not reported finding by
/// finding.
public struct FileProblem: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var location: SourcePosition?
    public var message: String

    public init(path: String, location: SourcePosition?, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String {
        location.map { "\(path):\($0.line):\($0.column): error: \(message)" } ?? "\(path): error: \(message)"
    }
}
