import LocalizationFormats
import StringsCheckRules

/// `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other static-analysis viewers.
enum SARIFRenderer {
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func location(_ path: String, _ position: SourcePosition?, message: String? = nil) -> JSONValue {
        var physical: [String: JSONValue] = ["artifactLocation": .object(["uri": .string(uri(path))])]
        if let position {
            physical["region"] = .object(["startLine": .int(position.line), "startColumn": .int(position.column)])
        }
        var result: [String: JSONValue] = ["physicalLocation": .object(physical)]
        if let message { result["message"] = .object(["text": .string(message)]) }
        return .object(result)
    }

    /// A relative URI reference: percent-encode what a URI may not contain.
    static func uri(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        var out = ""
        for byte in path.utf8 {
            let c = Character(UnicodeScalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func render(_ report: DiagnosticReport) -> String {
        let rules = report.rules
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ruleObjects: [JSONValue] = rules.map { rule in
            .object([
                "id": .string(rule.id),
                "name": .string(rule.name),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "fullDescription": .object(["text": .string(rule.rationale)]),
                "help": .object(["text": .string(rule.fix), "markdown": .string(rule.fix)]),
                "defaultConfiguration": .object(["level": .string(level(rule.defaultSeverity)), "enabled": .bool(!rule.isOptIn)]),
            ])
        }
        let results: [JSONValue] = report.result.findings.map { finding in
            let d = finding.diagnostic
            var object: [String: JSONValue] = [
                "ruleId": .string(d.id),
                "level": .string(level(d.severity)),
                "message": .object(["text": .string(d.message)]),
                "locations": .array([location(d.path, d.location)]),
            ]
            if let ruleIndex = index[d.id] { object["ruleIndex"] = .int(ruleIndex) }
            if !d.notes.isEmpty {
                object["relatedLocations"] = .array(
                    d.notes.enumerated().map { offset, note in
                        var related = location(note.path, note.location, message: note.message)
                        if case .object(var members) = related {
                            members["id"] = .int(offset)
                            related = .object(members)
                        }
                        return related
                    })
            }
            // A repair that changes what the file delivers (`fix --unsafe`) is no fix a code
            // scanning tool should offer to apply.
            let safeFixes = d.fixIts.filter { !$0.unsafe }
            if !safeFixes.isEmpty {
                object["fixes"] = .array(
                    safeFixes.map { fix in
                        .object([
                            "description": .object(["text": .string(fix.message)]),
                            "artifactChanges": .array([
                                .object([
                                    "artifactLocation": .object(["uri": .string(uri(fix.path))]),
                                    "replacements": .array([
                                        .object([
                                            "deletedRegion": .object([
                                                "startLine": .int(fix.start.line), "startColumn": .int(fix.start.column),
                                                "endLine": .int(fix.end.line), "endColumn": .int(fix.end.column),
                                            ]),
                                            "insertedContent": .object(["text": .string(fix.replacement)]),
                                        ])
                                    ]),
                                ])
                            ]),
                        ])
                    })
            }
            // A line-independent fingerprint lets code scanning follow a finding across edits.
            object["partialFingerprints"] = .object([
                "stringscheck/v1": .string("\(d.id):\(finding.key ?? ""):\(finding.locale ?? ""):\(uri(d.path))")
            ])
            return .object(object)
        }
        return JSONValue.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string("stringscheck"),
                            "semanticVersion": .string(report.toolVersion),
                            "rules": .array(ruleObjects),
                        ])
                    ]),
                    "columnKind": .string("unicodeCodePoints"),
                    "results": .array(results),
                ])
            ]),
        ]).rendered()
    }
}
