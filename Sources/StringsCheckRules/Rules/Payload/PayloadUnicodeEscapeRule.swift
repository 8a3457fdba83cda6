import LocalizationFormats
import LocalizationIndex

/// Alert text written with JSON `\u` escapes.
struct PayloadUnicodeEscapeRule: Rule {
    static let description = RuleDescription(
        id: "payload-unicode-escape", name: "\\u escape in alert text", area: .payload,
        summary: "alert text or loc-args written with JSON '\\u' escapes instead of the characters themselves",
        rationale:
            "Apple's payload reference says: 'The JSON \\U notation is not supported. Put the actual UTF-8 character in the alert text instead.' Escapes also count six bytes each against the size limit.",
        fix: "Write the characters themselves (UTF-8) in the JSON.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": ↓\"Caf\\u00e9 is open\"}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": \"Café is open\", \"thread-id\": \"a\\\\u\"}}\n")])

    static let reads: Set<IndexPart> = [.templateBytes]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for file in context.templateFiles {
            guard let lines = file.lines else { continue }
            var cursor = LineTable.OffsetCursor(lines)
            for payload in file.payloads {
                let alert = payload.alert
                // The literal texts first, then the arguments, in the order the parts are shown.
                let fields =
                    alert.parts.compactMap { part in part.literal.map { (part.part, PayloadPartField.literal, $0) } }
                    + alert.parts.compactMap { part in part.arguments.map { (part.part, PayloadPartField.arguments, $0) } }
                for (part, role, field) in fields {
                    for node in field.value.array ?? [field.value] where node.string != nil && hasUnicodeEscape(node, lines, &cursor) {
                        result.append(payloadFinding(payload, .unicodeEscape(in: field.name), at: node.location, part: part, field: role))
                    }
                }
            }
        }
        return result
    }

    /// Re-reads the string's source: `\u` after an odd number of backslashes is an escape.
    private func hasUnicodeEscape(_ node: JSONNode, _ lines: LineTable, _ cursor: inout LineTable.OffsetCursor) -> Bool {
        guard let start = cursor.offset(of: node.location) else { return false }
        let bytes = lines.bytes
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "u") { return true }
                index += 2
                continue
            }
            index += 1
        }
        return false
    }
}

extension Finding.Message {
    fileprivate static func unicodeEscape(in field: String) -> Finding.Message {
        "'\(field)' uses a \\u escape; write the character itself"
    }
}
