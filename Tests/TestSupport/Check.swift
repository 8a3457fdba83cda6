import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import Testing

/// Builds projects from inline files and runs the engine on them, for the test targets.
public enum Check {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `STRINGSCHECK_CORPUS` points elsewhere (see `.ci/run`).
    public static let corpus =
        ProcessInfo.processInfo.environment["STRINGSCHECK_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// Why a corpus test is skipped in a clone without `../shared` beside it.
    public static let corpusSkipMessage: Comment = "../shared/corpus is absent (outside clone): corpus tests skipped"
    public static var corpusIsAvailable: Bool { FileManager.default.fileExists(atPath: corpus.path) }

    /// Every corpus file whose name ends with `suffix`, by its path under the corpus, with its bytes.
    public static func corpusFiles(endingWith suffix: String) -> [(relative: String, bytes: [UInt8])] {
        var result: [(relative: String, bytes: [UInt8])] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(suffix), let data = FileManager.default.contents(atPath: corpus.path + "/" + relative) else {
                continue
            }
            result.append((relative, Array(data)))
        }
        return result
    }

    public static func project(_ files: [(String, String)]) -> LocalizationProject {
        ProjectLoader.load(virtualFiles: files.map { ($0.0, Array($0.1.utf8)) })
    }

    public static func configuration(_ yaml: String) -> Configuration {
        let (configuration, problems) = ConfigurationLoader.parse(yaml, path: ".stringscheck.yml", rules: BuiltInRules.descriptions)
        precondition(problems.isEmpty, "\(problems.map(\.message))")
        return configuration
    }

    public static func run(_ files: [(String, String)], configuration: Configuration = Configuration(), baseline: Baseline? = nil) async
        -> CheckResult
    {
        await RuleEngine.run(project: project(files), configuration: configuration, baseline: baseline)
    }

    /// "rule@path:line:column" for compact assertions.
    public static func summary(_ result: CheckResult) -> [String] {
        result.findings.map { "\($0.diagnostic.id)@\($0.diagnostic.path):\($0.diagnostic.location?.description ?? "-")" }
    }
}
