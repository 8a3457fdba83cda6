import Foundation
import Testing

/// Reports never destroy input, go where the user points (devices, pipes and links included),
/// and a failing standard output is a message, not a crash.
struct OutputSafetyTests {
    /// A copy of the demo project in a fresh folder.
    static func demo() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tree = folder.appendingPathComponent("t")
        try FileManager.default.copyItem(at: CLITests.packageRoot.appendingPathComponent("Resources/DemoApp"), to: tree)
        return tree
    }

    /// Runs a shell line with `$S` set to the executable, in `directory`.
    static func shell(_ line: String, in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        try CLITests.run(
            ["-c", line], executable: URL(fileURLWithPath: "/bin/sh"), environment: ["S": CLITests.executable.path], in: directory)
    }

    @Test func aReportNeverReplacesAFileTheRunReadsOrALocalizationFile() throws {
        let tree = try Self.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let base = tree.appendingPathComponent("en.lproj/Localizable.strings")
        let before = try Data(contentsOf: base)
        for (arguments, target) in [
            (["check", "--no-config", "t", "--output"], "t/en.lproj/Localizable.strings"),
            (["check", "--no-config", "t", "--write-baseline"], "t/Settings.xcstrings"),
            (["coverage", "--no-config", "t", "--output"], "t/payloads/friend_request.json"),
            (["render", "--no-config", "t", "--output"], "t/.stringscheck.yml"),
            (["render", "--no-config", "t", "--output"], "t/new.strings"),
        ] {
            let result = try CLITests.run(arguments + [target], in: tree.deletingLastPathComponent())
            #expect(result.status == 2, "\(arguments) \(target)")
            #expect(result.stderr.contains("'\(target)'") && result.stderr.contains("--force-overwrite"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: base) == before)
        #expect(!FileManager.default.fileExists(atPath: tree.appendingPathComponent("new.strings").path))
        #expect(!FileManager.default.fileExists(atPath: tree.appendingPathComponent(".stringscheck.yml").path))
        // Said explicitly, it is done.
        let forced = try CLITests.run(
            ["check", "--no-config", "t", "--output", "t/en.lproj/Localizable.strings", "--force-overwrite"],
            in: tree.deletingLastPathComponent())
        #expect(forced.status == 1)
        #expect(try Data(contentsOf: base) != before)
    }

    /// A key preview is written out as it is made, its rows made in shares on every core: to a
    /// file, the same bytes as to standard output (the file replaced whole, no temporary file
    /// left); a file a report may not go to is refused, with nothing left beside it; a device that
    /// fails the writes is an error, said once, as is a full standard output; a reader that stops
    /// early is no error.
    @Test func aKeyPreviewWrittenAsItIsMadeGoesWhereAReportGoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringscheck-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 400 keys in three locales: several shares of rows, on both cores.
        for locale in ["en", "de", "fr"] {
            let lproj = folder.appendingPathComponent("t/\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let table = (0..<400).map { "\"key.\($0)\" = \"\(locale) text \($0) %@\";\n" }.joined()
            try table.write(to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let preview = ["render", "--no-config", "t", "--keys", "*", "--format", "json"]
        let shown = try CLITests.run(preview, in: folder)
        #expect(shown.status == 0 && shown.stdout.components(separatedBy: "\"key\": ").count == 1_201, "\(shown.stderr)")
        let written = try CLITests.run(preview + ["--output", "keys.json"], in: folder)
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("keys.json"), encoding: .utf8) == shown.stdout)
        let refused = try CLITests.run(preview + ["--output", "t/de.lproj/Localizable.strings"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("--force-overwrite"), "\(refused.stderr)")
        let full = try Self.shell("$S render --no-config t --keys '*' --format json --output /dev/full; echo \"rc=$?\"", in: folder)
        #expect(full.stdout.contains("rc=2"), "\(full.stdout)\(full.stderr)")
        #expect(full.stderr.components(separatedBy: "cannot write '/dev/full'").count == 2, "\(full.stderr)")
        let fullOutput = try Self.shell("$S render --no-config t --keys '*' --format json > /dev/full; echo \"rc=$?\"", in: folder)
        #expect(fullOutput.stdout.contains("rc=2"), "\(fullOutput.stdout)\(fullOutput.stderr)")
        #expect(fullOutput.stderr.components(separatedBy: "cannot write to standard output").count == 2, "\(fullOutput.stderr)")
        let early = try Self.shell("$S render --no-config t --keys '*' --format json | head -c 10", in: folder)
        #expect(early.stdout.hasPrefix("{\n  \"rows\""), "\(early.stdout)")
        #expect(early.stderr.isEmpty, "\(early.stderr)")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.contains("stringscheck-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func devicesPipesAndLinksAreWrittenThroughAndModesKept() throws {
        let tree = try Self.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let folder = tree.deletingLastPathComponent()
        // /dev/null stays a device (as root the old rename replaced it with a regular file).
        let null = try Self.shell("$S check --no-config t --output /dev/null; echo \"rc=$?\"; test -c /dev/null && echo device", in: folder)
        #expect(null.stdout.contains("rc=1") && null.stdout.contains("device"), "\(null.stdout)\(null.stderr)")
        // A FIFO with a reader gets the report; one without is an error, not a hang.
        let fifo = try Self.shell(
            "mkfifo p && (cat p > got &) && $S check --no-config t --output p; sleep 1; grep -c missing-table got; test -p p && echo fifo",
            in: folder)
        #expect(fifo.stdout.contains("fifo") && !fifo.stdout.hasPrefix("0"), "\(fifo.stdout)\(fifo.stderr)")
        let lonely = try Self.shell("mkfifo q && $S check --no-config t --output q; echo \"rc=$?\"", in: folder)
        #expect(lonely.stdout.contains("rc=2") && lonely.stderr.contains("no process is reading it"))
        // A link is followed, even one that points at nothing yet; the link stays.
        let link = try Self.shell(
            "ln -s report.txt r && $S check --no-config t --output r >/dev/null; test -L r && test -s report.txt && echo kept", in: folder)
        #expect(link.stdout.contains("kept"), "\(link.stdout)\(link.stderr)")
        // The target's permissions survive the replacement.
        let mode = try Self.shell(
            "echo old > m.txt && chmod 600 m.txt && $S check --no-config t --output m.txt; stat -c %a m.txt; ls -a | grep -c stringscheck-",
            in: folder)
        #expect(mode.stdout.hasPrefix("600\n0"), "\(mode.stdout)")
    }

    @Test func anInterruptedWriteLeavesNoTemporaryFile() throws {
        let tree = try Self.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let result = try Self.shell(
            """
            STRINGSCHECK_TEST_PAUSE_BEFORE_RENAME=1 $S check --no-config t --output out.txt & pid=$!
            for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do ls -a | grep -q stringscheck- && break; sleep 0.5; done
            ls -a | grep -c stringscheck-; kill -TERM $pid; wait $pid; echo "status=$?"; ls -a | grep -c stringscheck-; test -e out.txt || echo none
            """, in: tree.deletingLastPathComponent())
        #expect(result.stdout == "1\nstatus=143\n0\nnone\n", "\(result.stdout)\(result.stderr)")
    }

    @Test func anUnwritableStandardOutputIsAMessageAndAClosedPipeIsQuiet() throws {
        let tree = try Self.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let folder = tree.deletingLastPathComponent()
        for command in ["check --no-config t", "dump t", "coverage --no-config t", "rules"] {
            let full = try Self.shell("$S \(command) > /dev/full; echo \"rc=$?\"", in: folder)
            #expect(full.stdout == "rc=2\n" && full.stderr.contains("cannot write to standard output"), "\(command): \(full.stderr)")
            let closed = try Self.shell("$S \(command) >&-; echo \"rc=$?\" >&2", in: folder)
            #expect(closed.stderr.contains("rc=2") && closed.stderr.contains("standard output"), "\(command): \(closed.stderr)")
        }
        let piped = try Self.shell("$S check --no-config t | head -1 > first.txt; echo \"rc=$?\"", in: folder)
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
    }
}
