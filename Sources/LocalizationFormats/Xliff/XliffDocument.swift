/// An XLIFF 1.2 document as Xcode's `-exportLocalizations` writes it: one `<file>` per table,
/// each holding the table's units with their development text (`<source>`) and translation
/// (`<target>`).
public struct XliffDocument: Sendable {
    public var path: String
    public var files: [XliffFile]
    public var diagnostics: [Diagnostic]

    public init(path: String, files: [XliffFile], diagnostics: [Diagnostic]) {
        self.path = path
        self.files = files
        self.diagnostics = diagnostics
    }
}

/// One `<file>`: the units of one table (`original` names the file in the project).
public struct XliffFile: Sendable, Hashable {
    /// The project file the units come from, relative to the project's folder
    /// (`App/en.lproj/Localizable.strings`, `App/Base.lproj/Main.storyboard`, `App/Localizable.xcstrings`).
    public var original: String
    public var sourceLanguage: String?
    public var targetLanguage: String?
    public var location: SourcePosition
    public var units: [XliffUnit]

    public init(original: String, sourceLanguage: String?, targetLanguage: String?, location: SourcePosition, units: [XliffUnit]) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.location = location
        self.units = units
    }

    /// Whether the file translates into its own source language (an export's template, or the
    /// development language's own export): it brings no translation.
    public var isIntoSourceLanguage: Bool {
        guard let source = sourceLanguage, let target = targetLanguage else { return false }
        return LocaleName.normalize(source) == LocaleName.normalize(target)
    }

    /// What kind of project file `original` is, by its extension.
    public var kind: XliffFileKind { XliffFileKind(original: original) }

    /// The table the units import into: the file's name without its extension (a storyboard's
    /// and an intent definition's texts live in a `.strings` table of that name).
    public var table: String {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// The folder of the `.lproj` folder `original` lies in (`App` for
    /// `App/en.lproj/Localizable.strings`), else the file's folder (a catalog's).
    public var bundle: String {
        var parts = original.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if let last = parts.last, last.hasSuffix(".lproj") { parts = parts.dropLast() }
        return parts.joined(separator: "/")
    }
}

/// The project file kinds an export holds.
public enum XliffFileKind: String, Sendable, Hashable {
    case strings, stringsdict, catalog
    /// Storyboards, xibs and intent definitions: texts of the interface, compiled to a `.strings` table.
    case interface
    case other

    init(original: String) {
        if original.hasSuffix(".strings") {
            self = .strings
        } else if original.hasSuffix(".stringsdict") {
            self = .stringsdict
        } else if original.hasSuffix(".xcstrings") {
            self = .catalog
        } else if original.hasSuffix(".storyboard") || original.hasSuffix(".xib") || original.hasSuffix(".intentdefinition") {
            self = .interface
        } else {
            self = .other
        }
    }
}

/// One `<trans-unit>`.
public struct XliffUnit: Sendable, Hashable {
    public var id: String
    public var source: String
    /// Nil when the unit has no `<target>` (not translated).
    public var target: String?
    /// The target's `state` (`new`, `translated`, `needs-review-l10n`, …), as written.
    public var state: String?
    public var note: String?
    /// The `<trans-unit>` start tag.
    public var location: SourcePosition
    /// The `<target>` start tag, when there is one.
    public var targetLocation: SourcePosition?
    /// `translate="no"`.
    public var translatable: Bool

    public init(
        id: String, source: String, target: String?, state: String?, note: String?, location: SourcePosition,
        targetLocation: SourcePosition?, translatable: Bool = true
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.note = note
        self.location = location
        self.targetLocation = targetLocation
        self.translatable = translatable
    }

    /// Where a finding about the translation points: the `<target>`, else the unit.
    public var translationLocation: SourcePosition { targetLocation ?? location }
}

/// What a unit's ID names in its table, by the file kind: a `.strings` key; a `.stringsdict`
/// entry's format key or one plural form (`/KEY:dict/NSStringLocalizedFormatKey:dict/:string`,
/// `/KEY:dict/VAR:dict/one:dict/:string`); a catalog key or one variation of it
/// (`KEY|==|plural.one`, `KEY|==|device.iphone`, `KEY|==|substitution.NAME.plural.few`).
public struct XliffUnitID: Sendable, Hashable {
    public var key: String
    /// For a `.stringsdict` plural form: the variable and the form (`one`, `other`).
    public var variable: String?
    public var form: String?
    /// For a catalog variation: its path after the key (`plural.one`, `device.iphone`,
    /// `substitution.count.plural.few`), the parts joined by `|==|` as Xcode writes nested ones.
    public var variation: String?

    public init(key: String, variable: String? = nil, form: String? = nil, variation: String? = nil) {
        self.key = key
        self.variable = variable
        self.form = form
        self.variation = variation
    }

    /// Reads `id` as a unit of a file of `kind`; a `.stringsdict` ID that is not of Xcode's form
    /// is read as a plain key.
    public init(_ id: String, kind: XliffFileKind) {
        switch kind {
        case .stringsdict:
            // "/KEY:dict/NSStringLocalizedFormatKey:dict/:string" or "/KEY:dict/VAR:dict/one:dict/:string".
            if id.hasPrefix("/"), id.hasSuffix(":dict/:string") {
                let body = id.dropFirst().dropLast(":dict/:string".count)
                let parts = body.components(separatedBy: ":dict/")
                if parts.count == 2, parts[1] == "NSStringLocalizedFormatKey" {
                    self.init(key: parts[0])
                    return
                }
                if parts.count == 3 {
                    self.init(key: parts[0], variable: parts[1], form: parts[2])
                    return
                }
            }
            self.init(key: id)
        case .catalog:
            guard let separator = id.range(of: "|==|") else {
                self.init(key: id)
                return
            }
            self.init(key: String(id[..<separator.lowerBound]), variation: String(id[separator.upperBound...]))
        default:
            self.init(key: id)
        }
    }

    /// For a catalog variation: its steps, outermost first (`device.iphone|==|plural.one` →
    /// `[("device", "iphone"), ("plural", "one")]`; a substitution's `substitution.NAME.plural.few`
    /// → `[("substitution", "NAME"), ("plural", "few")]`).
    public var variationSteps: [(axis: String, name: String)] {
        guard let variation else { return [] }
        var steps: [(String, String)] = []
        for part in variation.components(separatedBy: "|==|") {
            var pieces = part.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            while pieces.count >= 2 {
                steps.append((pieces[0], pieces[1]))
                pieces.removeFirst(2)
            }
        }
        return steps
    }
}
