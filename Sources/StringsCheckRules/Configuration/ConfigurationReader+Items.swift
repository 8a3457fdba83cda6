import LocalizationFormats
import Yams

/// The readers of the configuration's list items and small values: a length budget, a
/// fallback, a suppression.
extension ConfigurationReader {
    /// `{keys: "widget.*", length: 20}`, `{table: InfoPlist, length: 30}`, or both.
    mutating func lengthBudget(_ node: Node) -> LengthBudget? {
        guard let items = mapping(node, "a 'max_length' item") else { return nil }
        var keys: String?
        var table: String?
        var usage: String?
        var length: Int?
        var lengthGiven = false
        for (field, fieldNode, value) in items {
            switch field {
            case "keys": keys = string(value, "'keys'")
            case "table": table = string(value, "'table'")
            case "usage":
                guard let text = string(value, "'usage'") else { continue }
                guard LengthBudget.usages.contains(text) else {
                    let hint = suggestion(for: text, among: LengthBudget.usages).map { "; did you mean '\($0)'?" } ?? ""
                    report("unknown usage '\(text)'\(hint); known: \(LengthBudget.usages.joined(separator: ", "))", node: value)
                    continue
                }
                usage = text
            case "length":
                lengthGiven = true
                guard case .scalar(let scalar) = value, let number = Int(scalar.string), number >= 1 else {
                    report("'length' must be a whole number of characters, 1 or more", node: value)
                    continue
                }
                length = number
            default: unknownKey(field, fieldNode, in: "a 'max_length' item", known: Self.lengthKeys)
            }
        }
        guard let length, keys != nil || table != nil || usage != nil else {
            // A length given but wrong is said where it stands.
            if !lengthGiven || (keys == nil && table == nil && usage == nil) {
                report(
                    "a 'max_length' item needs 'length' and 'keys' (a key glob), 'table' (a table name) or 'usage' (info-plist, push-title, …)",
                    node: node)
            }
            return nil
        }
        return LengthBudget(keys: keys, table: table, usage: usage, length: length)
    }

    /// `fallback: development` (a missing key shows the development text) or `none` (the lookup
    /// returns the key or `value:`).
    mutating func fallback(_ node: Node) -> Bool? {
        guard let text = string(node, "'fallback'") else { return nil }
        switch text {
        case "development": return true
        case "none": return false
        default:
            report("unknown value '\(text)' of 'fallback'; known: development, none", node: node)
            return nil
        }
    }

    mutating func suppression(_ node: Node) -> Suppression? {
        guard let items = mapping(node, "a 'suppress' item") else { return nil }
        var suppression = Suppression()
        for (key, keyNode, value) in items {
            switch key {
            case "rules", "rule":
                for id in strings(value, "'rules'") {
                    if let ruleID = ruleID(id, value) { suppression.rules.insert(ruleID) }
                }
            case "keys", "key": suppression.keys = strings(value, "'keys'")
            case "locales": suppression.locales = Set(strings(value, "'locales'").map(LocaleName.normalize))
            case "paths": suppression.paths = strings(value, "'paths'")
            case "reason": suppression.reason = string(value, "'reason'")
            default: unknownKey(key, keyNode, in: "a 'suppress' item", known: Self.suppressionKeys)
            }
        }
        if suppression.keys.isEmpty, suppression.locales.isEmpty, suppression.paths.isEmpty {
            report(
                "a 'suppress' item needs at least one of 'keys', 'locales' or 'paths'; to turn a rule off, set it to off under 'rules'",
                node: node)
            return nil
        }
        return suppression
    }
}
