import LocalizationFormats
import StringsCheckRules

/// `--format json`: the documented contract of Docs/OutputFormats.md, version 1.
enum JSONRenderer {
    static func render(_ report: DiagnosticReport) -> String {
        let result = report.result
        let diagnostics = result.findings.map { finding -> JSONValue in
            let d = finding.diagnostic
            var object: [String: JSONValue] = [
                "rule": .string(d.id),
                "severity": .string(d.severity.rawValue),
                "message": .string(d.message),
                "path": .string(d.path),
                "line": .optional(d.location?.line),
                "column": .optional(d.location?.column),
                "key": .optional(finding.key),
                "locale": .optional(finding.locale),
                "table": .optional(finding.table),
                "notes": .array(
                    d.notes.map { note in
                        .object([
                            "message": .string(note.message), "path": .string(note.path), "line": .optional(note.location?.line),
                            "column": .optional(note.location?.column),
                        ])
                    }),
                "fixIts": .array(
                    d.fixIts.map { fix in
                        var object: [String: JSONValue] = [
                            "message": .string(fix.message), "path": .string(fix.path), "line": .int(fix.start.line),
                            "column": .int(fix.start.column), "endLine": .int(fix.end.line), "endColumn": .int(fix.end.column),
                            "replacement": .string(fix.replacement),
                        ]
                        // A repair that changes what the file delivers: `fix` makes it only with --unsafe.
                        if fix.unsafe { object["unsafe"] = .bool(true) }
                        return .object(object)
                    }),
            ]
            if !finding.locales.isEmpty { object["locales"] = .array(finding.locales.map { .string($0) }) }
            return .object(object)
        }
        var summary: [String: JSONValue] = [
            "errors": .int(result.errorCount), "warnings": .int(result.warningCount), "notes": .int(result.noteCount),
            "files": .int(result.fileCount), "suppressed": .int(result.suppressedCount), "baselined": .int(result.baselinedCount),
            "otherFiles": .int(result.otherFilesCount),
            "rules": .array(
                RuleCount.counts(result.findings).map {
                    .object([
                        "rule": .string($0.rule), "errors": .int($0.errors), "warnings": .int($0.warnings), "notes": .int($0.notes),
                    ])
                }),
        ]
        if result.omitted.count > 0 {
            // Every finding up to the limit is listed; these are only counted (and in the totals above).
            summary["omitted"] = .object([
                "limit": .int(result.omitted.limit), "errors": .int(result.omitted.errors), "warnings": .int(result.omitted.warnings),
                "notes": .int(result.omitted.notes),
            ])
        }
        return JSONValue.object([
            "version": .int(1),
            "tool": .object(["name": .string("stringscheck"), "version": .string(report.toolVersion)]),
            "baseLocale": .optional(result.baseLocale),
            "diagnostics": .array(diagnostics),
            "summary": .object(summary),
        ]).rendered()
    }
}
