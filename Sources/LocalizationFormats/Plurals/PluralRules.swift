import Foundation

/// One category's rule in a rule set, with the sample numbers CLDR lists for it.
public struct PluralRuleEntry: Sendable {
    public let category: PluralCategory
    public let condition: PluralCondition
    // The sample lists as CLDR writes them, expanded when asked for: a run needs a few.
    let integerSampleList: Substring
    let decimalSampleList: Substring

    /// Sample values as CLDR writes them, ranges (`2~4`) expanded and `…` dropped.
    public var integerSamples: [String] { PluralRules.expand(integerSampleList) }
    public var decimalSamples: [String] { PluralRules.expand(decimalSampleList) }

    /// The first of `integerSamples`, without expanding the rest.
    public var firstIntegerSample: String? { PluralRules.firstSample(integerSampleList) }
    /// The first of `decimalSamples`, without expanding the rest.
    public var firstDecimalSample: String? { PluralRules.firstSample(decimalSampleList) }
}

/// The plural rules of a group of locales that share them (`ru uk`), in CLDR's order.
public struct PluralRuleSet: Sendable {
    public let locales: [String]
    public let entries: [PluralRuleEntry]

    /// The categories the locales use, `other` included, in CLDR's order (zero, one, two, few, many, other).
    public var categories: [PluralCategory] { entries.map(\.category).sorted() }

    /// The category of a number: the first rule that matches; `other` when none does.
    public func category(for operands: PluralOperands) -> PluralCategory {
        for entry in entries where entry.category != .other && entry.condition.matches(operands) { return entry.category }
        return .other
    }

    public func category(for integer: Int) -> PluralCategory { category(for: PluralOperands(integer)) }

    /// A number that selects the category, for previews: CLDR's first integer sample, else its
    /// first decimal sample.
    public func sample(for category: PluralCategory) -> String? {
        guard let entry = entries.first(where: { $0.category == category }) else { return nil }
        return entry.firstIntegerSample ?? entry.firstDecimalSample
    }
}

/// CLDR's plural rules, generated from CLDR's data by `Scripts/generate-plural-rules.py`.
///
/// Locale resolution: the identifier is normalised as `.lproj` names are (`pt_BR` → `pt-BR`,
/// `English` → `en`, `zh_CN` → `zh-CN`), then looked up with its subtags removed one by one from
/// the end (`zh-Hant-HK` → `zh-Hant` → `zh`; `pt-PT` has its own rules, `pt-BR` uses `pt`;
/// `sr-Latn` → `sr`). A language CLDR does not list gets the root rules: only `other`.
public enum PluralRules {
    /// The CLDR release the data comes from.
    public static let cldrVersion = CLDRPluralData.version

    /// Every cardinal rule set, in CLDR's order.
    public static var cardinalSets: [PluralRuleSet] { cardinalTable.all }
    /// Every ordinal rule set, in CLDR's order.
    public static var ordinalSets: [PluralRuleSet] { ordinalTable.all }

    private static let cardinalTable = RuleSetTable(CLDRPluralData.cardinal)
    private static let ordinalTable = RuleSetTable(CLDRPluralData.ordinal)

    /// The cardinal rules (counts: "1 file", "2 files") of a locale.
    public static func cardinal(for locale: String) -> PluralRuleSet { cardinalTable.resolve(locale) }

    /// The ordinal rules ("1st", "2nd") of a locale.
    public static func ordinal(for locale: String) -> PluralRuleSet { ordinalTable.resolve(locale) }

    /// The CLDR locale whose rules apply, or nil when only the root rules do.
    public static func cldrLocale(for locale: String) -> String? {
        candidates(locale).first { cardinalTable.positions[$0] != nil }
    }

    /// CLDR writes locales with `_`. Rules ask for the same few locales thousands of times, so
    /// each locale's chain is worked out once.
    static func candidates(_ locale: String) -> [String] {
        if let known = candidateCache.withLock({ $0[locale] }) { return known }
        let chain = LocaleName.fallbackChain(LocaleName.normalize(locale)).map { $0.replacingOccurrences(of: "-", with: "_") }
        candidateCache.withLock { $0[locale] = chain }
        return chain
    }

    private static let candidateCache = LockedValue<[String: [String]]>([:])

    /// One set: its locales and the lines of its rules. The data is CLDR's and is checked by the
    /// tests, so a rule that does not parse is left out rather than stopping the tool.
    static func parseSet(_ locales: [String], _ rules: Substring) -> PluralRuleSet {
        var entries: [PluralRuleEntry] = []
        for line in rules.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let category = PluralCategory(rawValue: String(line[..<colon])) else { continue }
            let body = line[line.index(after: colon)...]
            let ruleText = body.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard let condition = try? PluralCondition(ruleText.trimmingSpaces) else { continue }
            entries.append(
                PluralRuleEntry(
                    category: category, condition: condition, integerSampleList: sampleList(body, "@integer"),
                    decimalSampleList: sampleList(body, "@decimal")))
        }
        return PluralRuleSet(locales: locales, entries: entries)
    }

    /// The text after `@integer` or `@decimal`, up to the next marker.
    /// (Searched natively, not with Foundation's `range(of:)`, which counts UTF-16 offsets from
    /// the start of the whole data text.)
    static func sampleList(_ body: Substring, _ marker: String) -> Substring {
        guard let start = body.firstRange(of: marker) else { return "" }
        let list = body[start.upperBound...]
        guard let end = list.firstIndex(of: "@") else { return list }
        return list[..<end]
    }

    /// A sample list's values, with `a~b` ranges expanded (at most 1,000 each); the first
    /// `limit` when given.
    static func expand(_ list: Substring, limit: Int = .max) -> [String] {
        var result: [String] = []
        for item in list.split(separator: ",").lazy.map({ $0.trimmingSpaces }) where !item.isEmpty && item != "…" {
            guard result.count < limit else { break }
            let bounds = item.split(separator: "~").map(String.init)
            guard bounds.count == 2 else {
                result.append(item)
                continue
            }
            let digits = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
            let scale = (0..<digits).reduce(1) { product, _ in product * 10 }
            guard let low = scaled(bounds[0], scale), let high = scaled(bounds[1], scale), low <= high else { continue }
            for value in low...min(high, low + 999) where result.count < limit {
                if digits == 0 {
                    result.append(String(value))
                } else {
                    let fraction = String(value % scale)
                    result.append("\(value / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)")
                }
            }
        }
        return result
    }

    /// `expand(list, limit: 1).first`, reading the list only up to the first item that gives a
    /// value, not splitting the whole list.
    static func firstSample(_ list: Substring) -> String? {
        var rest = list
        while !rest.isEmpty {
            let end = rest.firstIndex(of: ",") ?? rest.endIndex
            if let value = expand(rest[..<end], limit: 1).first { return value }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
        }
        return nil
    }

    private static func scaled(_ text: String, _ scale: Int) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]) else { return nil }
        let fraction = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return whole * scale + fraction
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces (read as UTF-8: a space is one byte).
    var trimmingSpaces: String {
        let text = Substring(self)
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
        return String(text[first...last])
    }
}

/// The rule sets of one kind (cardinal or ordinal), each parsed when a locale first asks for it:
/// a run asks for a few of CLDR's hundred sets.
final class RuleSetTable: Sendable {
    /// Each locale CLDR lists → the number of its set.
    let positions: [String: Int]
    private let blocks: [(locales: [String], rules: Substring)]
    private let parsed: LockedValue<[Int: PluralRuleSet]>

    init(_ text: String) {
        blocks = Self.blocks(text)
        var positions: [String: Int] = [:]
        for (position, block) in blocks.enumerated() {
            for locale in block.locales { positions[locale] = position }
        }
        self.positions = positions
        parsed = LockedValue([:])
    }

    /// Every set, in CLDR's order.
    var all: [PluralRuleSet] { blocks.indices.map(set(at:)) }

    /// The rules of a locale (see `PluralRules`); the root rules when CLDR has none for it.
    func resolve(_ locale: String) -> PluralRuleSet {
        for candidate in PluralRules.candidates(locale) {
            if let position = positions[candidate] { return set(at: position) }
        }
        return set(at: positions["root"] ?? 0)
    }

    private func set(at position: Int) -> PluralRuleSet {
        if let known = parsed.withLock({ $0[position] }) { return known }
        let set = PluralRules.parseSet(blocks[position].locales, blocks[position].rules)
        parsed.withLock { $0[position] = set }
        return set
    }

    /// The text's sets: each `locales:` line's locales and the rule lines up to the next.
    static func blocks(_ text: String) -> [(locales: [String], rules: Substring)] {
        var result: [(locales: [String], rules: Substring)] = []
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        var current: (locales: [String], rulesStart: String.Index)?
        func close(at end: String.Index) {
            if let current, !current.locales.isEmpty { result.append((current.locales, text[current.rulesStart..<end])) }
        }
        // Line by line as bytes, not a search of the text for each marker.
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
            let line = text[lineStart..<lineEnd]
            if line.utf8.starts(with: "locales: ".utf8) {
                close(at: lineStart)
                current = (line.utf8.dropFirst(9).split(separator: 0x20).compactMap { String($0) }, lineEnd)
            }
            lineStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
        }
        close(at: bytes.endIndex)
        return result
    }
}
