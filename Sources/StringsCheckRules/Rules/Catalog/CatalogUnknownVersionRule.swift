import LocalizationFormats
import LocalizationIndex

/// A String Catalog whose `version` is none Xcode writes.
struct CatalogUnknownVersionRule: Rule {
    static let description = RuleDescription(
        id: "catalog-unknown-version", name: "String Catalog of an unknown version", area: .catalog,
        summary: "a String Catalog whose version is neither 1.0 nor 1.1, the versions Xcode writes",
        rationale:
            "Xcode writes `\"version\" : \"1.0\"`, and `\"1.1\"` once a catalog uses Xcode 26's generated comments or symbols (Xcode 26 release notes: 'String Catalog files using comment generation or symbol generation JSON fields will auto-update their version number to 1.1'). The version tells Xcode's catalog compiler how to read the file; a version it does not know (a script's `\"2\"`, `\"1\"`, a number instead of a string) is one it is not made to read, and whether the build goes on is not documented. Xcode itself never writes one.",
        fix:
            "Write \"version\" : \"1.0\" (or \"1.1\" when the catalog uses generated comments or symbols), or open and save the catalog in Xcode.",
        defaultSeverity: .warning,
        triggering: [catalogFileExample("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : ↓\"2.0\"\n}\n")],
        nonTriggering: [catalogFileExample("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.1\"\n}\n")])

    static let knownVersions: Set = ["1.0", "1.1"]

    func check(_ context: RuleContext) -> [Finding] {
        context.catalogs.compactMap { file, catalog in
            // A version of the wrong type is reported as such (xcstrings-invalid-structure).
            guard catalog.loads, let version = catalog.version, !Self.knownVersions.contains(version) else { return nil }
            return finding(.unknownVersion(version), path: file.path, at: catalog.versionLocation, table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static func unknownVersion(_ version: String) -> Finding.Message {
        "the catalog's version is '\(version)', which Xcode never writes (it writes 1.0, and 1.1 for generated comments and symbols): Xcode's catalog compiler is not made to read it, so the build may refuse the catalog or read it otherwise"
    }
}
