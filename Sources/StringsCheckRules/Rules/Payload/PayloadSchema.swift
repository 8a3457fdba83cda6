import LocalizationFormats
import LocalizationIndex

/// The keys APNs reads in `aps` and in `alert`, with the values each takes (DOMAIN.md §2.5).
enum PayloadSchema {
    enum Expected {
        case string
        case number
        case one  // exactly 1 (content-available, mutable-content)
        case unitInterval  // a number from 0 to 1
        case choice([String])
        case object
        case sound  // a string, or {critical, name, volume}
        case alert  // a string or a dictionary
        case stringArray
    }

    static let aps: [String: Expected] = [
        "alert": .alert, "badge": .number, "sound": .sound, "thread-id": .string, "category": .string,
        "content-available": .one, "mutable-content": .one, "target-content-id": .string,
        "interruption-level": .choice(["passive", "active", "time-sensitive", "critical"]), "relevance-score": .unitInterval,
        "filter-criteria": .string, "timestamp": .number, "event": .choice(["start", "update", "end"]), "content-state": .object,
        "stale-date": .number, "dismissal-date": .number, "attributes-type": .string, "attributes": .object,
        "input-push-channel": .string, "input-push-token": .number, "url-args": .stringArray,
    ]

    static let alert: [String: Expected] = [
        "title": .string, "subtitle": .string, "body": .string, "launch-image": .string, "title-loc-key": .string,
        "title-loc-args": .stringArray, "subtitle-loc-key": .string, "subtitle-loc-args": .stringArray, "loc-key": .string,
        "loc-args": .stringArray, "action-loc-key": .string, "summary-arg": .string, "summary-arg-count": .number,
    ]

    static let sound: [String: Expected] = ["critical": .number, "name": .string, "volume": .unitInterval]

    /// Why a value does not fit, or nil when it does.
    static func problem(_ node: JSONNode, _ expected: Expected) -> String? {
        func number(_ node: JSONNode) -> Double? {
            if case .number(let text) = node.value { return Double(text) }
            return nil
        }
        switch expected {
        case .string: return node.string == nil ? "must be a string, found \(node.typeNameWithArticle)" : nil
        case .number: return number(node) == nil ? "must be a number, found \(node.typeNameWithArticle)" : nil
        case .one:
            if number(node) == 1 { return nil }
            if node.bool == true { return "must be the number 1, not true (APNs ignores a boolean here)" }
            return number(node) == 0 ? "is 0, which means the same as leaving the key out; use 1 or remove it" : "must be the number 1"
        case .unitInterval:
            guard let value = number(node) else { return "must be a number from 0 to 1, found \(node.typeNameWithArticle)" }
            return (0...1).contains(value) ? nil : "must be from 0 to 1, found \(value)"
        case .choice(let values):
            guard let text = node.string else { return "must be one of \(values.map { "'\($0)'" }.joined(separator: ", "))" }
            return values.contains(text) ? nil : "'\(text)' is not one of \(values.map { "'\($0)'" }.joined(separator: ", "))"
        case .object: return node.object == nil ? "must be a dictionary, found \(node.typeNameWithArticle)" : nil
        case .alert: return nil  // payload-invalid-structure reports it
        case .sound: return node.string != nil || node.object != nil ? nil : "must be a file name or a dictionary {critical, name, volume}"
        case .stringArray:
            guard let items = node.array else { return "must be an array of strings, found \(node.typeNameWithArticle)" }
            return items.allSatisfy { $0.string != nil } ? nil : "must hold only strings"
        }
    }
}
