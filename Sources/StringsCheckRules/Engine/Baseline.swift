import Foundation
import LocalizationFormats
import LocalizationIndex

/// Findings a team has accepted for now.
///
/// A finding is recognised by its rule, its file and table (relative to the baseline's anchor:
/// the configuration file's folder, else the repository root), its key and locale, and a hash of
/// its message, which quotes the offending text. Never by line, so an edit above a finding does
/// not bring it back; never by the paths as typed, so `check App` and `cd App && check .` agree.
public struct Baseline: Sendable, Codable, Hashable {
    public struct Entry: Sendable, Codable, Hashable {
        public var rule: String
        public var path: String
        public var table: String?
        public var key: String?
        public var locale: String?
        /// A hash of the message (FNV-1a, 64 bits, hex); version 1 baselines have none.
        public var fingerprint: String?
        /// For people reading the file; version 1 baselines match on it.
        public var message: String
        public var count: Int
    }

    public var version: Int
    public var findings: [Entry]
    /// The absolute folder paths are stored relative to; set by whoever reads or writes the
    /// baseline, not stored in it.
    public var anchor: String = FileManager.default.currentDirectoryPath

    enum CodingKeys: String, CodingKey {
        case version, findings
    }

    public init(_ findings: [Finding], anchor: String = FileManager.default.currentDirectoryPath) {
        self.anchor = anchor
        version = 2
        self.findings = []
        var counts: [Entry: Int] = [:]
        for finding in findings { counts[entry(for: finding), default: 0] += 1 }
        self.findings = counts.map { entry, count in
            var entry = entry
            entry.count = count
            return entry
        }.sorted {
            ($0.path, $0.rule, $0.key ?? "", $0.locale ?? "", $0.message) < ($1.path, $1.rule, $1.key ?? "", $1.locale ?? "", $1.message)
        }
    }

    /// A finding as an entry (count 0).
    func entry(for finding: Finding) -> Entry {
        let d = finding.diagnostic
        let locale = finding.locale ?? (finding.locales.isEmpty ? nil : finding.locales.joined(separator: ","))
        return Entry(
            rule: d.id, path: relative(d.path), table: finding.table.map(relative), key: finding.key, locale: locale,
            fingerprint: Self.hash(d.message), message: d.message, count: 0)
    }

    /// Drops findings the baseline lists (each entry as many times as its count).
    public func filter(_ findings: [Finding]) -> ([Finding], Int) {
        var remaining: [String: Int] = [:]
        for entry in self.findings { remaining[Self.identity(entry), default: 0] += entry.count }
        var kept: [Finding] = []
        var dropped = 0
        for finding in findings {
            let identity =
                version == 1
                ? Self.identity(rule: finding.diagnostic.id, finding.diagnostic.path, finding.diagnostic.message)
                : Self.identity(entry(for: finding))
            if let left = remaining[identity], left > 0 {
                remaining[identity] = left - 1
                dropped += 1
            } else {
                kept.append(finding)
            }
        }
        return (kept, dropped)
    }

    private static func identity(_ entry: Entry) -> String {
        guard let fingerprint = entry.fingerprint else { return identity(rule: entry.rule, entry.path, entry.message) }
        return [entry.rule, entry.path, entry.table ?? "", entry.key ?? "", entry.locale ?? "", fingerprint].joined(separator: "\u{1F}")
    }

    /// Version 1: rule, path as written, message.
    private static func identity(rule: String, _ path: String, _ message: String) -> String {
        rule + "\u{1F}" + path + "\u{1F}" + message
    }

    /// FNV-1a over the UTF-8 bytes: the same in every process (Swift's `hashValue` is not).
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        return String(value, radix: 16)
    }

    /// `path` relative to the anchor when it lies inside it, else absolute; `.` and `..` resolved.
    func relative(_ path: String) -> String {
        let absolute = FilePath.absolute(path, in: FileManager.default.currentDirectoryPath)
        let base = anchor  // absolute: a folder from `anchor(configurationPath:baselinePath:)` or the current one
        if base == "/" { return String(absolute.dropFirst()) }
        return absolute.hasPrefix(base + "/") ? String(absolute.dropFirst(base.count + 1)) : absolute
    }

    /// Where a baseline's paths start: the configuration file's folder when there is one, else
    /// the repository (the nearest folder above with `.git`), else the baseline file's folder.
    public static func anchor(configurationPath: String?, baselinePath: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        func folder(of path: String) -> String {
            let folder = (FilePath.absolute(path, in: current) as NSString).deletingLastPathComponent
            return folder.isEmpty ? "/" : folder
        }
        if let configurationPath { return folder(of: configurationPath) }
        var candidate = current
        while true {
            if FileManager.default.fileExists(atPath: candidate + "/.git") { return candidate }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return folder(of: baselinePath) }
            candidate = parent
        }
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public static func decode(_ data: Data, anchor: String = FileManager.default.currentDirectoryPath) throws -> Baseline {
        var baseline = try JSONDecoder().decode(Baseline.self, from: data)
        guard baseline.version == 1 || baseline.version == 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unsupported baseline version \(baseline.version)"))
        }
        baseline.anchor = anchor
        return baseline
    }
}
