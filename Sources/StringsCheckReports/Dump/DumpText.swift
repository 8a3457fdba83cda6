import LocalizationFormats

/// `dump --format text`: a readable listing, then diagnostics in clang style.
public enum DumpText {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\U" + String.hex4(scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    public static func render(_ project: LocalizationProject) -> String {
        var out = ""
        out += "base locale: \(project.baseLocale ?? "none") (\(project.baseLocaleReason))\n"
        out += "locales: \(project.locales.joined(separator: ", "))\n"
        out += "tables: \(project.tableNames.joined(separator: ", "))\n"
        for folder in project.leftOutFolders { out += "left out: \(folder.path) (\(folder.reason.explanation))\n" }
        for wrapper in project.inferredWrappers { out += "wrapper: \(wrapper.dumpText)\n" }
        let document = DumpJSON.document(project, toolVersion: "")
        for file in document.files {
            let locale = file.locale ?? (file.kind == "xcstrings" ? "all locales" : "global: every locale")
            var usage = file.usage.map { " · \($0.usage.rawValue) (\($0.reason))" } ?? ""
            if let decision = file.usage, decision.formatting == .always { usage += " · formatted always (\(decision.formattingReason))" }
            if let keys = file.usage?.developmentTextInKeys { usage += " · development text in the keys (\(keys))" }
            if let fallback = file.usage?.developmentFallback { usage += " · missing keys show the development text (\(fallback))" }
            out +=
                "\n\(file.path)  [\(locale) · \(file.table) · \(file.kind) · \(file.encoding ?? "?")\(file.loads ? "" : " · NOT LOADED")\(usage)]\n"
            for entry in file.entries {
                let position = entry.line.map { "\($0):\(entry.column ?? 0)" } ?? "-"
                var line =
                    "  \(position.padding(toLength: 8))\(quoted(entry.key)) = \(entry.value.map(quoted) ?? "<\(entry.valueKind ?? "none")>")"
                if !entry.arguments.isEmpty {
                    line += "  [" + entry.arguments.map { "\($0.argument):\($0.signature)" }.joined(separator: " ") + "]"
                }
                if let state = entry.state { line += "  (\(state))" }
                if !entry.loaded { line += "  NOT LOADED" }
                out += line + "\n"
            }
        }
        for payloadFile in DumpJSON.payloadFiles(project) {
            out += "\n\(payloadFile.path)  [push payloads · \(payloadFile.dialects.joined(separator: ", "))]\n"
            for payload in payloadFile.payloads {
                let name = payload.name.map { "\($0) " } ?? ""
                out += "  \("\(payload.line):\(payload.column)".padding(toLength: 8))\(name)(\(payload.dialect))\n"
                for key in payload.keys {
                    let arguments = key.arguments.map { " with \($0) argument\($0 == 1 ? "" : "s")" } ?? ""
                    out += "    \(key.part): \(quoted(key.key)) (\(key.field))\(arguments)\n"
                }
            }
        }
        let diagnostics = project.allDiagnostics
        if !diagnostics.isEmpty { out += "\n" }
        for diagnostic in diagnostics { out += TextRenderer().format(diagnostic) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        out += "\n\(project.files.count) files, \(errors) errors, \(warnings) warnings\n"
        return out
    }
}

extension String {
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }

    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
