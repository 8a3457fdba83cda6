import LocalizationFormats
import StringsCheckRules

/// `fix --mark-review`: a String Catalog translation left `translated` while a rule finds a
/// defect in its text is marked `needs_review`, the way translators' tools hand work back. Xcode
/// still builds a translation in that state (the device shows it as before); the catalog editor
/// and exports list it for a translator.
public enum ReviewMarker {
    /// The name the edits carry (in place of a rule's).
    public static let rule = "mark-review"
    /// The state written.
    static let state = "needs_review"

    /// The rules whose findings are about a translation's own text.
    static let areas: Set<RuleArea> = [.format, .text, .stringsdict]
    static let rules: Set = [
        "empty-value", "invisible-character", "lone-surrogate", "catalog-variation-type-mismatch",
        "catalog-substitution-mismatch", "catalog-undefined-substitution", "catalog-unreferenced-substitution",
        "catalog-substitution-type", "catalog-nested-substitutions", "catalog-variation-nesting", "catalog-lossy-variations",
        "catalog-translated-do-not-translate",
    ]

    /// Whether a finding marks its translation: a warning or error about one key's text in one
    /// translation of a catalog, which no fix-it repairs.
    static func marks(_ finding: Finding) -> Bool {
        let diagnostic = finding.diagnostic
        guard diagnostic.severity >= .warning, diagnostic.fixIts.isEmpty, finding.key != nil, finding.locale != nil,
            diagnostic.path.hasSuffix(".xcstrings")
        else { return false }
        if rules.contains(diagnostic.id) { return true }
        return BuiltInRules.description(of: diagnostic.id).map { areas.contains($0.area) } ?? false
    }

    /// The edits that mark the translations `findings` find defects in: each `"translated"` state
    /// of the key's localization (its text, variations and substitutions) becomes `"needs_review"`.
    /// The source language is never marked. Catalogs that cannot be read are returned as refused.
    static func fixIts(for findings: [Finding], read: (String) -> [UInt8]?) -> (
        fixIts: [(FixIt, String)], refused: [EditRefusal]
    ) {
        var wanted: [String: Set<Pair>] = [:]
        for finding in findings where marks(finding) {
            guard let key = finding.key, let locale = finding.locale else { continue }
            wanted[finding.diagnostic.path, default: []].insert(Pair(key: key, locale: locale))
        }
        var result: [(FixIt, String)] = []
        var refused: [EditRefusal] = []
        for path in wanted.keys.sorted() {
            guard let bytes = read(path) else {
                refused.append(EditRefusal(path: path, reason: "it cannot be read"))
                continue
            }
            let parsed = JSONReader.parse(bytes: TextDecoder.decode(bytes).utf8, path: path)
            guard let root = parsed.root, !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
                refused.append(EditRefusal(path: path, reason: "it does not read as JSON"))
                continue
            }
            let source = root["sourceLanguage"]?.string
            let pairs = wanted[path] ?? []
            // States are met in the order of the text: the cursor counts on from the last one.
            let lines = parsed.lines
            var cursor = LineTable.OffsetCursor(lines)
            let written = Array("\"translated\"".utf8)
            for entry in root["strings"]?.object ?? [] {
                for localization in entry.value["localizations"]?.object ?? []
                where localization.key != source && pairs.contains(Pair(key: entry.key, locale: localization.key)) {
                    for state in translatedStates(in: localization.value) {
                        // Only the plain spelling is rewritten; an escaped one is left as it is.
                        guard let offset = cursor.offset(of: state.location), offset + written.count <= lines.bytes.count,
                            lines.bytes[offset..<(offset + written.count)].elementsEqual(written)
                        else { continue }
                        var end = state.location
                        end.column += 1 + "translated".unicodeScalars.count + 1
                        result.append(
                            (
                                FixIt(
                                    message: "marked \(Self.state) for a translator", path: path, start: state.location, end: end,
                                    replacement: "\"\(Self.state)\"", original: "\"translated\""), Self.rule
                            ))
                    }
                }
            }
        }
        return (result, refused)
    }

    /// Every `stringUnit` state of `node` and below that reads `translated`.
    static func translatedStates(in node: JSONNode) -> [JSONNode] {
        var found: [JSONNode] = []
        for member in node.object ?? [] {
            if member.key == "stringUnit", let state = member.value["state"], state.string == "translated" {
                found.append(state)
            } else if member.value.object != nil {
                found += translatedStates(in: member.value)
            }
        }
        return found
    }

    struct Pair: Hashable {
        var key: String
        var locale: String
    }
}
