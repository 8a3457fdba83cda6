import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckRules

/// Runs a rule's examples: builds the virtual tree, checks it, and compares findings with markers.
public enum ExampleRunner {
    /// Where a marker stood, in the file with the marker removed.
    public struct Expected: Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var position: SourcePosition
        public var description: String { "\(path):\(position)" }

        public init(path: String, position: SourcePosition) {
            self.path = path
            self.position = position
        }
    }

    /// The files without markers, as bytes, and the marked positions.
    public static func prepare(_ example: RuleExample) -> (files: [(path: String, bytes: [UInt8])], expected: [Expected]) {
        var files: [(String, [UInt8])] = []
        var expected: [Expected] = []
        for file in example.files {
            var text = String.UnicodeScalarView()
            var line = 1
            var column = 1
            for scalar in file.text.unicodeScalars {
                if Character(scalar) == ExampleFile.marker {
                    expected.append(Expected(path: file.path, position: SourcePosition(line: line, column: column)))
                    continue
                }
                text.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            files.append((file.path, encode(String(text), file.encoding)))
        }
        return (files, expected)
    }

    static func encode(_ text: String, _ encoding: ExampleFile.Encoding) -> [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .latin1: return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case .utf16LittleEndian, .utf16LittleEndianWithBOM:
            var bytes: [UInt8] = encoding == .utf16LittleEndianWithBOM ? [0xFF, 0xFE] : []
            for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            return bytes
        }
    }

    /// The findings of rule `id` on the example, with only that rule enabled.
    public static func run(_ example: RuleExample, ruleID id: String) async -> [Finding] {
        let (files, _) = prepare(example)
        let project = ProjectLoader.load(virtualFiles: files)
        var configuration = Configuration()
        if let text = example.configuration {
            configuration = ConfigurationLoader.parse(text, path: ".stringscheck.yml", rules: BuiltInRules.descriptions).0
        }
        var rule = configuration.rules[id] ?? RuleConfiguration()
        rule.enabled = true
        configuration.rules[id] = rule
        let rules = BuiltInRules.all.filter { $0.description.id == id }
        let result = await RuleEngine.run(project: project, configuration: configuration, rules: rules)
        return result.findings.filter { $0.diagnostic.id == id }
    }
}
