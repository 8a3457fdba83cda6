/// An XLIFF file (or an `.xcloc` bundle's) as the tables it imports into.
public struct XliffExport: Sendable {
    public var document: XliffDocument
    /// The `.xcloc` bundle the file lies in, if any.
    public var bundle: XclocBundle?
    /// Per `<file>` of the document: the table ID its units import into.
    public var tableIDs: [String]
    /// Per `<file>`: whether the project checked with it has that table (else the export is read
    /// alone, its `<source>` texts standing for the development table).
    public var inProject: [Bool]

    public init(document: XliffDocument, bundle: XclocBundle?) {
        self.document = document
        self.bundle = bundle
        tableIDs = document.files.map { XliffExport.standaloneTableID($0) }
        inProject = Array(repeating: false, count: document.files.count)
    }

    static func standaloneTableID(_ file: XliffFile) -> String {
        file.bundle.isEmpty ? file.table : file.bundle + "/" + file.table
    }

    /// Whether every `<file>` translates into its own source language: an export's template.
    public var isTemplate: Bool {
        !document.files.isEmpty
            && document.files.allSatisfy { file in
                file.targetLanguage.map(LocaleName.normalize) == file.sourceLanguage.map(LocaleName.normalize)
            }
    }

    /// The locale a `<file>` translates into, normalised.
    public func targetLocale(of file: XliffFile) -> String? { file.targetLanguage.map(LocaleName.normalize) }
}

/// An `.xcloc` bundle: `contents.json` (`developmentRegion`, `targetLocale`), and
/// `Localized Contents/<locale>.xliff`.
public struct XclocBundle: Sendable, Hashable {
    /// The bundle folder as displayed (`de.xcloc`).
    public var path: String
    public var developmentRegion: String?
    public var targetLocale: String?
    /// `contents.json` as displayed, when the bundle has one.
    public var contentsPath: String?

    public init(path: String, developmentRegion: String?, targetLocale: String?, contentsPath: String?) {
        self.path = path
        self.developmentRegion = developmentRegion
        self.targetLocale = targetLocale
        self.contentsPath = contentsPath
    }

    /// The locale the bundle's name says (`de.xcloc` → `de`).
    public var nameLocale: String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix(".xcloc") else { return nil }
        return String(name.dropLast(".xcloc".count))
    }
}

extension XliffExport {
    /// The resource files the export's `<file>`s import as: per `<file>`, when `withTargets`, the
    /// translations (`<target>`) as the target locale's table and, when `withSources`, the
    /// `<source>` texts as the source language's. `.strings`, interface and catalog keys become `.strings` entries;
    /// `.stringsdict` units and catalog variations become `.stringsdict` entries (a catalog
    /// compiles to both), keyed as the project's tables key them. Positions point into the XLIFF:
    /// a key at its `<trans-unit>`, a translation at its `<target>`.
    public func resourceFiles(fileIndex: Int, withTargets: Bool = true, withSources: Bool) -> [ResourceFile] {
        let file = document.files[fileIndex]
        guard file.kind != .other else { return [] }
        var result: [ResourceFile] = []
        // A file into its own source language (an export's template) brings no translation.
        if withTargets, let locale = targetLocale(of: file), locale != file.sourceLanguage.map(LocaleName.normalize) {
            result += Self.files(file, locale: locale, tableID: tableIDs[fileIndex], path: document.path) { unit in
                // A unit without a target, or with an empty one, imports nothing (xliff rules report it).
                guard let target = unit.target, !target.isEmpty else { return nil }
                return (target, unit.translationLocation)
            }
        }
        if withSources, let language = file.sourceLanguage {
            result += Self.files(file, locale: LocaleName.normalize(language), tableID: tableIDs[fileIndex], path: document.path) {
                ($0.source, $0.location)
            }
        }
        return result
    }

    private static func files(
        _ file: XliffFile, locale: String, tableID: String, path: String,
        text: (XliffUnit) -> (String, SourcePosition)?
    ) -> [ResourceFile] {
        var strings = StringsFile(path: path, encoding: .utf8, diagnostics: [], loads: true)
        // Plural and device forms by key, in the order their units come.
        var forms: [String: [(id: XliffUnitID, text: String, source: String, location: SourcePosition)]] = [:]
        var formKeys: [String] = []
        var formatKeys: [String: (String, SourcePosition)] = [:]
        var keyLocations: [String: SourcePosition] = [:]
        for unit in file.units {
            guard let (value, location) = text(unit) else { continue }
            let id = XliffUnitID(unit.id, kind: file.kind)
            let isForm = id.form != nil || id.variation != nil
            if isForm || (file.kind == .stringsdict) {
                if forms[id.key] == nil {
                    forms[id.key] = []
                    formKeys.append(id.key)
                    keyLocations[id.key] = unit.location
                }
                if isForm { forms[id.key]?.append((id, value, unit.source, location)) } else { formatKeys[id.key] = (value, location) }
                continue
            }
            strings.append(key: id.key, value: value, keyLocation: unit.location, valueLocation: location, comment: unit.note)
        }
        // A catalog key whose root unit holds its format and whose variations are substitutions
        // is a variable entry; a root unit alone was read as a `.strings` entry above.
        var entries: [StringsdictEntry] = []
        for key in formKeys {
            guard let keyForms = forms[key], !keyForms.isEmpty else {
                // A format key without forms: a plain text.
                if let (value, location) = formatKeys[key] {
                    strings.append(key: key, value: value, keyLocation: keyLocations[key], valueLocation: location)
                }
                continue
            }
            entries.append(entry(key: key, forms: keyForms, formatKey: formatKeys[key], location: keyLocations[key]))
        }
        let folder = locale + ".lproj"
        var result: [ResourceFile] = []
        if !strings.entries.isEmpty {
            result.append(
                ResourceFile(path: path, locale: locale, folder: folder, table: file.table, content: .strings(strings), tableID: tableID))
        }
        if !entries.isEmpty {
            let stringsdict = StringsdictFile(path: path, entries: entries, diagnostics: [], loads: true, isBinary: false)
            result.append(
                ResourceFile(
                    path: path, locale: locale, folder: folder, table: file.table, content: .stringsdict(stringsdict), tableID: tableID))
        }
        return result
    }

    /// A `.stringsdict` entry from a key's form units: `.stringsdict` plural forms by variable; a
    /// catalog's plural (or device) variations as one variable, its substitutions each as one.
    /// The value type Xcode does not export is read from the specifier of the `other` form's source.
    private static func entry(
        key: String, forms: [(id: XliffUnitID, text: String, source: String, location: SourcePosition)],
        formatKey: (String, SourcePosition)?,
        location: SourcePosition?
    ) -> StringsdictEntry {
        var variables: [StringsdictVariable] = []
        var topVariants: [StringsdictVariant] = []
        var isDevice = false
        for form in forms {
            let name: String
            let variant: String
            if let variable = form.id.variable, let formName = form.id.form {
                (name, variant) = (variable, formName)
            } else {
                let steps = form.id.variationSteps
                if let substitution = steps.first(where: { $0.axis == "substitutions" || $0.axis == "substitution" }),
                    let last = steps.last, last.axis != substitution.axis
                {
                    (name, variant) = (substitution.name, last.name)
                } else if steps.count == 1, steps[0].axis == "device", formatKey == nil {
                    isDevice = true
                    topVariants.append(StringsdictVariant(name: steps[0].name, value: form.text, location: form.location))
                    continue
                } else {
                    // Plural variations of the key itself (nested under a device too: read as the plural).
                    (name, variant) = ("plural", steps.last?.name ?? "other")
                }
            }
            let made = StringsdictVariant(name: variant, value: form.text, location: form.location)
            if let index = variables.firstIndex(where: { $0.name == name }) {
                variables[index].variants.append(made)
            } else {
                variables.append(
                    StringsdictVariable(
                        name: name, location: form.location, specType: "NSStringPluralRuleType", valueType: nil, variants: [made]))
            }
        }
        // The development language's `other` form says the type the code passes (a translation
        // may read it wrongly, which the rules then report).
        for index in variables.indices {
            let name = variables[index].name
            let sources = forms.filter { ($0.id.variable ?? "plural") == name || $0.id.variationSteps.contains { $0.name == name } }
            let other = sources.first { ($0.id.form ?? $0.id.variationSteps.last?.name) == "other" } ?? sources.first
            variables[index].valueType = other.flatMap { valueType(in: $0.source) } ?? "d"
        }
        if isDevice, variables.isEmpty {
            return StringsdictEntry(
                key: key, keyLocation: location, kind: .deviceSpecific, formatKey: nil, formatKeyLocation: nil, variables: [],
                variants: topVariants, loaded: true)
        }
        // Without a root unit, the catalog's variations stand for the whole text.
        let format = formatKey?.0 ?? variables.map { "%#@\($0.name)@" }.joined(separator: " ")
        return StringsdictEntry(
            key: key, keyLocation: location, kind: .format, formatKey: format, formatKeyLocation: formatKey?.1 ?? location,
            variables: variables, variants: [], loaded: true)
    }

    /// The length modifier and conversion of the first integer specifier in `text` (`%lld` → `lld`;
    /// `%@` and `%f` are passed over).
    static func valueType(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            var end = index + 1
            var type = ""
            while end < scalars.count {
                let scalar = scalars[end]
                if "0123456789$.-+ #'".unicodeScalars.contains(scalar) {
                    end += 1
                    continue
                }
                if "hlqLjzt".unicodeScalars.contains(scalar) {
                    type.unicodeScalars.append(scalar)
                    end += 1
                    continue
                }
                if "diouxXDUO".unicodeScalars.contains(scalar) {
                    type.unicodeScalars.append(scalar)
                    return type
                }
                break
            }
            index = end + 1
        }
        return nil
    }
}
