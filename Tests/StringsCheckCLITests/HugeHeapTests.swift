import Foundation
import Testing

/// A run asked to (`STRINGSCHECK_HUGE_HEAP=1`) that finds 16 MB or more of String Catalogs and
/// `.stringsdict` files starts over once with glibc's heap on huge pages, where the kernel gives
/// them on request; it says so under `--timings` and reports what it would have reported. A run
/// not asked to goes on as it is.
struct HugeHeapTests {
    /// Whether this kernel gives transparent huge pages on request (`[madvise]`), the only
    /// setting under which a run starts over.
    static var kernelGivesOnRequest: Bool {
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return setting.contains("[madvise]")
    }

    /// A folder with one catalog of `commentBytes` bytes of comment or more and a key whose German
    /// text drops its argument (a finding both runs must report).
    static func tree(commentBytes: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-heap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let comment = String(repeating: "a long note ", count: commentBytes / 12 + 1)
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "files": {"comment": "\(comment)", "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "%lld files"}},
                "de": {"stringUnit": {"state": "translated", "value": "Dateien"}}}}}}
            """
        try Data(catalog.utf8).write(to: root.appendingPathComponent("Localizable.xcstrings"))
        return root
    }

    static func heapLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("stringscheck: timing cli heap:") }
    }

    static let asked = ["STRINGSCHECK_HUGE_HEAP": "1"]

    @Test func aLargeCatalogAskedToStartsOverOnceWithHugePagesAndReportsTheSame() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let automatic = try CLITests.run(["check", "--no-config", root.path, "--format", "json", "--timings"], environment: Self.asked)
        let kept = try CLITests.run(
            ["check", "--no-config", root.path, "--format", "json", "--timings"], environment: ["STRINGSCHECK_HUGE_HEAP": "0"])
        #expect(automatic.status == kept.status)
        #expect(automatic.stdout == kept.stdout)
        #expect(automatic.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(kept.stderr).isEmpty)
        // Started over before anything was written: each phase is reported once.
        let discovered = automatic.stderr.split(separator: "\n").filter { $0.hasPrefix("stringscheck: timing load discover:") }
        #expect(discovered.count == 1)
        #expect(Self.heapLines(automatic.stderr).count == (Self.startsOver ? 1 : 0))
        if Self.startsOver {
            let line = try #require(Self.heapLines(automatic.stderr).first)
            #expect(
                line.hasPrefix("stringscheck: timing cli heap: huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1, started again after "))
        }
    }

    /// Whether a large run starts over here: on Linux whose kernel gives huge pages on request.
    static var startsOver: Bool {
        #if os(Linux)
            kernelGivesOnRequest
        #else
            false
        #endif
    }

    /// A catalog named on the command line (which discovery does not measure) counts too, and the
    /// tunables the user set are kept beside the one added.
    @Test func aLargeCatalogNamedByItselfStartsOverKeepingTheUsersTunables() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(
            ["check", "--no-config", root.appendingPathComponent("Localizable.xcstrings").path, "--timings"],
            environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2", "STRINGSCHECK_HUGE_HEAP": "1"])
        #expect(run.stdout.contains("format-missing-argument"))
        let lines = Self.heapLines(run.stderr)
        #expect(lines.count == (Self.startsOver ? 1 : 0))
        if Self.startsOver {
            #expect(lines.first?.contains("GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1, started again") == true)
        }
    }

    /// A run that has said something already (a path that does not exist) goes on as it is: it
    /// would say it twice.
    @Test func aRunThatHasWrittenGoesOnAsItIs() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("missing").path
        let run = try CLITests.run(["check", "--no-config", root.path, missing, "--timings"], environment: Self.asked)
        #expect(run.stderr.components(separatedBy: "no such file or folder").count == 2)
        #expect(Self.heapLines(run.stderr).isEmpty)
    }

    @Test func aSmallCatalogRunsAsItIs() throws {
        let root = try Self.tree(commentBytes: 1 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(["check", "--no-config", root.path, "--timings"], environment: Self.asked)
        #expect(run.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(run.stderr).isEmpty)
    }

    @Test func aTuningTheUserSetIsKept() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(
            ["check", "--no-config", root.path, "--timings"],
            environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0", "STRINGSCHECK_HUGE_HEAP": "1"])
        #expect(run.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(run.stderr).isEmpty)
    }

    /// Any other value of the variable (or none) keeps a large run as it is.
    @Test(arguments: [nil, "0", "yes"])
    func aLargeCatalogNotAskedToRunsAsItIs(value: String?) throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        // Unset: taken out of the environment the tests run in, whatever it holds.
        let run = try CLITests.run(
            ["check", "--no-config", root.path, "--timings"], environment: value.map { ["STRINGSCHECK_HUGE_HEAP": $0] } ?? [:],
            removing: value == nil ? ["STRINGSCHECK_HUGE_HEAP"] : [])
        #expect(run.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(run.stderr).isEmpty)
    }
}
