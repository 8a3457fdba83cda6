import Foundation

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
    public var isTemplate: Bool { !document.files.isEmpty && document.files.allSatisfy(\.isIntoSourceLanguage) }

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
    /// `contents.json` as displayed, when the bundle has one that reads as a JSON object.
    public var contentsPath: String?

    public init(path: String, developmentRegion: String? = nil, targetLocale: String? = nil, contentsPath: String? = nil) {
        self.path = path
        self.developmentRegion = developmentRegion
        self.targetLocale = targetLocale
        self.contentsPath = contentsPath
    }

    /// Takes `developmentRegion` and `targetLocale` from the bytes of `contents.json`
    /// (displayed as `path`); anything that is not a JSON object with those strings is ignored.
    mutating func read(contents: [UInt8], path: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(contents)) as? [String: Any] else { return }
        contentsPath = path
        developmentRegion = object["developmentRegion"] as? String
        targetLocale = (object["targetLocale"] as? String).flatMap { $0.isEmpty ? nil : $0 }
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
        if withTargets, let locale = targetLocale(of: file), !file.isIntoSourceLanguage {
            result += Self.files(file, locale: locale, tableID: tableIDs[fileIndex], path: document.path) { unit in
                // A unit without a target, or with an empty one, imports nothing (xliff rules report it).
                guard let target = unit.target, !target.isEmpty else { return nil }
                return (target, unit.translationLocation)
            }
        }
        if withSources, let language = file.sourceLanguage {
            result += Self.files(
                file, locale: LocaleName.normalize(language), tableID: tableIDs[fileIndex], path: document.path, isSource: true
            ) {
                ($0.source, $0.location)
            }
        }
        return result
    }

    private typealias Form = (id: XliffUnitID, text: String, source: String, location: SourcePosition)

    /// `isSource`: the `<source>` texts, whose plural forms the development language does not
    /// use are left out (an export into Polish copies the `other` source into `few` and `many`).
    private static func files(
        _ file: XliffFile, locale: String, tableID: String, path: String, isSource: Bool = false,
        text: (XliffUnit) -> (String, SourcePosition)?
    ) -> [ResourceFile] {
        // Per key, in the order the units come: its own unit (a text, a `.stringsdict` format
        // key, a catalog entry's root) and its forms (plural forms, catalog variations).
        var keys: [String] = []
        var roots: [String: (text: String, location: SourcePosition, unit: SourcePosition, note: String?)] = [:]
        var forms: [String: [Form]] = [:]
        let categories = isSource ? Set(PluralRules.cardinal(for: locale).categories.map(\.rawValue)) : []
        for unit in file.units {
            guard let (value, location) = text(unit) else { continue }
            let id = XliffUnitID(unit.id, kind: file.kind)
            if roots[id.key] == nil, forms[id.key] == nil { keys.append(id.key) }
            guard id.form != nil || id.variation != nil else {
                roots[id.key] = (value, location, unit.location, unit.note)
                continue
            }
            let steps = id.variationSteps
            let category = id.form ?? (steps.last?.axis == "plural" ? steps.last?.name : nil)
            if isSource, let category, !categories.isEmpty, !categories.contains(category) { continue }
            forms[id.key, default: []].append((id, value, unit.source, location))
        }
        var strings = StringsFile(path: path, encoding: .utf8, diagnostics: [], loads: true)
        var entries: [StringsdictEntry] = []
        for key in keys {
            let root = roots[key]
            guard let keyForms = forms[key], !keyForms.isEmpty else {
                // A text, or a `.stringsdict` format key whose forms are all missing.
                if let root {
                    strings.append(key: key, value: root.text, keyLocation: root.unit, valueLocation: root.location, comment: root.note)
                }
                continue
            }
            let formatKey = root.map { ($0.text, $0.location) }
            entries.append(entry(key: key, forms: keyForms, formatKey: formatKey, location: root?.unit ?? keyForms[0].location))
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
        key: String, forms allForms: [Form], formatKey: (String, SourcePosition)?, location: SourcePosition?
    ) -> StringsdictEntry {
        // Device cases that nest plural variations: a device's plural is one entry's variable, so
        // the `other` device's (else the first device's) forms stand for the key.
        let nested = allForms.filter { form in form.id.variationSteps.count > 1 && form.id.variationSteps[0].axis == "device" }
        let device = nested.contains { $0.id.variationSteps[0].name == "other" } ? "other" : nested.first?.id.variationSteps[0].name
        let forms = allForms.filter { form in
            let steps = form.id.variationSteps
            return !(steps.count > 1 && steps[0].axis == "device") || steps[0].name == device
        }
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
            variables: variables, variants: [], loaded: true,
            formatVariables: StringsdictEntry.formatVariables(of: format))
    }

    /// The length modifier and conversion of the first integer specifier in `text` (`%lld` → `lld`;
    /// `%@` and `%f` are passed over), as the format scanner reads it.
    static func valueType(in text: String) -> String? {
        guard
            let specifier = FormatScanner.analyze(text).specifiers.first(where: {
                $0.variableName == nil && ($0.type == .int || $0.type == .unsignedInt)
            })
        else { return nil }
        return (specifier.length?.rawValue ?? "") + String(specifier.conversion)
    }
}
