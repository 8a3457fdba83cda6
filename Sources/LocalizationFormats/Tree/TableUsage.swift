/// How an app uses a table, which decides what counts as a defect in it.
///
/// The same `%` means different things by use: in a table whose texts the code passes through
/// `String(format:)` it is a format specifier, in a label Interface Builder sets from a nib it is
/// literal text, and in an NSPredicateEditor table `%[a,b]@` names a popup menu.
public enum TableUsage: String, Sendable, Hashable, CaseIterable, Codable {
    /// Texts the code looks up and formats (`String(format:)`, `String(localized:)` with
    /// arguments, push `loc-key`s): every table unless evidence says otherwise.
    case format
    /// Texts a storyboard or xib sets as label, button and menu titles (`ObjectID.property`
    /// keys). They never pass through a formatter; a missing key shows the Base nib's text.
    case interfaceBuilder = "interface-builder"
    /// `InfoPlist.strings`: the bundle name and permission texts, read as property list values,
    /// never formatted; a missing key shows the `Info.plist` value.
    case infoPlist = "info-plist"
    /// NSPredicateEditor / NSRuleEditor formatting tables: `%[a,b]@` popups and `%@` fields,
    /// reordered with `%1$[…]@`, not printf.
    case predicate
    /// Texts shown as written and never formatted: set in the configuration, or a table whose
    /// development texts use placeholders of the app's own (`%0`, `%1`) and no printf specifier.
    case text

    /// Whether the texts pass through `String(format:)`, so printf rules apply.
    public var isFormatted: Bool { self == .format }

    /// What users of a locale whose table lacks a key see instead of a translation.
    public var missingKeyEffect: String {
        switch self {
        case .format, .text: "see the raw key"
        case .interfaceBuilder: "see the development language's text from the storyboard or xib"
        case .infoPlist: "see the Info.plist value"
        case .predicate: "see the rule editor's untranslated template"
        }
    }
}

/// When a table's texts pass through `String(format:)`.
public enum TableFormatting: String, Sendable, Hashable, CaseIterable {
    /// Never: labels, `InfoPlist.strings`, tables with placeholders of the app's own.
    case never
    /// When the call passes arguments (`String(format:)` around `NSLocalizedString`,
    /// `String(localized:)` with interpolations): a text without specifiers is shown as written.
    case withArguments = "with-arguments"
    /// Every time, arguments or not (SwiftGen's accessors): a lone `%` is always read.
    case always
}

/// A table's usage and the evidence it was decided on (shown by `dump`).
public struct TableUsageDecision: Sendable, Hashable {
    public var usage: TableUsage
    public var reason: String
    /// Whether a text of a `format` table is formatted without arguments, and why (nil: the usage decides).
    public var alwaysFormatted: String?
    /// Whether a key a translation lacks shows the development text through the app's own
    /// fallback, and what that fallback is (nil: the lookup returns the key or `value:`).
    public var developmentFallback: String?
    /// Where the development text is the key itself (genstrings-style tables:
    /// `NSLocalizedString("Restart", comment:)`), why; nil when it is the base table's value.
    public var developmentTextInKeys: String?
    /// Whether the development table holds fewer than half the keys of the table's largest file
    /// (a genstrings stub such as `"" = "";`), so it is no list of what the code asks for.
    public var developmentTableIsStub = false
    /// What the table's keys are: text, identifiers, or both (see `KeyStyle`).
    public var keyStyle = KeyStyle.mixed

    public init(_ usage: TableUsage, _ reason: String, alwaysFormatted: String? = nil) {
        self.usage = usage
        self.reason = reason
        self.alwaysFormatted = alwaysFormatted
    }

    /// When the table's texts are formatted.
    public var formatting: TableFormatting {
        guard usage.isFormatted else { return .never }
        return alwaysFormatted == nil ? .withArguments : .always
    }

    /// Why the table is formatted as `formatting` says.
    public var formattingReason: String {
        switch formatting {
        case .always: alwaysFormatted ?? ""
        case .withArguments: "a text is formatted when the code passes arguments; one without specifiers is shown as written"
        case .never: "its usage is \(usage.rawValue): " + reason
        }
    }
}

/// Decides each table's usage from evidence in the tree.
public enum TableUsageDetector {
    /// The share of a table's keys that must look like Interface Builder object IDs.
    static let interfaceBuilderShare = 0.8

    /// table ID → usage, for every table of the project. `overrides` maps a table name or table
    /// ID (from the configuration) to its usage and wins over evidence.
    public static func detect(
        _ project: LocalizationProject, overrides: [String: TableUsage] = [:], formatting: [String: TableFormatting] = [:],
        fallbacks: [String: Bool] = [:], overrideSource: String = "the configuration"
    )
        -> [String: TableUsageDecision]
    {
        // The base locale's keys decide (every base file's, in file order); without a base file,
        // every locale's do. Which tables have a base file is found first, so that only the keys
        // that decide are gathered.
        func isBase(_ file: ResourceFile) -> Bool { file.locale == project.baseLocale || file.locale == "Base" || file.locale == nil }
        var names: [String: String] = [:]
        var tablesWithBase: Set<String> = []
        for file in project.files {
            names[file.tableID] = file.table
            if case .stringsdict = file.content { continue }
            if isBase(file) { tablesWithBase.insert(file.tableID) }
        }
        var keysByTable: [String: [String]] = [:]
        var schemes: [String: PlaceholderScheme] = [:]
        for file in project.files where isBase(file) || !tablesWithBase.contains(file.tableID) {
            switch file.content {
            case .strings(let parsed):
                keysByTable[file.tableID, default: []] += parsed.entries.lazy.map(\.key)
                if isBase(file) {
                    parsed.entries.withUnsafeBufferPointer { entries in
                        for index in entries.indices {
                            _ = parsed.withValueBytes(at: index) { schemes[file.tableID, default: PlaceholderScheme()].add($0) }
                        }
                    }
                }
            case .stringsdict: continue
            case .catalog(let catalog): keysByTable[file.tableID, default: []] += catalog.entries.lazy.map(\.key)
            }
        }
        var keyShapes: [String: KeyShapes] = [:]
        for file in project.files {
            guard case .strings(let parsed) = file.content else { continue }
            keyShapes[file.tableID, default: KeyShapes()].add(parsed.entries, isBase: isBase(file))
        }
        var result: [String: TableUsageDecision] = [:]
        for (tableID, name) in names {
            defer {
                let readByCode = result[tableID].map { $0.usage == .format || $0.usage == .text } ?? false
                if readByCode, let shapes = keyShapes[tableID], let reason = shapes.keysAreText {
                    result[tableID]?.developmentTextInKeys = reason
                    result[tableID]?.developmentTableIsStub = shapes.baseKeys * 2 < shapes.largestKeys
                }
                if let shapes = keyShapes[tableID] { result[tableID]?.keyStyle = shapes.style }
            }
            if let usage = overrides[tableID] ?? overrides[name] {
                result[tableID] = TableUsageDecision(usage, "set in \(overrideSource)")
            } else {
                let decided = decide(
                    tableID: tableID, name: name, keys: keysByTable[tableID] ?? [], interfaceFiles: project.interfaceFiles)
                if decided.usage == .format, let reason = schemes[tableID]?.ownPlaceholders {
                    result[tableID] = TableUsageDecision(.text, reason)
                } else {
                    result[tableID] = decided
                }
            }
            if result[tableID]?.usage == .format, let evidence = project.alwaysFormattedTables[name] {
                result[tableID]?.alwaysFormatted = evidence
            }
            if let evidence = project.developmentFallbackTables[name] { result[tableID]?.developmentFallback = evidence }
            // `*` is the configuration's top-level `fallback:`.
            if let development = fallbacks[tableID] ?? fallbacks[name] ?? fallbacks["*"] {
                result[tableID]?.developmentFallback =
                    development ? "the app's own fallback to the development language ('fallback: development' in the configuration)" : nil
            }
            switch formatting[tableID] ?? formatting[name] {
            case .never?:
                // Only a table read as printf changes; a label or Info.plist table already is never formatted.
                if result[tableID]?.usage.isFormatted == true {
                    result[tableID]?.usage = .text
                    result[tableID]?.reason = "never formatted, set in \(overrideSource)"
                    result[tableID]?.alwaysFormatted = nil
                }
            case .always?:
                if result[tableID]?.usage.isFormatted == false { result[tableID]?.usage = .format }
                result[tableID]?.alwaysFormatted = "set in \(overrideSource)"
            case .withArguments?: result[tableID]?.alwaysFormatted = nil
            case nil: break
            }
        }
        return result
    }

    static func decide(tableID: String, name: String, keys: [String], interfaceFiles: [String: String]) -> TableUsageDecision {
        if name == "InfoPlist" { return TableUsageDecision(.infoPlist, "the table is InfoPlist") }
        let predicateKeys = keys.filter(PredicateTemplate.hasPopup)
        if !predicateKeys.isEmpty {
            return TableUsageDecision(
                .predicate,
                "\(predicateKeys.count) of its keys \(predicateKeys.count == 1 ? "holds" : "hold") rule editor popups ('\(predicateKeys.min() ?? "")')"
            )
        }
        if let nib = interfaceFiles[tableID] { return TableUsageDecision(.interfaceBuilder, "\(nib) beside it") }
        let objectKeys = keys.lazy.filter(isInterfaceBuilderKey).count
        if !keys.isEmpty, Double(objectKeys) >= Double(keys.count) * interfaceBuilderShare {
            return TableUsageDecision(
                .interfaceBuilder, "\(objectKeys) of its \(keys.count) keys are Interface Builder object IDs ('ObjectID.property')")
        }
        return TableUsageDecision(.format, "the default: its texts are looked up and formatted by code")
    }

    /// Whether a key has the shape ibtool gives nib strings: an object ID (`Ab3-xY-z9Q` in
    /// storyboards and newer xibs, a number in older xibs), a dot and a property path
    /// (`title`, `normalTitle`, `segmentTitles[0]`, `ibShadowedToolTip`).
    public static func isInterfaceBuilderKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            // Most keys of other tables fail on their first bytes, before anything is built.
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 0, dot + 1 < bytes.count, isLetter(bytes[dot + 1])
            else { return false }
            let id = UnsafeBufferPointer(rebasing: bytes[..<dot])
            let isNumeric = id.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            let isObjectID =
                id.count == 10 && id[3] == UInt8(ascii: "-") && id[6] == UInt8(ascii: "-")
                && id.indices.allSatisfy { $0 == 3 || $0 == 6 || isAlphanumeric(id[$0]) }
            guard isNumeric || isObjectID else { return false }
            return bytes[(dot + 1)...].allSatisfy {
                isAlphanumeric($0) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ".")
            }
        }
    }

    /// The shape of a table's keys: whether they read as text (`Restart`, `Turn off sync`) or as
    /// identifiers (`settings.title`, `bookmarks_empty`), counted on its largest file.
    struct KeyShapes {
        var baseKeys = 0
        var largestKeys = 0
        var text = 0
        var identifiers = 0
        /// The first keys that read as text, for the reason.
        var samples: [String] = []

        mutating func add(_ entries: [StringsEntry], isBase: Bool) {
            if isBase { baseKeys += entries.count }
            guard entries.count > largestKeys else { return }
            largestKeys = entries.count
            text = 0
            identifiers = 0
            samples = []
            for entry in entries {
                switch Self.shape(of: entry.key) {
                case .text?:
                    text += 1
                    if samples.count < 2 { samples.append(entry.key) }
                case .identifier?: identifiers += 1
                case nil: break
                }
            }
        }

        enum Shape { case text, identifier }

        /// `Restart`, `Turn off sync`, `Größe` read as text; `settings.title`, `bookmarks_empty`,
        /// `emptyState` as identifiers; a lowercase word (`bookmarks`) goes with the table's majority.
        static func shape(of key: String) -> Shape? {
            var hasSeparator = false
            var innerUpper = false
            var previousLower = false
            var first: Unicode.Scalar?
            // ASCII letters by their ranges: Unicode's properties (the same answers for ASCII) are
            // a table lookup each, for every key of every table.
            func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
                scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
            }
            for scalar in key.unicodeScalars {
                if first == nil { first = scalar }
                if scalar == " " { return .text }
                if scalar == "." || scalar == "_" || scalar == "-" || scalar == "/" || scalar == ":" { hasSeparator = true }
                if previousLower && isUppercase(scalar) { innerUpper = true }
                previousLower = scalar.isASCII ? (0x61...0x7A).contains(scalar.value) : scalar.properties.isLowercase
            }
            if hasSeparator || innerUpper { return .identifier }
            guard let first, first.properties.isAlphabetic else { return nil }
            return isUppercase(first) ? .text : nil
        }

        /// Text when at least 60% of the keys that decide read as text, identifiers when at
        /// least 90% read as identifiers.
        var style: KeyStyle {
            let deciding = text + identifiers
            guard deciding > 0 else { return .mixed }
            if Double(text) >= Double(deciding) * 0.6 { return .text }
            if Double(identifiers) >= Double(deciding) * 0.9 { return .identifiers }
            return .mixed
        }

        /// Why the table's development text is its keys, when at least 60% of the keys that
        /// decide read as text.
        var keysAreText: String? {
            let deciding = text + identifiers
            guard deciding > 0, Double(text) >= Double(deciding) * 0.6 else { return nil }
            let stub = baseKeys * 2 < largestKeys ? "; its development table holds \(baseKeys) key\(baseKeys == 1 ? "" : "s")" : ""
            let shown = samples.map { "'\($0.excerpt)'" }.joined(separator: ", ")
            return "\(text) of the \(largestKeys) keys of its largest file read as text (\(shown))\(stub)"
        }
    }

    /// Counts a table's development texts by the placeholders they use: the app's own (`%0`,
    /// `%1` before a space, punctuation or the end: replaced with `replacingOccurrences`, never
    /// formatted) or printf's (`%@`, `%d`, `%1$@`, `%%`).
    struct PlaceholderScheme {
        var ownTexts = 0
        var printfTexts = 0
        var sample: String?

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            var own = false
            var printf = false
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "%") else {
                    index += 1
                    continue
                }
                var next = index + 1
                guard next < bytes.count else { break }
                if isDigit(bytes[next]) {
                    while next < bytes.count, isDigit(bytes[next]) { next += 1 }
                    // '%1$@' and '%02d' are printf's; '%0 items', '%1,' and a final '%2' are not.
                    // A '.' starts a precision only before a digit or a conversion ('%1.2f').
                    let precision =
                        bytes[safe: next] == UInt8(ascii: ".") && bytes[safe: next + 1].map { isAlphanumeric($0) } == true
                    if next == bytes.count
                        || !(isAlphanumeric(bytes[next]) || bytes[next] == UInt8(ascii: "$") || bytes[next] == UInt8(ascii: "@")
                            || precision)
                    {
                        own = true
                        if sample == nil { sample = String(decoding: bytes[index..<next], as: UTF8.self) }
                    } else {
                        printf = true
                    }
                } else {
                    printf = true
                    if bytes[next] == UInt8(ascii: "%") { next += 1 }
                }
                index = next
            }
            if own { ownTexts += 1 }
            if printf { printfTexts += 1 }
        }

        /// Why the table is never formatted, when its texts use the app's own placeholders only.
        var ownPlaceholders: String? {
            guard ownTexts >= 2, printfTexts == 0, let sample else { return nil }
            return
                "\(ownTexts) of its development texts use placeholders of the app's own ('\(sample)') and none a printf specifier: the app replaces them itself and never formats the texts"
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `index`, or nil past the end.
    fileprivate subscript(safe index: Int) -> UInt8? { index < count ? self[index] : nil }
}

extension TableUsageDetector {

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }
}

/// What a table's keys are, judged on the table as a whole: whether a key shown raw reads as
/// text or as an identifier depends on its neighbours (`bookmarks` beside `settings_title` is an
/// identifier; `macOS` beside `Turn off sync` is text).
public enum KeyStyle: String, Sendable, Hashable {
    /// The keys are the development text (genstrings-style: `NSLocalizedString("Restart", …)`).
    case text
    /// The keys are identifiers (`settings.title`, `bookmarks_empty`).
    case identifiers
    /// Both kinds, or too few keys to tell: each key is judged on its own.
    case mixed

    /// Whether a key, shown raw, reads as an identifier rather than as text in the development
    /// language: an identifier on screen is a bug every user sees, text is only untranslated.
    ///
    /// - In a table of text keys only unmistakable identifiers count: `settings.title`,
    ///   `bookmarks_empty` (a dot between lowercase words, an underscore); `macOS` and `Log.` are text.
    /// - In a table of identifiers every key without spaces that does not start with a capital
    ///   counts (`bookmarks`), and a key of three parts or more (`Common.Alerts.Title`, not `Duck.ai`).
    /// - Otherwise each key alone: an underscore, a dot after a lowercase or all-capitals start
    ///   (not `Duck.ai` or `Done.`), or camelCase after a lowercase word (`settingsTitle`, not `iPad`).
    public func readsAsIdentifier(_ key: String) -> Bool {
        // An ASCII key (nearly every one) is asked of its bytes: a character's properties are a
        // table lookup apiece, for every key of every table.
        let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
        let hasSpace =
            isASCII ? key.utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) } : key.contains(where: \.isWhitespace)
        guard let first = key.first, !hasSpace else { return false }
        let shouting = isASCII ? !key.utf8.contains { (0x61...0x7A).contains($0) } : !key.contains(where: \.isLowercase)
        // The marks are looked for as bytes first: searching for a string went through
        // Foundation's `range(of:)` for every key of every table. Outside ASCII a mark's byte may
        // be part of a larger character (`_` and a combining accent), which holds no mark: such a
        // key is asked of its characters.
        if key.containsMark(ascii: UInt8(ascii: "_")) { return true }
        let hasDot = key.containsMark(ascii: UInt8(ascii: "."))
        let endsWithDot = hasDot && (isASCII ? key.utf8.last == UInt8(ascii: ".") : key.hasSuffix("."))
        let dotted = hasDot && !endsWithDot && (first.isLowercase || shouting)
        switch self {
        case .text:
            return dotted
        case .identifiers:
            // `Common.Alerts.Title` beside other identifiers (but one dot is `Duck.ai`, a name).
            if dotted || key.filter({ ".-/:".contains($0) }).count >= 2 { return true }
            return !first.isUppercase || shouting
        case .mixed:
            if dotted { return true }
            // camelCase after a lower-case word: `settingsTitle`, not `iPad`.
            var lowerRun = 0
            for character in key {
                if character.isUppercase, lowerRun >= 2, first.isLowercase { return true }
                lowerRun = character.isLowercase ? lowerRun + 1 : 0
            }
            return false
        }
    }
}
