import LocalizationFormats
import LocalizationIndex

/// A `.strings` file saved as UTF-16.
struct UTF16FileRule: Rule {
    static let description = RuleDescription(
        id: "utf16-file", name: "UTF-16 file", area: .file,
        summary: "a .strings file saved as UTF-16",
        rationale:
            "Foundation reads UTF-16 fine, but git treats it as binary: no diffs, no merges, no blame, and review tools hide the changes. UTF-8 is what Xcode writes today. Opt-in advice.",
        fix: "Convert the file: `iconv -f UTF-16 -t UTF-8 in.strings > out.strings`, then replace it.",
        defaultSeverity: .note, isOptIn: true,
        triggering: [RuleExample([ExampleFile("en.lproj/Localizable.strings", "↓\"a\" = \"b\";\n", encoding: .utf16LittleEndianWithBOM)])],
        nonTriggering: [.strings("\"a\" = \"b\";\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.project.files.compactMap { file in
            guard case .strings(let parsed) = file.content, parsed.encoding.rawValue.hasPrefix("utf-16") else { return nil }
            return finding(
                .savedAsUTF16(encoding: parsed.encoding.rawValue),
                path: file.path, at: SourcePosition(line: 1, column: 1), locale: file.locale, table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static func savedAsUTF16(encoding: String) -> Finding.Message {
        "this file is saved as \(encoding); save it as UTF-8 so git can diff and merge it"
    }
}
