import LocalizationFormats
import TestSupport
import Testing

@testable import LocalizationIndex

struct LocalizedTextStorageTests {
    func message(_ placement: TextPlacement, label: String? = nil, variables: [Int: VariableArgument] = [:]) -> LocalizedText {
        LocalizedText(
            table: "Localizable", locale: "de", key: "k", text: "a\nb%@", path: "de.lproj/Localizable.strings",
            keyLocation: SourcePosition(line: 3, column: 1), placement: placement, analysis: FormatScanner.analyze("a\nb%@"),
            origin: .strings, label: label, loaded: true, variableArguments: variables)
    }

    @Test func placementsReadBackAsGiven() {
        let start = SourcePosition(line: 3, column: 7)
        let verbatim = message(.verbatim(start))
        #expect(verbatim.placement == .verbatim(start))
        #expect(verbatim.hasExactPositions)
        #expect(verbatim.position(ofScalar: 3) == SourcePosition(line: 4, column: 2))
        #expect(verbatim.label == nil && verbatim.variableArguments.isEmpty)
        #expect(message(.fixed(nil)).placement == .fixed(nil))
        #expect(message(.fixed(start)).location == start)
        let segments = [TextSegment(range: 0..<2, location: start), TextSegment(range: 2..<5, location: nil)]
        let variable = VariableArgument(signature: "int:64", text: "%#@n@", offset: 0)
        let permutation = message(
            .segments(segments, fallback: SourcePosition(line: 9, column: 9)), label: "'one' of 'n'", variables: [1: variable])
        #expect(permutation.placement == .segments(segments, fallback: SourcePosition(line: 9, column: 9)))
        #expect(permutation.position(ofScalar: 1) == start)
        #expect(permutation.position(ofScalar: 3) == SourcePosition(line: 9, column: 9))
        #expect(permutation.label == "'one' of 'n'" && permutation.variableArguments == [1: variable])
        #expect(permutation.subject == "'k' ('one' of 'n')")
        #expect(message(.segments([], fallback: nil)).placement == .segments([], fallback: nil))
    }

    /// `.strings` messages read key, text and positions from their entry: quoted values without
    /// escapes start one column past the quote, unquoted ones at the value, escaped ones are fixed.
    @Test func stringsMessagesReadTheirEntries() throws {
        let text = "\"q\" = \"a\\nb %@\";\n\"plain\" = \"x%d\";\nbare = word;\n/* no string */ \"dict\" = { k = v; };\n"
        let parsed = StringsParser.parse(bytes: Array(text.utf8), path: "de.lproj/Localizable.strings")
        let file = ResourceFile(
            path: "de.lproj/Localizable.strings", locale: "de", folder: "de.lproj", table: "Localizable", content: .strings(parsed))
        let messages = LocalizedTextBuilder.texts(of: file)
        #expect(messages.map(\.key) == ["q", "plain", "bare"])
        #expect(messages.map(\.text) == ["a\nb %@", "x%d", "word"])
        #expect(messages.map(\.keyLocation) == [1, 2, 3].map { SourcePosition(line: $0, column: 1) })
        #expect(messages[0].placement == .fixed(SourcePosition(line: 1, column: 7)))
        #expect(messages[1].placement == .verbatim(SourcePosition(line: 2, column: 12)))
        #expect(messages[1].position(ofScalar: 1) == SourcePosition(line: 2, column: 13))
        #expect(messages[2].placement == .verbatim(SourcePosition(line: 3, column: 8)))
        #expect(messages.allSatisfy { $0.origin == .strings && $0.loaded && $0.label == nil && $0.locale == "de" })
        #expect(messages[1].analysis.specifiers.map(\.signature) == ["int"])
    }

    /// Catalog string units read theirs from the catalog (entry and localization); variations
    /// and units in state "new" keep the general path.
    @Test func catalogMessagesReadTheirUnits() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "A %@"}},
                "fr": {"stringUnit": {"state": "new", "value": "A"}}}},
              "b": {"localizations": {"de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "ein %lld"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld"}}}}}}},
              "c": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "C"}}}}}}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "Localizable.xcstrings")
        let file = ResourceFile(path: "Localizable.xcstrings", locale: nil, folder: nil, table: "Localizable", content: .catalog(catalog))
        let messages = LocalizedTextBuilder.texts(of: file)
        // Entries without an 'en' unit are their own source text: the key, read as the base.
        #expect(messages.map(\.key) == ["a", "b", "b", "c", "a", "b", "c"])
        #expect(messages.map(\.text) == ["A %@", "ein %lld", "%lld", "C", "a", "b", "c"])
        #expect(messages.map(\.locale) == ["de", "de", "de", "fr", "en", "en", "en"])
        #expect(messages[4].placement == .fixed(catalog.entries[0].keyLocation))
        #expect(messages[0].keyLocation == catalog.entries[0].keyLocation)
        #expect(messages[0].placement == .fixed(catalog.entries[0].localizations[0].value.stringUnit?.location))
        #expect(messages[3].placement == .fixed(catalog.entries[2].localizations[0].value.stringUnit?.location))
        #expect(messages.allSatisfy { $0.origin == .catalog && $0.loaded })
        #expect(messages[0].label == nil && messages[1].label != nil)
        #expect(messages[0].analysis.specifiers.map(\.signature) == ["object"])
    }
}

/// A large catalog's messages are built in runs of entries on all cores; they come out as the
/// serial build makes them, in the same order, with the same index lists.
struct CatalogTextTests {
    /// Each key's format lists the texts of its key in its locale, in order: the key formats find
    /// the runs of one source from the texts' records, and a catalog alternates its locales text
    /// by text (a run per text), its plural forms one run after another.
    @Test func keyFormatsListEveryTextOfTheirKeyInOrder() throws {
        let project = Check.project([("App/Localizable.xcstrings", Self.catalog)])
        let batch = LocalizedTextBuilder.texts(of: project)
        let formats = LocalizedTextBuilder.formats(batch, numberingLocale: "en")
        var expected: [String: [String: [Int]]] = [:]
        for index in batch.texts.indices {
            expected[batch.texts[index].locale, default: [:]][batch.texts[index].key, default: []].append(index)
        }
        let file = try #require(project.files.first)
        let table = try #require(formats[file.tableID])
        #expect(Set(table.keys) == ["en", "de"])
        var several = 0
        for (locale, keys) in expected {
            let byKey = try #require(table[locale])
            for (key, indices) in keys {
                #expect(Array(byKey[key]?.texts ?? []) == indices, "\(locale) \(key)")
                if indices.count > 1 { several += 1 }
            }
        }
        // The German plural variations give keys several texts, read one run after another.
        #expect(several == 100)
    }

    /// 700 keys in English and German: every seventh German one a plural variation, every fifth
    /// other one in the state `new`.
    static let catalog: String = {
        var strings: [String] = []
        for index in 0..<700 {
            let german =
                index % 7 == 0
                ? #""de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld Ding"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld Dinge"}}}}}"#
                : #""de": {"stringUnit": {"state": "\#(index % 5 == 0 ? "new" : "translated")", "value": "Wert \#(index) %@"}}"#
            strings.append(
                #""key.\#(index)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Value \#(index) %@"}}, \#(german)}}"#
            )
        }
        return #"{"sourceLanguage": "en", "strings": {\#(strings.joined(separator: ", "))}, "version": "1.0"}"#
    }()

    @Test func runsOfEntriesMatchTheSerialBuild() throws {
        let project = Check.project([("App/Localizable.xcstrings", Self.catalog)])
        let file = try #require(project.files.first)
        let serial = LocalizedTextBuilder.texts(of: file)
        let batch = LocalizedTextBuilder.texts(of: project)
        #expect(serial.count > 1_300)
        #expect(batch.texts.count == serial.count)
        #expect(batch.texts.map(\.key) == serial.map(\.key))
        #expect(batch.texts.map(\.text) == serial.map(\.text))
        #expect(batch.texts.map(\.locale) == serial.map(\.locale))
        #expect(batch.texts.map(\.label) == serial.map(\.label))
        #expect(!batch.texts.contains { $0.text.hasPrefix("Wert 5 ") })
        #expect(Array(batch.withSpecifiers) == Array(serial.indices.filter { !serial[$0].analysis.specifiers.isEmpty }))
        #expect(Set(batch.texts.slots.map { batch.texts.sources[Int($0.source)].locale }) == ["en", "de"])
        // Each text's record names its source.
        for (index, slot) in batch.texts.slots.enumerated() {
            #expect(batch.texts[index].source === batch.texts.sources[Int(slot.source)])
        }
    }
}

/// `.stringsdict` permutations read each variable as Foundation does: a name defined twice in an
/// entry is its last definition (a property list dictionary keeps the last of duplicate keys).
struct StringsdictPermutationTests {
    static func texts(_ entry: String) -> [LocalizedText] {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(entry)</dict></plist>\n"
        let file = StringsdictParser.parse(bytes: Array(xml.utf8), path: "en.lproj/Localizable.stringsdict")
        let source = TextSource(table: "Localizable", locale: "en", path: file.path)
        return file.entries.flatMap { LocalizedTextBuilder.stringsdictTexts($0, source: source) }
    }

    static func variable(_ name: String, _ forms: [(String, String)], valueType: String = "ld") -> String {
        "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + "<key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>"
            + forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict>"
    }

    /// An entry whose format is one variable alone is made without the general expansion: every
    /// text must be what the expansion makes, over forms with every kind of specifier and problem.
    @Test func theUsualEntryIsWhatTheGeneralExpansionMakes() throws {
        let forms = [
            "%ld file", "%1$ld files", "%@ and %ld", "%2$@ %1$ld", "%d", "%lld%%", "no number", "%ld %ld", "%1$@ %@", "%3$@ gap",
            "stray % sign", "%#@other@ in", "%#@unknown@ here", "%ld %#@other@", "%5$ld", "%1$ld %1$@", "tab\t%ld", "émoji 😀 %ld",
            "%#@n@ itself", "%", "",
        ]
        var entries = ""
        for (index, form) in forms.enumerated() {
            // The variable alone, and with text around it (ASCII and not).
            let formats = ["%#@n@", "%1$#@n@", "You have %#@n@", "%#@n@ left é", "ü %1$#@n@ ✓", "%#@n@", "%2$#@n@ of %1$@"]
            // Each form again under every format and value type: records share the scans of
            // alike forms only under the same variable.
            for (variant, valueType) in ["ld", "d", "@", "f"].enumerated() {
                let format = formats[(index + variant) % formats.count]
                entries +=
                    "<key>k\(index).\(variant)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string>"
                    + Self.variable(
                        "n", [("one", form), ("other", forms[(index + 1) % forms.count]), ("few", forms[(index + 7) % forms.count])],
                        valueType: valueType)
                    + Self.variable("other", [("one", "nested %@"), ("other", "nested %ld")]) + "</dict>"
            }
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(entries)</dict></plist>\n"
        let file = StringsdictParser.parse(bytes: Array(xml.utf8), path: "en.lproj/Localizable.stringsdict")
        let source = TextSource(table: "Localizable", locale: "en", path: file.path)
        #expect(file.entries.count == forms.count * 4)
        var compared = 0
        for entry in file.entries {
            let quick = LocalizedTextBuilder.stringsdictTexts(entry, source: source)
            let general = LocalizedTextBuilder.stringsdictTexts(entry, source: source, shortcut: false)
            #expect(quick.count == general.count, "\(entry.key)")
            for (a, b) in zip(quick, general) {
                #expect(a.text == b.text && a.label == b.label && a.placement == b.placement, "\(entry.key)")
                #expect(a.analysis == b.analysis && a.variableArguments == b.variableArguments, "\(entry.key)")
                #expect(a.key == b.key && a.keyLocation == b.keyLocation && a.loaded == b.loaded && a.origin == b.origin)
                compared += 1
            }
        }
        #expect(compared > 320)
        // The index keeps a usual entry's forms as records: each text made from its record is
        // what the general expansion makes, and its record reads what that text reads.
        let project = Check.project([("en.lproj/Localizable.stringsdict", xml)])
        let batch = LocalizedTextBuilder.texts(of: project)
        let general = file.entries.flatMap { LocalizedTextBuilder.stringsdictTexts($0, source: source, shortcut: false) }
        try #require(batch.texts.count == general.count)
        #expect(general.count - batch.texts.objects.count > 120)
        // What the records say of each text is what the same texts kept as objects say.
        var objects = TextBatch()
        for text in general { objects.append(text) }
        #expect(batch.empty == objects.empty && !objects.empty.isEmpty)
        #expect(batch.withSpecifiers == objects.withSpecifiers && batch.withProblems == objects.withProblems)
        #expect(batch.stringsdict == objects.stringsdict && batch.stringsdict.count == general.count)
        for index in general.indices {
            #expect(batch.texts.hasUnpositionedArguments(at: index) == objects.texts.hasUnpositionedArguments(at: index))
            #expect(batch.texts.isLoaded(at: index) == objects.texts.isLoaded(at: index))
            for type in FormatArgumentType.allCases {
                #expect(batch.texts.reads(at: index, anyOf: [type]) == objects.texts.reads(at: index, anyOf: [type]))
            }
            #expect(batch.texts.shape(at: index) == objects.texts.shape(at: index))
        }
        for (index, b) in general.enumerated() {
            let a = batch.texts[index]
            #expect(a.text == b.text && a.label == b.label && a.placement == b.placement, "\(b.key)")
            #expect(a.analysis == b.analysis && a.variableArguments == b.variableArguments, "\(b.key)")
            #expect(a.key == b.key && a.keyLocation == b.keyLocation && a.loaded == b.loaded && a.origin == b.origin)
            #expect(batch.texts.key(at: index) == b.key && batch.texts.text(at: index) == b.text)
            #expect(batch.texts.shape(at: index) == ArgumentShape(b.argumentUses(index: 0)), "\(b.key): \(b.text)")
            #expect(batch.texts.origin(at: index) == .stringsdict && batch.stringsdict.contains(index))
        }
    }

    @Test func aVariableDefinedTwiceIsItsLastDefinition() {
        let texts = Self.texts(
            "<key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + Self.variable("n", [("one", "A %ld"), ("other", "B %ld")])
                + Self.variable("n", [("one", "C %ld"), ("other", "D %ld")]) + "</dict>")
        #expect(texts.map(\.text) == ["C %ld", "D %ld"])
    }

    /// A name whose first definition has no forms takes the later one's forms (every branch died
    /// at the formless one before), and past the permutation budget only `other` is followed.
    @Test func aFormlessFirstDefinitionGivesWayToTheLaterOne() {
        let six = ["zero", "one", "two", "few", "many", "other"].map { ($0, "\($0) %ld") }
        let texts = Self.texts(
            "<key>many</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@ %#@b@ %#@c@</string>"
                + Self.variable("a", six) + Self.variable("b", six) + Self.variable("c", [])
                + Self.variable("c", [("one", "c1 %ld"), ("other", "c2 %ld")]) + "</dict>")
        #expect(texts.count > LocalizedTextBuilder.maximumPermutations)
        #expect(texts.allSatisfy { $0.text.hasSuffix("c1 %ld") || $0.text.hasSuffix("c2 %ld") })
        #expect(texts.last?.text == "other %ld other %ld c2 %ld")
    }
}
