import Foundation
import Testing

/// Runs the built `stringscheck` executable as a user would.
struct CLITests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("stringscheck"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stringscheck"),
            packageRoot.appendingPathComponent(".build/debug/stringscheck"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    /// Runs in the package's folder unless `directory` is given.
    static func run(
        _ arguments: [String], executable: URL = executable, environment: [String: String] = [:], removing: [String] = [],
        in directory: URL? = nil
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty || !removing.isEmpty {
            var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            for name in removing { merged[name] = nil }
            process.environment = merged
        }
        process.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// `--timings` reports phases and rules on standard error and leaves the report alone.
    @Test func timingsGoToStandardErrorOnly() throws {
        let plain = try Self.run(["check", "Resources", "--format", "json"])
        let timed = try Self.run(["check", "Resources", "--format", "json", "--timings"])
        #expect(timed.status == plain.status)
        #expect(timed.stdout == plain.stdout)
        let lines = timed.stderr.split(separator: "\n").filter { $0.hasPrefix("stringscheck: timing ") }
        for phase in ["load parse", "index texts", "check run the rules", "rule missing-translation", "cli check"] {
            #expect(lines.contains { $0.contains(" \(phase): ") && ($0.hasSuffix(" ms") || $0.hasSuffix(" MB")) }, "no timing for \(phase)")
        }
        #expect(!plain.stderr.contains("timing"))
        #if os(Linux)
            // Memory figures: the peak the bench reads, and on request the heap after each phase.
            #expect(!lines.contains { $0.contains(", heap ") })
            let heap = try Self.run(["check", "Resources", "--format", "json", "--timings"], environment: ["STRINGSCHECK_TIMINGS": "heap"])
            #expect(heap.stdout == plain.stdout)
            #expect(
                heap.stderr.split(separator: "\n").contains {
                    $0.contains(" load parse: ") && $0.contains(", heap ") && $0.hasSuffix(" MB")
                })
            let peak = try #require(lines.last { $0.hasPrefix("stringscheck: timing cli peak resident: ") })
            let kilobytes = try #require(Int(peak.split(separator: " ").dropLast().last ?? ""))
            #expect(kilobytes > 1_000 && kilobytes < 2_000_000)
        #endif
    }

    @Test func dumpJSONFollowsTheContract() throws {
        let result = try Self.run(["dump", "Resources/DemoApp", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["baseLocale"] as? String == "en")
        let files = try #require(object["files"] as? [[String: Any]])
        let french = try #require(files.first { $0["path"] as? String == "Resources/DemoApp/fr.lproj/Localizable.strings" })
        #expect(french["locale"] as? String == "fr")
        #expect(french["table"] as? String == "Localizable")
        #expect(french["kind"] as? String == "strings")
        #expect(french["encoding"] as? String == "utf-8")
        let entries = try #require(french["entries"] as? [[String: Any]])
        let first = try #require(entries.first)
        #expect(first["key"] as? String == "push.message.title")
        #expect(first["value"] as? String == "Nouveau message de %@")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 1)
        #expect(first["loaded"] as? Bool == true)
        #expect(entries.last?["loaded"] as? Bool == false)
        let diagnostic = try #require((french["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["rule"] as? String == "strings-silent-truncation")
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["path"] as? String == "Resources/DemoApp/fr.lproj/Localizable.strings")
        #expect(diagnostic["line"] as? Int == 3)
        #expect(diagnostic["column"] as? Int == 36)
        // A catalog contributes one file object per locale.
        let catalogLocales = files.filter { $0["kind"] as? String == "xcstrings" }.compactMap { $0["locale"] as? String }
        #expect(catalogLocales == ["en", "de", "ja", "zh-Hans"])
        let stringsdict = try #require(files.first { $0["path"] as? String == "Resources/DemoApp/en.lproj/Localizable.stringsdict" })
        #expect((stringsdict["entries"] as? [[String: Any]])?.first?["value"] as? String == "%#@messages@")
    }

    @Test func dumpTextIsClangStyle() throws {
        let result = try Self.run(["dump", "Resources/DemoApp"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "Resources/DemoApp/ar.lproj/Localizable.strings:2:35: error: expected ';' after the value of 'push.message.body'"))
        #expect(result.stdout.contains("base locale: en"))
    }

    @Test func outputIsDeterministic() throws {
        let first = try Self.run(["dump", "Resources/DemoApp", "--format", "json"])
        let second = try Self.run(["dump", "Resources/DemoApp", "--format", "json", "--jobs", "1"])
        #expect(first.stdout == second.stdout)
        // Every command takes --no-config, so one set of options serves a script's every call.
        let third = try Self.run(["dump", "Resources/DemoApp", "--format", "json", "--no-config"])
        #expect(third.status == 0 && third.stdout == first.stdout)
    }

    @Test func missingPathAndBadUsage() throws {
        #expect(try Self.run(["dump", "does/not/exist"]).status == 2)
        #expect(try Self.run(["dump", "--format", "yaml"]).status == 64)
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.contains("libxml2 2."))
    }
}
