import LocalizationFormats
import LocalizationIndex

/// A development key no scanned code, template or backend code uses.
struct UnusedKeyRule: Rule {
    static let description = RuleDescription(
        id: "unused-key", name: "Key no code uses", area: .code,
        summary:
            "a key of a table the app's code looks keys up in, which no scanned Swift or Objective-C code, payload template or backend code uses",
        rationale:
            "Every key is translated into every language, and translators are paid by the word. A key no code uses any more is dead weight. Keys are exempt when they are written as a literal anywhere in the code or fit an interpolated literal, when they start like an interpolated lookup (\"error.\\(code)\" uses every 'error.…'), when `code: dynamic_keys` matches them, and in tables read by Interface Builder, Info.plist or a predicate editor, and a catalog's manual entries. When the code also looks up keys of the table it builds at run time (NSLocalizedString(key, …)), each finding says where. The rule runs only when the configuration's `code: include` scans the app's sources, not on source files named alone.",
        fix:
            "Delete the key from every locale, or name the code that builds it in `code: dynamic_keys` of .stringscheck.yml.",
        defaultSeverity: .warning, isOptIn: true,
        triggering: [
            codeExample(
                "Text(\"settings.title\")\n",
                strings: [("en", "\"settings.title\" = \"Settings\";\n↓\"settings.old\" = \"Old settings\";\n")])
        ],
        nonTriggering: [
            codeExample(
                "Text(\"settings.title\")\nlet error = NSLocalizedString(\"error.\\(code)\", comment: \"\")\n",
                strings: [("en", "\"settings.title\" = \"Settings\";\n\"error.timeout\" = \"Timed out\";\n")])
        ])

    static let reads: Set<IndexPart> = [.codeLookups]

    func check(_ context: RuleContext) -> [Finding] {
        let files = context.project.codeFiles.filter { $0.language == .swift || $0.language == .objectiveC }
        guard !files.isEmpty, context.project.codeTreeScanned, let baseLocale = context.baseLocale else { return [] }
        // What the code uses, by table name: literal keys, dynamic tables, dynamic prefixes.
        var used: [String: Set<String>] = [:]
        var dynamicFiles: [String: [String]] = [:]
        var prefixes: [String: [String]] = [:]
        var literals: Set<String> = []
        var patterns: [String] = []
        var chains: Set<String> = []
        for file in files {
            chains.formUnion(file.strings.memberChains)
            patterns += file.strings.literalPatterns.filter { $0.contains(where: \.isLetter) }
        }
        for lookup in context.codeKeyLookups {
            // A SwiftGen key is used where its accessor is, not by the generated file itself.
            if let accessor = lookup.use.accessor, !chains.contains(accessor) { continue }
            used[lookup.tableName, default: []].formUnion(lookup.keys)
        }
        for file in files {
            for table in file.strings.dynamicTables { dynamicFiles[table ?? "Localizable", default: []].append(file.path) }
            for (table, prefix) in file.strings.dynamicPrefixes { prefixes[table ?? "Localizable", default: []].append(prefix) }
            literals.formUnion(file.strings.literals)
        }
        let payloadKeys = Set(context.payloads.flatMap { $0.keys.map(\.key) })
        let dynamicGlobs = context.settings.dynamicKeys.map(Glob.init)
        // A catalog's entries added by hand (`extractionState: manual`) are not expected in code.
        var manual: [String: Set<String>] = [:]
        for file in context.project.files {
            guard case .catalog(let catalog) = file.content else { continue }
            for entry in catalog.entries where entry.extractionState == "manual" { manual[file.tableID, default: []].insert(entry.key) }
        }
        var result: [Finding] = []
        for tableID in context.baseTableNames {
            let name = tableID.split(separator: "/").last.map(String.init) ?? tableID
            // Only tables the code looks keys up in, whose keys are all literals.
            guard used[name] != nil || prefixes[name] != nil else { continue }
            switch context.usage(of: tableID) {
            case .interfaceBuilder, .infoPlist, .predicate: continue
            case .format, .text: break
            }
            guard let base = context.baseTable(tableID) else { continue }
            let keys = used[name] ?? []
            let tablePrefixes = prefixes[name] ?? []
            for key in base.strings.keys.sorted() {
                if keys.contains(key) || literals.contains(key) || (name == context.payloadTableName && payloadKeys.contains(key)) {
                    continue
                }
                if tablePrefixes.contains(where: { key.hasPrefix($0) }) || dynamicGlobs.contains(where: { $0.matchesKey(key) }) { continue }
                // `"\(symbol) was posted"` anywhere may be the key `%@ was posted`.
                if key.contains("%"), patterns.contains(where: { ProjectIndex.key(key, fits: $0) }) { continue }
                if manual[tableID]?.contains(key) == true { continue }
                guard let string = base.strings[key] else { continue }
                // Lookups by a key built at run time may reach it: said, so the reader can judge.
                let dynamic = dynamicFiles[name].map { Finding.Message.builtAtRunTime(table: name, files: $0) }
                result.append(
                    finding(
                        .unused(key: key, table: tableID, scannedFiles: files.count, runTimeLookups: dynamic),
                        path: string.path, at: string.location, key: key, locale: baseLocale, table: tableID))
            }
        }
        return result
    }
}

extension Finding.Message {
    /// The clause that says the code also looks up keys of `table` built at run time, in `files`.
    fileprivate static func builtAtRunTime(table: String, files: [String]) -> String {
        "; the code also looks up keys of \(table) built at run time (\(files.count == 1 ? "in" : "first in") \(files.min() ?? "")), which may be this one"
    }

    fileprivate static func unused(key: String, table: String, scannedFiles: Int, runTimeLookups: String?) -> Finding.Message {
        "'\(key)' of \(table) is in none of the Swift and Objective-C files scanned (\(scannedFiles) file\(scannedFiles == 1 ? "" : "s")) and in no payload\(runTimeLookups ?? ""); every locale still translates it"
    }
}
