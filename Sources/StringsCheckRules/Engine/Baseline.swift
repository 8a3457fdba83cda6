import Foundation
import LocalizationFormats
import LocalizationIndex

/// Findings a team has accepted for now. Matched by rule, path and message, not by line, so
/// edits elsewhere in a file do not bring old findings back.
public struct Baseline: Sendable, Codable, Hashable {
    public struct Entry: Sendable, Codable, Hashable {
        public var rule: String
        public var path: String
        public var message: String
        public var count: Int
    }

    public var version: Int
    public var findings: [Entry]

    public init(_ findings: [Finding]) {
        var counts: [Entry: Int] = [:]
        for finding in findings {
            let d = finding.diagnostic
            counts[Entry(rule: d.id, path: d.path, message: d.message, count: 0), default: 0] += 1
        }
        version = 1
        self.findings = counts.map { entry, count in
            var entry = entry
            entry.count = count
            return entry
        }.sorted { ($0.path, $0.rule, $0.message) < ($1.path, $1.rule, $1.message) }
    }

    /// Drops findings the baseline lists (each entry as many times as its count).
    public func filter(_ findings: [Finding]) -> ([Finding], Int) {
        var remaining: [String: Int] = [:]
        for entry in self.findings { remaining[Self.fingerprint(entry.rule, entry.path, entry.message), default: 0] += entry.count }
        var kept: [Finding] = []
        var dropped = 0
        for finding in findings {
            let key = Self.fingerprint(finding.diagnostic.id, finding.diagnostic.path, finding.diagnostic.message)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                dropped += 1
            } else {
                kept.append(finding)
            }
        }
        return (kept, dropped)
    }

    private static func fingerprint(_ rule: String, _ path: String, _ message: String) -> String {
        rule + "\u{1F}" + path + "\u{1F}" + message
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public static func decode(_ data: Data) throws -> Baseline {
        let baseline = try JSONDecoder().decode(Baseline.self, from: data)
        guard baseline.version == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unsupported baseline version \(baseline.version)"))
        }
        return baseline
    }
}
