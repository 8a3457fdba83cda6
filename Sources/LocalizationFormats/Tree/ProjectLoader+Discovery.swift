import Foundation

/// Discovery: the walk over the roots that finds tables, interface files, payload templates
/// and the evidence of what ships (bundles, packages, projects).
extension ProjectLoader {
    static func join(_ base: String, _ component: String) -> String {
        base.isEmpty || base == "." ? component : (base.hasSuffix("/") ? base + component : base + "/" + component)
    }

    /// Walks a root. Symbolic links are followed only when they stay inside the root and do not
    /// lead back to a folder already visited.
    public static func discover(root: String, excluding: Set<String>, diagnostics: inout [Diagnostic]) -> [Candidate] {
        var walk = Walk(leavesOut: false)
        return discover(root: root, excluding: excluding, diagnostics: &diagnostics, walk: &walk)
    }

    /// What a walk noted besides the files: folders skipped by name, folders left out as not
    /// shipped (when `leavesOut`), and the Swift packages and Xcode projects it passed.
    struct Walk {
        var leavesOut: Bool
        var skipped: [String] = []
        var leftOut: [LeftOutFolder] = []
        /// Folder (displayed) → the path of its `Package.swift`.
        var packages: [String: String] = [:]
        /// Folders (displayed) holding an `.xcodeproj`.
        var xcodeProjectFolders: Set<String> = []
        /// SwiftGen configurations (`swiftgen.yml`): the path read and the path displayed.
        var swiftGenConfigurations: [(path: String, display: String)] = []
        /// Folder (displayed) → a file in it that only a bundle's resources hold (`Info.plist`,
        /// an asset catalog, a storyboard or xib).
        var bundleEvidence: [String: String] = [:]
        /// Xcode project files and `Info.plist` files: the path read and the path displayed.
        var xcodeProjects: [(path: String, display: String)] = []
        var infoPlists: [(path: String, display: String)] = []
        /// Whether source files are noted too (when code is scanned): one walk finds both.
        var collectsCode = false
        /// Source files (displayed), in walk order.
        var codeFiles: [String] = []
        /// Every folder left out (displayed), tables in it or not: code there is not the app's either.
        var leftOutFolders: [String] = []
        /// XLIFF files (`.xliff`, `.xlf`): the path read and the path displayed.
        var xliffFiles: [(path: String, display: String)] = []
        /// Build configuration files (`.xcconfig`): the path read and the path displayed.
        var buildConfigurations: [(path: String, display: String)] = []
        /// Swift source files (displayed), noted whether or not code is scanned: whether a tree
        /// has Swift decides whether Xcode generates symbols for its catalogs.
        var swiftFiles: [String] = []
        /// CI and container recipes (see `SwiftBuildRecipe.isRecipe`): path read, path displayed.
        var buildRecipes: [(path: String, display: String)] = []
    }

    /// `discover`, noting what `Walk` holds.
    static func discover(root: String, excluding: Set<String>, diagnostics: inout [Diagnostic], walk: inout Walk) -> [Candidate] {
        var found = walkTree(root: root, excluding: excluding, diagnostics: &diagnostics, walk: &walk)
        walk.leftOutFolders = walk.leftOut.map(\.path)
        guard walk.leavesOut else {
            walk.leftOut = []
            return found
        }
        if !walk.leftOut.isEmpty {
            // The outermost left-out folder holding a file takes it; folders holding no table
            // are not worth a word.
            let order = walk.leftOut.indices.sorted { walk.leftOut[$0].path.count < walk.leftOut[$1].path.count }
            found = found.filter { candidate in
                guard let index = order.first(where: { candidate.path.hasPrefix(walk.leftOut[$0].path + "/") }) else { return true }
                if candidate.kind != .interface { walk.leftOut[index].tableCount += 1 }
                return false
            }
            walk.leftOut.removeAll { $0.tableCount == 0 }
        }
        return leaveOutPackageExtras(found, walk: &walk)
    }

    /// Leaves out the files of a Swift package that lie outside its targets' folders (a
    /// converter's `input/` beside its `Sources/`), each such folder noted once.
    static func leaveOutPackageExtras(_ candidates: [Candidate], walk: inout Walk) -> [Candidate] {
        guard !walk.packages.isEmpty else { return candidates }
        var held: [String: [String]?] = [:]
        for (folder, manifest) in walk.packages {
            let text = (try? FileBytes.read(manifest, maximumSize: 1 << 20).get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
            // An Xcode project (or an XcodeGen or Tuist spec) at or under the package may copy any
            // of its folders.
            let hasProject = walk.xcodeProjectFolders.contains { $0 == folder || folder.isEmpty || $0.hasPrefix(folder + "/") }
            held[folder] = Shipping.targetFolders(package: folder, manifest: text, hasXcodeProject: hasProject)
        }
        // Deepest packages first: a file belongs to the package nearest to it.
        let folders = walk.packages.keys.sorted { $0.count > $1.count }
        var noted: Set<String> = []
        return candidates.filter { candidate in
            guard let package = folders.first(where: { $0.isEmpty || candidate.path.hasPrefix($0 + "/") }),
                let targets = held[package] ?? nil
            else { return true }
            if targets.contains(where: { candidate.path.hasPrefix($0 + "/") }) { return true }
            let inside = candidate.path.dropFirst(package.isEmpty ? 0 : package.count + 1)
            // A table right in the package folder: the package itself is what is left out.
            let first = inside.contains("/") ? String(inside.prefix { $0 != "/" }) : ""
            let top = package.isEmpty ? (first.isEmpty ? "." : first) : (first.isEmpty ? package : package + "/" + first)
            if noted.insert(top).inserted { walk.leftOut.append(LeftOutFolder(path: top, reason: .outsidePackageTargets)) }
            if candidate.kind != .interface, let index = walk.leftOut.lastIndex(where: { $0.path == top }) {
                walk.leftOut[index].tableCount += 1
            }
            return false
        }
    }

    static func walkTree(root: String, excluding: Set<String>, diagnostics: inout [Diagnostic], walk: inout Walk) -> [Candidate] {
        let fileManager = FileManager.default
        let rootURL = URL(fileURLWithPath: root)
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root, isDirectory: &isDirectory) else {
            diagnostics.append(
                Diagnostic(.fileUnreadable, .noSuchFileOrFolder, path: root, at: SourcePosition(line: 1, column: 1)))
            return []
        }
        let parent = rootURL.deletingLastPathComponent().lastPathComponent
        let inLproj = FileKind.isLocaleFolder(parent)
        if !isDirectory.boolValue {
            if FileKind.isXliff(rootURL.lastPathComponent) {
                walk.xliffFiles.append((root, root))
                return []
            }
            guard let kind = FileKind.table(rootURL.lastPathComponent) else { return [] }
            return [Candidate(url: rootURL, path: root, folder: inLproj ? parent : nil, kind: kind)]
        }
        if let kind = FileKind.table(rootURL.lastPathComponent) {
            // A folder named like a table: reading it reports the problem in its place.
            return [Candidate(url: rootURL, path: root, folder: inLproj ? parent : nil, kind: kind)]
        }
        // Paths, readdir and realpath, not Foundation's URL operations and
        // `resolvingSymlinksInPath` (an lstat per path component).
        let realRoot = DirectoryWalker.realPath(rootURL.path) ?? rootURL.path
        var visited: Set<String> = [realRoot]
        var result: [Candidate] = []
        let rootDisplay = root.hasSuffix("/") ? String(root.dropLast()) : root
        // `walked`: the real paths of the folders the walk went through to reach this one, itself
        // included; a link to one of them is a loop.
        var stack: [(path: String, real: String, display: String, lproj: String?, walked: [String])] = [
            (
                rootURL.path, realRoot, rootDisplay, FileKind.isLocaleFolder(rootURL.lastPathComponent) ? rootURL.lastPathComponent : nil,
                [realRoot]
            )
        ]
        while let (path, real, display, lproj, walked) = stack.popLast() {
            let names: [(name: String, isRegularFile: Bool)]
            var undecodable: [String] = []
            switch DirectoryWalker.sortedNames(in: path, undecodable: &undecodable) {
            case .success(let list):
                names = list
                // A name that is not UTF-8 cannot be read through a path spelled in Swift; a
                // table or folder so named is said, never skipped in silence.
                for name in undecodable where FileKind.table(name) != nil || !name.contains(".") || FileKind.isLocaleFolder(name) {
                    diagnostics.append(
                        Diagnostic(
                            .fileUnreadable, .nameNotUTF8(name: name), path: join(display, name), at: SourcePosition(line: 1, column: 1)))
                }
            case .failure(let error):
                diagnostics.append(
                    Diagnostic(
                        .fileUnreadable, .cannotReadFolder(reason: error.description), path: display, at: SourcePosition(line: 1, column: 1)
                    ))
                continue
            }
            for (name, isRegularFile) in names {
                if excluding.contains(name) { continue }
                // Evidence about the tree, from regular files only (a link may lead out of it).
                let folder = display == "." ? "" : display
                let filePath = path.hasSuffix("/") ? path + name : path + "/" + name
                let isProjectFile = isRegularFile && (name == "project.yml" || name == "Project.swift")
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || isProjectFile {
                    walk.xcodeProjectFolders.insert(folder)
                }
                if name.hasSuffix(".xcassets") || (isRegularFile && (name == "Info.plist" || FileKind.isInterfaceFile(name))) {
                    // A storyboard in an .lproj folder is evidence for the bundle around it.
                    let bundle = lproj == nil ? folder : folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
                    if walk.bundleEvidence[bundle] == nil { walk.bundleEvidence[bundle] = name }
                }
                if isRegularFile, walk.collectsCode, CodeLanguage(fileName: name) != nil { walk.codeFiles.append(join(display, name)) }
                if isRegularFile, FileKind.isXliff(name) { walk.xliffFiles.append((filePath, join(display, name))) }
                if isRegularFile, name.hasSuffix(".xcconfig") { walk.buildConfigurations.append((filePath, join(display, name))) }
                if isRegularFile, name.hasSuffix(".swift") { walk.swiftFiles.append(join(display, name)) }
                if isRegularFile, SwiftBuildRecipe.isRecipe(name: name, folder: display) {
                    walk.buildRecipes.append((filePath, join(display, name)))
                }
                if isRegularFile {
                    switch name {
                    case "Package.swift": walk.packages[folder] = filePath
                    case "project.pbxproj": walk.xcodeProjects.append((filePath, join(display, name)))
                    case "Info.plist": walk.infoPlists.append((filePath, join(display, name)))
                    case "swiftgen.yml", "swiftgen.yaml": walk.swiftGenConfigurations.append((filePath, join(display, name)))
                    default: break
                    }
                }
                // A plain file that is neither a table nor an interface file (nearly every file
                // of an app's tree) needs no stat: the folder listing said what it is.
                if isRegularFile && FileKind.table(name) == nil && !FileKind.isInterfaceFile(name) { continue }
                let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
                let childDisplay = join(display, name)
                var info = stat()
                guard lstat(childPath, &info) == 0 else {
                    // Gone since the folder was read: nothing to say. Anything else (a path
                    // too long for the system) is said.
                    if errno != ENOENT {
                        diagnostics.append(unreadable(.cannotReadEntry(reason: POSIXFailure(code: errno).description), childDisplay))
                    }
                    continue
                }
                let isLink = info.st_mode & S_IFMT == S_IFLNK
                if isLink, stat(childPath, &info) != 0 {
                    // A link that leads nowhere (or round in a circle) is skipped, and said so
                    // when its name promises a table.
                    let message: ParseMessage = errno == ELOOP ? .fileIsSymbolicLinkLoop : .fileIsDanglingSymbolicLink
                    if FileKind.table(name) != nil {
                        diagnostics.append(unreadable(message, childDisplay))
                    }
                    continue
                }
                let childIsDirectory = info.st_mode & S_IFMT == S_IFDIR
                // A file the listing did not say was plain (`DT_UNKNOWN` on some file systems).
                if !isRegularFile, !isLink, info.st_mode & S_IFMT == S_IFREG, walk.collectsCode, CodeLanguage(fileName: name) != nil {
                    walk.codeFiles.append(childDisplay)
                }
                if childIsDirectory, let kind = FileKind.table(name) {
                    // A folder named like a table: reading it reports the problem in its place.
                    result.append(
                        Candidate(filePath: childPath, path: childDisplay, folder: lproj, kind: kind))
                } else if childIsDirectory {
                    if skippedFolders.contains(name) {
                        walk.skipped.append(childDisplay)
                        continue
                    }
                    // An `.xcloc` bundle's copies of the project's files and its notes are the
                    // export's, not tables of a project.
                    if name == "Source Contents" || name == "Notes", real.hasSuffix(".xcloc") { continue }
                    // Walked like any folder; its files are taken out after the walk, counted.
                    if walk.leavesOut, let reason = Shipping.reason(forFolder: name) {
                        walk.leftOut.append(LeftOutFolder(path: childDisplay, reason: reason))
                    }
                    // Only a link moves the real path; a plain folder's is its parent's plus its name.
                    let childReal = isLink ? (DirectoryWalker.realPath(childPath) ?? childPath) : join(real, name)
                    if isLink, !(childReal == realRoot || childReal.hasPrefix(realRoot + "/")) {
                        diagnostics.append(
                            Diagnostic(
                                .symlinkOutsideRoot, .symlinkFolderOutsideRoot(root: root, target: childReal), path: childDisplay,
                                at: SourcePosition(line: 1, column: 1)))
                        continue
                    }
                    guard visited.insert(childReal).inserted else {
                        // Only a link back to a folder the walk came through is a loop; a folder
                        // reached again by another way (two links to one folder) was read once,
                        // which is all.
                        guard walked.contains(childReal) else { continue }
                        diagnostics.append(
                            Diagnostic(.symlinkLoop, .symlinkLoop, path: childDisplay, at: SourcePosition(line: 1, column: 1)))
                        continue
                    }
                    stack.append((childPath, childReal, childDisplay, FileKind.isLocaleFolder(name) ? name : nil, walked + [childReal]))
                } else if !childIsDirectory, FileKind.isInterfaceFile(name) {
                    result.append(
                        Candidate(filePath: childPath, path: childDisplay, folder: lproj, kind: .interface))
                } else if let kind = FileKind.table(name) {
                    if isLink, !(DirectoryWalker.realPath(childPath) ?? "").hasPrefix(realRoot + "/") {
                        diagnostics.append(
                            Diagnostic(
                                .symlinkOutsideRoot, .symlinkFileOutsideRoot(root: root), path: childDisplay,
                                at: SourcePosition(line: 1, column: 1)))
                        continue
                    }
                    result.append(
                        Candidate(filePath: childPath, path: childDisplay, folder: lproj, kind: kind, size: Int(info.st_size)))
                }
            }
        }
        return result
    }

    /// A `file-unreadable` diagnostic at the start of `path`.
    static func unreadable(_ message: ParseMessage, _ path: String) -> Diagnostic {
        Diagnostic(.fileUnreadable, message, path: path, at: SourcePosition(line: 1, column: 1))
    }
}
