import Foundation
import LocalizationFormats
import Yams

/// The `code:` section: which source files are scanned, the push payload builders and the
/// app's lookup wrappers.
extension ConfigurationReader {
    static let codeKeys = ["include", "exclude", "functions", "wrappers", "dynamic_keys", "tests"]

    mutating func code(_ node: Node) -> CodeConfiguration {
        var code = CodeConfiguration()
        for (key, keyNode, value) in mapping(node, "'code'") ?? [] {
            switch key {
            case "include": code.include = strings(value, "'include' of 'code'")
            case "exclude": code.exclude = strings(value, "'exclude' of 'code'")
            case "functions":
                code.functions = listItems(value, "'functions' must be a list of mappings (name, key, arguments, part)").compactMap {
                    function($0)
                }
            case "dynamic_keys": code.dynamicKeys = strings(value, "'dynamic_keys' of 'code'")
            case "tests":
                guard case .scalar(let scalar) = value, let flag = Bool(scalar.string) else {
                    report("'tests' of 'code' must be true or false", node: value)
                    continue
                }
                code.tests = flag
            case "wrappers":
                code.wrappers = listItems(value, "'wrappers' must be a list of mappings (name, key, table)").compactMap { wrapper($0) }
            default: unknownKey(key, keyNode, in: "'code'", known: Self.codeKeys)
            }
        }
        return code
    }

    /// The items of a list, else none and `problem` (with what was found) at the value.
    mutating func listItems(_ node: Node, _ problem: String) -> [Node] {
        guard case .sequence(let list) = node else {
            report("\(problem), found \(describe(node))", node: node)
            return []
        }
        return Array(list)
    }

    /// An argument's position from 1 to 32, else nil and an error at the value.
    mutating func position(_ node: Node, _ field: String) -> Int? {
        guard case .scalar(let scalar) = node, let position = Int(scalar.string), (1...32).contains(position) else {
            report("'\(field)' must be the argument's position, a whole number from 1 to 32", node: node)
            return nil
        }
        return position
    }

    /// `{name: loc, key: 1, table: 2}` or `{name: loc, key: 1, table: tableName}`: the key's
    /// position, and the table's position or label.
    mutating func wrapper(_ node: Node) -> LocalizedStringWrapper? {
        guard let items = mapping(node, "a 'wrappers' item") else { return nil }
        var name: String?
        var key: Int?
        var table: Int?
        var tableLabel: String?
        for (field, fieldNode, value) in items {
            switch field {
            case "name": name = string(value, "'name'")
            case "key": key = position(value, "key")
            case "table":
                guard case .scalar(let scalar) = value else {
                    report("'table' must be the table argument's position or label", node: value)
                    continue
                }
                if let position = Int(scalar.string), (1...32).contains(position) { table = position } else { tableLabel = scalar.string }
            default: unknownKey(field, fieldNode, in: "a 'wrappers' item", known: Self.wrapperKeys)
            }
        }
        guard let name, !name.isEmpty, let key else {
            report("a 'wrappers' item needs 'name' (the function called) and 'key' (the position of the key argument)", node: node)
            return nil
        }
        return LocalizedStringWrapper(name: name, key: key, table: table, tableLabel: tableLabel)
    }

    /// `{name: sendPush, key: 2, arguments: 3, variadic: false, part: body}`: positions count from 1.
    mutating func function(_ node: Node) -> PushKeyFunction? {
        guard let items = mapping(node, "a 'functions' item") else { return nil }
        var name: String?
        var key: Int?
        var arguments: Int?
        var variadic = false
        var part = PushAlertPart.body
        for (field, fieldNode, value) in items {
            switch field {
            case "name": name = string(value, "'name'")
            case "key": key = position(value, "key")
            case "arguments": arguments = position(value, "arguments")
            case "variadic":
                guard case .scalar(let scalar) = value, let flag = Bool(scalar.string) else {
                    report("'variadic' must be true or false", node: value)
                    continue
                }
                variadic = flag
            case "part":
                guard let text = string(value, "'part'") else { continue }
                guard let named = PushAlertPart(rawValue: text) else {
                    report("unknown part '\(text)'; the parts are title, subtitle, body, action", node: value)
                    continue
                }
                part = named
            default: unknownKey(field, fieldNode, in: "a 'functions' item", known: Self.functionKeys)
            }
        }
        guard let name, !name.isEmpty, let key else {
            report("a 'functions' item needs 'name' (the function called) and 'key' (the position of the key argument)", node: node)
            return nil
        }
        if variadic && arguments == nil {
            report("'variadic' needs 'arguments': the position where the arguments start", node: node)
        }
        return PushKeyFunction(name: name, part: part, keyArgument: key, argumentsArgument: arguments, variadic: variadic)
    }
}
