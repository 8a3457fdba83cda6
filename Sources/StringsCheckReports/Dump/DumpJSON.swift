import LocalizationFormats
import StringsCheckRules

/// The `dump --format json` contract, version 1 (documented in Docs/DumpFormat.md).
public enum DumpJSON {
    static let version = 1

    struct Document {
        let version: Int
        let tool: String
        let roots: [String]
        let baseLocale: String?
        let baseLocaleReason: String
        let locales: [String]
        let files: [FileObject]
        let payloads: [PayloadFileObject]
        let diagnostics: [Diagnostic]
        let leftOut: [LeftOutFolder]
        let wrappers: [LocalizedStringWrapper]
    }

    /// A payload template file: its payloads, the keys each names, and the file's diagnostics.
    struct PayloadFileObject {
        let path: String
        let dialects: [String]
        let payloads: [PayloadObject]
        let diagnostics: [Diagnostic]
    }

    struct PayloadObject {
        let name: String?
        let dialect: String
        let line: Int
        let column: Int
        let keys: [PayloadKeyObject]
    }

    struct PayloadKeyObject {
        let part: String
        let field: String
        let key: String
        let arguments: Int?
        let line: Int
        let column: Int
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
                diagnostics: file.diagnostics.sorted(by: Diagnostic.ordered))
        }
    }

    struct FileObject {
        var path: String
        var locale: String?
        var folder: String?
        var table: String
        var kind: String
        var encoding: String?
        var loads: Bool
        var sourceLanguage: String?
        var entries: [EntryObject]
        var diagnostics: [Diagnostic]
        /// How the app uses the table (see `TableUsage`) and the evidence.
        var usage: TableUsageDecision? = nil
    }

    struct ArgumentObject {
        var argument: Int
        var type: String
        var signature: String
        var text: String
        var variable: String?
    }

    struct VariableObject {
        var name: String
        var specType: String?
        var valueType: String?
        var variants: [String: String]
    }

    struct EntryObject {
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
    }

    static func arguments(of value: String?) -> ([ArgumentObject], [String]) {
        guard let value, value.utf8Contains(byte: UInt8(ascii: "%")) else { return ([], []) }
        let analysis = FormatScanner.analyze(value)
        let arguments = analysis.specifiers.map {
            ArgumentObject(argument: $0.argument, type: $0.type.rawValue, signature: $0.signature, text: $0.text, variable: $0.variableName)
        }
        return (arguments, analysis.problems.map { "\($0.kind.rawValue): \(Finding.Message.formatProblem($0.detail))" })
    }

    static func document(_ project: LocalizationProject, toolVersion: String) -> Document {
        var files: [FileObject] = []
        let usages = TableUsageDetector.detect(project)
        for file in project.files {
            let diagnostics = file.diagnostics.sorted(by: Diagnostic.ordered)
            switch file.content {
            case .strings(let parsed):
                let entries = parsed.entries.map { entry -> EntryObject in
                    let value = parsed.value(of: entry)
                    let (arguments, problems) = Self.arguments(of: value)
                    return EntryObject(
                        key: entry.key, value: value, line: entry.keyLocation?.line, column: entry.keyLocation?.column,
                        loaded: entry.loaded, valueLine: entry.valueLocation?.line, valueColumn: entry.valueLocation?.column,
                        valueKind: entry.valueKind == .string ? nil : entry.valueKind.rawValue,
                        shorthand: entry.isShorthand ? true : nil, comment: parsed.comment(of: entry), state: nil, arguments: arguments,
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
                    let entries = (byLocale[LocaleName.normalize(locale)] ?? .empty).map { item -> EntryObject in
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
            version: version, tool: "stringscheck \(toolVersion)", roots: project.roots,
            baseLocale: project.baseLocale, baseLocaleReason: project.baseLocaleReason, locales: project.locales, files: files,
            payloads: payloadFiles(project), diagnostics: project.diagnostics.sorted(by: Diagnostic.ordered),
            leftOut: project.leftOutFolders, wrappers: project.inferredWrappers)
    }

    /// `toolVersion`: the version of the tool that writes the document.
    public static func render(_ project: LocalizationProject, toolVersion: String) -> String {
        document(project, toolVersion: toolVersion).json.rendered()
    }
}

// The JSON of each object, on the shared JSON value (keys sorted, deterministic): a field the
// contract marks optional is left out when absent, the others are written as null.
extension [String: JSONValue] {
    fileprivate mutating func setIfPresent(_ key: String, _ value: JSONValue?) {
        if let value { self[key] = value }
    }
}

extension DumpJSON.Document {
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "version": .int(version), "tool": .string(tool), "roots": .array(roots.map { .string($0) }),
            "baseLocale": .optional(baseLocale), "baseLocaleReason": .string(baseLocaleReason),
            "locales": .array(locales.map { .string($0) }), "files": .array(files.map(\.json)),
            "payloads": .array(payloads.map(\.json)), "diagnostics": .array(diagnostics.map(\.json)),
            "leftOut": .array(
                leftOut.map {
                    .object(["path": .string($0.path), "reason": .string($0.reason.rawValue), "why": .string($0.reason.explanation)])
                }
            ),
        ]
        // The wrappers inferred from the scanned code (only when code was scanned and had some).
        object.setIfPresent("wrappers", wrappers.isEmpty ? nil : .array(wrappers.map(\.dumpJSON)))
        return .object(object)
    }
}

extension LocalizedStringWrapper {
    fileprivate var dumpJSON: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name), "call": .string(shape)]
        if onString {
            object["key"] = .string("receiver")
        } else if let keyLabel {
            object["key"] = .string(keyLabel + ":")
        } else {
            object["key"] = .int(key)
        }
        if tableUnknown {
            object["table"] = .null
        } else if let tableLabel {
            object["table"] = .string(tableLabel + ":")
        } else if let table {
            object["table"] = .int(table)
        } else {
            object["table"] = .string(fixedTable ?? "Localizable")
        }
        if let inferred {
            object["path"] = .string(inferred.path)
            object["line"] = .int(inferred.line)
            object["passesTo"] = .string(inferred.passesTo)
        }
        return .object(object)
    }

    /// One line for `dump`'s text form.
    public var dumpText: String {
        let keyText =
            onString ? "its receiver is the key" : keyLabel.map { "the key is '\($0):'" } ?? "the key is argument \(key)"
        let tableText =
            tableUnknown
            ? "a table chosen at run time"
            : tableLabel.map { "the table is '\($0):'" } ?? table.map { "the table is argument \($0)" }
                ?? "table \(fixedTable ?? "Localizable")"
        let origin = inferred.map { " (\($0.path):\($0.line), passes its key to \($0.passesTo))" } ?? ""
        return "\(shape): \(keyText), \(tableText)\(origin)"
    }
}

extension DumpJSON.PayloadFileObject {
    var json: JSONValue {
        .object([
            "path": .string(path), "dialects": .array(dialects.map { .string($0) }), "payloads": .array(payloads.map(\.json)),
            "diagnostics": .array(diagnostics.map(\.json)),
        ])
    }
}

extension DumpJSON.PayloadObject {
    var json: JSONValue {
        .object([
            "name": .optional(name), "dialect": .string(dialect), "line": .int(line), "column": .int(column),
            "keys": .array(
                keys.map {
                    .object([
                        "part": .string($0.part), "field": .string($0.field), "key": .string($0.key), "arguments": .optional($0.arguments),
                        "line": .int($0.line), "column": .int($0.column),
                    ])
                }),
        ])
    }
}

extension DumpJSON.FileObject {
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "path": .string(path), "locale": .optional(locale), "table": .string(table), "kind": .string(kind),
            "encoding": .optional(encoding), "loads": .bool(loads), "entries": .array(entries.map(\.json)),
            "diagnostics": .array(diagnostics.map(\.json)),
        ]
        object.setIfPresent("folder", folder.map { .string($0) })
        object.setIfPresent("sourceLanguage", sourceLanguage.map { .string($0) })
        object.setIfPresent("usage", usage.map { .string($0.usage.rawValue) })
        object.setIfPresent("usageReason", usage.map { .string($0.reason) })
        object.setIfPresent("formatted", usage.map { .string($0.formatting.rawValue) })
        object.setIfPresent("formattedReason", usage.map { .string($0.formattingReason) })
        object.setIfPresent("developmentFallback", usage?.developmentFallback.map { .string($0) })
        object.setIfPresent("developmentTextInKeys", usage?.developmentTextInKeys.map { .string($0) })
        return .object(object)
    }
}

extension DumpJSON.EntryObject {
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "key": .string(key), "value": .optional(value), "line": .optional(line), "column": .optional(column),
            "loaded": .bool(loaded),
            "arguments": .array(
                arguments.map { argument in
                    var object: [String: JSONValue] = [
                        "argument": .int(argument.argument), "type": .string(argument.type), "signature": .string(argument.signature),
                        "text": .string(argument.text),
                    ]
                    object.setIfPresent("variable", argument.variable.map { .string($0) })
                    return .object(object)
                }),
        ]
        object.setIfPresent("valueLine", valueLine.map { .int($0) })
        object.setIfPresent("valueColumn", valueColumn.map { .int($0) })
        object.setIfPresent("valueKind", valueKind.map { .string($0) })
        object.setIfPresent("shorthand", shorthand.map { .bool($0) })
        object.setIfPresent("comment", comment.map { .string($0) })
        object.setIfPresent("state", state.map { .string($0) })
        if !formatProblems.isEmpty { object["formatProblems"] = .array(formatProblems.map { .string($0) }) }
        object.setIfPresent(
            "variables",
            variables.map { variables in
                .array(
                    variables.map { variable in
                        var object: [String: JSONValue] = [
                            "name": .string(variable.name), "variants": .object(variable.variants.mapValues { .string($0) }),
                        ]
                        object.setIfPresent("specType", variable.specType.map { .string($0) })
                        object.setIfPresent("valueType", variable.valueType.map { .string($0) })
                        return .object(object)
                    })
            })
        return .object(object)
    }
}

extension Diagnostic {
    /// A parse diagnostic as the dump writes it.
    fileprivate var json: JSONValue {
        var object: [String: JSONValue] = [
            "rule": .string(id), "severity": .string(severity.rawValue), "message": .string(message), "path": .string(path),
            "line": .optional(location?.line), "column": .optional(location?.column),
            "notes": .array(
                notes.map {
                    .object([
                        "message": .string($0.message), "path": .string($0.path), "line": .optional($0.location?.line),
                        "column": .optional($0.location?.column),
                    ])
                }),
        ]
        object.setIfPresent("byteOffset", byteOffset.map { .int($0) })
        object.setIfPresent("key", key.map { .string($0) })
        return .object(object)
    }
}
