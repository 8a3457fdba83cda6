import Foundation

/// Finds every localization resource under the given roots and parses them on all cores.
public enum ProjectLoader {
    /// Folders that hold build products or dependencies, never the project's own resources.
    public static let skippedFolders: Set = [".build", "DerivedData", "Pods", "Carthage", ".git", "node_modules", ".swiftpm"]

    /// A file found by discovery, before parsing.
    public struct Candidate: Sendable, Hashable {
        /// Where the file is read from (the URL costs a percent-encoding pass to make: it is made
        /// only when asked for).
        public var filePath: String
        public var url: URL { URL(fileURLWithPath: filePath) }
        public var path: String
        public var folder: String?
        public var kind: Kind
        /// The size in bytes when discovery saw it (0 when unknown); large files are parsed first.
        public var size = 0

        public enum Kind: Sendable, Hashable {
            case strings, stringsdict, catalog
            /// A storyboard or xib: not parsed, but evidence that a table of its name holds its labels.
            case interface
        }

        public init(filePath: String, path: String, folder: String?, kind: Kind, size: Int = 0) {
            self.filePath = filePath
            self.path = path
            self.folder = folder
            self.kind = kind
            self.size = size
        }

        public init(url: URL, path: String, folder: String?, kind: Kind, size: Int = 0) {
            self.init(filePath: url.path, path: path, folder: folder, kind: kind, size: size)
        }
    }

    /// Loads the roots (folders or single files) into a project model.
    /// `accept` filters discovered files by their displayed path (include/exclude globs).
    /// `payloadGlobs` find push payload templates (nil: none are read; empty: the defaults).
    /// `beforeReading` is called once the tables are found, before any file is read, with the
    /// tables to read (their kinds and sizes): a host may prepare for a large run there.
    public static func load(
        roots: [String], excluding: Set<String> = [], accept: (@Sendable (String) -> Bool)? = nil, jobs: Int? = nil,
        payloadGlobs: [String]? = nil, code: CodeScanOptions = CodeScanOptions(), maximumFileSize: Int = FileBytes.defaultMaximumSize,
        checkUnshipped: Bool = false, beforeReading: ((_ tables: [Candidate]) -> Void)? = nil
    ) async -> LocalizationProject {
        var phases = PhaseClock("load")
        var diagnostics: [Diagnostic] = []
        var candidates: [Candidate] = []
        var skipped: [String] = []
        var leftOut: [LeftOutFolder] = []
        var swiftGenConfigurations: [(path: String, display: String)] = []
        var bundleEvidence: [String: String] = [:]
        var xcodeProjects: [(path: String, display: String)] = []
        var infoPlists: [(path: String, display: String)] = []
        var xliffFiles: [(path: String, display: String)] = []
        var buildConfigurations: [(path: String, display: String)] = []
        var swiftFiles: [String] = []
        var buildRecipes: [(path: String, display: String)] = []
        var packageSources: Set<String> = []
        // Source files under folders, found by the same walk, by root.
        var walkedCode: [String: [String]] = [:]
        for root in roots {
            var walk = Walk(leavesOut: !checkUnshipped)
            walk.collectsCode = code.accept != nil
            candidates += discover(root: root, excluding: excluding, diagnostics: &diagnostics, walk: &walk)
            if walk.collectsCode {
                let outside = walk.leftOutFolders.map { $0 + "/" }
                walkedCode[root] = walk.codeFiles.filter { path in !outside.contains { path.hasPrefix($0) } }
            }
            skipped += walk.skipped
            leftOut += walk.leftOut
            // What lies in a folder the app does not ship is no evidence about the app.
            let outside = walk.leftOut.map { $0.path + "/" }
            func kept(_ display: String) -> Bool { !outside.contains { display.hasPrefix($0) } }
            swiftGenConfigurations += walk.swiftGenConfigurations.filter { kept($0.display) }
            bundleEvidence.merge(walk.bundleEvidence.filter { kept($0.key + "/") }) { first, _ in first }
            xcodeProjects += walk.xcodeProjects.filter { kept($0.display) }
            infoPlists += walk.infoPlists.filter { kept($0.display) }
            xliffFiles += walk.xliffFiles.filter { kept($0.display) }
            buildConfigurations += walk.buildConfigurations.filter { kept($0.display) }
            swiftFiles += walk.swiftFiles.filter(kept)
            buildRecipes += walk.buildRecipes.filter { kept($0.display) }
            packageSources.formUnion(walk.packages.keys.filter { kept($0 + "/") }.map { $0.isEmpty ? "Sources" : $0 + "/Sources" })
        }
        if let accept {
            candidates = candidates.filter { accept($0.path) }
            xliffFiles = xliffFiles.filter { accept($0.display) }
        }
        var interfaceFiles: [String: String] = [:]
        var unique: [String: Candidate] = [:]
        for candidate in candidates {
            guard candidate.kind != .interface else {
                let id = ResourceFile.tableID(path: candidate.path, folder: candidate.folder, table: tableName(candidate))
                interfaceFiles[id] = min(interfaceFiles[id] ?? candidate.path, candidate.path)
                continue
            }
            // One root's walk finds each file once; nested roots (`App App/en.lproj`) may find
            // one twice, under paths compared once standardized.
            unique[roots.count == 1 ? candidate.filePath : candidate.url.standardizedFileURL.path] = candidate
        }
        // The host hears what there is to read before anything is read or said.
        beforeReading?(Array(unique.values))
        phases.lap("discover")
        // Source files: those named as roots always, those under folders when configured; scanned
        // while the tables are parsed (after them with `jobs` 1).
        var codePaths: [String] = []
        var testFiles = 0
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if CodeLanguage(fileName: root) != nil, !(code.excluded?(root) ?? false) { codePaths.append(root) }
            } else if let accept = code.accept {
                codePaths += CodeDiscovery.select(
                    walkedCode[root] ?? [], root: root, accept: accept, includeTests: code.includeTests, testFiles: &testFiles)
            }
        }
        // Nested roots (`App App/Sources`) may find a file twice, under paths compared once
        // standardized; one root finds each once.
        if roots.count > 1 {
            var seen: Set<String> = []
            codePaths = codePaths.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        }
        let sortedCodePaths = codePaths.sorted()
        let scanCode = { @Sendable () -> (files: [CodeFile], wrappers: [LocalizedStringWrapper])? in
            sortedCodePaths.isEmpty
                ? nil : CodeDiscovery.readInferringWrappers(sortedCodePaths, options: code, maximumSize: maximumFileSize)
        }
        async let codeScanned = jobs == 1 ? nil : scanCode()
        // Payload templates are found and read while the tables are parsed (after them with
        // `jobs` 1, which asks for one core).
        let readPayloads = { @Sendable in
            payloadGlobs.map { findAndReadPayloads(roots: roots, globs: $0, accept: accept, maximumFileSize: maximumFileSize, jobs: jobs) }
        }
        async let payloadsAlongside = jobs == 1 ? nil : readPayloads()
        let files = await parse(Array(unique.values), jobs: jobs, maximumFileSize: maximumFileSize)
        let payloadFiles = jobs == 1 ? readPayloads() : await payloadsAlongside
        phases.lap("parse")
        // The code scan's own time is `--timings`' "scan code" with `--jobs 1`; alongside the
        // parse, what is left of it once the tables are read.
        let codeAlongside = jobs == 1 ? scanCode() : await codeScanned
        if codeAlongside != nil { phases.lap("scan code") }
        diagnostics += duplicateLocaleFolders(files)
        var (base, reason) = chooseBaseLocale(files)
        // The project's own record of its development language comes first.
        if !xcodeProjects.isEmpty || !infoPlists.isEmpty,
            let recorded = DevelopmentRegion.find(
                projects: xcodeProjects, infoPlists: infoPlists, locales: Set(files.compactMap(\.locale)).union(catalogLocales(files)))
        {
            (base, reason) = (recorded.locale, recorded.reason)
        }
        var project = LocalizationProject(
            roots: roots, files: files, diagnostics: diagnostics, baseLocale: base, baseLocaleReason: reason)
        project.interfaceFiles = interfaceFiles
        project.knownRegions = KnownRegions.find(projects: xcodeProjects)
        project.stringSymbols = StringSymbolSetting.find(files: xcodeProjects + buildConfigurations, swiftSources: swiftFiles)
        project.swiftBuildRecipes = SwiftBuildRecipe.find(files: buildRecipes)
        project.skippedFolders = skipped
        project.leftOutFolders = leftOut
        project.bundleEvidence = bundleEvidence
        project.packageSourceFolders = packageSources
        let generated = GeneratedAccessors.read(swiftGenConfigurations: swiftGenConfigurations)
        project.alwaysFormattedTables = generated.alwaysFormatted
        project.developmentFallbackTables = generated.developmentFallback
        addExports(xliffFiles, to: &project, maximumFileSize: maximumFileSize)
        if let payloadFiles { project.payloadFiles = payloadFiles }
        phases.lap("payloads")
        if let scanned = codeAlongside {
            (project.codeFiles, project.inferredWrappers) = scanned
            project.codeTreeScanned = code.accept != nil
        }
        project.skippedTestFiles = testFiles
        return project
    }

    /// The payload templates under the roots that `globs` name (see `PayloadDiscovery`).
    static func findAndReadPayloads(
        roots: [String], globs: [String], accept: (@Sendable (String) -> Bool)?, maximumFileSize: Int, jobs: Int?
    ) -> [PayloadTemplateFile] {
        var phases = PhaseClock("load")
        var paths: [String] = []
        var named: [String] = []
        for root in roots {
            let found = PayloadDiscovery.find(root: root, globs: globs)
            if found == [root] { named.append(root) } else { paths += found }
        }
        // A template given by name may also lie in a folder given beside it: it is read once,
        // under the folder's path. Only then are paths compared (standardizing each one is slow).
        if !named.isEmpty {
            var seen = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            paths += named.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        }
        if let accept { paths = paths.filter(accept) }
        // Nested roots (`App App/push`) find the same paths.
        paths = Array(Set(paths))
        phases.lap("find payloads")
        let files = PayloadDiscovery.read(paths.sorted(), maximumSize: maximumFileSize, workers: jobs)
        phases.lap("read payloads")
        return files
    }

    /// Parses one file according to its kind.
    public static func parse(_ candidate: Candidate, maximumSize: Int = FileBytes.defaultMaximumSize, keyPool: KeyPool? = nil)
        -> ResourceFile
    {
        // A catalog only borrows its bytes: a large one is mapped.
        parse(candidate, maximumSize: maximumSize, keyPool: keyPool, mapping: candidate.kind == .catalog)
    }

    /// `parse(_:maximumSize:keyPool:)`, the file mapped when `mapping` and large (see
    /// `FileBytes.contents`), and read instead when it changed while it was parsed.
    static func parse(_ candidate: Candidate, maximumSize: Int, keyPool: KeyPool?, mapping: Bool) -> ResourceFile {
        let contents =
            mapping
            ? FileBytes.contents(candidate.filePath, maximumSize: maximumSize, mappingFrom: FileBytes.mappingSize)
            : FileBytes.read(candidate.filePath, maximumSize: maximumSize).map(FileContents.bytes)
        switch contents {
        case .success(.mapped(let file)):
            return parse(candidate, mapped: file, maximumSize: maximumSize, keyPool: keyPool)
        case .success(let read):
            return parse(candidate, contents: read, keyPool: keyPool)
        case .failure(let error):
            let table = tableName(candidate)
            let locale = candidate.folder.map(LocaleName.normalize)
            let diagnostic = Diagnostic.unreadable(error, path: candidate.path)
            let empty = StringsFile(path: candidate.path, encoding: .utf8, diagnostics: [diagnostic], loads: false)
            return ResourceFile(path: candidate.path, locale: locale, folder: candidate.folder, table: table, content: .strings(empty))
        }
    }

    /// Parses the file `candidate` names from its mapping, and reads and parses it instead when it
    /// changed while it was parsed (`MappedFile.changedWhileMapped`).
    static func parse(_ candidate: Candidate, mapped file: MappedFile, maximumSize: Int, keyPool: KeyPool?) -> ResourceFile {
        let parsed = parse(candidate, contents: .mapped(file), keyPool: keyPool)
        guard file.changedWhileMapped else { return parsed }
        return parse(candidate, maximumSize: maximumSize, keyPool: keyPool, mapping: false)
    }

    /// Parses bytes already in memory as the file `candidate` names.
    /// The bytes are taken: a catalog releases them as soon as its JSON is read.
    public static func parse(_ candidate: Candidate, bytes: consuming [UInt8], keyPool: KeyPool? = nil) -> ResourceFile {
        parse(candidate, contents: .bytes(bytes), keyPool: keyPool)
    }

    /// Parses a file's contents, read or mapped, as the file `candidate` names.
    static func parse(_ candidate: Candidate, contents: consuming FileContents, keyPool: KeyPool? = nil) -> ResourceFile {
        let table = tableName(candidate)
        let locale = candidate.folder.map(LocaleName.normalize)
        let content: ResourceContent
        switch candidate.kind {
        case .strings: content = .strings(StringsParser.parse(bytes: contents.array, path: candidate.path, keyPool: keyPool))
        case .stringsdict: content = .stringsdict(StringsdictParser.parse(bytes: contents.array, path: candidate.path))
        case .catalog: content = .catalog(StringCatalogParser.parse(contents: consume contents, path: candidate.path))
        case .interface: content = .strings(StringsFile(path: candidate.path, encoding: .utf8, diagnostics: [], loads: true))
        }
        return ResourceFile(
            path: candidate.path, locale: candidate.kind == .catalog ? nil : locale, folder: candidate.folder, table: table,
            content: content)
    }

    /// The file name without its extension, from the path string (URL operations cost more).
    static func tableName(_ candidate: Candidate) -> String {
        let name = candidate.path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? candidate.path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Builds a project from files held in memory (rule examples, editors, tests). Paths are
    /// relative, e.g. `en.lproj/Localizable.strings`; a `.storyboard` or `.xib` is not read, only
    /// noted as the source of its table; source code is scanned for payload keys.
    public static func load(virtualFiles: [(path: String, bytes: [UInt8])], functions: [PushKeyFunction] = []) -> LocalizationProject {
        var files: [ResourceFile] = []
        var codeFiles: [CodeFile] = []
        var interfaceFiles: [String: String] = [:]
        var payloads: [PayloadTemplateFile] = []
        var bundleEvidence: [String: String] = [:]
        var packageSources: Set<String> = []
        var exports: [XliffExport] = []
        var knownRegions: KnownRegions?
        var symbolSettingFile: String?
        var swiftFile: String?
        var recipes: [SwiftBuildRecipe] = []
        let payloadGlobs = PayloadDiscovery.defaultGlobs.map(Glob.init)
        var virtualCode = CodeScanOptions(functions: functions)
        virtualCode.everyLiteral = true
        for (path, bytes) in virtualFiles {
            if payloadGlobs.contains(where: { $0.matchesPath(path) }) {
                payloads.append(PayloadReader.read(bytes: bytes, path: path))
                continue
            }
            let components = path.split(separator: "/").map(String.init)
            let folder = components.dropLast().last(where: FileKind.isLocaleFolder)
            guard let name = components.last else { continue }
            if name == "Package.swift" { packageSources.insert((components.dropLast() + ["Sources"]).joined(separator: "/")) }
            if name == "project.pbxproj", knownRegions == nil {
                knownRegions = KnownRegions(project: path, text: String(decoding: bytes, as: UTF8.self))
            }
            if (name == "project.pbxproj" || name.hasSuffix(".xcconfig"))
                && StringSymbolSetting.turnsOn(String(decoding: bytes, as: UTF8.self))
            {
                symbolSettingFile = symbolSettingFile ?? path
            }
            if StringSymbolSetting.isSwiftSource(Substring(name)) { swiftFile = swiftFile ?? path }
            if SwiftBuildRecipe.isRecipe(name: name, folder: components.dropLast().joined(separator: "/")) {
                recipes += SwiftBuildRecipe.read(file: path, text: String(decoding: bytes, as: UTF8.self))
            }
            if name == "Info.plist" || name.hasSuffix(".xcassets") || FileKind.isInterfaceFile(name) {
                let parent = components.dropLast()
                let bundle = (folder != nil ? parent.dropLast() : parent).joined(separator: "/")
                if bundleEvidence[bundle] == nil { bundleEvidence[bundle] = name }
            }
            if CodeLanguage(fileName: name) != nil {
                codeFiles.append(CodeDiscovery.scan(path, bytes: bytes, options: virtualCode))
                continue
            }
            if FileKind.isInterfaceFile(name) {
                let candidate = Candidate(url: URL(fileURLWithPath: "/" + path), path: path, folder: folder, kind: .interface)
                interfaceFiles[ResourceFile.tableID(path: path, folder: folder, table: tableName(candidate))] = path
                continue
            }
            if FileKind.isXliff(name) {
                let bundle = components.dropLast().lastIndex { $0.hasSuffix(".xcloc") }.map { index in
                    var bundle = XclocBundle(path: components[...index].joined(separator: "/"))
                    if let contents = bytesOfVirtual(bundle.path + "/contents.json", virtualFiles) {
                        bundle.read(contents: contents, path: bundle.path + "/contents.json")
                    }
                    return bundle
                }
                exports.append(XliffExport(document: XliffReader.read(bytes: bytes, path: path), bundle: bundle))
                continue
            }
            guard let kind = FileKind.table(name) else { continue }
            let candidate = Candidate(url: URL(fileURLWithPath: "/" + path), path: path, folder: folder, kind: kind)
            files.append(parse(candidate, bytes: bytes))
        }
        files.sort { $0.path < $1.path }
        let (base, reason) = chooseBaseLocale(files)
        var project = LocalizationProject(
            roots: ["."], files: files, diagnostics: duplicateLocaleFolders(files), baseLocale: base, baseLocaleReason: reason)
        project.payloadFiles = payloads.sorted { $0.path < $1.path }
        let bytesByPath = Dictionary(virtualFiles.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        project.inferredWrappers = CodeDiscovery.inferWrappers(in: &codeFiles, options: virtualCode, bytes: { bytesByPath[$0] })
        project.codeFiles = codeFiles.sorted { $0.path < $1.path }
        // Files held in memory are the whole tree.
        project.codeTreeScanned = !codeFiles.isEmpty
        project.interfaceFiles = interfaceFiles
        project.bundleEvidence = bundleEvidence
        project.packageSourceFolders = packageSources
        project.knownRegions = knownRegions
        project.swiftBuildRecipes = recipes
        if let symbolSettingFile, let swiftFile {
            project.stringSymbols = StringSymbolSetting(settingFile: symbolSettingFile, swiftSource: swiftFile)
        }
        addExports(exports, to: &project)
        return project
    }

    private static func bytesOfVirtual(_ path: String, _ files: [(path: String, bytes: [UInt8])]) -> [UInt8]? {
        files.first { $0.path == path }?.bytes
    }

    /// Parses the candidates on every core; the result is sorted by path, whatever the scheduling.
    public static func parse(_ candidates: [Candidate], jobs: Int? = nil, maximumFileSize: Int = FileBytes.defaultMaximumSize) async
        -> [ResourceFile]
    {
        // Two waves: first every file but the other locales' `.strings` files of a table with
        // several (the largest of each is parsed first), then those, sharing its keys (see
        // `KeyPool`). Largest first in each: a big catalog handed out last would leave one core
        // parsing it alone.
        var first: [Candidate] = []
        var second: [(candidate: Candidate, table: String)] = []
        // Table → the index in `first` of the file whose keys the others share.
        var pooled: [String: Int] = [:]
        for candidate in candidates.sorted(by: { ($0.size, $1.path) > ($1.size, $0.path) }) {
            guard candidate.kind == .strings, let table = sharedTable(candidate) else {
                first.append(candidate)
                continue
            }
            if pooled[table] == nil {
                pooled[table] = first.count
                first.append(candidate)
            } else {
                second.append((candidate, table))
            }
        }
        let parsed = first.concurrentMap(workers: jobs) { parse($0, maximumSize: maximumFileSize) }
        var pools: [String: KeyPool] = [:]
        for table in Set(second.map(\.table)) {
            if let index = pooled[table], case .strings(let file) = parsed[index].content { pools[table] = KeyPool(file) }
        }
        let rest = second.concurrentMap(workers: jobs) { parse($0.candidate, maximumSize: maximumFileSize, keyPool: pools[$0.table]) }
        return (parsed + rest).sorted { $0.path < $1.path }
    }

    /// The table a `.strings` file in a locale folder belongs to, as the folder holding the
    /// locale folders and the file name (`App/Localizable.strings` for
    /// `App/fr.lproj/Localizable.strings`); nil outside a locale folder.
    static func sharedTable(_ candidate: Candidate) -> String? {
        guard candidate.folder != nil else { return nil }
        let parts = candidate.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        return (parts.dropLast(2) + [parts[parts.count - 1]]).joined(separator: "/")
    }

    // MARK: Tree-level checks

    static func duplicateLocaleFolders(_ files: [ResourceFile]) -> [Diagnostic] {
        // Only folders of one bundle compete: each bundle (app, extension, framework) loads its own.
        struct Place: Hashable, Comparable {
            var bundle: String
            var locale: String
            static func < (lhs: Place, rhs: Place) -> Bool { (lhs.bundle, lhs.locale) < (rhs.bundle, rhs.locale) }
        }
        var foldersByLocale: [Place: [String: String]] = [:]  // bundle and locale → folder name → a file path
        for file in files {
            guard let locale = file.locale, let folder = file.folder else { continue }
            let folderPath =
                ResourceFile.lastComponent(named: folder, in: file.path).map { String(file.path[..<$0.upperBound]) } ?? file.path
            foldersByLocale[Place(bundle: file.bundle, locale: locale), default: [:]][folder] = folderPath
        }
        var result: [Diagnostic] = []
        for (place, folders) in foldersByLocale.sorted(by: { $0.key < $1.key }) where folders.count > 1 {
            let locale = place.locale
            let sorted = folders.sorted { $0.key < $1.key }
            guard let first = sorted.first else { continue }
            for other in sorted.dropFirst() {
                result.append(
                    Diagnostic(
                        .duplicateLocaleFolder, .duplicateLocaleFolder(folder: other.key, first: first.key, locale: locale),
                        path: other.value,
                        at: SourcePosition(line: 1, column: 1),
                        notes: [
                            DiagnosticNote(
                                message: .localeFolderIsHere(folder: first.key), path: first.value,
                                location: SourcePosition(line: 1, column: 1))
                        ]))
            }
        }
        return result
    }

    /// The development locale: `en` when present (with `Base` beside it or not), else a catalog's
    /// source language, else `Base`, else the locale with the most keys.
    /// The locales String Catalogs hold.
    static func catalogLocales(_ files: [ResourceFile]) -> Set<String> {
        var result: Set<String> = []
        for file in files {
            if case .catalog(let catalog) = file.content { result.formUnion(catalog.locales.map(LocaleName.normalize)) }
        }
        return result
    }

    static func chooseBaseLocale(_ files: [ResourceFile]) -> (String?, String) {
        let locales = Set(files.compactMap(\.locale))
        if locales.contains("en") {
            return ("en", locales.contains("Base") ? "en.lproj beside Base.lproj" : "en.lproj is present")
        }
        for file in files {
            if case .catalog(let catalog) = file.content, let source = catalog.sourceLanguage {
                return (LocaleName.normalize(source), "sourceLanguage of \(file.path)")
            }
        }
        if locales.contains("Base") { return ("Base", "Base.lproj is present and en.lproj is not") }
        var counts: [String: Int] = [:]
        for file in files {
            guard let locale = file.locale else { continue }
            switch file.content {
            case .strings(let parsed): counts[locale, default: 0] += parsed.entries.count
            case .stringsdict(let parsed): counts[locale, default: 0] += parsed.entries.count
            case .catalog: break
            }
        }
        if let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
            return (best.key, "the locale with the most keys (\(best.value))")
        }
        return (nil, "no locale found")
    }
}
