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
        for entry in self.findings {
            // Counts are bounded when read; the sum saturates anyway rather than trap.
            let key = Self.identity(entry)
            let (sum, overflow) = remaining[key, default: 0].addingReportingOverflow(entry.count)
            remaining[key] = overflow ? Int.max : sum
        }
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
        try read([UInt8](data), path: "baseline", anchor: anchor)
    }

    /// The largest count one entry may carry: far more findings than any tree has, and small
    /// enough that every sum of counts stays exact.
    public static let maximumCount = 1 << 31

    /// Reads a baseline as a pull request may have written it: every value is checked before it
    /// is used (types, versions, counts), and the first problem is thrown with its line and
    /// column, so a crafted file is refused instead of crashing or misleading the run.
    public static func read(_ bytes: [UInt8], path: String, anchor: String = FileManager.default.currentDirectoryPath) throws(FileProblem)
        -> Baseline
    {
        let root = try JSONReader.root(bytes: bytes, path: path)
        func fail(_ node: JSONNode, _ message: String) -> FileProblem {
            FileProblem(path: path, location: node.location, message: message)
        }
        guard root.object != nil else {
            throw fail(root, "expected an object with 'version' and 'findings', found \(root.typeNameWithArticle)")
        }
        guard let versionNode = root["version"] else { throw fail(root, "expected a 'version' member (1 or 2)") }
        guard case .number(let versionText) = versionNode.value, versionText == "1" || versionText == "2" else {
            throw fail(versionNode, "unsupported baseline version \(versionNode.shown); this version reads 1 and 2")
        }
        guard let findingsNode = root["findings"] else { throw fail(root, "expected a 'findings' member (an array)") }
        guard let items = findingsNode.array else {
            throw fail(findingsNode, "'findings' must be an array, not \(findingsNode.typeNameWithArticle)")
        }
        var baseline = Baseline([], anchor: anchor)
        baseline.version = versionText == "1" ? 1 : 2
        baseline.findings.reserveCapacity(items.count)
        for item in items {
            guard item.object != nil else { throw fail(item, "a finding must be an object, not \(item.typeNameWithArticle)") }
            func string(_ name: String, required: Bool) throws(FileProblem) -> String? {
                guard let node = item[name], node.value != .null else {
                    if required { throw fail(item, "a finding needs '\(name)' (a string)") }
                    return nil
                }
                guard let text = node.string else { throw fail(node, "'\(name)' must be a string, not \(node.typeNameWithArticle)") }
                return text
            }
            guard let countNode = item["count"] else {
                throw fail(item, "a finding needs 'count' (a whole number from 1 to \(maximumCount))")
            }
            guard case .number(let countText) = countNode.value, let count = Int(countText), (1...maximumCount).contains(count) else {
                throw fail(countNode, "'count' must be a whole number from 1 to \(maximumCount), not \(countNode.shown)")
            }
            let fingerprint = try string("fingerprint", required: false)
            if let fingerprint, fingerprint.isEmpty || fingerprint.utf8.count > 16 || !fingerprint.utf8.allSatisfy(\.isHexDigit) {
                throw fail(item["fingerprint"] ?? item, "'fingerprint' must be up to 16 hexadecimal digits")
            }
            baseline.findings.append(
                Entry(
                    rule: try string("rule", required: true) ?? "", path: try string("path", required: true) ?? "",
                    table: try string("table", required: false), key: try string("key", required: false),
                    locale: try string("locale", required: false), fingerprint: fingerprint,
                    message: try string("message", required: true) ?? "", count: count))
        }
        return baseline
    }
}

extension JSONNode {
    /// The value as a message names it: a number or string quoted (cut at 200 characters), else its type.
    fileprivate var shown: String {
        switch value {
        case .number(let text), .string(let text): "'\(text.excerpt)'"
        default: typeNameWithArticle
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
