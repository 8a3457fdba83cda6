/// What a file or folder is, by its name: the one place that decides it for discovery, the CLI's
/// file arguments and the configuration's globs.
public enum FileKind {
    /// What a file named `name` is read as; nil: not a table. A `.strings` or `.stringsdict`
    /// outside any `.lproj` folder is a global table, which a bundle returns for every language.
    public static func table(_ name: String) -> ProjectLoader.Candidate.Kind? {
        if name.hasSuffix(".xcstrings") { return .catalog }
        if name.hasSuffix(".strings") { return .strings }
        if name.hasSuffix(".stringsdict") { return .stringsdict }
        return nil
    }

    /// Whether a file is a push payload template (`.json`, `.apns`).
    public static func isPayloadTemplate(_ name: String) -> Bool { name.hasSuffix(".json") || name.hasSuffix(".apns") }

    /// Whether a file is a storyboard or xib, whose strings table holds Interface Builder labels.
    public static func isInterfaceFile(_ name: String) -> Bool { name.hasSuffix(".storyboard") || name.hasSuffix(".xib") }

    /// Whether a file is an XLIFF file (a translator's deliverable, an `.xcloc` bundle's content).
    public static func isXliff(_ name: String) -> Bool { name.hasSuffix(".xliff") || name.hasSuffix(".xlf") }

    /// Whether a folder is a locale's folder (`de.lproj`).
    public static func isLocaleFolder(_ name: String) -> Bool { name.hasSuffix(".lproj") }
}
