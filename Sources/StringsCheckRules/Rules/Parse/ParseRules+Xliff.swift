import LocalizationFormats

extension ParseRules {
    static func xliffInvalidStructure(_ kind: ParseDiagnosticKind) -> RuleDescription {
        make(
            kind, name: "Invalid XLIFF",
            summary: "an XLIFF file that is not an export Xcode can import, or a unit it cannot read",
            rationale:
                "An XLIFF file (a translator's deliverable, or the content of an `.xcloc` bundle) whose root is not `<xliff>`, whose `<file>` has no `original` (its units belong to no table), whose `<trans-unit>` has no `id` or no `<source>`, that holds a unit twice, inline elements Xcode does not write, or a document type with declarations (the file is refused: no export holds one, and entity declarations are how entity expansion attacks start).",
            fix: "Export the file again from Xcode or the translation platform, or fix the element named.",
            examples: (
                [
                    RuleExample([
                        ExampleFile(
                            "de.xliff",
                            "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file original=\"App/en.lproj/Localizable.strings\" source-language=\"en\" target-language=\"de\">\n    <body>\n      ↓<trans-unit>\n        <source>Done</source>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n"
                        )
                    ])
                ],
                [
                    RuleExample([
                        ExampleFile(
                            "de.xliff",
                            "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file original=\"App/en.lproj/Localizable.strings\" source-language=\"en\" target-language=\"de\">\n    <body>\n      <trans-unit id=\"done\">\n        <source>Done</source>\n        <target state=\"translated\">Fertig</target>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n"
                        )
                    ])
                ]
            ))
    }
}
