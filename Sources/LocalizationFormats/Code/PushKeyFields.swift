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
        // Byte by byte: this runs on every name and string of every file scanned. Every name it
        // knows holds "loc" in some case: most names are turned down before anything is built.
        var previous: (UInt8, UInt8) = (0, 0)
        var holdsLoc = false
        for byte in name.utf8 {
            let lower = byte | 0x20
            if previous == (0x6C, 0x6F), lower == 0x63 {
                holdsLoc = true
                break
            }
            previous = (previous.1, lower)
        }
        guard holdsLoc else { return nil }
        var normalized: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case 0x41...0x5A: normalized.append(byte | 0x20)
            case 0x61...0x7A, 0x30...0x39: normalized.append(byte)
            case 0x5F, 0x2D, 0x24: continue  // _ - $
            default: return nil
            }
            if normalized.count > 40 { return nil }
        }
        guard normalized.count >= 6, let role = Self.role(normalized[...]) else { return nil }
        self = role
    }

    static func role(_ normalized: ArraySlice<UInt8>) -> PushFieldRole? {
        var rest = normalized
        func strip(_ prefix: String) -> Bool {
            guard rest.starts(with: prefix.utf8) else { return false }
            rest = rest.dropFirst(prefix.utf8.count)
            return true
        }
        var adds = false
        if !strip("addall") { adds = strip("add") }
        if !strip("set") { _ = strip("with") }
        if !strip("empush") { _ = strip("alert") }
        var part = PushAlertPart.body
        for (prefix, named) in [("subtitle", PushAlertPart.subtitle), ("title", .title), ("action", .action), ("body", .body)]
        where strip(prefix) {
            part = named
            break
        }
        let word = String(decoding: rest, as: UTF8.self)
        if Self.keyWords.contains(word), !adds { return PushFieldRole(part: part, kind: .key) }
        if Self.listWords.contains(word), part != .action { return PushFieldRole(part: part, kind: adds ? .addArgument : .arguments) }
        if Self.singleWords.contains(word), adds, part != .action { return PushFieldRole(part: part, kind: .addArgument) }
        return nil
    }

    static let keyWords: Set = ["lockey", "localizedkey", "localizationkey", "localisationkey"]
    static let listWords: Set = [
        "locargs", "localizedargs", "localizationargs", "localisationargs", "locarguments", "localizationarguments",
    ]
    static let singleWords: Set = ["localizationarg", "locarg", "localisationarg"]

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
