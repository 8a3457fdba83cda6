import Foundation
import LocalizationFormats
import Yams

/// Reads `.stringscheck.yml`. Every unknown key and bad value is a diagnostic at its line and
/// column, so a typo never silently turns a rule off.
public enum ConfigurationLoader {
    /// The rule ID of configuration problems.
    public static let diagnosticID = "invalid-configuration"

    /// The nearest `.stringscheck.yml` in `directory` or a folder above it.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(Configuration.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The largest configuration file read: a real one is a few kilobytes, and what it expands to
    /// through aliases is bounded apart (`maximumExpandedBytes`).
    public static let maximumFileSize = 4 << 20

    /// Loads a file; I/O failures and content problems come back as diagnostics.
    public static func load(path: String, rules: [RuleDescription]) -> (Configuration, [Diagnostic]) {
        let bytes: [UInt8]
        switch FileBytes.read(path, maximumSize: maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(let error):
            let reason =
                if case .tooLarge(let size, _) = error.reason {
                    "it is \(FileReadError.megabytes(size)), over the limit of \(maximumFileSize >> 20) MB for a configuration file"
                } else {
                    error.description
                }
            return (
                Configuration(),
                [
                    Diagnostic(
                        id: diagnosticID, severity: .error, message: "cannot read the configuration file: \(reason)", path: path,
                        location: nil)
                ]
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (
                Configuration(),
                [Diagnostic(id: diagnosticID, severity: .error, message: "the configuration file is not UTF-8", path: path, location: nil)]
            )
        }
        var (configuration, diagnostics) = parse(text, path: path, rules: rules)
        configuration.path = path
        let directory = (path as NSString).deletingLastPathComponent
        configuration.directory = directory.isEmpty ? "." : directory
        diagnostics.sort(by: Diagnostic.ordered)
        return (configuration, diagnostics)
    }

    /// Parses configuration text; `path` is only used in diagnostics.
    public static func parse(_ text: String, path: String, rules: [RuleDescription]) -> (Configuration, [Diagnostic]) {
        var reader = ConfigurationReader(path: path, rules: rules)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            reader.report(yamlMessage(error), at: yamlMark(error))
            return (Configuration(), reader.diagnostics)
        } catch {
            reader.report("cannot read the configuration: \(error)", at: nil)
            return (Configuration(), reader.diagnostics)
        }
        guard let root else { return (Configuration(), []) }
        // Aliases repeat a node without repeating its text: a small file can stand for gigabytes
        // (a "billion laughs"). The expanded document is measured before anything reads it.
        var budget = (nodes: maximumExpandedNodes, bytes: maximumExpandedBytes)
        guard fitsExpanded(root, within: &budget) else {
            reader.report(
                "the configuration expands to more than \(maximumExpandedNodes) values or \(maximumExpandedBytes >> 20) MB of text (through aliases); it is not read",
                at: nil)
            return (Configuration(), reader.diagnostics)
        }
        let configuration = reader.configuration(root)
        return (configuration, reader.diagnostics)
    }

    /// Limits of a configuration with its aliases expanded: far above any real one.
    static let maximumExpandedNodes = 100_000
    static let maximumExpandedBytes = 4 << 20

    /// Whether the document, aliases expanded, stays within the budget; stops as soon as it does not.
    static func fitsExpanded(_ node: Node, within budget: inout (nodes: Int, bytes: Int)) -> Bool {
        budget.nodes -= 1
        if budget.nodes < 0 { return false }
        switch node {
        case .scalar(let scalar):
            budget.bytes -= scalar.string.utf8.count
            return budget.bytes >= 0
        case .sequence(let sequence):
            for item in sequence where !fitsExpanded(item, within: &budget) { return false }
            return true
        case .mapping(let mapping):
            for (key, value) in mapping where !fitsExpanded(key, within: &budget) || !fitsExpanded(value, within: &budget) {
                return false
            }
            return true
        case .alias:
            return true
        }
    }

    private static func yamlMark(_ error: YamlError) -> SourcePosition? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return SourcePosition(line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(_, let context):
            return SourcePosition(line: context.mark.line, column: context.mark.column)
        default:
            return nil
        }
    }

    private static func yamlMessage(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            return "invalid YAML: \(problem)" + (context.map { " (\($0.text))" } ?? "")
        case .duplicatedKeysInMapping(let keys, _):
            // Yams's own text quotes the whole file; it names the keys and points at the first one.
            let names = keys.map { "'\($0)'" }.joined(separator: ", ")
            let place = keys.count == 1 ? "its first use is here" : "the first use of '\(keys[0])' is here"
            return "invalid YAML: \(names) \(keys.count == 1 ? "is" : "are each") given more than once in the same mapping; \(place)"
        default:
            return "invalid YAML: \(error)"
        }
    }
}

/// Reads a parsed YAML document into a configuration, collecting what is wrong as diagnostics.
struct ConfigurationReader {
    let path: String
    let rules: [RuleDescription]
    var diagnostics: [Diagnostic] = []

    init(path: String, rules: [RuleDescription]) {
        self.path = path
        self.rules = rules
    }

    mutating func report(_ message: String, at position: SourcePosition?) {
        diagnostics.append(
            Diagnostic(id: ConfigurationLoader.diagnosticID, severity: .error, message: message, path: path, location: position))
    }

    mutating func report(_ message: String, node: Node) {
        report(message, at: node.mark.map { SourcePosition(line: $0.line, column: $0.column) })
    }

    static let topLevelKeys = [
        "roots", "include", "exclude", "base_locale", "ignore_locales", "rules", "suppress", "payloads", "min_coverage",
        "allow_identical", "payload_table", "voip_payloads", "push_types", "placeholder_length", "tables", "max_file_size", "code",
        "check_unshipped", "fallback", "baseline", "strict_backlog", "max_length", "max_length_ratio",
        "terms",
    ]
    static let lengthKeys = ["keys", "table", "usage", "length"]
    static let tableKeys = ["usage", "formatted", "fallback"]
    static let wrapperKeys = ["name", "key", "table"]
    static let functionKeys = ["name", "key", "arguments", "variadic", "part"]
    static let ruleKeys = ["severity", "enabled", "ignore_locales", "ignore_keys", "threshold"]
    static let suppressionKeys = ["rules", "keys", "locales", "paths", "reason"]

    mutating func mapping(_ node: Node, _ what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            report("\(what) must be a mapping of keys to values, found \(describe(node))", node: node)
            return nil
        }
        var result: [(String, Node, Node)] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                report("keys of \(what) must be plain names", node: key)
                continue
            }
            if !seen.insert(scalar.string).inserted { report("'\(scalar.string)' is given twice in \(what)", node: key) }
            result.append((scalar.string, key, value))
        }
        return result
    }

    mutating func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, scalar.style != .plain || !["null", "~", ""].contains(scalar.string) else {
            report("\(what) must be a string, found \(describe(node))", node: node)
            return nil
        }
        return scalar.string
    }

    /// A list of strings; a single string is accepted as a list of one.
    mutating func strings(_ node: Node, _ what: String) -> [String] {
        if case .scalar = node { return string(node, what).map { [$0] } ?? [] }
        guard case .sequence(let sequence) = node else {
            report("\(what) must be a list of strings, found \(describe(node))", node: node)
            return []
        }
        return sequence.compactMap { string($0, "each item of \(what)") }
    }

    mutating func unknownKey(_ key: String, _ node: Node, in what: String, known: [String]) {
        let hint = suggestion(for: key, among: known).map { "; did you mean '\($0)'?" } ?? "; known keys: \(known.joined(separator: ", "))"
        report("unknown key '\(key)' in \(what)\(hint)", node: node)
    }

    /// The rule an id names (or once named), else nil and an error with the likeliest id.
    mutating func ruleID(_ id: String, _ node: Node) -> String? {
        if let description = rules.first(where: { $0.id == id || $0.deprecatedIDs.contains(id) }) { return description.id }
        let hint = suggestion(for: id, among: rules.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
        report("unknown rule '\(id)'\(hint) (`stringscheck rules` lists them)", node: node)
        return nil
    }

    mutating func configuration(_ root: Node) -> Configuration {
        var configuration = Configuration()
        guard let items = mapping(root, "the configuration") else { return configuration }
        for (key, keyNode, value) in items {
            switch key {
            case "roots": configuration.roots = strings(value, "'roots'")
            case "include": configuration.include = strings(value, "'include'")
            case "exclude": configuration.exclude = strings(value, "'exclude'")
            case "payloads": configuration.payloads = strings(value, "'payloads'")
            case "allow_identical": configuration.allowIdentical = strings(value, "'allow_identical'")
            case "terms":
                configuration.terms = strings(value, "'terms'").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            case "payload_table": configuration.payloadTable = string(value, "'payload_table'")
            case "voip_payloads": configuration.voipPayloads = strings(value, "'voip_payloads'")
            case "push_types":
                for (pattern, _, typeNode) in mapping(value, "'push_types'") ?? [] {
                    guard let text = string(typeNode, "the push type of '\(pattern)'") else { continue }
                    guard let type = PushType(rawValue: text) else {
                        let known = PushType.allCases.map(\.rawValue)
                        let hint = suggestion(for: text, among: known).map { "; did you mean '\($0)'?" } ?? ""
                        report(
                            "unknown push type '\(text)'\(hint); the apns-push-type values are \(known.joined(separator: ", "))",
                            node: typeNode)
                        continue
                    }
                    configuration.pushTypes.append(PushTypePattern(pattern: pattern, type: type))
                }
            case "placeholder_length":
                guard case .scalar(let scalar) = value, let length = Int(scalar.string), (0...4096).contains(length) else {
                    report("'placeholder_length' must be a whole number from 0 to 4096", node: value)
                    continue
                }
                configuration.placeholderLength = length
            case "max_length":
                configuration.lengthBudgets = listItems(value, "'max_length' must be a list of mappings (keys, table, length)")
                    .compactMap { lengthBudget($0) }
            case "max_length_ratio":
                guard case .scalar(let scalar) = value, let ratio = Double(scalar.string), ratio > 1, ratio <= 100 else {
                    report(
                        "'max_length_ratio' must be a number above 1 (2.5: a translation may be 2.5 times its development text)",
                        node: value)
                    continue
                }
                configuration.lengthRatio = ratio
            case "max_file_size":
                guard case .scalar(let scalar) = value, let megabytes = Int(scalar.string), (1...4096).contains(megabytes) else {
                    report("'max_file_size' must be a whole number of megabytes from 1 to 4096", node: value)
                    continue
                }
                configuration.maximumFileSize = megabytes << 20
            case "base_locale":
                guard let locale = string(value, "'base_locale'") else { continue }
                guard !locale.trimmingCharacters(in: .whitespaces).isEmpty else {
                    report("'base_locale' is empty; name the development locale (e.g. en) or leave the key out", node: value)
                    continue
                }
                configuration.baseLocale = LocaleName.normalize(locale)
            case "ignore_locales": configuration.ignoreLocales = Set(strings(value, "'ignore_locales'").map(LocaleName.normalize))
            case "rules":
                for (id, idNode, ruleValue) in mapping(value, "'rules'") ?? [] {
                    guard let ruleID = ruleID(id, idNode) else { continue }
                    configuration.rules[ruleID] = rule(ruleValue, id: id)
                }
            case "suppress":
                configuration.suppressions = listItems(value, "'suppress' must be a list of mappings").compactMap { suppression($0) }
            case "tables":
                for (name, _, tableValue) in mapping(value, "'tables'") ?? [] {
                    for (key, keyNode, setting) in mapping(tableValue, "the table '\(name)'") ?? [] {
                        if key == "fallback" {
                            if let development = fallback(setting) { configuration.tableFallbacks[name] = development }
                            continue
                        }
                        if key == "formatted" {
                            guard let text = string(setting, "'formatted'") else { continue }
                            guard let formatting = TableFormatting(rawValue: text) else {
                                let known = TableFormatting.allCases.map(\.rawValue)
                                report("unknown value '\(text)' of 'formatted'; known: \(known.joined(separator: ", "))", node: setting)
                                continue
                            }
                            configuration.tableFormatting[name] = formatting
                            continue
                        }
                        guard key == "usage" else {
                            unknownKey(key, keyNode, in: "the table '\(name)'", known: Self.tableKeys)
                            continue
                        }
                        guard let text = string(setting, "'usage'") else { continue }
                        guard let usage = TableUsage(rawValue: text) else {
                            let known = TableUsage.allCases.map(\.rawValue)
                            let hint = suggestion(for: text, among: known).map { "; did you mean '\($0)'?" } ?? ""
                            report("unknown usage '\(text)'\(hint); known usages: \(known.joined(separator: ", "))", node: setting)
                            continue
                        }
                        configuration.tableUsages[name] = usage
                    }
                }
            case "code":
                configuration.code = code(value)
            case "fallback":
                if let development = fallback(value) { configuration.tableFallbacks["*"] = development }
            case "baseline":
                guard let path = string(value, "'baseline'"), !path.isEmpty else {
                    report("'baseline' must name a file (a path relative to this file's folder)", node: value)
                    continue
                }
                configuration.baseline = path
            case "strict_backlog":
                guard case .scalar(let scalar) = value, let flag = Bool(scalar.string) else {
                    report("'strict_backlog' must be true or false", node: value)
                    continue
                }
                configuration.strictBacklog = flag
            case "check_unshipped":
                guard case .scalar(let scalar) = value, let flag = Bool(scalar.string) else {
                    report("'check_unshipped' must be true or false", node: value)
                    continue
                }
                configuration.checkUnshipped = flag
            case "min_coverage":
                if case .scalar = value {
                    configuration.minimumCoverage["*"] = percent(value, "'min_coverage'")
                } else {
                    for (locale, _, percentNode) in mapping(value, "'min_coverage'") ?? [] {
                        configuration.minimumCoverage[locale == "*" ? "*" : LocaleName.normalize(locale)] = percent(
                            percentNode, "'min_coverage' of '\(locale)'")
                    }
                }
            default:
                unknownKey(key, keyNode, in: "the configuration", known: Self.topLevelKeys)
            }
        }
        return configuration
    }

    mutating func percent(_ node: Node, _ what: String) -> Double? {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string), (0...100).contains(value) else {
            report("\(what) must be a number from 0 to 100", node: node)
            return nil
        }
        return value
    }

    mutating func severity(_ node: Node, into rule: inout RuleConfiguration) {
        guard let text = string(node, "a rule's severity") else { return }
        switch text {
        case "off", "false": rule.enabled = false
        case "on", "true": rule.enabled = true
        default:
            if let severity = Severity(rawValue: text) {
                rule.severity = severity
            } else {
                report("'\(text)' is not a severity; use error, warning, note, on or off", node: node)
            }
        }
    }

    mutating func rule(_ node: Node, id: String) -> RuleConfiguration {
        var rule = RuleConfiguration()
        if case .scalar = node {
            severity(node, into: &rule)
            return rule
        }
        for (key, keyNode, value) in mapping(node, "the rule '\(id)'") ?? [] {
            switch key {
            case "severity": severity(value, into: &rule)
            case "enabled":
                guard case .scalar(let scalar) = value, let flag = Bool(scalar.string) else {
                    report("'enabled' must be true or false", node: value)
                    continue
                }
                rule.enabled = flag
            case "ignore_locales": rule.ignoreLocales = Set(strings(value, "'ignore_locales'").map(LocaleName.normalize))
            case "ignore_keys": rule.ignoreKeys = strings(value, "'ignore_keys'")
            case "threshold": rule.threshold = percent(value, "'threshold'")
            default: unknownKey(key, keyNode, in: "the rule '\(id)'", known: Self.ruleKeys)
            }
        }
        return rule
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
