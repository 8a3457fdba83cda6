import Foundation
import Testing

/// A run that finds 16 MB or more of String Catalogs and `.stringsdict` files starts over once with
/// glibc's heap on huge pages, where the kernel gives them on request; it says so under
/// `--timings`, reports what it would have reported, and `STRINGSCHECK_HUGE_HEAP=0` keeps it as
/// it is.
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

    @Test func aLargeCatalogStartsOverOnceWithHugePagesAndReportsTheSame() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let automatic = try CLITests.run(["check", "--no-config", root.path, "--format", "json", "--timings"])
        let kept = try CLITests.run(
            ["check", "--no-config", root.path, "--format", "json", "--timings"], environment: ["STRINGSCHECK_HUGE_HEAP": "0"])
        #expect(automatic.status == kept.status)
        #expect(automatic.stdout == kept.stdout)
        #expect(automatic.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(kept.stderr).isEmpty)
        // Started over before anything was written: each phase is reported once.
        let discovered = automatic.stderr.split(separator: "\n").filter { $0.hasPrefix("stringscheck: timing load discover:") }
        #expect(discovered.count == 1)
        #if os(Linux)
            if Self.kernelGivesOnRequest {
                let expected = "stringscheck: timing cli heap: huge pages (glibc.malloc.hugetlb=1, started again)"
                #expect(Self.heapLines(automatic.stderr) == [Substring(expected)])
            } else {
                #expect(Self.heapLines(automatic.stderr).isEmpty)
            }
        #else
            #expect(Self.heapLines(automatic.stderr).isEmpty)
        #endif
    }

    @Test func aSmallCatalogRunsAsItIs() throws {
        let root = try Self.tree(commentBytes: 1 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(["check", "--no-config", root.path, "--timings"])
        #expect(run.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(run.stderr).isEmpty)
    }

    @Test func aTuningTheUserSetIsKept() throws {
        let root = try Self.tree(commentBytes: 16 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLITests.run(
            ["check", "--no-config", root.path, "--timings"], environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(run.stdout.contains("format-missing-argument"))
        #expect(Self.heapLines(run.stderr).isEmpty)
    }
}
