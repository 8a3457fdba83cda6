import Foundation

/// Tables whose texts generated accessors pass through `String(format:)` every time, found by
/// reading the generated code a `swiftgen.yml` names.
///
/// SwiftGen's strings templates (`structured-swift5`, `flat-swift5`) look every text up through
/// one function, `tr(_:_:_:)`, which returns `String(format: format, locale: Locale.current,
/// arguments: args)` even when `args` is empty: in such a table a lone `%` is consumed ("100%"
/// shows "100") and "% d" reads an integer. A custom template that formats only when there are
/// arguments (`args.isEmpty ? format : …`) is not such a table.
public enum GeneratedAccessors {
    /// What generated accessors show, per table name, with the evidence in words.
    public struct Findings: Sendable {
        /// Tables whose every text is formatted.
        public var alwaysFormatted: [String: String] = [:]
        /// Tables whose accessors pass the development text as the lookup's `value:`, so a key a
        /// translation lacks shows that text.
        public var developmentFallback: [String: String] = [:]
    }

    /// What was found: table name → the evidence, in words.
    public static func alwaysFormattedTables(swiftGenConfigurations: [(path: String, display: String)]) -> [String: String] {
        read(swiftGenConfigurations: swiftGenConfigurations).alwaysFormatted
    }

    /// Reads the generated files the configurations name.
    public static func read(swiftGenConfigurations: [(path: String, display: String)]) -> Findings {
        var found = Findings()
        for configuration in swiftGenConfigurations {
            guard case .success(let bytes) = FileBytes.read(configuration.path, maximumSize: 1 << 20) else { continue }
            let folder = parent(configuration.path)
            let displayFolder = parent(configuration.display)
            let yaml = String(decoding: bytes, as: UTF8.self)
            // SwiftGen 6 joins each `output:` to the top-level `output_dir:`.
            let outputFolder = values(of: "output_dir:", in: yaml).first.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            for written in outputs(yaml) where written.hasSuffix(".swift") {
                let output = outputFolder.map { $0.isEmpty || $0 == "." ? written : $0 + "/" + written } ?? written
                guard !output.hasPrefix("/"), !output.contains(".."), !isLink(join(folder, output)),
                    case .success(let code) = FileBytes.read(join(folder, output), maximumSize: 8 << 20)
                else { continue }
                let text = String(decoding: code, as: UTF8.self)
                let shown = join(displayFolder, output)
                let names = tables(text)
                if formatsEveryText(text) {
                    for table in names where found.alwaysFormatted[table] == nil {
                        found.alwaysFormatted[table] = "SwiftGen's \(shown) passes every text through String(format:), arguments or not"
                    }
                }
                // `tr(…, fallback: "Settings")` passes the development text as `value:`.
                if text.contains("fallback value: String") && text.contains("value: value") {
                    for table in names where found.developmentFallback[table] == nil {
                        found.developmentFallback[table] = "SwiftGen's \(shown), which passes the development text as the lookup's 'value:'"
                    }
                }
            }
        }
        return found
    }

    /// The `output:` values of a SwiftGen configuration (any section; the generated file is read
    /// to see whether it is a strings accessor).
    static func outputs(_ yaml: String) -> [String] { values(of: "output:", in: yaml) }

    /// The values of `name` (`output:`) on the lines of a YAML file, list dashes and quotes aside.
    static func values(of name: String, in yaml: String) -> [String] {
        yaml.split(whereSeparator: \.isNewline).compactMap { line in
            var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "-" }
            guard rest.hasPrefix(name) else { return nil }
            rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            if let comment = rest.firstIndex(of: "#") { rest = rest[..<comment] }
            let value = rest.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
    }

    /// Whether the generated code formats every text: it calls `String(format:` with the
    /// accessor's arguments and never asks whether there are any.
    static func formatsEveryText(_ code: String) -> Bool {
        code.contains("String(format:") && code.contains("arguments: args") && !code.contains("args.isEmpty")
            && !code.contains("args.count")
    }

    /// The tables the accessors look texts up in: the first argument of each `tr("Table", …)`.
    static func tables(_ code: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        var rest = Substring(code)
        while let range = rest.range(of: "tr(\"") {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let table = String(rest[..<end])
            if !table.isEmpty, !table.contains("\\"), seen.insert(table).inserted { result.append(table) }
        }
        return result
    }

    /// Whether the path is a symbolic link (which may lead out of the tree): not read.
    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func join(_ folder: String, _ path: String) -> String { folder.isEmpty ? path : folder + "/" + path }
}
