import LocalizationFormats
import TestSupport
import Testing

@testable import StringsCheckRules

/// The round-trip rules on each XLIFF state, and where findings about a unit point.
struct XliffRuleTests {
    static func export(_ units: String, target: String = "de") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="\(target)">
            <body>
        \(units)
            </body>
          </file>
        </xliff>
        """
    }

    /// XLIFF 1.2's states: the five that say a target is not final are reported, the others not.
    @Test(arguments: [
        ("new", true), ("needs-translation", true), ("needs-review-translation", true), ("needs-review-l10n", true),
        ("needs-review-adaptation", true), ("translated", false), ("signed-off", false), ("final", false),
        ("needs-l10n", false), ("needs-adaptation", false),
    ])
    func eachState(state: String, reported: Bool) async {
        let units = "<trans-unit id=\"done\"><source>Done</source><target state=\"\(state)\">Fertig</target></trans-unit>"
        let result = await Check.run([("de.xliff", Self.export(units))])
        let ids = result.findings.map(\.diagnostic.id)
        #expect(ids.contains("xliff-unit-state") == reported, "\(state): \(ids)")
    }

    /// A translation marked not to be translated, and an empty source, are nobody's work.
    @Test func untranslatableUnitsAreLeftAlone() async {
        let units = """
            <trans-unit id="brand" translate="no"><source>Firefox</source></trans-unit>
            <trans-unit id="spacer"><source></source></trans-unit>
            <trans-unit id="later"><source>Later</source></trans-unit>
            """
        let result = await Check.run([("de.xliff", Self.export(units))])
        // (The empty development text itself is empty-value's, as in a project.)
        #expect(Check.summary(result) == ["empty-value@de.xliff:6:1", "xliff-untranslated@de.xliff:7:1"])
    }

    /// The tables of one XLIFF file share its path: a finding about a text still stands at its
    /// own `<target>`.
    @Test func findingsStandAtTheirTarget() async {
        let xliff = """
            <xliff version="1.2">
              <file original="App/en.lproj/InfoPlist.strings" source-language="en" target-language="de">
                <body><trans-unit id="CFBundleDisplayName"><source>App</source><target>App</target></trans-unit></body>
              </file>
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de">
                <body>
                  <trans-unit id="label">
                    <source>Name: </source>
                    <target>Name:</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>
            """
        let result = await Check.run([("de.xliff", xliff)])
        #expect(Check.summary(result) == ["whitespace-mismatch@de.xliff:9:9"])
    }

    /// An ellipsis the word order moves to the front is kept; one dropped is not.
    @Test func anEllipsisMovedToTheFrontIsKept() async {
        let files = [
            ("en.lproj/Localizable.strings", "\"share\" = \"Share Page With…\";\n"),
            ("pa.lproj/Localizable.strings", "\"share\" = \"…ਨਾਲ ਸਫ਼ਾ ਸਾਂਝਾ ਕਰੋ\";\n"),
            ("de.lproj/Localizable.strings", "\"share\" = \"Seite teilen mit\";\n"),
        ]
        let result = await Check.run(files, configuration: Check.configuration("rules:\n  punctuation-mismatch: on\n"))
        #expect(Check.summary(result) == ["punctuation-mismatch@de.lproj/Localizable.strings:1:11"])
    }

    /// A file into its own source language (an export's template) is no translation to do.
    @Test func aTemplateIsNoBacklog() async {
        let units = "<trans-unit id=\"later\"><source>Later</source></trans-unit>"
        let result = await Check.run([("en.xliff", Self.export(units, target: "en"))])
        #expect(result.findings.isEmpty, "\(Check.summary(result))")
    }
}
