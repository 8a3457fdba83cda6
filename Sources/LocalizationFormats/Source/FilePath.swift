/// Path arithmetic without the file system (links are not resolved) and without Foundation's
/// URL standardization, which is slow enough to matter for thousands of paths.
package enum FilePath {
    /// `path` made absolute against `directory`, `.` and `..` resolved.
    package static func absolute(_ path: String, in directory: String) -> String {
        var parts: [Substring] = []
        for part in (path.hasPrefix("/") ? path : directory + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
