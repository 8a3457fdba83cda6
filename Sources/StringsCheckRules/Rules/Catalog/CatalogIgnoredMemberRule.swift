import LocalizationFormats
import LocalizationIndex

/// A top-level member of a String Catalog that Xcode's compiler does not read.
struct CatalogIgnoredMemberRule: Rule {
    static let description = RuleDescription(
        id: "catalog-ignored-member", name: "String Catalog member Xcode does not read", area: .catalog,
        summary: "a String Catalog top-level member other than sourceLanguage, strings and version: its texts never localize",
        rationale:
            "A String Catalog's texts live under `strings`; the top level holds only `sourceLanguage`, `strings` and `version` (as Xcode writes every catalog, format 1.0 and 1.1 alike). Xcode's catalog compiler reads nothing else, and says nothing about it: entries merged or pasted beside `strings` instead of into it (a bad merge, a script) compile to nothing, so the app shows their keys or development texts in every language (reported in manaflow-ai/cmux, where 95 strings sat at the top level and never localized).",
        fix: "Move the entries into the `strings` object (or delete the member if it is left over).",
        defaultSeverity: .warning,
        triggering: [
            catalogFileExample(
                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  ↓\"settings.title\" : {\n    \"localizations\" : {\n      \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Einstellungen\" } }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
            )
        ],
        nonTriggering: [
            catalogFileExample("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.1\"\n}\n")
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            for member in catalog.otherMembers {
                result.append(
                    finding(
                        .ignoredMember(name: member.name, members: member.members), path: file.path, at: member.location,
                        table: file.tableID))
            }
        }
        return result
    }
}

/// A String Catalog file of the given text, as an example.
func catalogFileExample(_ text: String) -> RuleExample {
    RuleExample([ExampleFile("Localizable.xcstrings", text)])
}

extension Finding.Message {
    fileprivate static func ignoredMember(name: String, members: Int?) -> Finding.Message {
        let holding = members.map { " (an object of \($0) member\($0 == 1 ? "" : "s"))" } ?? ""
        return
            "the catalog's top level holds '\(name)'\(holding) beside sourceLanguage, strings and version: Xcode's compiler reads only those, so whatever it holds never localizes"
    }
}
