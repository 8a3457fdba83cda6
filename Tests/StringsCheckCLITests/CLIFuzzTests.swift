import Foundation
import Testing

/// Random trees (odd names, encodings, links, pipes, sizes, broken bytes) × random arguments ×
/// every command, through the built binary. Each run must end by itself with a documented exit
/// status, change no input, check or report every table it was given, and say the same with one
/// job as with two. Seeded, so a failure names the seed that reproduces it;
/// `STRINGSCHECK_FUZZ_TREES` runs more trees than the default.
struct CLIFuzzTests {
    /// A small deterministic generator (SplitMix64).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let names = [
        "Localizable.strings", "Main.strings", "a b.strings", "ünï.strings", "-dash.strings", "Plurals.stringsdict", "Cat.xcstrings",
        "InfoPlist.strings", "x\u{1B}[1m.strings", "line\nbreak.strings", "push.json", "push.apns", "notes.txt",
    ]
    static let contents: [String] = [
        "\"a\" = \"A %@\";\n\"b\" = \"%d files\";\n", "\"a\" = \"A %d\";\n\"a\" = \"dup\";\n", "\"a\" = \"unterminated\n", "/* open",
        "\"a\" = \"x\";;\n\"c\" = \"y\";\n", "", "\u{FEFF}\"a\" = \"bom\";\n",
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string></dict></dict></plist>",
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\">]><plist><dict><key>k</key><string>&a;&a;</string></dict></plist>",
        "{\"sourceLanguage\": \"en\", \"strings\": {\"a %lld\": {\"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"new\", \"value\": \"%@\"}}}}}}",
        "{\"aps\": {\"alert\": {\"loc-key\": \"a\", \"loc-args\": [1, \"x\"]}}}", "{\"aps\": ", "[[[[[[[[[[[[[[[[[[[[",
    ]

    /// Builds a random tree under `root`; returns the paths of the table files it wrote.
    static func makeTree(_ root: URL, _ random: inout Generator) throws -> [String] {
        let manager = FileManager.default
        var tables: [String] = []
        for locale in ["en", "de", "fr", "pt_BR", "Base"].shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)) {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)) {
                var bytes = Array((contents.randomElement(using: &random) ?? "").utf8)
                if Bool.random(using: &random), !bytes.isEmpty {
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    }
                }
                if Int.random(in: 0..<8, using: &random) == 0 {
                    // UTF-16 with a byte order mark.
                    bytes = [0xFF, 0xFE] + String(decoding: bytes, as: UTF8.self).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                }
                let path = folder.appendingPathComponent(name).path
                guard manager.createFile(atPath: path, contents: Data(bytes)) else { continue }
                if name.hasSuffix("strings") || name.hasSuffix("stringsdict") || name.hasSuffix("xcstrings") { tables.append(path) }
            }
        }
        let extras = Int.random(in: 0...3, using: &random)
        for index in 0..<extras {
            let en = root.appendingPathComponent("en.lproj")
            try? manager.createDirectory(at: en, withIntermediateDirectories: true)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: _ = mkfifo(en.appendingPathComponent("Pipe\(index).strings").path, 0o644)
            case 1:
                try? manager.createSymbolicLink(
                    atPath: en.appendingPathComponent("Dangle\(index).strings").path, withDestinationPath: "none")
            case 2:
                try? manager.createSymbolicLink(
                    atPath: en.appendingPathComponent("Out\(index).strings").path, withDestinationPath: "/etc/hostname")
            case 3: try? manager.createDirectory(at: en.appendingPathComponent("Folder\(index).strings"), withIntermediateDirectories: true)
            case 4:
                // One very long line: every position on it must cost no more than on a short one.
                let line = (0..<20_000).map { "\"l\($0 % 500)\"=\"v\($0)\";" }.joined()
                try? line.write(to: en.appendingPathComponent("Line\(index).strings"), atomically: true, encoding: .utf8)
            case 5:
                // Invalid bytes in bulk, in a value.
                let bytes = Array("\"bad\" = \"".utf8) + [UInt8](repeating: 0xFF, count: 300_000) + Array("\";\n".utf8)
                try? Data(bytes).write(to: en.appendingPathComponent("Bytes\(index).strings"))
            case 6:
                // Many locales, each missing most keys.
                for locale in 0..<60 {
                    let folder = root.appendingPathComponent("x\(locale).lproj")
                    try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
                    try? "\"k0\" = \"x\";\n".write(
                        to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
                }
            default:
                let big = String(repeating: "\"k\(index)\" = \"\(String(repeating: "w ", count: 5_000))\";\n", count: 60)
                try? big.write(to: en.appendingPathComponent("Big\(index).strings"), atomically: true, encoding: .utf8)
            }
        }
        return tables
    }

    /// Every regular file under `root` with its bytes' hash.
    static func snapshot(_ root: URL) -> [String: Int] {
        var result: [String: Int] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return result }
        for case let path as String in enumerator {
            let full = root.appendingPathComponent(path).path
            var info = stat()
            guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: full) else {
                continue
            }
            result[path] = data.hashValue
        }
        return result
    }

    /// The trees' numbers: each is a test case of its own, and the cases run side by side (each
    /// runs the binary a dozen times or more, one after another).
    static let trees = Array(0..<(Int(ProcessInfo.processInfo.environment["STRINGSCHECK_FUZZ_TREES"] ?? "") ?? 8))

    @Test(arguments: trees) func randomTreesAndArgumentsKeepEveryPromise(tree: Int) throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["STRINGSCHECK_FUZZ_SEED"] ?? "") ?? 20_261_123
        // Each tree its own generator, from the seed and its number: a failure is reproduced
        // by both, whichever trees run beside it.
        var random = Generator(state: seed &+ UInt64(tree) &* 0x2545_F491_4F6C_DD1D)
        var runs = 0
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringscheck-fuzz-\(seed)-\(tree)-\(UUID().uuidString)")
        let root = base.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let tables = try Self.makeTree(root, &random)
        let before = Self.snapshot(root)
        let label = "seed \(seed), tree \(tree)"
        var commands: [[String]] = [
            ["check", "--no-config", "t", "--format", ["text", "json", "sarif", "github", "junit"].randomElement(using: &random)!],
            ["coverage", "--no-config", "t", "--format", ["text", "markdown", "html", "json", "csv"].randomElement(using: &random)!],
            [
                "render", "--no-config", "t", "--keys", "*", "--format",
                ["text", "markdown", "html", "csv", "json"].randomElement(using: &random)!,
            ],
            ["dump", "t", "--format", "json"],
        ]
        // Files given by name, as pre-commit passes them (a leading dash would be an option).
        let given = tables.filter { !$0.contains("/-") }.shuffled(using: &random).prefix(3).map {
            String($0.dropFirst(base.path.count + 1))
        }
        if !given.isEmpty { commands.append(["check", "--no-config"] + given) }
        commands.append(["check", "--no-config", "t", "--output", "t/en.lproj/Localizable.strings"])
        // A baseline and a configuration as a pull request may write them.
        let hostile = [
            #"{"version": 2, "findings": [{"rule": "r", "path": "p", "message": "m", "count": 9223372036854775807}]}"#,
            #"{"version": 1, "findings": [{"rule": "r", "path": "p", "message": "m", "count": -5}, 7]}"#,
            #"{"version": 2, "findings": [{"rule": "empty-value", "path": "t", "message": "m", "count": 2147483648}]}"#,
            String(repeating: "[", count: 5_000), "",
        ]
        try Data((hostile.randomElement(using: &random) ?? "").utf8).write(to: base.appendingPathComponent("baseline.json"))
        commands.append(["check", "--no-config", "t", "--baseline", "baseline.json"])
        let configurations = [
            "rules: {", "ignore_keys: [\"" + String(repeating: "*a", count: 20_000) + "\"]\n",
            "max_file_size: 99999999999999999999\n", "code: {include: [\"[\"]}\n",
        ]
        try Data((configurations.randomElement(using: &random) ?? "").utf8).write(to: base.appendingPathComponent("c.yml"))
        commands.append(["check", "--config", "c.yml", "t"])
        for arguments in commands {
            let one = try CLITests.run(arguments + ["--jobs", "1"], in: base)
            runs += 1
            #expect([0, 1, 2].contains(one.status), "\(label): \(arguments) exited \(one.status): \(one.stderr.prefix(300))")
            if arguments.first == "check" || arguments.first == "dump" {
                let two = try CLITests.run(arguments + ["--jobs", "2"], in: base)
                runs += 1
                #expect(one.stdout == two.stdout && one.status == two.status, "\(label): \(arguments) differs between --jobs 1 and 2")
            }
            #expect(Self.snapshot(root) == before, "\(label): \(arguments) changed an input")
        }
        // Every table on disk is either read or reported.
        let dump = try CLITests.run(["dump", "t", "--format", "json"], in: base)
        let document = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any] ?? [:]
        var named: Set<String> = []
        for file in document["files"] as? [[String: Any]] ?? [] {
            if let path = file["path"] as? String { named.insert(path) }
        }
        for diagnostic in document["diagnostics"] as? [[String: Any]] ?? [] {
            if let path = diagnostic["path"] as? String { named.insert(path) }
        }
        for table in tables where FileManager.default.fileExists(atPath: table) {
            let relative = String(table.dropFirst(base.path.count + 1))
            #expect(named.contains(relative), "\(label): \(relative) is neither read nor reported")
        }
        try? FileManager.default.removeItem(at: base)
        print("CLI fuzz: tree \(tree), \(runs) runs, seed \(seed)")
    }
}
