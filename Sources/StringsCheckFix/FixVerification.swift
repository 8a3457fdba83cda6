import LocalizationFormats

/// The checks a fixed file passes before it is written: what it loads on a device differs from
/// what it loaded before only in the entries the edits touch.
enum FixVerification {
    static func verify(before: [UInt8], after: [UInt8], path: String, edits: [TextEdit], text: EditableText) throws(EditRefusal) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if FileKind.isPayloadTemplate(path) || name.hasSuffix(".xcstrings") {
            try verifyJSON(after: after, path: path, edits: edits, text: text)
            return
        }
        guard FileKind.table(name) == .strings else { return }
        let old = StringsParser.parse(bytes: before, path: path)
        // Two different texts for one key is no syntax error: it is reported, and left to a person.
        let blocking = old.diagnostics.filter {
            $0.severity == .error && !isFixed($0, by: edits) && $0.id != ParseDiagnosticKind.duplicateKey.rawValue
        }
        // A repair of CoreFoundation's grammar (a stray or missing ';') starts from a file that
        // loads less than it holds, or nothing.
        let repairsGrammar = edits.contains { grammarRules.contains($0.rule) }
        guard old.loads || repairsGrammar, blocking.isEmpty else {
            throw EditRefusal(path: path, reason: "it does not parse cleanly (\(firstError(old)))")
        }
        let new = StringsParser.parse(bytes: after, path: path)
        let oldErrors = old.diagnostics.filter { $0.severity == .error && $0.id == ParseDiagnosticKind.duplicateKey.rawValue }.count
        let newErrors = new.diagnostics.filter { $0.severity == .error && $0.id == ParseDiagnosticKind.duplicateKey.rawValue }.count
        guard new.loads, !new.diagnostics.contains(where: { $0.severity == .error && $0.id != ParseDiagnosticKind.duplicateKey.rawValue }),
            newErrors <= oldErrors
        else {
            throw EditRefusal(path: path, reason: "the fixed file would not parse cleanly (\(firstError(new))); left as it is")
        }
        // The keys whose entries an edit falls in may change; every other key loads as before.
        if repairsGrammar {
            // Every entry the file holds is read as the parser recovered it before, now loading.
            let entries = { (file: StringsFile) in file.entries.indices.map { "\(file.entries[$0].key)\u{1F}\(file.value(at: $0) ?? "")" } }
            guard entries(new) == entries(old) else {
                throw EditRefusal(path: path, reason: "the repaired file would read other entries than it holds; left as it is")
            }
            return
        }
        // Lines counted from the bytes each edit replaces (a removal reaches up to its comments).
        let lineStarts = text.lineStarts
        let editedLines = Set(
            edits.flatMap { edit -> [Int] in
                let first = lineNumber(of: edit.range.lowerBound, lineStarts)
                let last = lineNumber(of: max(edit.range.lowerBound, edit.range.upperBound - 1), lineStarts)
                return Array(first...max(first, last))
            })
        var touched: Set<String> = []
        for entry in old.entries {
            guard let keyLine = entry.keyLocation?.line else { continue }
            let valueLine = entry.valueLocation?.line ?? keyLine
            if (keyLine...max(keyLine, valueLine)).contains(where: editedLines.contains) { touched.insert(entry.key) }
        }
        let oldTable = old.loadedTable.filter { !touched.contains($0.key) }
        let newTable = new.loadedTable.filter { !touched.contains($0.key) }
        guard oldTable == newTable else {
            let changed = Set(oldTable.keys).symmetricDifference(newTable.keys).union(oldTable.keys.filter { oldTable[$0] != newTable[$0] })
            throw EditRefusal(
                path: path,
                reason:
                    "the fix would change what \(changed.count) key(s) it does not touch load ('\(changed.sorted().first ?? "")'); left as it is"
            )
        }
    }

    /// A payload's or catalog's repairs change how its strings are written, never what they hold,
    /// except where an edit says so: a member it removes (`--unsafe`) is gone, and a state it
    /// marks for review reads `needs_review`. Everything else reads as before.
    static func verifyJSON(after: [UInt8], path: String, edits: [TextEdit], text: EditableText) throws(EditRefusal) {
        let old = JSONReader.parse(bytes: text.utf8, path: path)
        let new = JSONReader.parse(bytes: TextDecoder.decode(after).utf8, path: path)
        guard var expected = old.root, let newRoot = new.root, !new.diagnostics.contains(where: { $0.severity == .error }) else {
            throw EditRefusal(path: path, reason: "the fixed file would not read as JSON; left as it is")
        }
        let removals = edits.filter { $0.replacement.isEmpty }.map(\.range)
        let marks = Set(edits.filter { $0.rule == ReviewMarker.rule }.map(\.range.lowerBound))
        if !removals.isEmpty || !marks.isEmpty {
            // The tree is walked in the order of the text.
            var cursor = EditableText.OffsetCursor(text)
            expected = intended(expected) { location in
                let offset = cursor.offset(of: location) ?? -1
                return (removals.contains { $0.contains(offset) }, marks.contains(offset))
            }
        }
        guard CatalogFormatter.sameContent(expected, newRoot) else {
            throw EditRefusal(path: path, reason: "the fixed file would read differently than the repairs intend; left as it is")
        }
    }

    /// `node` with the intended changes: members whose key `place` says is removed left out,
    /// strings it says are marked set to `needs_review`.
    static func intended(_ node: JSONNode, _ place: (SourcePosition) -> (removed: Bool, marked: Bool)) -> JSONNode {
        var node = node
        switch node.value {
        case .object(let members):
            node.value = .object(
                members.compactMap { member in
                    guard !place(member.keyLocation).removed else { return nil }
                    var member = member
                    member.value = intended(member.value, place)
                    return member
                })
        case .array(let items): node.value = .array(items.map { intended($0, place) })
        case .string: if place(node.location).marked { node.value = .string(ReviewMarker.state) }
        default: break
        }
        return node
    }

    /// The rules whose repairs make CoreFoundation read a file it stopped reading.
    static let grammarRules: Set = [ParseDiagnosticKind.stringsSilentTruncation.rawValue, ParseDiagnosticKind.stringsSyntaxError.rawValue]

    /// The 1-based line an offset stands on.
    static func lineNumber(of offset: Int, _ lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The comments outside every edit, then the comments of the fixed text: they must be the
    /// same (a removal takes only the comments inside it).
    static func verifyComments(before: [UInt8], after: [UInt8], edits: [TextEdit], path: String) throws(EditRefusal) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard FileKind.table(name) == .strings, let old = StringsLayout(before) else { return }
        guard let new = StringsLayout(after) else {
            throw EditRefusal(path: path, reason: "the fixed file would not be a plain table; left as it is")
        }
        let kept = old.allComments.filter { comment in !edits.contains { $0.range.contains(comment.lowerBound) } }
        let keptTexts = kept.map { Array(before[$0]) }.sorted { $0.lexicographicallyPrecedes($1) }
        let newTexts = new.allComments.map { Array(after[$0]) }.sorted { $0.lexicographicallyPrecedes($1) }
        guard keptTexts == newTexts else {
            throw EditRefusal(path: path, reason: "the fix would change a comment it does not remove; left as it is")
        }
    }

    /// Whether an error is the one an edit repairs (a fix of CoreFoundation's grammar starts from
    /// a file that does not parse cleanly).
    static func isFixed(_ diagnostic: Diagnostic, by edits: [TextEdit]) -> Bool {
        edits.contains { $0.rule == diagnostic.id }
    }

    static func firstError(_ file: StringsFile) -> String {
        guard let error = file.diagnostics.first(where: { $0.severity == .error }) else { return "Foundation rejects it" }
        return "\(error.location.map { "line \($0.line): " } ?? "")\(error.message)"
    }
}
