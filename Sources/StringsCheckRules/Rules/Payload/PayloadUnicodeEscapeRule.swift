import LocalizationFormats
import LocalizationIndex

/// Alert text written with JSON `\u` escapes.
struct PayloadUnicodeEscapeRule: Rule {
    static let description = RuleDescription(
        id: "payload-unicode-escape", name: "\\u escape in alert text", area: .payload,
        summary: "alert text or loc-args written with JSON '\\u' escapes instead of the characters themselves",
        rationale:
            "Apple's payload reference says: 'The JSON \\U notation is not supported. Put the actual UTF-8 character in the alert text instead.' Escapes also count six bytes each against the size limit.",
        fix:
            "Write the characters themselves (UTF-8) in the JSON. The fix-it does this for every escape of the string; a quote, a backslash and a tab or line break take JSON's short escapes (`\\\"`, `\\t`), and other control characters and lone surrogates stay as they are.",
        defaultSeverity: .warning,
        triggering: [payloadExample("{\"aps\": {\"alert\": ↓\"Caf\\u00e9 is open\"}}\n")],
        nonTriggering: [payloadExample("{\"aps\": {\"alert\": \"Café is open\", \"thread-id\": \"a\\\\u\"}}\n")],
        fixIt: FixItExample(
            before: payloadExample(
                "{\"aps\": {\"alert\": {\"title\": \"Caf\\u00e9 \\ud83d\\ude00\", \"body\": \"Tab\\u0009 \\\"quoted\\u0022\"}}}\n"),
            after: ["payloads/push.json": "{\"aps\": {\"alert\": {\"title\": \"Café 😀\", \"body\": \"Tab\\t \\\"quoted\\\"\"}}}\n"]))

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
                        var found = payloadFinding(payload, .unicodeEscape(in: field.name), at: node.location, part: part, field: role)
                        if let fixIt = Self.unescaping(node, lines, path: payload.path) { found.diagnostic.fixIts = [fixIt] }
                        result.append(found)
                    }
                }
            }
        }
        return result
    }

    /// JSON's own escapes for the characters it must escape.
    static let shortEscapes: [UInt32: String] = [
        0x22: "\\\"", 0x5C: "\\\\", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
    ]

    /// The fix-it: the string literal with its `\u` escapes written as the characters; those JSON
    /// must escape as its short escapes (`\"`, `\\`, `\t`, …); other control characters and lone
    /// surrogates as they are. Nil when nothing changes.
    static func unescaping(_ node: JSONNode, _ lines: LineTable, path: String) -> FixIt? {
        var cursor = LineTable.OffsetCursor(lines)
        guard let start = cursor.offset(of: node.location) else { return nil }
        let bytes = lines.bytes
        var out: [UInt8] = [UInt8(ascii: "\"")]
        var index = start + 1
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count, let text = String(bytes: bytes[at..<(at + 4)], encoding: .ascii) else { return nil }
            return UInt32(text, radix: 16)
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                out.append(bytes[index])
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), var value = hex(index + 2) else {
                out += bytes[index...(index + 1)]
                index += 2
                continue
            }
            var length = 6
            if (0xD800..<0xDC00).contains(value), bytes.count > index + 7, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"), let low = hex(index + 8), (0xDC00..<0xE000).contains(low)
            {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                length = 12
            }
            if let short = Self.shortEscapes[value] {
                out += Array(short.utf8)
            } else if let scalar = Unicode.Scalar(value), value >= 0x20 {
                out += Array(String(scalar).utf8)
            } else {
                out += bytes[index..<(index + length)]
            }
            index += length
        }
        guard index < bytes.count else { return nil }
        out.append(UInt8(ascii: "\""))
        let original = Array(bytes[start...index])
        guard out != original else { return nil }
        return FixIt(
            message: Finding.Message.writeTheCharacters.text, path: path, start: node.location, end: lines.location(ofByte: index + 1),
            replacement: String(decoding: out, as: UTF8.self), original: String(decoding: original, as: UTF8.self))
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
    /// The fix-it.
    fileprivate static let writeTheCharacters: Finding.Message = "write the characters themselves"

    fileprivate static func unicodeEscape(in field: String) -> Finding.Message {
        "'\(field)' uses a \\u escape; write the character itself"
    }
}
