import LocalizationFormats

/// The checks a fixed file passes before it is written: what it loads on a device differs from
/// what it loaded before only in the entries the edits touch.
enum FixVerification {
    static func verify(before: [UInt8], after: [UInt8], path: String, edits: [TextEdit], text: EditableText) throws(EditRefusal) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard FileKind.table(name) == .strings else { return }
        let old = StringsParser.parse(bytes: before, path: path)
        guard old.loads, !old.diagnostics.contains(where: { $0.severity == .error && !isFixed($0, by: edits) }) else {
            throw EditRefusal(path: path, reason: "it does not parse cleanly (\(firstError(old)))")
        }
        let new = StringsParser.parse(bytes: after, path: path)
        guard new.loads, !new.diagnostics.contains(where: { $0.severity == .error }) else {
            throw EditRefusal(path: path, reason: "the fixed file would not parse cleanly (\(firstError(new))); left as it is")
        }
        // The keys whose entries an edit falls in may change; every other key loads as before.
        let editedLines = Set(
            edits.flatMap { edit -> [Int] in
                let first = edit.position.line
                let count = text.utf8[edit.range].count { $0 == 0x0A }
                return Array(first...(first + count))
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
