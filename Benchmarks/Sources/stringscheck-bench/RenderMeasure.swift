import Foundation

/// The preview of every key of an app in every locale, as a user runs it (`render --keys '*'
/// --format json`, process start to exit), against its target (0.2 s). The app is `--render
/// PATH`, else the app of `../shared/corpus/apps` with the most localization bytes, when there.
func measureRender(cliPath: String, repetitions: Int, wantsJSON: Bool) -> [String: Any]? {
    guard let root = option("--render") ?? largestCorpusApp() else { return nil }
    let arguments = ["render", "--keys", "*", "--format", "json", root]
    guard let run = measureCLI(cliPath, arguments, repetitions: repetitions) else {
        FileHandle.standardError.write(Data("stringscheck-bench: `stringscheck render` failed on \(root)\n".utf8))
        return nil
    }
    if !wantsJSON {
        print("")
        print(
            String(
                format: "render --keys '*' --format json of %@ (CLI, median of %d): %.1f ms, peak %@; target ≤ 200 ms: %@", root,
                repetitions, run.seconds * 1000, run.peakBytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "unknown",
                run.seconds <= 0.2 ? "met" : "not met"))
    }
    return ["app": root, "seconds": run.seconds, "peakResidentBytes": run.peakBytes ?? NSNull(), "targetMet": run.seconds <= 0.2]
}

/// The app of `../shared/corpus/apps` whose `.strings`, `.stringsdict` and `.xcstrings` files
/// hold the most bytes; nil without the corpus.
func largestCorpusApp() -> String? {
    let apps = URL(fileURLWithPath: "../shared/corpus/apps")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: apps.path) else { return nil }
    let sized = names.sorted().map { name -> (String, Int) in
        let app = apps.appendingPathComponent(name)
        let bytes = files(under: app, extensions: ["strings", "stringsdict", "xcstrings"]).reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        }
        return (app.path, bytes)
    }
    return sized.max { $0.1 < $1.1 }.map(\.0)
}
