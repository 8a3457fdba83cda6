import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

// stringscheck-bench: measures our parsers against Foundation's and the disk, and the whole check
// pipeline, side by side in one run.

prepareHeapLikeTheCLI()
let arguments = Array(CommandLine.arguments.dropFirst())
let valueOptions: Set<String> = [
    "--locales", "--keys", "--payloads", "--repetitions", "--tree", "--write-tree", "--write-catalog", "--profile-parse", "--code",
    "--xliff", "--write-stringsdict-tree", "--write-catalog-app", "--render",
]
let flagOptions: Set<String> = ["--series", "--json", "--help", "-h"]
// Unknown arguments are refused rather than silently running the default benchmark.
do {
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if valueOptions.contains(argument), index + 1 < arguments.count {
            index += 2
        } else if flagOptions.contains(argument) {
            index += 1
        } else {
            FileHandle.standardError.write(Data("stringscheck-bench: unknown or incomplete argument '\(argument)'\n\(usage)".utf8))
            exit(64)
        }
    }
}
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
func count(_ name: String, default value: Int) -> Int {
    guard let text = option(name) else { return value }
    guard let number = Int(text), number > 0 else {
        FileHandle.standardError.write(Data("stringscheck-bench: \(name) takes a whole number above 0, not '\(text)'\n".utf8))
        exit(64)
    }
    return number
}
let locales = count("--locales", default: 40)
let keys = count("--keys", default: 5_000)
let payloadCount = count("--payloads", default: 1_000)
let repetitions = count("--repetitions", default: 5)
let realTree = option("--tree")
let wantsJSON = arguments.contains("--json")
let wantsSeries = arguments.contains("--series")

struct Row {
    var name: String
    var seconds: Double
    var bytes: Int
    var entries: Int
    var ratio: String
}

func mbps(_ bytes: Int, _ seconds: Double) -> Double { seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0 }

/// What the CLI takes on a tree, as a user runs it.
struct CLIFigures {
    var checkSeconds: Double
    var peakBytes: Int?
    /// Every file the check reads: tables, catalogs and payload templates.
    var filesBytes: Int
    var memoryRatio: Double? { peakBytes.map { Double($0) / Double(max(1, filesBytes)) } }
}

let cliPath = siblingCLI()

/// The CLI's check of `root` (see `measureCLI`) and its table row; nil without the executable.
func cliRow(root: URL, filesBytes: Int, entries: Int, repetitions: Int, memoryNote: (Int) -> String) -> (Row, CLIFigures)? {
    guard let cliPath, let run = measureCLI(cliPath, ["check", root.path, "--no-config"], repetitions: repetitions) else { return nil }
    let cli = CLIFigures(checkSeconds: run.seconds, peakBytes: run.peakBytes, filesBytes: filesBytes)
    let row = Row(
        name: "stringscheck check (CLI process)", seconds: cli.checkSeconds, bytes: filesBytes, entries: entries,
        ratio: cli.peakBytes.map { peak in
            String(format: "peak %.1f MB = %.1f× ", Double(peak) / 1_048_576, cli.memoryRatio ?? 0) + memoryNote(filesBytes)
        } ?? "peak memory not reported (not Linux)")
    return (row, cli)
}

/// `format --check` of the tree the CLI checked (`against`), set against that check: target
/// within 2× of it. Nil without the CLI.
func formatCheckRow(root: URL, bytes: Int, entries: Int, against check: CLIFigures, repetitions: Int) -> Row? {
    guard let cliPath, let format = measureCLI(cliPath, ["format", "--check", root.path, "--no-config"], repetitions: repetitions)
    else { return nil }
    return Row(
        name: "stringscheck format --check (CLI process)", seconds: format.seconds, bytes: bytes, entries: entries,
        ratio: String(format: "%.2f× the check (target ≤ 2×)", format.seconds / check.checkSeconds))
}

func rowsReport(_ rows: [Row]) -> [[String: Any]] {
    rows.map { ["name": $0.name, "seconds": $0.seconds, "bytes": $0.bytes, "entries": $0.entries, "ratio": $0.ratio] }
}

/// Measures one tree; returns the table rows and a summary for the series.
func measure(root: URL, repetitions: Int) async throws -> (rows: [Row], cli: CLIFigures?, targets: Targets) {
    let stringsFiles = files(under: root, extensions: ["strings"])
    let stringsdictFiles = files(under: root, extensions: ["stringsdict"])
    let stringsBytes = try stringsFiles.map { try FileBytes.read($0.path).get() }
    let floorBytes = stringsBytes.reduce(0) { $0 + $1.count }
    // The floor reads every file with the loader's own reader and drops it, so it measures reading,
    // not the page faults of keeping a second copy of the tree.
    let floor = try median(repetitions) {
        var total = 0
        for url in stringsFiles { total += try FileBytes.read(url.path).get().count }
        precondition(total == floorBytes, "the files changed while measured")
    }
    // The least any parser of quoted strings must do: find each quote. It shows where "within a
    // few times the floor" stands for a parser that does anything more.
    var quotes = 0
    let quoteSearch = median(repetitions) { quotes = stringsBytes.reduce(0) { $0 + quoteCount($1) } }
    let (ours, foundation, entries) = parsePair(stringsFiles, stringsBytes, repetitions: repetitions) {
        StringsParser.parse(bytes: $0, path: $1).entries.count
    }
    let dictBytes = try stringsdictFiles.map { [UInt8](try Data(contentsOf: $0)) }
    let dictSize = dictBytes.reduce(0) { $0 + $1.count }
    let (oursDict, foundationDict, dictEntries) = parsePair(stringsdictFiles, dictBytes, repetitions: repetitions) {
        StringsdictParser.parse(bytes: $0, path: $1).entries.count
    }
    let phased = await timedCheckPhases(root: root, repetitions: repetitions)
    let (check, lastProject, lastResult) = (phased.whole, phased.project, phased.result)
    var rendered = 0
    let index = ProjectIndex(project: lastProject)
    let payloadFindings = lastResult.findings.filter { $0.diagnostic.id.hasPrefix("payload-") }
    let render = median(max(1, repetitions / 2)) { rendered = PreviewBuilder.payloadRows(index, findings: payloadFindings).count }
    // The CLI itself, process start and exit included: the wall time and peak memory the
    // targets are stated in, beside the in-process figures.
    let read = files(under: root, extensions: ["strings", "stringsdict", "xcstrings", "json"])
    let readBytes = read.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
    let cli = cliRow(root: root, filesBytes: readBytes, entries: entries + dictEntries, repetitions: repetitions) {
        String(format: "the %.1f MB of files it reads", Double($0) / 1_048_576)
    }
    var rows = [
        Row(name: "read the .strings bytes (floor)", seconds: floor, bytes: floorBytes, entries: entries, ratio: "1.0× floor"),
        Row(
            name: "find every quote (memchr, no parse)", seconds: quoteSearch, bytes: floorBytes, entries: entries,
            ratio: String(format: "%.1f× floor (%d quotes)", quoteSearch / floor, quotes)),
        Row(
            name: "stringscheck .strings parse", seconds: ours, bytes: floorBytes, entries: entries,
            ratio: stringsFiles.isEmpty
                ? "no .strings files" : speed(ours, against: foundation, "Foundation") + String(format: ", %.1f× floor", ours / floor)),
        Row(name: "Foundation .strings parse", seconds: foundation, bytes: floorBytes, entries: entries, ratio: ""),
        Row(
            name: "stringscheck .stringsdict parse", seconds: oursDict, bytes: dictSize, entries: dictEntries,
            // Timing an empty loop gives a ratio of two noises.
            ratio: stringsdictFiles.isEmpty
                ? "no .stringsdict files" : speed(oursDict, against: foundationDict, "Foundation")),
        Row(name: "Foundation .stringsdict parse", seconds: foundationDict, bytes: dictSize, entries: dictEntries, ratio: ""),
        Row(
            name: "  load (discovery, parsing on all cores)", seconds: phased.load, bytes: floorBytes + dictSize,
            entries: entries + dictEntries, ratio: ""),
        Row(
            name: "  index build (every part check reads)", seconds: phased.index, bytes: 0, entries: entries + dictEntries,
            ratio: String(format: "%.0f%% of the check", phased.index / check * 100)),
        Row(
            name: "  rules (every rule on the built index)", seconds: phased.rules, bytes: 0, entries: 0,
            ratio: String(format: "%.0f%% of the check", phased.rules / check * 100)),
        Row(
            name: "check (\(lastResult.fileCount) files, \(lastResult.findings.count) findings)", seconds: check,
            bytes: floorBytes + dictSize,
            entries: entries + dictEntries,
            ratio: String(format: "%.1f× floor, ", check / floor)
                + speed(check, against: foundation + foundationDict, "Foundation's parse alone")),
        Row(name: "render \(rendered) payload rows", seconds: render, bytes: 0, entries: rendered, ratio: ""),
    ]
    if let (row, figures) = cli {
        rows.append(row)
        // `format --check` reads the same tree and lays out every table.
        if let row = formatCheckRow(root: root, bytes: readBytes, entries: entries, against: figures, repetitions: repetitions) {
            rows.append(row)
        }
    }
    let targets = Targets(
        cliSeconds: cli?.1.checkSeconds, checkSeconds: check, foundationParseSeconds: foundation + foundationDict,
        peakBytes: cli?.1.peakBytes, readBytes: readBytes, emptyPeakBytes: emptyCheckPeak(),
        stringsdictParseRatio: stringsdictFiles.isEmpty ? nil : foundationDict / oursDict)
    return (rows, cli?.1, targets)
}

/// One String Catalog of the tree's size: our catalog parse against Foundation's JSON parser on
/// the same bytes (Foundation has no catalog reader; its JSON parse is the floor of any), the
/// check in process, and the CLI.
func measureCatalog(root: URL, repetitions: Int) async throws -> (rows: [Row], cli: CLIFigures?, targets: [String: Any]) {
    let url = root.appendingPathComponent("App/Localizable.xcstrings")
    let bytes = try FileBytes.read(url.path).get()
    let floor = median(repetitions) { precondition((try? FileBytes.read(url.path).get().count) == bytes.count) }
    var units = 0
    let data = Data(bytes)
    let parses = interleavedMedians(
        repetitions,
        [
            {
                units = 0
                let catalog = StringCatalogParser.parse(bytes: bytes, path: url.path)
                catalog.forEachLocalization { _, _, value in value.forEachUnit { _ in units += 1 } }
            },
            { _ = try? JSONSerialization.jsonObject(with: data) },
        ])
    let (ours, foundation) = (parses[0], parses[1])
    let (check, _, result) = await timedCheck(root: root, repetitions: repetitions)
    let cli = cliRow(root: root, filesBytes: bytes.count, entries: units, repetitions: repetitions) { _ in "the file" }
    var rows = [
        Row(name: "read the catalog bytes (floor)", seconds: floor, bytes: bytes.count, entries: units, ratio: "1.0× floor"),
        Row(
            name: "stringscheck catalog parse", seconds: ours, bytes: bytes.count, entries: units,
            ratio: speed(ours, against: foundation, "Foundation's JSON parse") + String(format: ", %.1f× floor", ours / floor)
                + "; target ≥ \(Int(CatalogTargets.parseRatio))×: " + verdict(foundation / ours >= CatalogTargets.parseRatio)),
        Row(name: "Foundation JSONSerialization", seconds: foundation, bytes: bytes.count, entries: units, ratio: ""),
        Row(name: "check (\(result.findings.count) findings)", seconds: check, bytes: bytes.count, entries: units, ratio: ""),
    ]
    var targets: [String: Any] = [
        "parseRatio": foundation / ours, "parseTarget": CatalogTargets.parseRatio,
        "parseMet": foundation / ours >= CatalogTargets.parseRatio,
    ]
    if let (row, figures) = cli {
        var judged = row
        judged.ratio += "; " + CatalogTargets.cliVerdict(figures, emptyPeakBytes: emptyCheckPeak())
        rows.append(judged)
        targets.merge(CatalogTargets.cliReport(figures, emptyPeakBytes: emptyCheckPeak())) { $1 }
    }
    return (rows, cli?.1, targets)
}

if let target = option("--profile-parse") {
    // Parses every .strings, .stringsdict and .xcstrings file under a folder 20 times, for a
    // profiler to look at.
    let root = URL(fileURLWithPath: target)
    for (kind, urls) in [
        ("strings", files(under: root, extensions: ["strings"])), ("stringsdict", files(under: root, extensions: ["stringsdict"])),
        ("xcstrings", files(under: root, extensions: ["xcstrings"])),
    ]
    where !urls.isEmpty {
        // Read through `Data`, so figures stay comparable with the benchmark's: the freed `Data`
        // buffers raise glibc's mmap threshold, and without that every entry array of a pass is
        // mapped and unmapped afresh (much slower; the benchmark's floor loop has the same effect).
        let contents = try urls.map { [UInt8](try Data(contentsOf: $0)) }
        var entries = 0
        let seconds = median(20) {
            for (index, bytes) in contents.enumerated() {
                switch kind {
                case "strings": entries += StringsParser.parse(bytes: bytes, path: urls[index].path).entries.count
                case "stringsdict": entries += StringsdictParser.parse(bytes: bytes, path: urls[index].path).entries.count
                default: entries += StringCatalogParser.parse(bytes: bytes, path: urls[index].path).entries.count
                }
            }
        }
        print(String(format: "parsed %d .%@ entries, %.2f ms a pass (median of 20)", entries, kind, seconds * 1000))
    }
    exit(0)
}

if let target = option("--write-tree") {
    // Only write the synthetic tree (to profile the CLI on it) and stop.
    let count = try SyntheticTree(locales: locales, keys: keys, payloads: payloadCount).write(to: URL(fileURLWithPath: target))
    print("wrote \(count) files to \(target)")
    exit(0)
}

if let target = option("--write-catalog") {
    // Only write the synthetic tree's String Catalog (to profile the CLI on it) and stop.
    try SyntheticTree(locales: locales, keys: keys, payloads: 0).writeCatalog(to: URL(fileURLWithPath: target))
    print("wrote \(target)/App/Localizable.xcstrings")
    exit(0)
}

if let target = option("--write-stringsdict-tree") {
    try SyntheticTree(locales: locales, keys: keys, payloads: 0).writeStringsdictTree(
        to: URL(fileURLWithPath: target), entries: max(10, keys * 3 / 10))
    print("wrote \(target)")
    exit(0)
}

if let target = option("--write-catalog-app") {
    try SyntheticTree(locales: locales, keys: keys, payloads: 0).writeCatalogApp(to: URL(fileURLWithPath: target), tables: 4)
    print("wrote \(target)")
    exit(0)
}

func cliReport(_ cli: CLIFigures) -> [String: Any] {
    [
        "checkSeconds": cli.checkSeconds, "peakResidentBytes": cli.peakBytes ?? NSNull(), "filesBytes": cli.filesBytes,
        "memoryRatio": cli.memoryRatio ?? NSNull(),
    ]
}

// `--code A --code B`: the code scan's cost on each app, side by side, then stop.
let codeTrees = arguments.indices.filter { arguments[$0] == "--code" && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
if !codeTrees.isEmpty {
    var rows: [[String: Any]] = []
    if !wantsJSON {
        print("CLI check without and with the app's Swift and Objective-C code scanned (median of \(repetitions), interleaved)")
        print(
            "  app                              without   with code   ratio (target ≤ ×1.50)   + unused-key   ratio   sources")
    }
    for tree in codeTrees {
        guard let code = measureCodeScanning(root: tree, repetitions: repetitions) else {
            FileHandle.standardError.write(Data("stringscheck-bench: no CLI beside the benchmark, or no source in \(tree)\n".utf8))
            exit(1)
        }
        let name = URL(fileURLWithPath: tree).lastPathComponent
        if !wantsJSON {
            print(
                String(
                    format: "  %@ %7.1f ms  %7.1f ms   ×%.2f %@               %7.1f ms   ×%.2f   %d files, %.1f MB",
                    name.padding(toLength: 30, withPad: " ", startingAt: 0), code.without * 1000, code.with * 1000,
                    code.with / code.without, code.with / code.without <= 1.5 ? "met" : "MISSED", code.withUnused * 1000,
                    code.withUnused / code.without, code.files, Double(code.bytes) / 1_048_576))
        }
        rows.append([
            "tree": tree, "withoutSeconds": code.without, "withSeconds": code.with, "ratio": code.with / code.without,
            "withUnusedKeySeconds": code.withUnused, "files": code.files, "bytes": code.bytes,
        ])
    }
    if wantsJSON, let data = try? JSONSerialization.data(withJSONObject: ["code": rows], options: [.prettyPrinted, .sortedKeys]) {
        print(String(decoding: data, as: UTF8.self))
    }
    exit(0)
}

let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: workspace) }
var report: [String: Any] = ["repetitions": repetitions]

if let realTree {
    let (rows, cli, _) = try await measure(root: URL(fileURLWithPath: realTree), repetitions: repetitions)
    if !wantsJSON { printTable("Tree \(realTree) (median of \(repetitions))", rows) }
    report["tree"] = rowsReport(rows)
    report["treeCLI"] = cli.map(cliReport) ?? NSNull()
    if let code = measureCodeScanning(root: realTree, repetitions: repetitions) {
        if !wantsJSON {
            print("")
            print("CLI check of the tree, without and with its Swift and Objective-C code scanned (median of \(repetitions))")
            print(String(format: "  without code     %8.1f ms", code.without * 1000))
            print(
                String(
                    format: "  with code        %8.1f ms   ×%.2f (target ≤ ×1.50), %d source files, %.1f MB", code.with * 1000,
                    code.with / code.without, code.files, Double(code.bytes) / 1_048_576))
            print(
                String(
                    format: "  and unused-key   %8.1f ms   ×%.2f (every literal gathered)", code.withUnused * 1000,
                    code.withUnused / code.without))
        }
        report["treeCode"] = [
            "withoutSeconds": code.without, "withSeconds": code.with, "ratio": code.with / code.without, "files": code.files,
            "bytes": code.bytes, "withUnusedKeySeconds": code.withUnused,
        ]
    }
} else {
    let tree = SyntheticTree(locales: locales, keys: keys, payloads: payloadCount)
    let root = workspace.appendingPathComponent("tree")
    let written = try tree.write(to: root)
    // The files just written are flushed first: the kernel writing them back during the runs
    // made every figure after it slower (the CLI's by a third).
    sync()
    let (rows, cli, targets) = try await measure(root: root, repetitions: repetitions)
    if !wantsJSON {
        printTable(
            "Synthetic tree: \(locales) locales × \(keys) keys, \(payloadCount) payloads, \(written) files (median of \(repetitions))", rows
        )
        print("Against the targets (same run):")
        for line in targets.lines() { print("  " + line) }
    }
    report["synthetic"] = [
        "locales": locales, "keys": keys, "payloads": payloadCount,
        "rows": rowsReport(rows),
        "cli": cli.map(cliReport) ?? NSNull(),
        "targets": targets.report,
    ]
    // The same locales and keys as one String Catalog, the form current Xcode writes.
    let catalogRoot = workspace.appendingPathComponent("catalog")
    try tree.writeCatalog(to: catalogRoot)
    sync()
    let catalogFigures = try await measureCatalog(root: catalogRoot, repetitions: repetitions)
    try? FileManager.default.removeItem(at: catalogRoot)
    if !wantsJSON {
        print("")
        printTable("One String Catalog: \(locales + 1) locales × \(keys) keys (median of \(repetitions))", catalogFigures.rows)
    }
    let catalogCLI: Any = catalogFigures.cli.map(cliReport) ?? NSNull()
    report["catalog"] = [
        "rows": rowsReport(catalogFigures.rows),
        "cli": catalogCLI,
        "targets": catalogFigures.targets,
    ]
    for (name, value) in try await measureHeavyTrees(tree, workspace: workspace) { report[name] = value }
}

let xliffRoot =
    option("--xliff") ?? (FileManager.default.fileExists(atPath: "../shared/corpus/xliff") ? "../shared/corpus/xliff" : nil)
if let xliffRoot, let figures = try await measureXliff(root: URL(fileURLWithPath: xliffRoot), repetitions: repetitions) {
    if !wantsJSON {
        print("")
        printTable(
            "XLIFF exports in \(xliffRoot): \(figures.files) files, \(figures.units) units (median of \(repetitions))", figures.rows)
    }
    let xliffCLI: Any = figures.cli.map(cliReport) ?? NSNull()
    report["xliff"] = ["rows": rowsReport(figures.rows), "cli": xliffCLI]
}

if let cliPath, let render = measureRender(cliPath: cliPath, repetitions: repetitions, wantsJSON: wantsJSON) { report["render"] = render }

if wantsSeries {
    // Doublings, as the target is stated (twice the locales or keys may take at most twice the
    // time, +10%), then a grid: 1, 10 and 100 locales × 1,000 and 10,000 keys,
    // where each step is ten times the work (at most ×11).
    let repetitionsPerPoint = max(3, repetitions)
    var series: [[String: Any]] = []
    var checkTimes: [String: Double] = [:]
    func point(_ seriesLocales: Int, _ seriesKeys: Int) async throws {
        let root = workspace.appendingPathComponent("series-\(seriesLocales)-\(seriesKeys)")
        try SyntheticTree(locales: seriesLocales, keys: seriesKeys, payloads: 0).write(to: root)
        sync()
        let (check, parse) = try await measureScale(root: root, repetitions: repetitionsPerPoint)
        try? FileManager.default.removeItem(at: root)
        checkTimes["\(seriesLocales)x\(seriesKeys)"] = check
        let keysTotal = (seriesLocales + 1) * seriesKeys
        if !wantsJSON {
            print(
                String(
                    format: "  %3d locales × %6d keys  check %8.1f ms  parse %8.1f ms  %6.2f µs per key (check)", seriesLocales, seriesKeys,
                    check * 1000, parse * 1000, check / Double(keysTotal) * 1e6))
        }
        series.append(["locales": seriesLocales, "keys": seriesKeys, "checkSeconds": check, "parseSeconds": parse])
    }
    var ratios: [String: Double] = [:]
    func growth(_ steps: [(label: String, from: String, to: String, linear: Double)]) {
        for step in steps {
            guard let before = checkTimes[step.from], let after = checkTimes[step.to], before > 0 else { continue }
            ratios[step.label] = after / before
            if !wantsJSON {
                print(
                    String(
                        format: "  %@: check time ×%.2f (linear: ×%.2f, target ≤ ×%.2f)", step.label, after / before, step.linear,
                        step.linear * 1.1))
            }
        }
    }
    if !wantsJSON { print("\nScale series: doublings (check and .strings parse, median of \(repetitionsPerPoint))") }
    for (seriesLocales, seriesKeys) in [(10, 2_500), (20, 2_500), (40, 2_500), (20, 1_250), (20, 5_000)] {
        try await point(seriesLocales, seriesKeys)
    }
    growth([
        ("locales 10 → 20", "10x2500", "20x2500", 2), ("locales 20 → 40", "20x2500", "40x2500", 2),
        ("keys 1,250 → 2,500", "20x1250", "20x2500", 2), ("keys 2,500 → 5,000", "20x2500", "20x5000", 2),
    ])
    if !wantsJSON { print("\nScale series: 1, 10, 100 locales × 1,000 and 10,000 keys") }
    for seriesKeys in [1_000, 10_000] {
        for seriesLocales in [1, 10, 100] { try await point(seriesLocales, seriesKeys) }
    }
    // A locale step multiplies the tables (the base counts): 2 → 11 is ×5.5 and 11 → 101 is ×9.2;
    // a key step is ×10. Linear time grows by the same factor.
    growth([
        ("locales 1 → 10 (1,000 keys)", "1x1000", "10x1000", 5.5), ("locales 10 → 100 (1,000 keys)", "10x1000", "100x1000", 101.0 / 11),
        ("locales 1 → 10 (10,000 keys)", "1x10000", "10x10000", 5.5),
        ("locales 10 → 100 (10,000 keys)", "10x10000", "100x10000", 101.0 / 11),
        ("keys 1,000 → 10,000 (10 locales)", "10x1000", "10x10000", 10),
        ("keys 1,000 → 10,000 (100 locales)", "100x1000", "100x10000", 10),
    ])
    report["series"] = series
    report["growthRatios"] = ratios
}

if let cliPath, let version = measureCLI(cliPath, ["--version"], repetitions: max(5, repetitions)) {
    report["versionSeconds"] = version.seconds
    if !wantsJSON { print(String(format: "\nstringscheck --version (CLI process): %.1f ms", version.seconds * 1000)) }
    // The peak of a check that reads next to nothing, beside which the memory ratio is read.
    if let peak = emptyCheckPeak() {
        report["emptyCheckPeakResidentBytes"] = peak
        if !wantsJSON { print(String(format: "stringscheck check of a one-key table: peak %.1f MB resident", Double(peak) / 1_048_576)) }
    }
} else if !wantsJSON {
    print("\n(no stringscheck executable beside the benchmark: the CLI rows are left out; build the whole package)")
}

let peak = peakResidentBytes()
report["peakResidentBytes"] = peak ?? NSNull()
report["residentBeforeChildrenBytes"] = residentAroundChildren?.before ?? NSNull()
report["residentBesideChildrenBytes"] = residentAroundChildren?.after ?? NSNull()
if wantsJSON {
    let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else if let peak {
    print(
        String(
            format: "Peak resident memory of this benchmark process (it also holds Foundation's results): %.1f MB", Double(peak) / 1_048_576
        ))
    if let held = residentAroundChildren {
        print(
            String(
                format: "Most it held while a process it timed ran: %.1f MB, its freed heap given back first (%.1f MB before)",
                Double(held.after) / 1_048_576, Double(held.before) / 1_048_576))
    }
}
