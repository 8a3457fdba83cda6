import LocalizationFormats
import LocalizationIndex

/// One unit of an XLIFF file checked, with what it imports into.
struct XliffUnitPlace {
    let export: XliffExport
    let file: XliffFile
    let fileIndex: Int
    let unit: XliffUnit
    /// The key (and form or variation) the unit names in its table.
    let id: XliffUnitID
    /// The table ID the unit imports into.
    let table: String
    /// The normalised target locale, when the file has one.
    let locale: String?
    /// Whether the project checked with the file has its table.
    let inProject: Bool
    var path: String { export.document.path }
}

extension RuleContext {
    /// Table ID → the locales whose table is an XLIFF file's alone (checked without the project,
    /// so what the file leaves out says nothing about what the app has).
    var standaloneXliffLocales: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for export in project.exports {
            for (index, file) in export.document.files.enumerated() where !export.inProject[index] {
                if let locale = export.targetLocale(of: file) { result[export.tableIDs[index], default: []].insert(locale) }
            }
        }
        return result
    }

    /// Every unit of every XLIFF file checked, in file order.
    func forEachXliffUnit(_ body: (XliffUnitPlace) -> Void) {
        for export in project.exports {
            for (fileIndex, file) in export.document.files.enumerated() where file.kind != .other {
                let locale = export.targetLocale(of: file)
                for unit in file.units {
                    body(
                        XliffUnitPlace(
                            export: export, file: file, fileIndex: fileIndex, unit: unit, id: XliffUnitID(unit.id, kind: file.kind),
                            table: export.tableIDs[fileIndex], locale: locale, inProject: export.inProject[fileIndex]))
                }
            }
        }
    }
}

/// An XLIFF rule example: a `de.xliff` whose one `<file>` (for `App/en.lproj/Localizable.strings`
/// unless `original` says otherwise) holds `units`.
func xliffExample(
    _ units: String, original: String = "App/en.lproj/Localizable.strings", target: String? = "de", path: String = "de.xliff",
    extra: [ExampleFile] = [], markFile: Bool = false
) -> RuleExample {
    let language = target.map { " target-language=\"\($0)\"" } ?? ""
    return RuleExample(
        extra + [
            ExampleFile(
                path,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n  \(markFile ? "↓" : "")<file original=\"\(original)\" source-language=\"en\"\(language) datatype=\"plaintext\">\n    <body>\n\(units)    </body>\n  </file>\n</xliff>\n"
            )
        ])
}

/// A `<trans-unit>` of an example, its target marked when `marked`.
func xliffUnit(_ id: String, source: String, target: String?, state: String? = "translated", marked: Bool = false) -> String {
    let stateAttribute = state.map { " state=\"\($0)\"" } ?? ""
    let targetLine = target.map { "        \(marked ? "↓" : "")<target\(stateAttribute)>\($0)</target>\n" } ?? ""
    return
        "      \(marked && target == nil ? "↓" : "")<trans-unit id=\"\(id)\" xml:space=\"preserve\">\n        <source>\(source)</source>\n\(targetLine)      </trans-unit>\n"
}
