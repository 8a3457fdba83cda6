import LocalizationFormats
import LocalizationIndex

/// A String Catalog without its `version`.
struct CatalogMissingVersionRule: Rule {
    static let description = RuleDescription(
        id: "catalog-missing-version", name: "String Catalog without a version", area: .catalog,
        summary: "a String Catalog with no top-level version: Xcode's compiler refuses it",
        rationale:
            "Every catalog Xcode writes ends with `\"version\" : \"1.0\"` (or `\"1.1\"` since Xcode 26). A catalog made by a script or trimmed by hand without it is refused by Xcode's catalog compiler with 'Missing required key 'version'' (checked with `xcrun xcstringstool compile`, isamercan/ThemeKit#290), so the app does not build.",
        fix: "Add \"version\" : \"1.0\" at the catalog's top level (or open and save it in Xcode).",
        defaultSeverity: .error,
        triggering: [catalogFileExample("↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {}\n}\n")],
        nonTriggering: [catalogFileExample("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.catalogs.compactMap { file, catalog in
            // A catalog that is no JSON object is reported as such.
            // A version of the wrong type is reported as such (xcstrings-invalid-structure).
            guard catalog.loads, !catalog.hasVersionMember else { return nil }
            return finding(.noVersion, path: file.path, at: SourcePosition(line: 1, column: 1), table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static let noVersion: Finding.Message =
        "the catalog has no top-level 'version': Xcode's compiler refuses it with 'Missing required key 'version'', so the app does not build"
}
