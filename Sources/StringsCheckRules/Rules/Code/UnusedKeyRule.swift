import LocalizationFormats
import LocalizationIndex

/// A development key no scanned code, template or backend code uses.
struct UnusedKeyRule: Rule {
    static let description = RuleDescription(
        id: "unused-key", name: "Key no code uses", area: .code,
        summary:
            "a key of a table the app's code looks keys up in, which no scanned Swift or Objective-C code, payload template or backend code uses",
        rationale:
            "Every key is translated into every language, and translators are paid by the word. A key no code uses any more is dead weight. Keys are exempt when they are written as a literal anywhere in the code or fit an interpolated literal, when they start like an interpolated lookup (\"error.\\(code)\" uses every 'error.…'), when `code: dynamic_keys` matches them, and in tables read by Interface Builder, Info.plist or a predicate editor, and a catalog's manual entries. When the code also looks up keys of the table it builds at run time (NSLocalizedString(key, …)), each finding says where. Keys are also used where code names a member spelt like them (`LocalString.settings_title`, `R.string.localizable.settingsTitle()`), in a table where that is how many keys are used: accessors generated at build time are not in the repository. A table none of whose keys any recognised lookup reaches is reported once, not key by key. The app's own wrappers of the lookups are found from their definitions (`dump --code` lists them). The rule runs only when the configuration's `code: include` scans the app's sources, not on source files named alone.",
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
        let accessorNames = AccessorNames(chains: chains)
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
            var unused: [String] = []
            var recognised = 0
            for key in base.strings.keys.sorted() {
                if keys.contains(key) || tablePrefixes.contains(where: { key.hasPrefix($0) }) {
                    recognised += 1
                    continue
                }
                if literals.contains(key) || (name == context.payloadTableName && payloadKeys.contains(key)) { continue }
                if dynamicGlobs.contains(where: { $0.matchesKey(key) }) { continue }
                // `"\(symbol) was posted"` anywhere may be the key `%@ was posted`.
                if key.contains("%"), patterns.contains(where: { ProjectIndex.key(key, fits: $0) }) { continue }
                if manual[tableID]?.contains(key) == true { continue }
                unused.append(key)
            }
            // Accessors generated at build time: many keys named as members.
            let accessed = unused.filter(accessorNames.names)
            if accessed.count >= 5, accessed.count * 5 >= unused.count {
                recognised += accessed.count
                let names = Set(accessed)
                unused.removeAll { names.contains($0) }
            }
            guard !unused.isEmpty else { continue }
            if recognised == 0, unused.count >= 10, let first = base.strings[unused[0]] {
                result.append(
                    finding(
                        .noLookupRecognised(table: tableID, keys: unused.count, scannedFiles: files.count),
                        path: first.path, at: SourcePosition(line: 1, column: 1), locale: baseLocale, table: tableID))
                continue
            }
            for key in unused {
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

/// The members the code names, as a key would be spelt as a generated accessor: every trailing
/// run of a member chain's names, lowercased, without separators (`Strings.Settings.title` gives
/// `title`, `settingstitle` and `stringssettingstitle`), so `settings.title`, `settings_title` and
/// `SettingsTitle` all match.
struct AccessorNames {
    var spellings: Set<String> = []

    init(chains: Set<String>) {
        for chain in chains {
            let parts = chain.split(separator: ".").map { Self.normalized(String($0)) }
            var suffix = ""
            for part in parts.reversed() {
                suffix = part + suffix
                spellings.insert(suffix)
            }
        }
    }

    /// Whether a key of two words or more is named as a member (a one-word key such as `title`
    /// would match any `.title`).
    func names(_ key: String) -> Bool {
        let words = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let humps = zip(key, key.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
        guard words.count >= 2 || humps else { return false }
        return spellings.contains(Self.normalized(key))
    }

    static func normalized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    }
}

extension Finding.Message {
    /// One finding for a table whose keys no recognised lookup reaches.
    fileprivate static func noLookupRecognised(table: String, keys: Int, scannedFiles: Int) -> Finding.Message {
        "no lookup of a key of \(table) was recognised in the Swift and Objective-C files scanned (\(scannedFiles) file\(scannedFiles == 1 ? "" : "s")), so its \(keys) keys are not reported one by one: its accessors may be generated at build time; name the function that looks them up in `code: wrappers` of .stringscheck.yml"
    }

    /// The clause that says the code also looks up keys of `table` built at run time, in `files`.
    fileprivate static func builtAtRunTime(table: String, files: [String]) -> String {
        "; the code also looks up keys of \(table) built at run time (\(files.count == 1 ? "in" : "first in") \(files.min() ?? "")), which may be this one"
    }

    fileprivate static func unused(key: String, table: String, scannedFiles: Int, runTimeLookups: String?) -> Finding.Message {
        "'\(key)' of \(table) is in none of the Swift and Objective-C files scanned (\(scannedFiles) file\(scannedFiles == 1 ? "" : "s")) and in no payload\(runTimeLookups ?? ""); every locale still translates it"
    }
}
