import Foundation
import Testing

/// Trees and configurations built to hang, exhaust or mislead the tool: each is a finding or a
/// clear error, quickly, and never a hang or an abort.
struct HostileTreeTests {
    @Test func pipesDevicesLinksToNothingAndHugeFilesAreReportedNotRead() throws {
        let tree = try OutputSafetyTests.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let folder = tree.deletingLastPathComponent()
        let setup = try OutputSafetyTests.shell(
            """
            mkfifo t/de.lproj/Pipe.strings && ln -s nowhere.strings t/de.lproj/Dangle.strings && ln -s Loop.strings t/de.lproj/Loop.strings \
            && truncate -s 1G t/de.lproj/Big.stringsdict && (mknod t/fr.lproj/Zero.strings c 1 5 2>/dev/null || true) && echo ready
            """, in: folder)
        #expect(setup.stdout == "ready\n", "\(setup.stderr)")
        let start = Date()
        let result = try CLITests.run(["check", "--no-config", "t"], in: folder)
        #expect(Date().timeIntervalSince(start) < 20, "a pipe or device was read")
        #expect(result.status == 1)
        let out = result.stdout
        #expect(out.contains("t/de.lproj/Pipe.strings:1:1: error: cannot read the file: it is a named pipe, not a regular file"))
        #expect(out.contains("t/de.lproj/Dangle.strings:1:1: error: cannot read the file: it is a symbolic link to nothing"))
        #expect(out.contains("t/de.lproj/Loop.strings:1:1: error: cannot read the file: it is a symbolic link loop"))
        #expect(out.contains("t/de.lproj/Big.stringsdict:1:1: error: the file is not read: it is 1024 MB, over the limit of 128 MB"))
        #expect(out.contains("[file-too-large]"))
        if FileManager.default.fileExists(atPath: tree.appendingPathComponent("fr.lproj/Zero.strings").path) {
            #expect(out.contains("t/fr.lproj/Zero.strings:1:1: error: cannot read the file: it is a device, not a regular file"))
        }
        // Named on the command line, a pipe is refused just the same.
        let named = try CLITests.run(["check", "--no-config", "t/de.lproj/Pipe.strings"], in: folder)
        #expect(named.stdout.contains("it is a named pipe"), "\(named.stdout)\(named.stderr)")
        // The limit is the configuration's to set.
        let mid = try OutputSafetyTests.shell("mkdir -p m/en.lproj && truncate -s 2M m/en.lproj/Mid.strings && echo ready", in: folder)
        #expect(mid.stdout == "ready\n")
        try "max_file_size: 1\n".write(to: folder.appendingPathComponent("one.yml"), atomically: true, encoding: .utf8)
        try "max_file_size: 3\n".write(to: folder.appendingPathComponent("three.yml"), atomically: true, encoding: .utf8)
        let lowered = try CLITests.run(["check", "--config", "one.yml", "m"], in: folder)
        #expect(lowered.stdout.contains("it is 2.0 MB, over the limit of 1.0 MB"), "\(lowered.stdout)")
        let raised = try CLITests.run(["check", "--config", "three.yml", "m"], in: folder)
        #expect(!raised.stdout.contains("file-too-large"), "\(raised.stdout)")
        try "max_file_size: 0\n".write(to: folder.appendingPathComponent("zero.yml"), atomically: true, encoding: .utf8)
        let refused = try CLITests.run(["check", "--config", "zero.yml", "t"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("'max_file_size' must be a whole number of megabytes"), "\(refused.stderr)")
    }

    @Test func aConfigurationThatExpandsThroughAliasesIsRefused() throws {
        let folder = try OutputSafetyTests.demo().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scalar = String(repeating: "x", count: 200_000)
        let bomb = "exclude: [&k \"\(scalar)\"" + String(repeating: ", *k", count: 8_000) + "]\n"
        try bomb.write(to: folder.appendingPathComponent("bomb.yml"), atomically: true, encoding: .utf8)
        let start = Date()
        let result = try CLITests.run(["check", "--config", "bomb.yml", "t"], in: folder)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 2)
        #expect(result.stderr.contains("expands to more than 100000 values or 4 MB of text (through aliases)"), "\(result.stderr)")
    }

    @Test func inputsThatWereQuadraticAreLinear() throws {
        let folder = try OutputSafetyTests.demo().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("a/en.lproj"), withIntermediateDirectories: true)
        let attributes = (0..<400_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        try "<?xml version=\"1.0\"?><plist version=\"1.0\" \(attributes)><dict></dict></plist>\n".write(
            to: folder.appendingPathComponent("a/en.lproj/Localizable.stringsdict"), atomically: true, encoding: .utf8)
        var start = Date()
        let crowded = try CLITests.run(["check", "--no-config", "a"], in: folder)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(crowded.stdout.contains("a start tag with 400001 attributes"), "\(crowded.stdout)")
        // One long value in the text preview, and one long payload argument.
        try manager.createDirectory(at: folder.appendingPathComponent("b/en.lproj"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("b/payloads"), withIntermediateDirectories: true)
        try "\"hi\" = \"Hi %@\";\n\"long\" = \"\(String(repeating: "x", count: 2_000_000))\";\n".write(
            to: folder.appendingPathComponent("b/en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try "{\"aps\": {\"alert\": {\"loc-key\": \"hi\", \"loc-args\": [\"\(String(repeating: "y", count: 2_000_000))\"]}}}\n".write(
            to: folder.appendingPathComponent("b/payloads/p.json"), atomically: true, encoding: .utf8)
        start = Date()
        let keys = try CLITests.run(["render", "--no-config", "b", "--keys", "long"], in: folder)
        let payloads = try CLITests.run(["render", "--no-config", "b"], in: folder)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(keys.status == 0 && keys.stdout.contains("xxxxx"))
        #expect(payloads.status == 0 && payloads.stdout.contains("yyyyyyyy"))
    }

    @Test func nothingIsSkippedInSilence() throws {
        let tree = try OutputSafetyTests.demo()
        let folder = tree.deletingLastPathComponent()
        // `rm -rf`, which walks folders by descriptor: the path below is too long for
        // `FileManager` to remove.
        defer { _ = try? OutputSafetyTests.shell("rm -rf '\(folder.path)'", in: FileManager.default.temporaryDirectory) }
        // A name that is not UTF-8, a folder named like a table, and a path too long to open.
        let made = try OutputSafetyTests.shell(
            """
            cp t/de.lproj/Localizable.strings "t/de.lproj/$(printf 'bad\\377\\376').strings" && mkdir -p x/X.strings \
            && python3 -c "import os
            os.makedirs('deep'); os.chdir('deep')
            for _ in range(22): os.mkdir('d' * 200); os.chdir('d' * 200)
            q = chr(34); os.mkdir('en.lproj'); open('en.lproj/Localizable.strings', 'w').write(q + 'a' + q + ' = ' + q + 'b' + q + ';')" && echo ready
            """, in: folder)
        #expect(made.stdout.hasSuffix("ready\n"), "\(made.stderr)")
        let names = try CLITests.run(["check", "--no-config", "t"], in: folder)
        #expect(names.stdout.contains("its name is not valid UTF-8 (shown with U+FFFD); rename it"), "\(names.stdout)")
        let named = try CLITests.run(["check", "--no-config", "x/X.strings"], in: folder)
        #expect(named.status == 1 && named.stdout.contains("x/X.strings:1:1: error: cannot read the file: is a directory"))
        let deep = try CLITests.run(["check", "--no-config", "deep"], in: folder)
        // The only table cannot be opened: nothing was checked, which is no pass.
        #expect(deep.status == 2 && deep.stderr.contains("file name too long"), "\(deep.stderr)")
        // A file named from inside its locale's folder is checked with its bundle.
        let inside = try CLITests.run(["check", "--no-config", "Localizable.strings"], in: tree.appendingPathComponent("de.lproj"))
        #expect(inside.status == 1 && inside.stdout.contains("[format-argument-mismatch]"), "\(inside.stdout)\(inside.stderr)")
        // coverage and render say which files they could not read, and exit 2.
        _ = try OutputSafetyTests.shell("mkfifo t/fr.lproj/Pipe.strings", in: folder)
        for command in ["coverage", "render"] {
            let result = try CLITests.run([command, "--no-config", "t"], in: folder)
            #expect(
                result.status == 2 && result.stderr.contains("t/fr.lproj/Pipe.strings: cannot read the file"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func quietMistakesAreSaid() throws {
        let tree = try OutputSafetyTests.demo()
        defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
        let folder = tree.deletingLastPathComponent()
        try "include: [\"**/*.lporj/**\"]\n".write(to: folder.appendingPathComponent("typo.yml"), atomically: true, encoding: .utf8)
        let typo = try CLITests.run(["check", "--config", "typo.yml", "t"], in: folder)
        #expect(typo.stderr.contains("the include glob '**/*.lporj/**' matches no file"), "\(typo.stderr)")
        try "base_locale: \"\"\n".write(to: folder.appendingPathComponent("empty.yml"), atomically: true, encoding: .utf8)
        let empty = try CLITests.run(["check", "--config", "empty.yml", "t"], in: folder)
        #expect(empty.status == 2 && empty.stderr.contains("'base_locale' is empty"))
        let crafted = "{\"version\": 1, \"locales\": [{\"locale\": \"de\", \"percent\": -1e400}]}"
        try crafted.write(to: folder.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        let compare = try CLITests.run(["coverage", "--no-config", "t", "--compare", "old.json"], in: folder)
        #expect(compare.status == 2 && !compare.stdout.contains("inf"), "\(compare.stdout)")
        // Escape sequences in a file name reach the terminal as text.
        _ = try OutputSafetyTests.shell("cp t/de.lproj/Localizable.strings \"t/de.lproj/$(printf 'x\\033[2Jy').strings\"", in: folder)
        let escaped = try CLITests.run(["check", "--no-config", "t"], in: folder)
        #expect(!escaped.stdout.contains("\u{1B}") && escaped.stdout.contains("x\\u{1B}[2Jy.strings"), "\(escaped.stdout)")
    }

    @Test func thousandsOfFileArgumentsTakeLinearTime() throws {
        let folder = try OutputSafetyTests.demo().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try OutputSafetyTests.shell(
            "mkdir -p many/en.lproj many/de.lproj && for i in $(seq 1500); do echo '\"k\" = \"v\";' > many/en.lproj/T$i.strings; "
                + "cp many/en.lproj/T$i.strings many/de.lproj/; done; echo ready", in: folder)
        #expect(made.stdout == "ready\n")
        let files = (1...1500).flatMap { ["many/en.lproj/T\($0).strings", "many/de.lproj/T\($0).strings"] }
        let start = Date()
        let result = try CLITests.run(["check", "--no-config", "--format", "json"] + files + ["--jobs", "2"], in: folder)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(
            result.status == 0 && result.stdout.contains("\"files\" : 3000") || result.stdout.contains("\"files\": 3000"),
            "\(result.stderr)")
    }

    /// The options `PathArguments` skips the value of are exactly those the commands take.
    @Test func pathArgumentsKnowEveryOptionWithAValue() throws {
        var options: Set<String> = []
        for command in ["check", "coverage", "render"] {
            let help = try CLITests.run([command, "--help"]).stdout
            for line in help.split(separator: "\n") {
                let words = line.split(separator: " ")
                for (index, word) in words.enumerated()
                where word.hasPrefix("--") && index + 1 < words.count && words[index + 1].hasPrefix("<") {
                    options.insert(String(word.split(separator: ",").first ?? word))
                }
            }
        }
        #expect(
            options == [
                "--config", "--base-locale", "--enable", "--disable", "--jobs", "--format", "--output", "--color", "--baseline",
                "--write-baseline", "--keys", "--locale", "--table", "--min-coverage", "--compare", "--max-findings",
            ])
    }
}
