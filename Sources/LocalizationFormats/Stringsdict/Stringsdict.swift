/// One variant of a rule: a plural category, a device, or a width, and its text.
public struct StringsdictVariant: Sendable, Hashable {
    public var name: String
    public var value: String
    public var location: SourcePosition?
}

/// A `%#@name@` variable's rule dictionary.
public struct StringsdictVariable: Sendable, Hashable {
    public var name: String
    public var location: SourcePosition?
    /// `NSStringPluralRuleType`, `NSStringDeviceSpecificRuleType`, … as written.
    public var specType: String?
    /// `NSStringFormatValueTypeKey`, a specifier without `%` (`d`, `ld`, `f`).
    public var valueType: String?
    public var variants: [StringsdictVariant]

    public func variant(_ name: String) -> StringsdictVariant? { variants.first { $0.name == name } }
}

/// One key of a `.stringsdict` file.
public struct StringsdictEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `NSStringLocalizedFormatKey` with variables.
        case format
        /// `NSStringVariableWidthRuleType`: width → text.
        case variableWidth
        /// `NSStringDeviceSpecificRuleType`: device → text.
        case deviceSpecific
    }

    public var key: String
    public var keyLocation: SourcePosition?
    public var kind: Kind
    /// `NSStringLocalizedFormatKey`; nil for width and device entries.
    public var formatKey: String?
    public var formatKeyLocation: SourcePosition?
    public var variables: [StringsdictVariable]
    /// For width and device entries, the variants at the top of the entry.
    public var variants: [StringsdictVariant]
    public var loaded: Bool
    /// The format's `%#@name@` specifiers in text order, as `FormatScanner` reads the format
    /// (scanned once, when the entry is read; empty for width and device entries).
    public internal(set) var formatVariables: [FormatSpecifier] = []

    /// The `%#@name@` specifiers of `format`, in text order.
    static func formatVariables(of format: String) -> [FormatSpecifier] {
        FormatScanner.analyze(format).specifiers.filter { $0.variableName != nil }
    }

    /// The index in `variables` of the variable `name` as Foundation reads the entry: the last
    /// definition when the entry defines the name twice (a property list dictionary keeps the last
    /// of duplicate keys).
    public func variableIndex(named name: String) -> Int? {
        variables.withUnsafeBufferPointer { variables in variables.indices.last { variables[$0].name == name } }
    }

    /// The variable `name` as Foundation reads the entry (see `variableIndex(named:)`).
    public func variable(named name: String) -> StringsdictVariable? { variableIndex(named: name).map { variables[$0] } }

    /// Every form of the entry, read in place: the entry's own variants (width and device
    /// entries), then each variable's, in order.
    public func forEachForm(_ body: (StringsdictVariant) -> Void) {
        variants.withUnsafeBufferPointer { forms in
            for form in forms.indices { body(forms[form]) }
        }
        variables.withUnsafeBufferPointer { variables in
            for variable in variables.indices {
                variables[variable].variants.withUnsafeBufferPointer { forms in
                    for form in forms.indices { body(forms[form]) }
                }
            }
        }
    }

    /// The text used when no rule applies: the format key, else the `other` or first variant.
    public var representativeValue: String? {
        formatKey ?? variants.first(where: { $0.name == "other" })?.value ?? variants.first?.value
    }
}

/// A parsed `.stringsdict` file.
public struct StringsdictFile: Sendable {
    public var path: String
    public var entries: [StringsdictEntry]
    public var diagnostics: [Diagnostic]
    public var loads: Bool
    public var isBinary: Bool
}

/// Builds the `.stringsdict` model on top of the property list reader.
public enum StringsdictParser {
    public static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]
    /// `pluralCategories` as a set, made once.
    static let pluralCategorySet = Set(pluralCategories)
    static let deviceNames: Set = ["appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac", "other"]

    /// The names a rule's variants may have. Every form of every entry is checked, so membership
    /// is told by a switch rather than by hashing into the sets.
    enum VariantNames {
        case pluralCategories
        case devices

        var names: Set<String> { self == .pluralCategories ? StringsdictParser.pluralCategorySet : StringsdictParser.deviceNames }

        func contains(_ name: String) -> Bool {
            switch name {
            case "zero", "one", "two", "few", "many": self == .pluralCategories
            case "other": true
            case "appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac": self == .devices
            default: false
            }
        }
    }
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRule = "NSStringPluralRuleType"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"

    /// Parses a `.stringsdict` file. What tools write is read by the plain reader, each entry
    /// built as soon as it is read and its nodes released (the whole tree, several times the
    /// file, is never held); any other file through the property list reader's tree.
    public static func parse(bytes: [UInt8], path: String) -> StringsdictFile {
        var reader = EntryReader(path: path)
        let (document, handedOver) = PropertyListReader.read(bytes: bytes, path: path, rootEntry: { reader.add($0) })
        guard handedOver else { return file(document, path: path) }
        // The document's own diagnostics come first, as when its tree is walked.
        return reader.file(document, diagnostics: document.diagnostics + reader.builder.diagnostics)
    }

    /// The file a whole property list document makes (what `parse(bytes:path:)` makes of the
    /// file the document was read from).
    static func file(_ document: PropertyListDocument, path: String) -> StringsdictFile {
        var reader = EntryReader(path: path)
        guard let root = document.root else { return reader.file(document, diagnostics: document.diagnostics) }
        guard let items = root.dictionary else {
            reader.builder.add(.notATable, .topLevelNotDictionary(found: root.typeNameWithArticle), at: root.location)
            return reader.file(document, diagnostics: document.diagnostics + reader.builder.diagnostics, loads: false)
        }
        reader.reserve(items.count)
        for item in items { reader.add(item) }
        return reader.file(document, diagnostics: document.diagnostics + reader.builder.diagnostics)
    }

    /// Turns the top-level dictionary's entries into the model, one by one, in order: a key
    /// written twice is reported at its second place.
    private struct EntryReader {
        var builder: Builder
        var entries: [StringsdictEntry] = []
        private var seen: [String: SourcePosition?] = [:]

        init(path: String) { builder = Builder(path: path, diagnostics: []) }

        mutating func reserve(_ count: Int) { seen.reserveCapacity(count) }

        mutating func add(_ item: PropertyListEntry) {
            builder.key = item.key
            defer { builder.key = nil }
            if let first = seen[item.key] {
                builder.add(
                    .duplicateKey, .duplicateKey(key: item.key), at: item.keyLocation,
                    notes: [DiagnosticNote(message: .firstDefinition(key: item.key), path: builder.path, location: first)])
            } else {
                seen[item.key] = item.keyLocation
            }
            if let entry = builder.entry(item, loaded: true) { entries.append(entry) }
        }

        /// The file, with `diagnostics`: its entries load only if it does (as the document does,
        /// unless `loads` says otherwise).
        func file(_ document: PropertyListDocument, diagnostics: [Diagnostic], loads: Bool? = nil) -> StringsdictFile {
            let loads = loads ?? document.loads
            var entries = entries
            if !loads { for index in entries.indices { entries[index].loaded = false } }
            return StringsdictFile(
                path: builder.path, entries: entries, diagnostics: diagnostics, loads: loads, isBinary: document.isBinary)
        }
    }

    private struct Builder {
        let path: String
        var diagnostics: [Diagnostic]
        /// The entry being read, named by the diagnostics about it.
        var key: String?

        mutating func add(
            _ kind: ParseDiagnosticKind, _ message: ParseMessage, at location: SourcePosition?, severity: Severity? = nil,
            notes: [DiagnosticNote] = []
        ) {
            diagnostics.append(Diagnostic(kind, message, path: path, at: location, severity: severity, notes: notes, key: key))
        }

        /// `context` names the dictionary in diagnostics (made only for one).
        mutating func variants(
            of node: PropertyListNode, allowed: StringsdictParser.VariantNames?, context: @autoclosure () -> ParseMessage.StringsdictPlace
        ) -> [StringsdictVariant] {
            var result: [StringsdictVariant] = []
            result.reserveCapacity(node.dictionary?.count ?? 0)
            for item in node.dictionary ?? [] {
                if item.key == StringsdictParser.specTypeKey || item.key == StringsdictParser.valueTypeKey { continue }
                guard let text = item.value.string else {
                    add(
                        .stringsdictInvalidStructure,
                        .stringsdictVariantNotString(name: item.key, place: context(), found: item.value.typeNameWithArticle),
                        at: item.value.location)
                    continue
                }
                if let allowed, !allowed.contains(item.key) {
                    add(
                        .stringsdictInvalidStructure, .stringsdictUnknownVariant(name: item.key, allowed: allowed.names, place: context()),
                        at: item.keyLocation, severity: .warning)
                }
                result.append(StringsdictVariant(name: item.key, value: text, location: item.keyLocation))
            }
            return result
        }

        mutating func entry(_ item: PropertyListEntry, loaded: Bool) -> StringsdictEntry? {
            guard let fields = item.value.dictionary else {
                add(
                    .stringsdictInvalidStructure, .stringsdictEntryNotDictionary(key: item.key, found: item.value.typeNameWithArticle),
                    at: item.value.location)
                return nil
            }
            let node = item.value
            if node[StringsdictParser.formatKey] == nil {
                for rule in [StringsdictParser.widthRule, StringsdictParser.deviceRule] {
                    guard let ruleNode = node[rule] else { continue }
                    let isDevice = rule == StringsdictParser.deviceRule
                    let variants = variants(
                        of: ruleNode, allowed: isDevice ? .devices : nil, context: .entry(item.key))
                    return StringsdictEntry(
                        key: item.key, keyLocation: item.keyLocation, kind: isDevice ? .deviceSpecific : .variableWidth,
                        formatKey: nil, formatKeyLocation: nil, variables: [], variants: variants, loaded: loaded)
                }
                add(.stringsdictInvalidStructure, .stringsdictNoFormatKey(key: item.key), at: item.keyLocation)
                return nil
            }
            let formatNode = node[StringsdictParser.formatKey]
            guard let format = formatNode?.string else {
                add(.stringsdictInvalidStructure, .stringsdictFormatKeyNotString(key: item.key), at: formatNode?.location)
                return nil
            }
            var variables: [StringsdictVariable] = []
            variables.reserveCapacity(fields.count - 1)
            for field in fields where field.key != StringsdictParser.formatKey {
                guard field.value.dictionary != nil else {
                    add(
                        .stringsdictInvalidStructure,
                        .stringsdictVariableNotDictionary(name: field.key, entry: item.key, found: field.value.typeNameWithArticle),
                        at: field.value.location, severity: .warning)
                    continue
                }
                variables.append(variable(field, entryKey: item.key))
            }
            let formatSlots = StringsdictEntry.formatVariables(of: format)
            for slot in formatSlots {
                guard let name = slot.variableName, !variables.contains(where: { $0.name == name }) else { continue }
                add(.stringsdictMissingVariable, .stringsdictMissingVariable(key: item.key, name: name), at: formatNode?.location)
            }
            // A variable not in the format may be referenced from a form's text. A text without
            // '#' names no variable ('%#@name@'): the forms are scanned only for such a variable,
            // and then only those with a '#'.
            let unused = variables.filter { variable in !formatSlots.contains { $0.variableName == variable.name } }
            if !unused.isEmpty {
                let referenced = Set(
                    variables.flatMap { variable in
                        variable.variants.flatMap { variant -> [String] in
                            guard variant.value.utf8Contains(byte: UInt8(ascii: "#")) else { return [] }
                            return FormatScanner.analyze(variant.value).specifiers.compactMap(\.variableName)
                        }
                    })
                for variable in unused where !referenced.contains(variable.name) {
                    add(
                        .stringsdictUnusedVariable, .stringsdictUnusedVariable(name: variable.name, key: item.key, format: format),
                        at: variable.location)
                }
            }
            return StringsdictEntry(
                key: item.key, keyLocation: item.keyLocation, kind: .format, formatKey: format,
                formatKeyLocation: formatNode?.location, variables: variables, variants: [], loaded: loaded, formatVariables: formatSlots)
        }

        mutating func variable(_ field: PropertyListEntry, entryKey: String) -> StringsdictVariable {
            let node = field.value
            let specType = node[StringsdictParser.specTypeKey]?.string
            let valueType = node[StringsdictParser.valueTypeKey]?.string
            // Made for a diagnostic only: most variables have none.
            var context: ParseMessage.StringsdictPlace { .variable(field.key, entry: entryKey) }
            var allowed: StringsdictParser.VariantNames?
            switch specType {
            case StringsdictParser.pluralRule?:
                allowed = .pluralCategories
                if valueType == nil {
                    add(.stringsdictMissingValueType, .stringsdictMissingValueType(context), at: field.keyLocation)
                }
            case StringsdictParser.deviceRule?:
                allowed = .devices
            case nil:
                add(.stringsdictInvalidStructure, .stringsdictNoSpecType(context), at: field.keyLocation)
            case let other?:
                add(
                    .stringsdictInvalidStructure, .stringsdictUnknownSpecType(context, specType: other),
                    at: node[StringsdictParser.specTypeKey]?.location)
            }
            let variants = variants(of: node, allowed: allowed, context: context)
            if specType == StringsdictParser.pluralRule, !variants.contains(where: { $0.name == "other" }) {
                add(.stringsdictMissingOther, .stringsdictMissingOther(context), at: field.keyLocation)
            }
            return StringsdictVariable(
                name: field.key, location: field.keyLocation, specType: specType, valueType: valueType, variants: variants)
        }
    }
}
