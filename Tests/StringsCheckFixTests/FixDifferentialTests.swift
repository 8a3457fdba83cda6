import Foundation
import LocalizationFormats
import StringsCheckFix
import StringsCheckRules
import TestSupport
import Testing

/// `fix` against Foundation on every corpus table: each is given fixable defects (a `\u` escape
/// for a character of a value, and its first entry defined again at the end, the same text),
/// fixed, and read by `PropertyListSerialization`: the fixed file loads exactly what the
/// original loaded, and a second fix changes nothing.
@Suite(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
struct FixDifferentialTests {
    static func foundationTable(_ bytes: [UInt8]) -> [String: String]? {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as? [String: Any])?
            .compactMapValues { $0 as? String }
    }

    /// The fixes the parser's own fix-its make of `bytes`.
    static func fix(_ bytes: [UInt8], path: String) -> (fixed: [UInt8], applied: Int)? {
        let parsed = StringsParser.parse(bytes: bytes, path: path)
        let findings = parsed.diagnostics.filter { !$0.fixIts.isEmpty }.map { Finding($0) }
        let (fixes, refused) = Fixer.fixes(for: findings) { _ in bytes }
        guard refused.isEmpty else { return nil }
        return fixes.first.map { ($0.fixed, $0.applied.count) } ?? (bytes, 0)
    }

    /// `text` with its first entry copied to the end, and a `\u` escape for the first non-ASCII
    /// character of a later quoted value (when one has such a character); nil when the first
    /// value is not quoted.
    static func withDefects(_ utf8: [UInt8], layout: StringsLayout) -> [UInt8]? {
        guard let first = layout.entries.first, let value = first.value, utf8[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        var text = utf8
        text += [0x0A] + Array(utf8[first.span]) + [0x0A]
        for entry in layout.entries.dropFirst() {
            guard let value = entry.value, utf8[value.lowerBound] == UInt8(ascii: "\"") else { continue }
            let string = String(decoding: utf8[value.dropFirst().dropLast()], as: UTF8.self)
            guard let scalar = string.unicodeScalars.first(where: { $0.value > 0x7F && $0.value <= 0xFFFF }) else { continue }
            let prefix = String(string.unicodeScalars.prefix { $0 != scalar })
            let start = value.lowerBound + 1 + prefix.utf8.count
            let escape = Array(String(format: "\\u%04x", scalar.value).utf8)
            text.replaceSubrange(start..<(start + String(scalar).utf8.count), with: escape)
            return text
        }
        return text
    }

    @Test func fixedTablesLoadWhatTheOriginalsLoaded() throws {
        var checked = 0
        var fixedFindings = 0
        for (relative, bytes) in Check.corpusFiles(endingWith: ".strings") {
            let parsed = StringsParser.parse(bytes: bytes, path: relative)
            guard parsed.loads, !parsed.diagnostics.contains(where: { $0.severity == .error || !$0.fixIts.isEmpty }),
                let original = Self.foundationTable(bytes), let editable = try? EditableText(bytes: bytes, path: relative),
                let layout = StringsLayout(editable.utf8), let defective = Self.withDefects(editable.utf8, layout: layout)
            else { continue }
            let mutated = editable.encoded(defective)
            let result = Self.fix(mutated, path: relative)
            guard let (fixed, applied) = result else {
                Issue.record("\(relative): refused")
                continue
            }
            #expect(applied >= 1, "\(relative)")
            #expect(Self.foundationTable(fixed) == original, "\(relative): Foundation loads something else after the fix")
            #expect(Self.fix(fixed, path: relative)?.applied == 0, "\(relative): a second fix changed something")
            checked += 1
            fixedFindings += applied
        }
        #expect(checked > 100)
        print("fixed \(fixedFindings) findings in \(checked) corpus tables")
    }
}
