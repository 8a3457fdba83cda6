import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import TestSupport
import Testing

/// Our formatting against Foundation's own `String(format:)` on every corpus string it can safely
/// format: strings whose specifiers are all objects (given strings), and typed ones (given values
/// of their types).
@Suite(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
struct RenderDifferentialTests {
    static func corpusValues() -> [String] {
        let folder = Check.corpus.appendingPathComponent("apps")
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var values: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "strings" {
            guard let data = try? Data(contentsOf: url) else { continue }
            let file = StringsParser.parse(bytes: [UInt8](data), path: url.path)
            values += file.entries.compactMap { $0.loaded ? file.value(of: $0) : nil }.filter { $0.contains("%") }
        }
        return values
    }

    /// A value of the specifier's C type, so Foundation reads exactly what we pass.
    static func typedArgument(_ specifier: FormatSpecifier, _ position: Int) -> (FormatArgument, any CVarArg)? {
        switch specifier.type {
        case .int, .unsignedInt:
            let value = 1000 * position + 7
            switch specifier.length {
            case nil: return (.integer(value), Int32(value))
            case .l?, .ll?, .q?, .z?, .t?, .j?: return (.integer(value), value)
            default: return nil
            }
        case .double: return (.double(Double(position) + 0.25), Double(position) + 0.25)
        default: return nil
        }
    }

    @Test func ourFormattingMatchesFoundation() {
        var objectCompared = 0
        var objectIdentical = 0
        var typedCompared = 0
        var typedIdentical = 0
        var differences: [String] = []
        for value in Self.corpusValues() {
            let analysis = FormatScanner.analyze(value)
            guard analysis.problems.isEmpty, !analysis.specifiers.isEmpty, analysis.argumentCount <= 10,
                analysis.specifiers.allSatisfy({ $0.variableName == nil && $0.starArguments.isEmpty })
            else { continue }
            if analysis.specifiers.allSatisfy({ $0.type == .object }) {
                let arguments = (1...analysis.argumentCount).map { "‹\($0)›" }
                let ours = FormatRenderer.format(value, arguments.map { .string($0) }).text
                let theirs = String(format: value, arguments: arguments.map { NSString(string: $0) })
                objectCompared += 1
                if ours == theirs {
                    objectIdentical += 1
                } else if differences.count < 10 {
                    differences.append("\(value): \(ours) ≠ \(theirs)")
                }
                continue
            }
            // Typed: one value per argument number, of the type its first specifier reads.
            var typed: [Int: (FormatArgument, any CVarArg)] = [:]
            for specifier in analysis.specifiers where typed[specifier.argument] == nil {
                guard let argument = Self.typedArgument(specifier, specifier.argument) else { typed = [:]; break }
                typed[specifier.argument] = argument
            }
            guard typed.count == analysis.argumentCount, typed.keys.sorted() == Array(1...analysis.argumentCount) else { continue }
            let ordered = (1...analysis.argumentCount).compactMap { typed[$0] }
            let ours = FormatRenderer.format(value, ordered.map(\.0)).text
            let theirs = String(format: value, arguments: ordered.map(\.1))
            typedCompared += 1
            if ours == theirs { typedIdentical += 1 } else if differences.count < 10 { differences.append("\(value): \(ours) ≠ \(theirs)") }
        }
        print(
            "render differential: \(objectIdentical)/\(objectCompared) object formats identical, \(typedIdentical)/\(typedCompared) typed")
        #expect(objectCompared > 1_000)
        #expect(typedCompared > 100)
        #expect(differences.isEmpty, "\(differences)")
    }
}
