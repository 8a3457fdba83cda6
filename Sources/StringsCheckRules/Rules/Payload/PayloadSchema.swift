import LocalizationFormats
import LocalizationIndex

/// The keys APNs reads in `aps` and in `alert` for each push type, with the values each takes
/// (DOMAIN.md §2.5; Apple, "Generating a remote notification", "Starting and updating Live
/// Activities with ActivityKit push notifications", "Updating widgets with WidgetKit push
/// notifications").
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
        case unixSeconds  // a whole number of seconds since 1970
        case changed  // true (WidgetKit's content-changed)
        case localizable  // a string, or {"loc-key": …, "loc-args": […]} (a Live Activity's alert)
    }

    /// The `aps` of an alert or background push.
    static let aps: [String: Expected] = [
        "alert": .alert, "badge": .number, "sound": .sound, "thread-id": .string, "category": .string,
        "content-available": .one, "mutable-content": .one, "target-content-id": .string,
        "interruption-level": .choice(["passive", "active", "time-sensitive", "critical"]), "relevance-score": .unitInterval,
        "filter-criteria": .string, "url-args": .stringArray,
    ]

    /// The `aps` of a background push: `content-available` only ('alert', 'badge' and 'sound' make
    /// it visible, which payload-silent-push reports).
    static let backgroundAps: [String: Expected] = ["content-available": .one, "alert": .alert, "badge": .number, "sound": .sound]

    /// The `aps` of a Live Activity push; its relevance score ranks activities and may be any number.
    static let liveActivityAps: [String: Expected] = [
        "timestamp": .unixSeconds, "event": .choice(["start", "update", "end"]), "content-state": .object,
        "stale-date": .unixSeconds, "dismissal-date": .unixSeconds, "relevance-score": .number, "alert": .alert,
        "attributes-type": .string, "attributes": .object, "input-push-token": .one, "input-push-channel": .string,
    ]

    /// The `aps` of a WidgetKit or controls push.
    static let widgetsAps: [String: Expected] = ["content-changed": .changed]

    /// A Live Activity's alert: title and body (strings or localized objects) and the sound.
    static let liveActivityAlert: [String: Expected] = ["title": .localizable, "body": .localizable, "sound": .sound]

    /// The `aps` keys a push type reads, or nil when the type hands its payload to the app's own
    /// code (VoIP, Push to Talk, location, File Provider, MDM, complication), which reads any key.
    static func aps(for type: PushType) -> [String: Expected]? {
        switch type {
        case .alert: aps
        case .background: backgroundAps
        case .liveactivity: liveActivityAps
        case .widgets, .controls: widgetsAps
        case .voip, .pushtotalk, .location, .fileprovider, .mdm, .complication: nil
        }
    }

    /// The `alert` keys a push type reads.
    static func alert(for type: PushType) -> [String: Expected]? {
        switch type {
        case .alert, .background: alert
        case .liveactivity: liveActivityAlert
        default: nil
        }
    }

    /// The push type other than `type` that reads `key` in `aps`, for messages.
    static func otherType(reading key: String, besides type: PushType) -> PushType? {
        [PushType.alert, .liveactivity, .widgets].first { $0 != type && aps(for: $0)?[key] != nil }
    }

    static let alert: [String: Expected] = [
        "title": .string, "subtitle": .string, "body": .string, "launch-image": .string, "title-loc-key": .string,
        "title-loc-args": .stringArray, "subtitle-loc-key": .string, "subtitle-loc-args": .stringArray, "loc-key": .string,
        "loc-args": .stringArray, "action-loc-key": .string, "summary-arg": .string, "summary-arg-count": .number,
    ]

    static let sound: [String: Expected] = ["critical": .number, "name": .string, "volume": .unitInterval]

    /// Why a value does not fit, or nil when it does.
    static func problem(_ node: JSONNode, _ expected: Expected) -> Finding.Message? {
        func number(_ node: JSONNode) -> Double? {
            if case .number(let text) = node.value { return Double(text) }
            return nil
        }
        switch expected {
        case .string: return node.string == nil ? .mustBeString(found: node.typeNameWithArticle) : nil
        case .number: return number(node) == nil ? .mustBeNumber(found: node.typeNameWithArticle) : nil
        case .one:
            if number(node) == 1 { return nil }
            if node.bool == true { return .mustBeOneNotTrue }
            return number(node) == 0 ? .zeroMeansLeftOut : .mustBeOne
        case .unitInterval:
            guard let value = number(node) else { return .mustBeNumberFromZeroToOne(found: node.typeNameWithArticle) }
            return (0...1).contains(value) ? nil : .outsideZeroToOne(value)
        case .choice(let values):
            guard let text = node.string else { return .mustBeOneOf(values) }
            return values.contains(text) ? nil : .notOneOf(text, values)
        case .object: return node.object == nil ? .mustBeDictionary(found: node.typeNameWithArticle) : nil
        case .alert: return nil  // payload-invalid-structure reports it
        case .sound: return node.string != nil || node.object != nil ? nil : .mustBeSound
        case .stringArray:
            guard let items = node.array else { return .mustBeStringArray(found: node.typeNameWithArticle) }
            return items.allSatisfy { $0.string != nil } ? nil : .mustHoldOnlyStrings
        case .unixSeconds:
            guard let value = number(node) else { return .mustBeSecondsSince1970(found: node.typeNameWithArticle) }
            if value < 0 { return .mustBeSecondsSince1970(found: value) }
            if value >= 100_000_000_000 {
                return .looksLikeMilliseconds(value)
            }
            return nil
        case .changed:
            if node.bool == true || number(node) == 1 { return nil }
            return .mustBeTrue
        case .localizable:
            if node.string != nil { return nil }
            guard let members = node.object else {
                return .mustBeLocalizable(found: node.typeNameWithArticle)
            }
            if !members.contains(where: { $0.key == "loc-key" }) { return .lacksLocKey }
            return nil
        }
    }
}

extension Finding.Message {
    fileprivate static func mustBeString(found: String) -> Finding.Message { "must be a string, found \(found)" }

    fileprivate static func mustBeNumber(found: String) -> Finding.Message { "must be a number, found \(found)" }

    fileprivate static let mustBeOneNotTrue: Finding.Message = "must be the number 1, not true (APNs ignores a boolean here)"

    fileprivate static let zeroMeansLeftOut: Finding.Message = "is 0, which means the same as leaving the key out; use 1 or remove it"

    fileprivate static let mustBeOne: Finding.Message = "must be the number 1"

    fileprivate static func mustBeNumberFromZeroToOne(found: String) -> Finding.Message {
        "must be a number from 0 to 1, found \(found)"
    }

    fileprivate static func outsideZeroToOne(_ value: Double) -> Finding.Message { "must be from 0 to 1, found \(value)" }

    fileprivate static func mustBeOneOf(_ values: [String]) -> Finding.Message {
        "must be one of \(values.map { "'\($0)'" }.joined(separator: ", "))"
    }

    fileprivate static func notOneOf(_ text: String, _ values: [String]) -> Finding.Message {
        "'\(text)' is not one of \(values.map { "'\($0)'" }.joined(separator: ", "))"
    }

    fileprivate static func mustBeDictionary(found: String) -> Finding.Message { "must be a dictionary, found \(found)" }

    fileprivate static let mustBeSound: Finding.Message = "must be a file name or a dictionary {critical, name, volume}"

    fileprivate static func mustBeStringArray(found: String) -> Finding.Message { "must be an array of strings, found \(found)" }

    fileprivate static let mustHoldOnlyStrings: Finding.Message = "must hold only strings"

    /// A timestamp of the wrong type (`found` names it).
    fileprivate static func mustBeSecondsSince1970(found: String) -> Finding.Message {
        "must be a number of seconds since 1970, found \(found)"
    }

    /// A negative timestamp.
    fileprivate static func mustBeSecondsSince1970(found value: Double) -> Finding.Message {
        "must be a number of seconds since 1970, found \(value)"
    }

    fileprivate static func looksLikeMilliseconds(_ value: Double) -> Finding.Message {
        "looks like milliseconds (\(value)); ActivityKit reads seconds since 1970, so this date is thousands of years ahead"
    }

    fileprivate static let mustBeTrue: Finding.Message = "must be true (WidgetKit reloads the widgets only then)"

    /// A Live Activity's alert title or body that is neither a string nor a loc-key dictionary.
    fileprivate static func mustBeLocalizable(found: String) -> Finding.Message {
        "must be a string or a dictionary {\"loc-key\": …, \"loc-args\": […]}, found \(found)"
    }

    fileprivate static let lacksLocKey: Finding.Message = "is a dictionary without 'loc-key'; nothing is shown"
}
