import Foundation
import LocalizationFormats

/// The `dump --format json` contract, version 1 (documented in Docs/DumpFormat.md).
enum DumpJSON {
    static let version = 1

    struct Document: Encodable {
        let version: Int
        let tool: String
        let roots: [String]
        let baseLocale: String?
        let baseLocaleReason: String
        let locales: [String]
        let files: [FileObject]
        let payloads: [PayloadFileObject]
        let diagnostics: [DiagnosticObject]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(version, forKey: "version")
            try c.encode(tool, forKey: "tool")
            try c.encode(roots, forKey: "roots")
            try c.encode(baseLocale, forKey: "baseLocale")
            try c.encode(baseLocaleReason, forKey: "baseLocaleReason")
            try c.encode(locales, forKey: "locales")
            try c.encode(files, forKey: "files")
            try c.encode(payloads, forKey: "payloads")
            try c.encode(diagnostics, forKey: "diagnostics")
        }
    }

    /// A payload template file: its payloads, the keys each names, and the file's diagnostics.
    struct PayloadFileObject: Encodable {
        let path: String
        let dialects: [String]
        let payloads: [PayloadObject]
        let diagnostics: [DiagnosticObject]
    }

    struct PayloadObject: Encodable {
        let name: String?
        let dialect: String
        let line: Int
        let column: Int
        let keys: [PayloadKeyObject]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(name, forKey: "name")
            try c.encode(dialect, forKey: "dialect")
            try c.encode(line, forKey: "line")
            try c.encode(column, forKey: "column")
            try c.encode(keys, forKey: "keys")
        }
    }

    struct PayloadKeyObject: Encodable {
        let part: String
        let field: String
        let key: String
        let arguments: Int?
        let line: Int
        let column: Int

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(part, forKey: "part")
            try c.encode(field, forKey: "field")
            try c.encode(key, forKey: "key")
            try c.encode(arguments, forKey: "arguments")
            try c.encode(line, forKey: "line")
            try c.encode(column, forKey: "column")
        }
    }

    static func payloadFiles(_ project: LocalizationProject) -> [PayloadFileObject] {
        project.payloadFiles.map { file in
            PayloadFileObject(
                path: file.path, dialects: file.dialects.map(\.rawValue),
                payloads: file.payloads.map { payload in
                    PayloadObject(
                        name: payload.name, dialect: payload.dialect.rawValue, line: payload.payload.location.line,
                        column: payload.payload.location.column,
                        keys: payload.keys.map { part, field, key in
                            let arguments = payload.alert.localizedParts.first { $0.part == part }?.arguments
                            return PayloadKeyObject(
                                part: part.rawValue, field: field.name, key: key, arguments: arguments?.value.array?.count,
                                line: field.value.location.line, column: field.value.location.column)
                        })
                },
                diagnostics: file.diagnostics.sorted(by: Diagnostic.ordered).map(DiagnosticObject.init))
        }
    }

    struct FileObject: Encodable {
        var path: String
        var locale: String?
        var folder: String?
        var table: String
        var kind: String
        var encoding: String?
        var loads: Bool
        var sourceLanguage: String?
        var entries: [EntryObject]
        var diagnostics: [DiagnosticObject]
        /// How the app uses the table (see `TableUsage`) and the evidence.
        var usage: TableUsageDecision? = nil

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(path, forKey: "path")
            try c.encode(locale, forKey: "locale")
            try c.encodeIfPresent(folder, forKey: "folder")
            try c.encode(table, forKey: "table")
            try c.encode(kind, forKey: "kind")
            try c.encode(encoding, forKey: "encoding")
            try c.encode(loads, forKey: "loads")
            try c.encodeIfPresent(sourceLanguage, forKey: "sourceLanguage")
            try c.encode(entries, forKey: "entries")
            try c.encode(diagnostics, forKey: "diagnostics")
            try c.encodeIfPresent(usage?.usage.rawValue, forKey: "usage")
            try c.encodeIfPresent(usage?.reason, forKey: "usageReason")
        }
    }

    struct ArgumentObject: Encodable {
        var argument: Int
        var type: String
        var signature: String
        var text: String
        var variable: String?
    }

    struct VariableObject: Encodable {
        var name: String
        var specType: String?
        var valueType: String?
        var variants: [String: String]
    }

    struct EntryObject: Encodable {
        var key: String
        var value: String?
        var line: Int?
        var column: Int?
        var loaded: Bool
        var valueLine: Int?
        var valueColumn: Int?
        var valueKind: String?
        var shorthand: Bool?
        var comment: String?
        var state: String?
        var arguments: [ArgumentObject]
        var formatProblems: [String]
        var variables: [VariableObject]?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(key, forKey: "key")
            try c.encode(value, forKey: "value")
            try c.encode(line, forKey: "line")
            try c.encode(column, forKey: "column")
            try c.encode(loaded, forKey: "loaded")
            try c.encodeIfPresent(valueLine, forKey: "valueLine")
            try c.encodeIfPresent(valueColumn, forKey: "valueColumn")
            try c.encodeIfPresent(valueKind, forKey: "valueKind")
            try c.encodeIfPresent(shorthand, forKey: "shorthand")
            try c.encodeIfPresent(comment, forKey: "comment")
            try c.encodeIfPresent(state, forKey: "state")
            try c.encode(arguments, forKey: "arguments")
            if !formatProblems.isEmpty { try c.encode(formatProblems, forKey: "formatProblems") }
            try c.encodeIfPresent(variables, forKey: "variables")
        }
    }

    struct NoteObject: Encodable {
        var message: String
        var path: String
        var line: Int?
        var column: Int?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(message, forKey: "message")
            try c.encode(path, forKey: "path")
            try c.encode(line, forKey: "line")
            try c.encode(column, forKey: "column")
        }
    }

    struct DiagnosticObject: Encodable {
        var rule: String
        var severity: String
        var message: String
        var path: String
        var line: Int?
        var column: Int?
        var byteOffset: Int?
        var notes: [NoteObject]

        init(_ diagnostic: Diagnostic) {
            rule = diagnostic.id
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            path = diagnostic.path
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            byteOffset = diagnostic.byteOffset
            notes = diagnostic.notes.map {
                NoteObject(message: $0.message, path: $0.path, line: $0.location?.line, column: $0.location?.column)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(rule, forKey: "rule")
            try c.encode(severity, forKey: "severity")
            try c.encode(message, forKey: "message")
            try c.encode(path, forKey: "path")
            try c.encode(line, forKey: "line")
            try c.encode(column, forKey: "column")
            try c.encodeIfPresent(byteOffset, forKey: "byteOffset")
            try c.encode(notes, forKey: "notes")
        }
    }

    struct Key: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }

    static func arguments(of value: String?) -> ([ArgumentObject], [String]) {
        guard let value, value.utf8.contains(UInt8(ascii: "%")) else { return ([], []) }
        let analysis = FormatScanner.analyze(value)
        let arguments = analysis.specifiers.map {
            ArgumentObject(argument: $0.argument, type: $0.type.rawValue, signature: $0.signature, text: $0.text, variable: $0.variableName)
        }
        return (arguments, analysis.problems.map { "\($0.kind.rawValue): \($0.message)" })
    }

    static func document(_ project: LocalizationProject) -> Document {
        var files: [FileObject] = []
        let usages = TableUsageDetector.detect(project)
        for file in project.files {
            let diagnostics = file.diagnostics.sorted(by: Diagnostic.ordered).map(DiagnosticObject.init)
            switch file.content {
            case .strings(let parsed):
                let entries = parsed.entries.map { entry -> EntryObject in
                    let (arguments, problems) = Self.arguments(of: entry.value)
                    return EntryObject(
                        key: entry.key, value: entry.value, line: entry.keyLocation?.line, column: entry.keyLocation?.column,
                        loaded: entry.loaded, valueLine: entry.valueLocation?.line, valueColumn: entry.valueLocation?.column,
                        valueKind: entry.valueKind == .string ? nil : entry.valueKind.rawValue,
                        shorthand: entry.isShorthand ? true : nil, comment: entry.comment, state: nil, arguments: arguments,
                        formatProblems: problems, variables: nil)
                }
                files.append(
                    FileObject(
                        path: file.path, locale: file.locale, folder: file.folder, table: file.table, kind: file.kind,
                        encoding: parsed.encoding.rawValue, loads: parsed.loads, sourceLanguage: nil, entries: entries,
                        diagnostics: diagnostics))
            case .stringsdict(let parsed):
                let entries = parsed.entries.map { entry -> EntryObject in
                    let (arguments, problems) = Self.arguments(of: entry.formatKey)
                    let variables = entry.variables.map {
                        VariableObject(
                            name: $0.name, specType: $0.specType, valueType: $0.valueType,
                            variants: Dictionary($0.variants.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
                    }
                    return EntryObject(
                        key: entry.key, value: entry.representativeValue, line: entry.keyLocation?.line,
                        column: entry.keyLocation?.column, loaded: entry.loaded, valueLine: entry.formatKeyLocation?.line,
                        valueColumn: entry.formatKeyLocation?.column,
                        valueKind: entry.kind == .format ? nil : entry.kind.rawValue, shorthand: nil, comment: nil, state: nil,
                        arguments: arguments, formatProblems: problems, variables: variables)
                }
                files.append(
                    FileObject(
                        path: file.path, locale: file.locale, folder: file.folder, table: file.table, kind: file.kind,
                        encoding: parsed.isBinary ? "binary-plist" : "xml", loads: parsed.loads, sourceLanguage: nil,
                        entries: entries, diagnostics: diagnostics))
            case .catalog(let catalog):
                let locales = catalog.locales.isEmpty ? [""] : catalog.locales
                // Split once: `strings(for:)` splits the whole catalog on every call.
                let byLocale = catalog.stringsByLocale()
                for (index, locale) in locales.enumerated() {
                    let entries = (byLocale[LocaleName.normalize(locale)] ?? []).map { item -> EntryObject in
                        let value = item.unit?.value ?? item.key
                        let (arguments, problems) = Self.arguments(of: value)
                        return EntryObject(
                            key: item.key, value: value, line: item.location.line, column: item.location.column,
                            loaded: catalog.loads, valueLine: nil, valueColumn: nil, valueKind: nil, shorthand: nil, comment: nil,
                            state: item.unit?.state, arguments: arguments, formatProblems: problems, variables: nil)
                    }
                    files.append(
                        FileObject(
                            path: file.path, locale: locale.isEmpty ? nil : LocaleName.normalize(locale), folder: nil,
                            table: file.table, kind: file.kind, encoding: "utf-8", loads: catalog.loads,
                            sourceLanguage: catalog.sourceLanguage, entries: entries, diagnostics: index == 0 ? diagnostics : []))
                }
            }
        }
        for index in files.indices {
            files[index].usage =
                usages[ResourceFile.tableID(path: files[index].path, folder: files[index].folder, table: files[index].table)]
        }
        return Document(
            version: version, tool: "stringscheck \(StringsCheckCommand.version)", roots: project.roots,
            baseLocale: project.baseLocale, baseLocaleReason: project.baseLocaleReason, locales: project.locales, files: files,
            payloads: payloadFiles(project), diagnostics: project.diagnostics.sorted(by: Diagnostic.ordered).map(DiagnosticObject.init))
    }

    static func render(_ project: LocalizationProject) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document(project))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
