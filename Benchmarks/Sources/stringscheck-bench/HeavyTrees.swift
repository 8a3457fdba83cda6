import Foundation
import LocalizationFormats

/// The formats new projects use, at an app's scale: a tree of one large `.stringsdict` per locale,
/// and an app's String Catalogs as Xcode writes them. Each is measured beside the `.lproj` tree
/// with its load / index / rules split, the CLI, and the least a reader of the same files does.
extension SyntheticTree {
    /// Every locale (and the development one) with one `Localizable.stringsdict` of `entries`
    /// plural entries, laid out as Xcode's plist editor writes them.
    func writeStringsdictTree(to root: URL, entries: Int) throws {
        try? FileManager.default.removeItem(at: root)
        for (index, locale) in (["en"] + (0..<locales).map(localeName)).enumerated() {
            let folder = root.appendingPathComponent("App/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var generator = Generator(state: 7_919 + UInt64(index))
            // The forms the locale's plural rules use, as a translated app has them.
            let categories = PluralRules.cardinal(for: locale).categories.map(\.rawValue)
            var text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>

                """
            text.reserveCapacity(entries * 560)
            for entry in 0..<entries {
                let word = generator.word()
                let other = (0..<(2 + Int(generator.next() % 4))).map { _ in generator.word() }.joined(separator: " ")
                let forms = categories.map { "\t\t\t<key>\($0)</key>\n\t\t\t<string>%d \(word) (\($0)) &amp; \(other)</string>\n" }.joined()
                text += """
                    \t<key>plural.entry.\(entry)</key>
                    \t<dict>
                    \t\t<key>NSStringLocalizedFormatKey</key>
                    \t\t<string>%#@count@ \(other)</string>
                    \t\t<key>count</key>
                    \t\t<dict>
                    \t\t\t<key>NSStringFormatSpecTypeKey</key>
                    \t\t\t<string>NSStringPluralRuleType</string>
                    \t\t\t<key>NSStringFormatValueTypeKey</key>
                    \t\t\t<string>d</string>
                    \(forms)\t\t</dict>
                    \t</dict>

                    """
            }
            text += "</dict>\n</plist>\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.stringsdict"))
        }
    }

    /// An app's String Catalogs as Xcode writes them: `tables` catalogs sharing the keys, every
    /// locale in each; every 10th key with plural variations, every 15th by device (the iPhone's
    /// case with plural forms inside), every 25th with a substitution; states mixed.
    func writeCatalogApp(to root: URL, tables: Int) throws {
        try? FileManager.default.removeItem(at: root)
        let folder = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = (["en"] + (0..<locales).map(localeName)).sorted()
        let perTable = max(1, keys / max(1, tables))
        var generator = Generator(state: 15_485_863)
        for table in 0..<max(1, tables) {
            var out = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
            out.reserveCapacity(perTable * names.count * 200)
            for number in 0..<perTable {
                let key = table * perTable + number
                out += "    \"app.\(table).key.\(key)\" : {\n      \"comment\" : \"Shown on screen \(key)\",\n"
                out += "      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n"
                for (index, locale) in names.enumerated() {
                    // Each translation its own words.
                    let words = (0..<(3 + Int(generator.next() % 4))).map { _ in generator.word() }.joined(separator: " ")
                    let state = key % 17 == 3 && locale != "en" ? "needs_review" : key % 29 == 5 ? "new" : "translated"
                    let unit = { (value: String, indent: String) in
                        "\(indent)\"stringUnit\" : {\n\(indent)  \"state\" : \"\(state)\",\n\(indent)  \"value\" : \"\(value)\"\n\(indent)}"
                    }
                    // Members in the order Xcode writes them (Finder's: the categories by name,
                    // `stringUnit` before `substitutions`), so the file is laid out as Xcode saves it.
                    let categories = PluralRules.cardinal(for: locale).categories.map(\.rawValue).sorted()
                    let plural = { (indent: String) in
                        "\(indent)\"plural\" : {\n"
                            + categories.map { "\(indent)  \"\($0)\" : {\n\(unit("%lld \(words) (\($0))", indent + "    "))\n\(indent)  }" }
                            .joined(separator: ",\n") + "\n\(indent)}"
                    }
                    out += "        \"\(locale)\" : {\n"
                    if key % 25 == 7 {
                        out += unit("\(words) %#@count@", "          ") + ",\n"
                        out += "          \"substitutions\" : {\n            \"count\" : {\n              \"argNum\" : 1,\n"
                        out += "              \"formatSpecifier\" : \"lld\",\n              \"variations\" : {\n"
                        out += plural("                ").replacingOccurrences(of: "%lld", with: "%arg") + "\n"
                        out += "              }\n            }\n          }\n"
                    } else if key % 15 == 2 {
                        out += "          \"variations\" : {\n            \"device\" : {\n              \"iphone\" : {\n"
                        out += "                \"variations\" : {\n" + plural("                  ") + "\n                }\n"
                        out += "              },\n              \"other\" : {\n" + unit("%lld \(words) (device)", "                ") + "\n"
                        out += "              }\n            }\n          }\n"
                    } else if key % 10 == 4 {
                        out += "          \"variations\" : {\n" + plural("            ") + "\n          }\n"
                    } else {
                        out += unit(key % 3 == 0 ? "\(words) %@" : words, "          ") + "\n"
                    }
                    out += "        }" + (index == names.count - 1 ? "\n" : ",\n")
                }
                out += "      }\n    }" + (number == perTable - 1 ? "\n" : ",\n")
            }
            out += "  },\n  \"version\" : \"1.0\"\n}\n"
            try Data(out.utf8).write(to: folder.appendingPathComponent("Table\(table).xcstrings"))
        }
    }
}

/// Python's C JSON parser reading `paths` (its own clock, without the interpreter's start), the
/// median of `repetitions`; nil without `python3`.
func pythonJSONLoad(_ paths: [String], repetitions: Int) -> Double? {
    var times: [Double] = []
    for _ in 0..<max(1, repetitions) {
        releaseFreeHeap()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                "import json,sys,time\nt=time.perf_counter()\nfor p in sys.argv[1:]: json.load(open(p,'rb'))\nprint(time.perf_counter()-t)",
            ]
            + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let seconds = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        times.append(seconds)
    }
    return times.sorted()[times.count / 2]
}

/// A heavy tree's figures: the check in process and its split, the CLI, and a reference reader of
/// the same files (`reference`: its name and median seconds), the CLI set against it and against
/// `target`, the most of the reference's time the CLI's check may take.
func measureHeavyTree(
    root: URL, extensions: Set<String>, repetitions: Int, target: Double, formatCheck: Bool = false,
    reference: (String, [URL]) -> (name: String, seconds: Double)?
) async -> (rows: [Row], cli: CLIFigures?, targets: [String: Any]) {
    let urls = files(under: root, extensions: extensions)
    let bytes = urls.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
    let phased = await timedCheckPhases(root: root, repetitions: repetitions)
    var rows = [
        Row(name: "  load (discovery, parsing on all cores)", seconds: phased.load, bytes: bytes, entries: 0, ratio: ""),
        Row(
            name: "  index build (every part check reads)", seconds: phased.index, bytes: 0, entries: 0,
            ratio: String(format: "%.0f%% of the check", 100 * phased.index / phased.whole)),
        Row(
            name: "  rules (every rule on the built index)", seconds: phased.rules, bytes: 0, entries: 0,
            ratio: String(format: "%.0f%% of the check", 100 * phased.rules / phased.whole)),
        Row(name: "check (\(phased.result.findings.count) findings)", seconds: phased.whole, bytes: bytes, entries: 0, ratio: ""),
    ]
    let cli = cliRow(root: root, filesBytes: bytes, entries: 0, repetitions: repetitions) { _ in "the files" }
    if let (row, figures) = cli {
        rows.append(row)
        // Files laid out as Xcode saves them: `format --check` confirms it, as a pre-commit hook
        // runs it.
        if formatCheck, let row = formatCheckRow(root: root, bytes: bytes, entries: 0, against: figures, repetitions: repetitions) {
            rows.append(row)
        }
    }
    var targets: [String: Any] = ["target": target]
    if let (name, seconds) = reference("", urls) {
        targets["referenceSeconds"] = seconds
        rows.append(
            Row(
                name: name, seconds: seconds, bytes: bytes, entries: 0,
                ratio: cli.map {
                    let ratio = $0.1.checkSeconds / seconds
                    targets["ratio"] = ratio
                    targets["met"] = ratio <= target
                    return String(format: "the CLI's check takes %.2f× its time; target ≤ %.2f×: ", ratio, target)
                        + verdict(ratio <= target)
                } ?? ""))
    }
    return (rows, cli?.1, targets)
}

/// Both heavy trees of the synthetic tree's size, measured and printed; their report entries
/// (`stringsdictTree`, `catalogApp`).
func measureHeavyTrees(_ tree: SyntheticTree, workspace: URL) async throws -> [String: Any] {
    // 40 locales × 1,500 entries by default: three entries for every ten keys of the tree.
    let entries = max(10, tree.keys * 3 / 10)
    let dictRoot = workspace.appendingPathComponent("stringsdict")
    try tree.writeStringsdictTree(to: dictRoot, entries: entries)
    sync()
    let dict = await measureHeavyTree(
        root: dictRoot, extensions: ["stringsdict"], repetitions: repetitions, target: CatalogTargets.stringsdictTreeRatio
    ) { _, urls in
        let contents = urls.compactMap { try? Data(contentsOf: $0) }
        let seconds = median(repetitions) {
            for data in contents { _ = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        }
        return ("Foundation's parse alone of the same files", seconds)
    }
    try? FileManager.default.removeItem(at: dictRoot)
    let tables = 4
    let catalogRoot = workspace.appendingPathComponent("catalogs")
    try tree.writeCatalogApp(to: catalogRoot, tables: tables)
    sync()
    let catalogs = await measureHeavyTree(
        root: catalogRoot, extensions: ["xcstrings"], repetitions: repetitions, target: CatalogTargets.catalogAppRatio, formatCheck: true
    ) { _, urls in
        pythonJSONLoad(urls.map(\.path), repetitions: repetitions).map { ("Python's C json.load of the same files", $0) }
    }
    try? FileManager.default.removeItem(at: catalogRoot)
    if !wantsJSON {
        print("")
        printTable(
            "A .stringsdict tree: \(tree.locales + 1) locales × one \(entries)-entry .stringsdict (median of \(repetitions))", dict.rows)
        print("")
        printTable(
            "An app's String Catalogs as Xcode writes them: \(tables) catalogs, \(tree.locales + 1) locales × \(tree.keys) keys in all "
                + "(plural, device, substitutions; median of \(repetitions))", catalogs.rows)
    }
    return [
        "stringsdictTree": ["rows": rowsReport(dict.rows), "cli": dict.cli.map(cliReport) ?? NSNull(), "targets": dict.targets]
            as [String: Any],
        "catalogApp": ["rows": rowsReport(catalogs.rows), "cli": catalogs.cli.map(cliReport) ?? NSNull(), "targets": catalogs.targets]
            as [String: Any],
    ]
}
