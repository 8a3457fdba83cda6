import Foundation
import LocalizationFormats
import LocalizationIndex

/// Findings a team has accepted for now.
///
/// A finding is recognised by what it is about, never by how it is worded: its rule, its file and
/// table (relative to the baseline file's folder, so the same baseline works from any working
/// folder), its key, the locale it concerns and, for a defect in a text, a hash of that text (an
/// edited text is a new finding). Messages name counts and locale lists, and lines move: neither
/// matters. A finding about several locales is recorded locale by locale: translating one removes
/// only its part, and a locale that joins it makes it new.
///
/// Baselines of versions 1 and 2 (matched on the message, paths relative to the configuration's
/// folder or the repository) are still read, and written as version 3 by the next
/// `--write-baseline`.
public struct Baseline: Sendable, Codable, Hashable {
    public struct Entry: Sendable, Codable, Hashable {
        public var rule: String
        public var path: String
        public var table: String?
        public var key: String?
        public var locale: String?
        /// Version 3: a hash of the text the finding is about in `locale` (FNV-1a, 64 bits, hex).
        public var text: String?
        /// Version 2: a hash of the message.
        public var fingerprint: String?
        /// For people reading the file; version 1 baselines match on it.
        public var message: String
        public var count: Int
    }

    /// The version this build writes.
    public static let currentVersion = 3

    public var version: Int
    public var findings: [Entry]
    /// The absolute folder paths are stored relative to (version 3: the baseline file's folder);
    /// set by whoever reads or writes the baseline, not stored in it.
    public var anchor: String = FileManager.default.currentDirectoryPath

    enum CodingKeys: String, CodingKey {
        case version, findings
    }

    public init(_ findings: [Finding], anchor: String = FileManager.default.currentDirectoryPath) {
        self.anchor = anchor
        version = Self.currentVersion
        self.findings = []
        var counts: [Entry: Int] = [:]
        for finding in findings {
            for entry in members(of: finding) { counts[entry, default: 0] += 1 }
        }
        self.findings = counts.map { entry, count in
            var entry = entry
            entry.count = count
            return entry
        }.sorted {
            ($0.path, $0.rule, $0.key ?? "", $0.locale ?? "", $0.text ?? "", $0.message)
                < ($1.path, $1.rule, $1.key ?? "", $1.locale ?? "", $1.text ?? "", $1.message)
        }
    }

    /// A finding as version 3 entries (count 0): one per locale it concerns, or one.
    func members(of finding: Finding) -> [Entry] {
        let d = finding.diagnostic
        let path = relative(d.path)
        let table = finding.table.map(relative)
        let locales: [String?] = finding.coveredLocales.isEmpty ? [nil] : finding.coveredLocales
        // A finding about a whole file (a syntax error, an encoding) has no text of a key: what it
        // says, without its numbers (lines, counts), tells one such problem from another.
        let about = finding.key == nil && finding.locales.isEmpty ? Self.hash(Self.withoutDigits(d.message)) : nil
        return locales.map { locale in
            Entry(
                rule: d.id, path: path, table: table, key: finding.key, locale: locale,
                text: locale.flatMap { finding.textHashes[$0] } ?? about, fingerprint: nil, message: d.message, count: 0)
        }
    }

    /// `text` without its runs of ASCII digits.
    static func withoutDigits(_ text: String) -> String {
        String(decoding: text.utf8.filter { !(0x30...0x39).contains($0) }, as: UTF8.self)
    }

    /// Drops findings the baseline lists (each entry as many times as its count). A finding about
    /// several locales is dropped when every one of its locales is listed.
    public func filter(_ findings: [Finding]) -> ([Finding], Int) {
        var remaining: [String: Int] = [:]
        for entry in self.findings {
            // Counts are bounded when read; the sum saturates anyway rather than trap.
            let key = Self.identity(entry, version: version)
            let (sum, overflow) = remaining[key, default: 0].addingReportingOverflow(entry.count)
            remaining[key] = overflow ? Int.max : sum
        }
        var kept: [Finding] = []
        var dropped = 0
        for finding in findings {
            let identities: [String]
            switch version {
            case 1: identities = [Self.identity(rule: finding.diagnostic.id, finding.diagnostic.path, finding.diagnostic.message)]
            case 2: identities = [Self.identity(legacy: finding, relative: relative)]
            default: identities = members(of: finding).map { Self.identity($0, version: version) }
            }
            var needed: [String: Int] = [:]
            for identity in identities { needed[identity, default: 0] += 1 }
            if needed.allSatisfy({ remaining[$0.key, default: 0] >= $0.value }) {
                for (identity, count) in needed { remaining[identity, default: 0] -= count }
                dropped += 1
            } else if version >= 3, finding.locale == nil, finding.locales.count == identities.count {
                // About several locales, some accepted: it stands for the others only.
                var narrowed = finding
                var accepted: [String] = []
                narrowed.locales = []
                for (locale, identity) in zip(finding.locales, identities) {
                    if remaining[identity, default: 0] > 0 {
                        remaining[identity, default: 0] -= 1
                        accepted.append(locale)
                    } else {
                        narrowed.locales.append(locale)
                    }
                }
                if !accepted.isEmpty {
                    narrowed.diagnostic.message += " (in the baseline for \(accepted.joined(separator: ", ")))"
                }
                kept.append(narrowed)
            } else {
                kept.append(finding)
            }
        }
        return (kept, dropped)
    }

    private static func identity(_ entry: Entry, version: Int) -> String {
        switch version {
        case 1: return identity(rule: entry.rule, entry.path, entry.message)
        case 2:
            guard let fingerprint = entry.fingerprint else { return identity(rule: entry.rule, entry.path, entry.message) }
            return [entry.rule, entry.path, entry.table ?? "", entry.key ?? "", entry.locale ?? "", fingerprint].joined(separator: "\u{1F}")
        default:
            return [entry.rule, entry.path, entry.table ?? "", entry.key ?? "", entry.locale ?? "", entry.text ?? ""]
                .joined(separator: "\u{1F}")
        }
    }

    /// Version 2: rule, paths, key, the locales joined, and a hash of the message.
    private static func identity(legacy finding: Finding, relative: (String) -> String) -> String {
        let d = finding.diagnostic
        let locale = finding.locale ?? (finding.locales.isEmpty ? nil : finding.locales.joined(separator: ","))
        return [d.id, relative(d.path), finding.table.map(relative) ?? "", finding.key ?? "", locale ?? "", hash(d.message)]
            .joined(separator: "\u{1F}")
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

    /// `path` relative to the anchor; `.` and `..` resolved. Version 3: with `..` steps when it lies
    /// outside (a baseline in `ci/` names `../App/de.lproj/…`, the same in every checkout).
    /// Versions 1 and 2: absolute outside the anchor, as they were written.
    func relative(_ path: String) -> String {
        let absolute = FilePath.absolute(path, in: FileManager.default.currentDirectoryPath)
        let base = anchor  // absolute: a folder from `anchor(configurationPath:baselinePath:)` or the current one
        if base == "/" { return String(absolute.dropFirst()) }
        if absolute.hasPrefix(base + "/") { return String(absolute.dropFirst(base.count + 1)) }
        guard version >= 3 else { return absolute }
        let from = base.split(separator: "/")
        let to = absolute.split(separator: "/")
        var shared = 0
        while shared < from.count, shared < to.count, from[shared] == to[shared] { shared += 1 }
        return (Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)).joined(separator: "/")
    }

    /// Where a baseline's paths start. Version 3: the baseline file's folder. Versions 1 and 2: the
    /// configuration file's folder when there is one, else the repository (the nearest folder
    /// above with `.git`), else the baseline file's folder.
    public static func anchor(version: Int = currentVersion, configurationPath: String?, baselinePath: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        func folder(of path: String) -> String {
            let folder = (FilePath.absolute(path, in: current) as NSString).deletingLastPathComponent
            return folder.isEmpty ? "/" : folder
        }
        if version >= 3 { return folder(of: baselinePath) }
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
        guard let versionNode = root["version"] else { throw fail(root, "expected a 'version' member (1, 2 or 3)") }
        guard case .number(let versionText) = versionNode.value, let version = Int(versionText), (1...currentVersion).contains(version)
        else {
            throw fail(versionNode, "unsupported baseline version \(versionNode.shown); this version reads 1, 2 and 3")
        }
        guard let findingsNode = root["findings"] else { throw fail(root, "expected a 'findings' member (an array)") }
        guard let items = findingsNode.array else {
            throw fail(findingsNode, "'findings' must be an array, not \(findingsNode.typeNameWithArticle)")
        }
        var baseline = Baseline([], anchor: anchor)
        baseline.version = version
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
            let text = try string("text", required: false)
            if let text, text.isEmpty || text.utf8.count > 16 || !text.utf8.allSatisfy(\.isHexDigit) {
                throw fail(item["text"] ?? item, "'text' must be up to 16 hexadecimal digits")
            }
            baseline.findings.append(
                Entry(
                    rule: try string("rule", required: true) ?? "", path: try string("path", required: true) ?? "",
                    table: try string("table", required: false), key: try string("key", required: false),
                    locale: try string("locale", required: false), text: text, fingerprint: fingerprint,
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
