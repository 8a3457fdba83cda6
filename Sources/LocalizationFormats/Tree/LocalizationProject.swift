/// What a resource file holds, parsed.
public enum ResourceContent: Sendable {
    case strings(StringsFile)
    case stringsdict(StringsdictFile)
    case catalog(StringCatalog)
}

/// One resource file found in the tree.
public struct ResourceFile: Sendable {
    /// The path as given on the command line joined with the path inside it.
    public let path: String
    /// The normalised locale of its `.lproj` folder; nil for catalogs, which hold every locale.
    public let locale: String?
    /// The folder name as written (`pt_BR.lproj`), for messages.
    public let folder: String?
    /// The table name: the file name without extension (`Localizable`, `InfoPlist`).
    public let table: String
    public var content: ResourceContent

    public var diagnostics: [Diagnostic] {
        switch content {
        case .strings(let file): file.diagnostics
        case .stringsdict(let file): file.diagnostics
        case .catalog(let catalog): catalog.diagnostics
        }
    }

    /// The folder that holds the `.lproj` folders (or the catalog): one app or extension target.
    /// Tables of different bundles are different tables even when they share a name.
    public let bundle: String

    /// `bundle/table`, or the table name for files at the top of the tree.
    public let tableID: String

    /// Made from an XLIFF file: what it imports into its table (read after the project's own
    /// files of the table and locale, which it overrides key by key).
    public let isImported: Bool

    public init(path: String, locale: String?, folder: String?, table: String, content: ResourceContent) {
        isImported = false
        self.path = path
        self.locale = locale
        self.folder = folder
        self.table = table
        self.content = content
        // Computed once: rules group by these for every entry.
        bundle = Self.bundle(path: path, folder: folder)
        tableID = bundle.isEmpty ? table : bundle + "/" + table
    }

    /// A file whose table ID is given, not read from its path: an XLIFF file's tables, which
    /// import into the project's tables its `original` attributes name.
    public init(path: String, locale: String?, folder: String?, table: String, content: ResourceContent, tableID: String) {
        isImported = true
        self.path = path
        self.locale = locale
        self.folder = folder
        self.table = table
        self.content = content
        let slash = tableID.lastIndex(of: "/")
        bundle = slash.map { String(tableID[..<$0]) } ?? ""
        self.tableID = tableID
    }

    /// The folder holding the `.lproj` folder `folder` that `path` lies in, else the file's folder.
    static func bundle(path: String, folder: String?) -> String {
        if let folder, let component = lastComponent(named: folder, in: path) {
            return component.lowerBound == path.startIndex ? "" : String(path[..<path.utf8.index(before: component.lowerBound)])
        }
        return path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// Where the last component of `path` (between slashes) equal to `name` stands; nil when
    /// none is. Found from the end in place: splitting every path into its components and
    /// joining some again was most of the time spent on a tree of hundreds of small files.
    static func lastComponent(named name: String, in path: String) -> Range<String.Index>? {
        var end = path.endIndex
        while true {
            let start = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
            if path[start..<end] == name { return start..<end }
            guard start > path.startIndex else { return nil }
            end = path.utf8.index(before: start)
        }
    }

    /// The table ID a file at `path` in `.lproj` folder `folder` (if any) belongs to.
    public static func tableID(path: String, folder: String?, table: String) -> String {
        let bundle = bundle(path: path, folder: folder)
        return bundle.isEmpty ? table : bundle + "/" + table
    }

    /// Whether this is a global table: a `.strings` or `.stringsdict` outside any `.lproj` folder.
    public var isGlobal: Bool {
        if case .catalog = content { return false }
        return folder == nil
    }

    public var kind: String {
        switch content {
        case .strings: "strings"
        case .stringsdict: "stringsdict"
        case .catalog: "xcstrings"
        }
    }
}

/// Every localization resource found under the roots, parsed, with the tables merged per locale.
public struct LocalizationProject: Sendable {
    public var roots: [String]
    /// Source files left out of the code scan as test code (`TestCode`).
    public var skippedTestFiles = 0
    /// Sorted by path.
    public var files: [ResourceFile]
    /// Problems with the tree itself (duplicate locale folders, symlink loops, unreadable folders).
    public var diagnostics: [Diagnostic]
    /// The development locale and why it was chosen.
    public var baseLocale: String?
    public var baseLocaleReason: String
    /// Push payload templates found under the roots, sorted by path.
    public var payloadFiles: [PayloadTemplateFile] = []
    /// Source files scanned for the payload keys code builds, sorted by path; each key found is
    /// a payload of its own (see `PushPayload.code`).
    public var codeFiles: [CodeFile] = []
    /// The app's own lookup wrappers, inferred from their definitions in the scanned code.
    public var inferredWrappers: [LocalizedStringWrapper] = []
    /// Whether the sources under the folders were scanned (`code: include`), not only files named
    /// alone: only then can a key be called unused.
    public var codeTreeScanned = false
    /// Table ID → the storyboard or xib (the first by path) its Interface Builder strings come from.
    public var interfaceFiles: [String: String] = [:]
    /// Folders discovery skipped by name (`Pods`, `.build`, `DerivedData` …), as found.
    public var skippedFolders: [String] = []
    /// Folders left out because the app does not ship them or the team does not own them
    /// (`fastlane`, `vendor`, prebuilt frameworks, `qqq.lproj`, a package's non-target folders).
    public var leftOutFolders: [LeftOutFolder] = []
    /// Table name → why every text of it is formatted (generated accessors that always call
    /// `String(format:)`; see `GeneratedAccessors`).
    public var alwaysFormattedTables: [String: String] = [:]
    /// Table name → why a key a translation lacks shows the development text (generated
    /// accessors that pass it as `value:`; see `GeneratedAccessors`).
    public var developmentFallbackTables: [String: String] = [:]
    /// Folder (as displayed) → a file in it that only a bundle's resources hold (`Info.plist`, an
    /// asset catalog, a storyboard or xib).
    public var bundleEvidence: [String: String] = [:]
    /// The languages the Xcode project lists, and whether its build compiles only those.
    public var knownRegions: KnownRegions?
    /// Whether Xcode generates Swift symbols for the project's String Catalogs, and why.
    public var stringSymbols: StringSymbolSetting?
    /// The tree's CI and container recipe lines that build a Swift package with SwiftPM's own
    /// build rather than Xcode's.
    public var swiftBuildRecipes: [SwiftBuildRecipe] = []
    /// The XLIFF files checked (named or found under the roots, in `.xcloc` bundles or alone),
    /// whose tables are among `files`.
    public var exports: [XliffExport] = []
    /// The `Sources` folders of the Swift packages in the tree (as displayed).
    public var packageSourceFolders: Set<String> = []

    /// The Swift package target a path is in (`Pkg/Sources/Feature`), from the packages found in
    /// the tree; nil for a path outside every package's `Sources`.
    public func packageTarget(of path: String) -> String? {
        for sources in packageSourceFolders where path.hasPrefix(sources + "/") {
            let rest = path.dropFirst(sources.count + 1)
            guard let target = rest.split(separator: "/").first, rest.contains("/") else { continue }
            return sources + "/" + target
        }
        return nil
    }

    /// What shows that `folder` holds a bundle's resources: a file only resources hold, in it
    /// or its parent, or a Swift package's `Sources` around it; nil when nothing in the tree does.
    public func bundleEvidence(forFolder folder: String) -> String? {
        var current = folder
        for _ in 0..<2 {
            if let found = bundleEvidence[current] { return "\(found) in \(current.isEmpty ? "the top folder" : "'\(current)'")" }
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        if packageSourceFolders.contains(where: { folder.hasPrefix($0 + "/") }) { return "the Swift package target around it" }
        return nil
    }

    /// Every locale, sorted, `Base` included when present.
    public var locales: [String] {
        var set = Set(files.compactMap(\.locale))
        for file in files {
            if case .catalog(let catalog) = file.content { set.formUnion(catalog.locales.map(LocaleName.normalize)) }
        }
        return set.sorted()
    }

    /// How many resource files were read: an XLIFF file counts once, whatever tables it holds.
    public var fileCount: Int {
        guard !exports.isEmpty else { return files.count }
        let xliffPaths = Set(exports.map(\.document.path))
        return files.filter { !xliffPaths.contains($0.path) }.count + exports.count
    }

    /// Every table name, sorted.
    public var tableNames: [String] { Set(files.map(\.table)).sorted() }

    /// Every diagnostic of the tree and its files, in output order.
    public var allDiagnostics: [Diagnostic] {
        (diagnostics + files.flatMap(\.diagnostics) + payloadFiles.flatMap(\.diagnostics) + codeFiles.flatMap(\.diagnostics))
            .sorted(by: Diagnostic.ordered)
    }

    /// The merged table of `locale`, as Foundation would load it: `.strings`, then `.stringsdict`
    /// entries override, and catalog entries fill keys the `.lproj` files do not define.
    public func table(_ name: String, locale: String) -> LocaleTable {
        let catalogs = files.compactMap { file -> (ResourceFile, CatalogLocaleList)? in
            guard file.table == name, case .catalog(let catalog) = file.content else { return nil }
            return (file, catalog.strings(for: locale))
        }
        let own = files.filter { $0.table == name && $0.locale == locale }
        return Self.mergeTable(name, locale: locale, files: own.filter { !$0.isImported } + own.filter(\.isImported), catalogs: catalogs)
    }

    /// Every table of every locale at once, grouping the files in one pass: table ID (see
    /// `ResourceFile.tableID`) → locale → merged table.
    public func allTables() -> [String: [String: LocaleTable]] {
        var lproj: [String: [String: [ResourceFile]]] = [:]
        var catalogs: [String: [ResourceFile]] = [:]
        // An XLIFF file's translations come after the project's files of their table and
        // locale, so they override them key by key, as an import does.
        for file in files.filter({ !$0.isImported }) + files.filter(\.isImported) {
            if let locale = file.locale {
                lproj[file.tableID, default: [:]][locale, default: []].append(file)
            } else {
                catalogs[file.tableID, default: []].append(file)
            }
        }
        // Split each catalog by locale once, then merge every (table, locale) on all cores.
        var jobs:
            [(
                table: String, locale: String, files: [ResourceFile], catalogs: [(ResourceFile, CatalogLocaleList)],
                numbering: TableKeyNumbers, entryNumbers: [[Int32]]
            )] = []
        // Each table's catalogs split and its keys numbered on all cores: one table's large
        // catalog beside the others' numbering.
        let prepared = Set(files.map(\.tableID)).sorted().concurrentMap { table in
            var localesOfTable = Set(lproj[table]?.keys.map { $0 } ?? [])
            let catalogFiles = (catalogs[table] ?? []).compactMap { file -> (ResourceFile, [String: CatalogLocaleList])? in
                guard case .catalog(let catalog) = file.content else { return nil }
                return (file, catalog.stringsByLocale())
            }
            for (_, byLocale) in catalogFiles { localesOfTable.formUnion(byLocale.keys) }
            let locales = localesOfTable.sorted()
            // Numbered by the development locale's keys (else Base's, else the first locale's):
            // the keys most locales share.
            let numberingLocale =
                [baseLocale, "Base"].compactMap { $0 }.first { localesOfTable.contains($0) } ?? locales.first ?? ""
            let numbering = Self.numbering(
                files: lproj[table]?[numberingLocale] ?? [], catalogs: catalogFiles.map { $0.1[numberingLocale] ?? .empty })
            let entryNumbers = catalogFiles.map { file, _ in
                guard case .catalog(let catalog) = file.content else { return [Int32]() }
                return numbering.entryNumbers(of: catalog)
            }
            return (table: table, locales: locales, catalogFiles: catalogFiles, numbering: numbering, entryNumbers: entryNumbers)
        }
        for (table, locales, catalogFiles, numbering, entryNumbers) in prepared {
            for locale in locales {
                jobs.append(
                    (
                        table, locale, lproj[table]?[locale] ?? [], catalogFiles.map { ($0.0, $0.1[locale] ?? .empty) }, numbering,
                        entryNumbers
                    ))
            }
        }
        let merged = jobs.concurrentMap { job in
            Self.mergeTable(
                job.table, locale: job.locale, files: job.files, catalogs: job.catalogs, numbering: job.numbering,
                entryNumbers: job.entryNumbers)
        }
        var result: [String: [String: LocaleTable]] = [:]
        for (job, table) in zip(jobs, merged) where !table.strings.isEmpty || !job.files.isEmpty {
            result[job.table, default: [:]][job.locale] = table
        }
        return result
    }

    /// The keys of one locale's files and catalog entries of a table, numbered in file order.
    static func numbering(files: [ResourceFile], catalogs: [CatalogLocaleList]) -> TableKeyNumbers {
        var keys: [String] = []
        var numbers: [String: Int] = [:]
        func add(_ key: String) {
            if numbers[key] == nil {
                numbers[key] = keys.count
                keys.append(key)
            }
        }
        for file in files {
            switch file.content {
            case .strings(let parsed): parsed.entries.withUnsafeBufferPointer { for index in $0.indices { add($0[index].key) } }
            case .stringsdict(let parsed): for entry in parsed.entries { add(entry.key) }
            case .catalog: break
            }
        }
        for list in catalogs { list.forEachKey { _, key in add(copy key) } }
        return TableKeyNumbers(keys: keys, numbers: numbers)
    }

    /// Merges one locale's files of a table with the catalogs' entries for that locale.
    /// `entryNumbers`, when given, holds for each of `catalogs` (in order) `numbering`'s number of
    /// each of its entries' keys (`TableKeyNumbers.entryNumbers(of:)`), worked out once for every
    /// locale of the table.
    static func mergeTable(
        _ name: String, locale: String, files: [ResourceFile], catalogs: [(file: ResourceFile, strings: CatalogLocaleList)],
        numbering: TableKeyNumbers = .empty, entryNumbers: [[Int32]]? = nil
    ) -> LocaleTable {
        var strings = LocaleStrings(numbering: numbering)
        for file in files {
            guard case .strings(let parsed) = file.content else { continue }
            let source = LocalizedString.Source(path: file.path, origin: .strings, strings: parsed)
            parsed.entries.withUnsafeBufferPointer { entries in
                var guess = 0
                for index in entries.indices {
                    let key = entries[index].key
                    guard let number = numbering.number(of: key, guess: guess) else {
                        guard entries[index].loaded || strings[key]?.loaded != true else { continue }
                        strings[key] = LocalizedString(source, index)
                        continue
                    }
                    guess = number + 1
                    guard entries[index].loaded || strings[number: number]?.loaded != true else { continue }
                    strings.set(LocalizedString(source, index), number: number)
                }
            }
        }
        for file in files {
            guard case .stringsdict(let parsed) = file.content else { continue }
            let source = LocalizedString.Source(path: file.path, origin: .stringsdict, stringsdict: parsed.entries)
            // Read in place: a copy of each entry retained its strings and forms.
            parsed.entries.withUnsafeBufferPointer { entries in
                for index in entries.indices where entries[index].loaded || strings[entries[index].key] == nil {
                    strings[entries[index].key] = LocalizedString(source, index)
                }
            }
        }
        for (index, (file, list)) in catalogs.enumerated() {
            guard case .catalog(let catalog) = file.content else { continue }
            let source = LocalizedString.Source(path: file.path, origin: .catalog, catalog: list, catalogLoads: catalog.loads)
            // By number, as for `.strings`. Every locale of a catalog lists its entries' keys: each
            // entry's number is found once for the table (`entryNumbers`), and a text's key is not
            // read unless it has none. Read, it was retained by every locale's merge at once (a
            // contended count on a shared string).
            let numbers = entryNumbers?[index] ?? numbering.entryNumbers(of: catalog)
            // A locale the catalog lacks has the empty list, of no entries.
            assert(list.isEmpty || numbers.count == list.entries.count, "entry numbers of another catalog")
            list.forEachEntry { position, entry in
                let number = Int(numbers[entry])
                guard number >= 0 else {
                    let key = list.key(at: position)
                    if strings[key] == nil { strings[key] = LocalizedString(source, position) }
                    return
                }
                if strings[number: number] == nil { strings.set(LocalizedString(source, position), number: number) }
            }
        }
        return LocaleTable(locale: locale, table: name, strings: strings)
    }
}
