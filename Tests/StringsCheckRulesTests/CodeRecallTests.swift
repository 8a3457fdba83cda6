import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules
import TestSupport
import Testing

/// Recall of `code-missing-key` on real apps: 20 keys the app's code looks up by a literal,
/// chosen at random (seeded) among those that read as identifiers, are deleted from every locale
/// of their table in a copy of each corpus app, and every one must then be reported (an error where
/// users see the raw key, a warning where they see the code's default value untranslated).
@Suite(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
struct CodeRecallTests {
    static let apps = ["Dimillian__IceCubesApp", "duckduckgo__iOS", "mastodon__mastodon-ios"]

    static var code: CodeScanOptions {
        var options = CodeScanOptions(accept: { _ in true })
        options.everyLiteral = false
        return options
    }

    @Test(arguments: apps)
    func everyDeletedKeyIsReported(app: String) async throws {
        let source = Check.corpus.appendingPathComponent("apps").appendingPathComponent(app)
        let project = await ProjectLoader.load(roots: [source.path], code: Self.code)
        let index = ProjectIndex(project: project)
        // Keys looked up by a literal that read as identifiers, in one table only (of .strings or a catalog).
        var candidates: [String: String] = [:]
        for lookup in index.codeKeyLookups where !lookup.use.interpolated && !lookup.use.inPreviewOrDebug {
            guard let table = lookup.foundIn, let base = index.baseTable(table), let string = base.strings[lookup.use.key],
                index.keyStyle(of: lookup.candidates).readsAsIdentifier(lookup.use.key),
                lookup.candidates.filter({ index.baseTable($0)?.strings[lookup.use.key] != nil }).count == 1,
                !string.path.hasSuffix(".stringsdict")
            else { continue }
            candidates[lookup.use.key] = table
        }
        var generator = SplitMix64(seed: 20_261_126)
        let chosen = Array(candidates.keys.sorted().shuffled(using: &generator).prefix(20))
        #expect(chosen.count == 20, "\(app): only \(candidates.count) keys to choose from")

        // A copy of the app with the chosen keys deleted from every file of their table.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("recall-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let root = copy.appendingPathComponent(app)
        try FileManager.default.copyItem(at: source, to: root)
        var byFile: [String: [String]] = [:]
        for key in chosen {
            for file in project.files where file.tableID == candidates[key] && !file.path.hasSuffix(".stringsdict") {
                byFile[file.path, default: []].append(key)
            }
        }
        for (path, keys) in byFile {
            let file = root.appendingPathComponent(String(path.dropFirst(source.path.count + 1)))
            try Self.delete(keys, from: file)
        }

        let changed = await ProjectLoader.load(roots: [root.path], code: Self.code)
        let result = await RuleEngine.run(project: changed, rules: BuiltInRules.all.filter { $0.description.id == "code-missing-key" })
        let reported = Set(
            result.findings.filter { $0.diagnostic.severity >= .warning }.compactMap { finding in
                chosen.first { finding.diagnostic.message.hasPrefix("'\($0)' ") }
            })
        let missed = chosen.filter { !reported.contains($0) }
        #expect(missed.isEmpty, "\(app): deleted but not reported: \(missed)")
    }

    /// Deletes keys from a `.strings` file (the line of each entry, which must hold it whole) or
    /// from a String Catalog's `strings`.
    static func delete(_ keys: [String], from file: URL) throws {
        if file.pathExtension == "xcstrings" {
            let data = try Data(contentsOf: file)
            var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var strings = try #require(catalog["strings"] as? [String: Any])
            for key in keys { strings[key] = nil }
            catalog["strings"] = strings
            try JSONSerialization.data(withJSONObject: catalog).write(to: file)
            return
        }
        let parsed = StringsParser.parse(bytes: Array(try Data(contentsOf: file)), path: file.path)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        var remove: Set<Int> = []
        for entry in parsed.entries where keys.contains(entry.key) {
            let line = try #require(entry.keyLocation?.line) - 1
            // One entry per line, as in every corpus table; else its key stays and the test fails.
            if lines[line].trimmingCharacters(in: .whitespaces).hasSuffix(";") { remove.insert(line) }
        }
        lines = lines.enumerated().filter { !remove.contains($0.offset) }.map(\.element)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
