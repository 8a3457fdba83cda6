/// What a name in code stands for in an APNs alert: a localized part's key or its arguments.
///
/// Names are compared without case, `_`, `-` and `$`, so `loc_key`, `locKey`, `"loc-key"`,
/// `LocKey` and `$loc_key` are one name; a setter's `set`/`with`/`add` and Go's `Alert` prefix are
/// dropped (`setLocKey`, `AlertTitleLocKey`). The suffixes cover the libraries' spellings:
/// `loc-key` (APNs, node-apn, firebase-admin, APNSwift's older API, Easemob), `localized_key`
/// (PyAPNs2), `localization_key` (firebase-admin Java, apns2 for Python, CloudKit).
public struct PushFieldRole: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The key: `loc-key`, `title_loc_key`, `setLocalizationKey`.
        case key
        /// The whole argument list: `loc-args`, `AlertLocArgs`, `addAllLocalizationArgs`.
        case arguments
        /// One argument added: firebase-admin Java's `addLocalizationArg`.
        case addArgument
    }

    public var part: PushAlertPart
    public var kind: Kind

    /// The role of a name, or nil when it names no localized part.
    public init?(name: String) {
        var normalized = ""
        normalized.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            switch scalar {
            case "A"..."Z": normalized.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            case "a"..."z", "0"..."9": normalized.unicodeScalars.append(scalar)
            case "_", "-", "$": continue
            default: return nil
            }
        }
        guard normalized.count >= 6, normalized.count <= 40, normalized.contains("loc") else { return nil }
        var rest = Substring(normalized)
        var adds = false
        for prefix in ["addall", "add"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            adds = prefix == "add"
            break
        }
        for prefix in ["set", "with"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        if rest.hasPrefix("empush") {
            rest = rest.dropFirst(6)
        } else if rest.hasPrefix("alert") {
            rest = rest.dropFirst(5)
        }
        var part = PushAlertPart.body
        for (prefix, named) in [("subtitle", PushAlertPart.subtitle), ("title", .title), ("action", .action), ("body", .body)]
        where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            part = named
            break
        }
        let keys: Set<Substring> = ["lockey", "localizedkey", "localizationkey", "localisationkey"]
        let lists: Set<Substring> = [
            "locargs", "localizedargs", "localizationargs", "localisationargs", "locarguments", "localizationarguments",
        ]
        let single: Set<Substring> = ["localizationarg", "locarg", "localisationarg"]
        if keys.contains(rest), !adds {
            kind = .key
        } else if lists.contains(rest), part != .action {
            kind = adds ? .addArgument : .arguments
        } else if single.contains(rest), adds, part != .action {
            kind = .addArgument
        } else {
            return nil
        }
        self.part = part
    }

    init(part: PushAlertPart, kind: Kind) {
        self.part = part
        self.kind = kind
    }
}

/// A function of a push library (or of the project's own code, from the configuration) whose
/// arguments are a localized part's key and its arguments, by position.
public struct PushKeyFunction: Sendable, Hashable {
    /// The function or method name as called.
    public var name: String
    public var part: PushAlertPart
    /// The 1-based position of the key among the call's arguments.
    public var keyArgument: Int
    /// The 1-based position of the arguments: a list there, or with `variadic` every argument
    /// from there on.
    public var argumentsArgument: Int?
    public var variadic: Bool
    /// The library it belongs to, for documentation; nil for a configured function.
    public var library: String?

    public init(
        name: String, part: PushAlertPart, keyArgument: Int, argumentsArgument: Int? = nil, variadic: Bool = false,
        library: String? = nil
    ) {
        self.name = name
        self.part = part
        self.keyArgument = keyArgument
        self.argumentsArgument = argumentsArgument
        self.variadic = variadic
        self.library = library
    }

    /// Functions whose key is an argument by position, not a named field: Java pushy's
    /// `SimpleApnsPayloadBuilder` takes the key and then the arguments (`String...`).
    public static let builtIn: [PushKeyFunction] = [
        PushKeyFunction(
            name: "setLocalizedAlertMessage", part: .body, keyArgument: 1, argumentsArgument: 2, variadic: true, library: "pushy (Java)"),
        PushKeyFunction(
            name: "setLocalizedAlertTitle", part: .title, keyArgument: 1, argumentsArgument: 2, variadic: true, library: "pushy (Java)"),
        PushKeyFunction(
            name: "setLocalizedAlertSubtitle", part: .subtitle, keyArgument: 1, argumentsArgument: 2, variadic: true,
            library: "pushy (Java)"),
        PushKeyFunction(name: "setLocalizedActionButtonKey", part: .action, keyArgument: 1, library: "pushy (Java)"),
    ]
}
