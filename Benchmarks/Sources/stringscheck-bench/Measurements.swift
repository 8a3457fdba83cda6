import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

// The measurements the benchmark's main file runs: the check in process and by phase, the code
// scan, the scale series, the parsers against Foundation's, and the targets they are held to.

/// `check` of a tree without and with `code: include` of its Swift and Objective-C sources,
/// interleaved: the cost of scanning an app's code.
func measureCodeScanning(root: String, repetitions: Int) -> (without: Double, with: Double, withUnused: Double, files: Int, bytes: Int)? {
    guard let cli = siblingCLI() else { return nil }
    let sources = files(under: URL(fileURLWithPath: root), extensions: ["swift", "m", "h"])
    guard !sources.isEmpty else { return nil }
    let bytes = sources.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bench-code-\(getpid()).yml")
    let unusedConfig = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bench-unused-\(getpid()).yml")
    let include = "code:\n  include: [\"**/*.swift\", \"**/*.m\", \"**/*.h\"]\n"
    try? Data(include.utf8).write(to: config)
    try? Data((include + "rules:\n  unused-key: on\n").utf8).write(to: unusedConfig)
    defer {
        try? FileManager.default.removeItem(at: config)
        try? FileManager.default.removeItem(at: unusedConfig)
    }
    var without: [Double] = []
    var with: [Double] = []
    var withUnused: [Double] = []
    for _ in 0..<repetitions {
        guard let plain = runChild(cli, ["check", "--no-config", root]),
            let scanned = runChild(cli, ["check", "--config", config.path, root]),
            let unused = runChild(cli, ["check", "--config", unusedConfig.path, root])
        else { return nil }
        without.append(plain)
        with.append(scanned)
        withUnused.append(unused)
    }
    func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (middle(without), middle(with), middle(withUnused), sources.count, bytes)
}

/// The whole check in process, as `median` times it; the last run's project and result.
func timedCheck(root: URL, repetitions: Int) async -> (seconds: Double, project: LocalizationProject, result: CheckResult) {
    let phased = await timedCheckPhases(root: root, repetitions: repetitions)
    return (phased.whole, phased.project, phased.result)
}

/// The whole check in process, and its three steps timed apart in the same runs: loading (discovery
/// and parsing on all cores), building the index (every part `check` reads), and the rules on
/// that index. Medians of each; the whole is the median of the runs' totals.
func timedCheckPhases(root: URL, repetitions: Int) async -> (
    whole: Double, load: Double, index: Double, rules: Double, project: LocalizationProject, result: CheckResult
) {
    var loads: [Double] = []
    var indexes: [Double] = []
    var rules: [Double] = []
    var wholes: [Double] = []
    var kept: [ContextKeeper] = []
    var last: (project: LocalizationProject, result: CheckResult)?
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    for _ in 0..<max(1, repetitions) {
        let start = now()
        let loaded = await ProjectLoader.load(roots: [root.path], payloadGlobs: [])
        let parsed = now()
        let index = ProjectIndex(project: loaded)
        _ = index.parts(Set(IndexPart.allCases))
        let built = now()
        // The CLI never frees its model, so neither does a run here: freeing it inside the next
        // run would bill that run for it.
        let keeper = ContextKeeper()
        let result = await RuleEngine.run(index: index, keepContext: keeper.keep)
        let end = now()
        kept.append(keeper)
        loads.append(Double(parsed - start) / 1e9)
        indexes.append(Double(built - parsed) / 1e9)
        rules.append(Double(end - built) / 1e9)
        wholes.append(Double(end - start) / 1e9)
        last = (loaded, result)
    }
    withExtendedLifetime(kept) {}
    func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    // The loop runs at least once, so `last` is set.
    guard let (project, result) = last else { preconditionFailure("no run") }
    return (middle(wholes), middle(loads), middle(indexes), middle(rules), project, result)
}

/// The peak of a check that reads next to nothing (one table of one key; an empty folder is refused
/// with exit status 2): the part of every peak above that no data structure can save.
func emptyCheckPeak() -> Int? {
    if let measured = emptyPeakMeasured { return measured }
    let peak = measureEmptyCheckPeak()
    emptyPeakMeasured = .some(peak)
    return peak
}

/// The empty process's peak, measured once for every figure set against it (a second measurement
/// can differ by a megabyte or two).
nonisolated(unsafe) private var emptyPeakMeasured: Int??

private func measureEmptyCheckPeak() -> Int? {
    guard let cliPath else { return nil }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-bench-empty-\(getpid())")
    let folder = root.appendingPathComponent("en.lproj")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? Data("\"a\" = \"b\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    defer { try? FileManager.default.removeItem(at: root) }
    return measureCLI(cliPath, ["check", root.path, "--no-config"], repetitions: 1)?.peakBytes
}

/// "met" or "not met".
func verdict(_ met: Bool) -> String { met ? "met" : "not met" }

/// The targets of the catalog and `.stringsdict` trees: the synthetic tree's catalog parsed at least 10×
/// faster than `JSONSerialization` and checked from the command line in at most 200 ms at a peak
/// of at most 2.5× the file plus the empty process; the `.stringsdict` tree checked in at most a
/// third of Foundation's parse alone of its files, and the app's catalogs in at most 0.4× of
/// Python's `json.load` of them.
enum CatalogTargets {
    static let parseRatio = 10.0
    static let cliSeconds = 0.200
    static let memoryFactor = 2.5
    static let stringsdictTreeRatio = 1.0 / 3
    static let catalogAppRatio = 0.4

    /// The most the catalog's CLI check may hold at its peak, given the empty process's peak.
    static func memoryLimit(fileBytes: Int, emptyPeakBytes: Int) -> Int { Int(memoryFactor * Double(fileBytes)) + emptyPeakBytes }

    /// The catalog's CLI figures against the time and the memory targets.
    static func cliVerdict(_ cli: CLIFigures, emptyPeakBytes: Int?) -> String {
        var text = String(format: "target ≤ %.0f ms: ", cliSeconds * 1000) + verdict(cli.checkSeconds <= cliSeconds)
        if let peak = cli.peakBytes, let empty = emptyPeakBytes {
            let limit = memoryLimit(fileBytes: cli.filesBytes, emptyPeakBytes: empty)
            text +=
                String(
                    format: ", peak ≤ %.1f× the file + %.1f MB empty process = %.1f MB: ", memoryFactor, Double(empty) / 1_048_576,
                    Double(limit) / 1_048_576) + verdict(peak <= limit)
        }
        return text
    }

    /// The same for the JSON report.
    static func cliReport(_ cli: CLIFigures, emptyPeakBytes: Int?) -> [String: Any] {
        var report: [String: Any] = [
            "cliSeconds": cli.checkSeconds, "cliTargetSeconds": cliSeconds, "cliMet": cli.checkSeconds <= cliSeconds,
        ]
        if let peak = cli.peakBytes, let empty = emptyPeakBytes {
            let limit = memoryLimit(fileBytes: cli.filesBytes, emptyPeakBytes: empty)
            report["peakResidentBytes"] = peak
            report["emptyCheckPeakResidentBytes"] = empty
            report["memoryLimitBytes"] = limit
            report["memoryMet"] = peak <= limit
        }
        return report
    }
}

/// The figures of one run set against the targets: a whole check of the synthetic tree in at
/// most 120 ms, at least 5× faster than Foundation's parse alone of the same files, and a peak
/// of at most 3× the bytes read plus the empty process.
struct Targets {
    static let checkSeconds = 0.120
    static let foundationRatio = 5.0
    static let memoryFactor = 3.0
    /// Our `.stringsdict` parse against Foundation's on the same bytes.
    static let stringsdictParseRatio = 5.0

    var cliSeconds: Double?
    var checkSeconds: Double
    var foundationParseSeconds: Double
    var peakBytes: Int?
    var readBytes: Int
    var emptyPeakBytes: Int?
    /// Foundation's `.stringsdict` parse time over ours; nil when the tree has no `.stringsdict` files.
    var stringsdictParseRatio: Double?

    var memoryLimit: Int? { emptyPeakBytes.map { Int(Self.memoryFactor * Double(readBytes)) + $0 } }

    func lines() -> [String] {
        var result: [String] = []
        if let cliSeconds {
            result.append(
                String(
                    format: "whole check, CLI process      %7.1f ms   target ≤ %.0f ms: %.2f× the target, %@", cliSeconds * 1000,
                    Self.checkSeconds * 1000, cliSeconds / Self.checkSeconds, verdict(cliSeconds <= Self.checkSeconds)))
        }
        let ratio = foundationParseSeconds / checkSeconds
        result.append(
            String(
                format: "whole check vs Foundation     %7.1f×      faster than its parse alone (%.1f ms); target ≥ %.0f×, %@", ratio,
                foundationParseSeconds * 1000, Self.foundationRatio, verdict(ratio >= Self.foundationRatio)))
        if let stringsdictParseRatio {
            result.append(
                String(
                    format: ".stringsdict parse vs Foundation %4.1f×      faster on the same bytes; target ≥ %.0f×, %@",
                    stringsdictParseRatio,
                    Self.stringsdictParseRatio, verdict(stringsdictParseRatio >= Self.stringsdictParseRatio)))
        }
        if let peakBytes, let memoryLimit, let emptyPeakBytes {
            result.append(
                String(
                    format:
                        "peak memory, CLI process      %7.1f MB   target ≤ %.0f× %.1f MB read + %.1f MB empty process = %.1f MB: %.2f× the target, %@",
                    Double(peakBytes) / 1_048_576, Self.memoryFactor, Double(readBytes) / 1_048_576, Double(emptyPeakBytes) / 1_048_576,
                    Double(memoryLimit) / 1_048_576, Double(peakBytes) / Double(memoryLimit), verdict(peakBytes <= memoryLimit)))
        }
        return result
    }

    var report: [String: Any] {
        [
            "cliCheckSeconds": cliSeconds ?? NSNull(), "checkSeconds": checkSeconds, "foundationParseSeconds": foundationParseSeconds,
            "foundationRatio": foundationParseSeconds / checkSeconds, "peakResidentBytes": peakBytes ?? NSNull(),
            "readBytes": readBytes, "emptyCheckPeakResidentBytes": emptyPeakBytes ?? NSNull(),
            "memoryLimitBytes": memoryLimit ?? NSNull(), "targetCheckSeconds": Self.checkSeconds,
            "targetFoundationRatio": Self.foundationRatio, "targetMemoryFactor": Self.memoryFactor,
            "stringsdictParseRatio": stringsdictParseRatio ?? NSNull(), "targetStringsdictParseRatio": Self.stringsdictParseRatio,
        ]
    }
}

/// Our parse of the files against Foundation's `PropertyListSerialization` on the same bytes, run
/// in turn; `parse` returns the entries it found.
func parsePair(_ files: [URL], _ contents: [[UInt8]], repetitions: Int, _ parse: @escaping ([UInt8], String) -> Int) -> (
    ours: Double, foundation: Double, entries: Int
) {
    var entries = 0
    let datas = contents.map { Data($0) }
    let times = interleavedMedians(
        repetitions,
        [
            {
                entries = 0
                for (index, bytes) in contents.enumerated() { entries += parse(bytes, files[index].path) }
            },
            { for data in datas { _ = try? PropertyListSerialization.propertyList(from: data, format: nil) } },
        ])
    return (times[0], times[1], entries)
}

/// The check and the `.strings` parse of one tree, for the scale series (no Foundation, no CLI).
func measureScale(root: URL, repetitions: Int) async throws -> (check: Double, parse: Double) {
    let stringsFiles = files(under: root, extensions: ["strings"])
    let contents = try stringsFiles.map { try FileBytes.read($0.path).get() }
    let parse = median(repetitions) {
        for (index, bytes) in contents.enumerated() { _ = StringsParser.parse(bytes: bytes, path: stringsFiles[index].path) }
    }
    let (check, _, _) = await timedCheck(root: root, repetitions: repetitions)
    return (check, parse)
}
