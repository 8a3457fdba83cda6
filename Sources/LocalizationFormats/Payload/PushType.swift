/// The kinds of push APNs delivers: the values of the `apns-push-type` request header
/// (Apple, "Sending notification requests to APNs").
public enum PushType: String, Sendable, Hashable, CaseIterable, Codable {
    case alert, background, liveactivity, voip, complication, fileprovider, mdm, location, pushtotalk, widgets, controls

    /// The largest payload APNs accepts for the type, in bytes: 5 KB for VoIP, 4 KB for every other
    /// type ("Sending notification requests to APNs", "Generating a remote notification").
    public var sizeLimit: Int { self == .voip ? 5120 : 4096 }

    /// How the documentation names the type, for messages.
    public var title: String {
        switch self {
        case .alert: "alert push"
        case .background: "background push"
        case .liveactivity: "Live Activity push"
        case .voip: "VoIP push"
        case .complication: "complication push"
        case .fileprovider: "File Provider push"
        case .mdm: "MDM push"
        case .location: "location push"
        case .pushtotalk: "Push to Talk push"
        case .widgets: "WidgetKit push"
        case .controls: "controls push"
        }
    }

    /// "an alert push", "a VoIP push".
    public var titleWithArticle: String { ([.alert, .mdm].contains(self) ? "an " : "a ") + title }

    /// Whether iOS reads `aps` the way User Notifications does (alert, badge, sound). The other
    /// types hand their payload to a framework or an extension of the app that reads it itself.
    public var readsNotificationKeys: Bool { self == .alert || self == .background }
}

/// A configured push type for the templates a glob matches (`push_types:`).
public struct PushTypePattern: Sendable, Hashable {
    public var pattern: String
    public var type: PushType
    /// The configuration key that set it: `push_types`, or `voip_payloads`.
    public var setting: String

    public init(pattern: String, type: PushType, setting: String = "push_types") {
        self.pattern = pattern
        self.type = type
        self.setting = setting
    }
}

/// Where a payload's push type comes from, strongest first.
public enum PushTypeOrigin: Sendable, Hashable {
    /// Declared in the template: an FCM message's `apns.headers["apns-push-type"]`, or a
    /// `"stringscheck-push-type"` member beside `aps`.
    case declared
    /// A `push_types` pattern of the configuration (or `voip_payloads`).
    case configuration(pattern: String, setting: String)
    /// The template's file name contains "voip".
    case fileName
    /// Inferred from what the payload holds.
    case content

    /// For messages: "(declared in the template)", "(inferred from its content)".
    public var phrase: String {
        switch self {
        case .declared: "declared in the template"
        case .configuration(let pattern, let setting): "\(setting) '\(pattern)' in the configuration"
        case .fileName: "its file name says voip"
        case .content: "inferred from its content"
        }
    }
}

extension PushPayload {
    /// The push type the payload's content implies: a Live Activity's keys make it a Live Activity
    /// push, `content-changed` a WidgetKit push, `content-available` alone a background push, an
    /// `mdm` member an MDM push; anything else is an alert push.
    public var inferredPushType: PushType {
        if dialect == .easemob { return .alert }
        // Beside an empty 'aps' (or none), an "mdm" or "container-identifier" member makes the
        // payload an MDM or File Provider push; beside a real 'aps' it is a custom key.
        if (aps?.object ?? []).isEmpty {
            if payload["mdm"]?.string != nil { return .mdm }
            if payload["container-identifier"]?.string != nil { return .fileprovider }
        }
        guard let aps else { return .alert }
        // The few members of 'aps' are looked through, not hashed into a set for every payload.
        let members = aps.object ?? []
        func has(_ names: String...) -> Bool { members.contains { names.contains($0.key) } }
        if has("event", "content-state", "attributes-type", "attributes", "timestamp", "stale-date", "dismissal-date") {
            return .liveactivity
        }
        if has("content-changed") { return .widgets }
        if has("content-available"), !has("alert", "badge", "sound") { return .background }
        return .alert
    }

    /// The payload's push type and where it comes from: declared in the template, else the first
    /// configured pattern matching its path, else a file name with "voip", else its content. A
    /// declared value that names no push type is ignored here (`payload-push-type` reports it).
    public func pushType(configured: [PushTypePattern] = []) -> (type: PushType, origin: PushTypeOrigin) {
        if let text = declaredPushType?.value.string, let type = PushType(rawValue: text) { return (type, .declared) }
        if let match = configured.first(where: { Glob($0.pattern).matchesPath(path) }) {
            return (match.type, .configuration(pattern: match.pattern, setting: match.setting))
        }
        if Self.namesVoIP(path) { return (.voip, .fileName) }
        return (inferredPushType, .content)
    }

    /// True when `path` has "voip" in any case. An ASCII path, nearly every path, is read as bytes
    /// (several rules ask for every payload); any other is lowercased and searched by characters, so a combining mark after the 'p'
    /// still keeps it from matching.
    static func namesVoIP(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return path.lowercased().contains("voip") }
        guard bytes.count >= 4 else { return false }
        for start in 0...(bytes.count - 4) where bytes[start] | 0x20 == UInt8(ascii: "v") {
            if bytes[start + 1] | 0x20 == UInt8(ascii: "o"), bytes[start + 2] | 0x20 == UInt8(ascii: "i"),
                bytes[start + 3] | 0x20 == UInt8(ascii: "p")
            {
                return true
            }
        }
        return false
    }
}
