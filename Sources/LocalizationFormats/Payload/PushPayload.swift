/// How a template file wraps its APNs payloads.
public enum PayloadDialect: String, Sendable, Hashable, Codable {
    /// `{"aps": …}`, also Xcode's simulator `.apns` files.
    case apns
    /// An FCM HTTP v1 message: `message.apns.payload` (or `apns.payload` without the wrapper).
    case fcm
    /// An Easemob REST message whose `ext.em_apns_ext` carries the alert fields.
    case easemob
}

/// A field of a payload as written: its JSON value and where its key stands.
public struct PayloadField: Sendable, Hashable {
    /// The key as written (`loc-key`, or Easemob's `em_push_body_loc_key`).
    public var name: String
    public var keyLocation: SourcePosition
    public var value: JSONNode
}

/// The alert fields iOS localizes, whichever dialect they were written in.
public struct PushAlert: Sendable, Hashable {
    public var title: PayloadField?
    public var subtitle: PayloadField?
    public var body: PayloadField?
    public var titleLocKey: PayloadField?
    public var titleLocArgs: PayloadField?
    public var subtitleLocKey: PayloadField?
    public var subtitleLocArgs: PayloadField?
    public var locKey: PayloadField?
    public var locArgs: PayloadField?
    public var actionLocKey: PayloadField?

    public init() {}

    /// The parts a user sees, each once: which text, its literal field, its key field and its
    /// arguments field (the one list of an alert's parts).
    public var parts: [(part: PushAlertPart, literal: PayloadField?, key: PayloadField?, arguments: PayloadField?)] {
        [
            (.title, title, titleLocKey, titleLocArgs), (.subtitle, subtitle, subtitleLocKey, subtitleLocArgs),
            (.body, body, locKey, locArgs), (.action, nil, actionLocKey, nil),
        ]
    }

    /// The part and field written under `name` in this alert (`loc-key` → the body's key), if any.
    public func field(named name: String) -> (part: PushAlertPart, field: PayloadPartField)? {
        for (part, literal, key, arguments) in parts {
            if literal?.name == name { return (part, .literal) }
            if key?.name == name { return (part, .key) }
            if arguments?.name == name { return (part, .arguments) }
        }
        return nil
    }

    /// The localized parts: which text, its key field and its arguments field.
    public var localizedParts: [(part: PushAlertPart, key: PayloadField?, arguments: PayloadField?)] {
        parts.map { ($0.part, $0.key, $0.arguments) }
    }

    /// The `…loc-args` field of `part` (as `localizedParts` pairs them), without building the list.
    public func arguments(of part: PushAlertPart) -> PayloadField? {
        switch part {
        case .title: titleLocArgs
        case .subtitle: subtitleLocArgs
        case .body: locArgs
        case .action: nil
        }
    }
}

/// The parts of a notification a user sees.
public enum PushAlertPart: String, Sendable, Hashable, CaseIterable, Codable {
    case title, subtitle, body, action

    /// The APNs name of the part's key field.
    public var apnsKeyName: String {
        switch self {
        case .title: "title-loc-key"
        case .subtitle: "subtitle-loc-key"
        case .body: "loc-key"
        case .action: "action-loc-key"
        }
    }
}

/// Which field of a part a finding is about.
public enum PayloadPartField: String, Sendable, Hashable, Codable {
    /// The text written as it is shown (`title`, `body`).
    case literal
    /// The `…loc-key`.
    case key
    /// The `…loc-args`.
    case arguments
}

/// A payload among all those read (its file, and where its object starts there: for a payload
/// built in code, the key's literal) and, for something about one part, which part and field:
/// what a finding about a payload carries, so a preview row finds its findings by what they are
/// about.
public struct PayloadPlace: Sendable, Hashable {
    public var path: String
    public var location: SourcePosition
    /// The payload's name in a file of several, for readers.
    public var name: String?
    public var part: PushAlertPart?
    public var field: PayloadPartField?

    public init(path: String, location: SourcePosition, name: String?, part: PushAlertPart? = nil, field: PayloadPartField? = nil) {
        self.path = path
        self.location = location
        self.name = name
        self.part = part
        self.field = field
    }

    /// The payload as a whole: the place without its part.
    public var payload: PayloadPlace { PayloadPlace(path: path, location: location, name: name) }
}

/// One APNs payload of a template file.
public struct PushPayload: Sendable, Hashable {
    public var path: String
    public var dialect: PayloadDialect
    /// The name in a file of named payloads, or `[2]` in a file holding an array; nil for a file
    /// holding one payload.
    public var name: String?
    /// The APNs payload object (`{"aps": …}`); for Easemob, the `em_apns_ext` object.
    public var payload: JSONNode
    /// `aps`, when the dialect has one.
    public var aps: JSONNode?
    /// The alert as written: a string, an object, or absent.
    public var alertNode: JSONNode?
    public var alert: PushAlert
    /// The push type the template declares: an FCM message's `apns.headers["apns-push-type"]`,
    /// or a `"stringscheck-push-type"` member beside `aps` (left out of the size APNs counts).
    public var declaredPushType: PayloadField? = nil
    /// For a key found in backend code: where and how; nil for a template.
    public var code: CodeOrigin? = nil

    /// "new_message.apns", "payloads.json [2]" or "push.py:12" for messages.
    public var displayName: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if let code { return "\(file):\(code.line)" }
        return name.map { "\(file) [\($0)]" } ?? file
    }

    /// Where the payload is, or one of its parts' fields.
    public func place(_ part: PushAlertPart? = nil, _ field: PayloadPartField? = nil) -> PayloadPlace {
        PayloadPlace(path: path, location: payload.location, name: name, part: part, field: field)
    }

    /// Every localization key the payload names, with the part it is for.
    public var keys: [(part: PushAlertPart, field: PayloadField, key: String)] {
        alert.localizedParts.compactMap { part, key, _ in
            guard let key, let text = key.value.string else { return nil }
            return (part, key, text)
        }
    }
}

/// A template file: the payloads it holds and what was wrong with it.
public struct PayloadTemplateFile: Sendable {
    public var path: String
    public var payloads: [PushPayload]
    public var diagnostics: [Diagnostic]
    /// The file's text, for checks that look at how a string was written (`\u` escapes) and sizes.
    public var lines: LineTable?

    /// The dialects found, for `dump`.
    public var dialects: [PayloadDialect] {
        var seen: [PayloadDialect] = []
        for payload in payloads where !seen.contains(payload.dialect) { seen.append(payload.dialect) }
        return seen
    }
}

/// Where a payload built in code was found, and what is known of its arguments.
public struct CodeOrigin: Sendable, Hashable {
    public var language: CodeLanguage
    /// The line of the key's literal.
    public var line: Int
    /// Set when the arguments are built while the program runs (`loc_args=args`): where, and
    /// the name they are given under; their count is not checked.
    public var runtimeArguments: PayloadField?
    /// True when no arguments were found beside the key: their count is not checked either.
    public var argumentsUnseen: Bool

    public init(language: CodeLanguage, line: Int, runtimeArguments: PayloadField? = nil, argumentsUnseen: Bool = false) {
        self.language = language
        self.line = line
        self.runtimeArguments = runtimeArguments
        self.argumentsUnseen = argumentsUnseen
    }
}
