#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A depth-first walk of a folder with `readdir`, which reports each entry's type without a
/// `stat` per file.
struct DirectoryWalker {
    enum Kind {
        case file, directory, symbolicLink, other
    }

    struct Entry {
        /// The path relative to the root, `/`-separated.
        var relativePath: String
        var name: String
        var kind: Kind
    }

    /// Visits every entry under `root` in sorted order. `visit` returns false for a folder whose
    /// contents should be skipped. Unreadable folders are skipped silently.
    static func walk(root: String, _ visit: (Entry) -> Bool) {
        walk(directory: root, relative: "", visit)
    }

    private static func walk(directory: String, relative: String, _ visit: (Entry) -> Bool) {
        guard let handle = opendir(directory) else { return }
        var children: [(name: String, kind: Kind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            children.append((name, kind(Int32(entry.pointee.d_type), path: directory + "/" + name)))
        }
        closedir(handle)
        children.sort { $0.name < $1.name }
        for child in children {
            let path = relative.isEmpty ? child.name : relative + "/" + child.name
            let descend = visit(Entry(relativePath: path, name: child.name, kind: child.kind))
            if child.kind == .directory, descend {
                walk(directory: directory + "/" + child.name, relative: path, visit)
            }
        }
    }

    /// A folder's entry names, sorted, each with whether the listing says it is a regular file
    /// (so a caller can skip a stat), or the reason the folder cannot be read. Names that are not
    /// valid UTF-8 cannot be spelled as a path here: they come back apart, shown with U+FFFD.
    static func sortedNames(in directory: String, undecodable: inout [String]) -> Result<
        [(name: String, isRegularFile: Bool)], POSIXFailure
    > {
        guard let handle = opendir(directory) else { return .failure(POSIXFailure(code: errno)) }
        defer { closedir(handle) }
        var names: [(name: String, isRegularFile: Bool)] = []
        while let entry = readdir(handle) {
            let (name, valid) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, Bool) in
                let bytes = raw.prefix { $0 != 0 }
                let name = String(decoding: bytes, as: UTF8.self)
                return (name, name.utf8.elementsEqual(bytes))
            }
            if name == "." || name == ".." { continue }
            // The type as the folder lists it (DT_UNKNOWN on file systems that do not say).
            if valid { names.append((name, Int32(entry.pointee.d_type) == Int32(DT_REG))) } else { undecodable.append(name) }
        }
        names.sort { $0.name < $1.name }
        undecodable.sort()
        return .success(names)
    }

    /// The canonical path (links resolved), or nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func kind(_ type: Int32, path: String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            // Some file systems do not fill in the type.
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return .symbolicLink
            default: return .other
            }
        default: return .other
        }
    }
}

/// A failed system call's error number, described as `strerror` does (lowercased).
struct POSIXFailure: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)).lowercased() }
}
