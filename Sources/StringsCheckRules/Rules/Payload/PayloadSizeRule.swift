import LocalizationFormats
import LocalizationIndex

/// A payload over (or near) the size APNs accepts.
struct PayloadSizeRule: Rule {
    static let description = RuleDescription(
        id: "payload-too-large", name: "Payload too large", area: .payload,
        summary:
            "a payload whose minified JSON is over 4096 bytes (5120 for VoIP), over it as written, or within 10% of it once placeholders are filled",
        rationale:
            "APNs refuses a payload over the limit ('PayloadTooLarge', HTTP 413) and the user gets nothing. Templates grow when placeholders ('{{name}}', '${name}', '%s') are filled, so the worst case counts each placeholder at 64 characters (a warning when only the filled payload is too large, or when it is above 90% of the limit). The limit is 5120 bytes for a VoIP push and 4096 for every other push type (see payload-push-type for how the type is found); `--legacy-binary` checks against the legacy binary interface's 2048 bytes; 'placeholder_length' sets the filled length. APNs counts the bytes of the request body it receives: the size is measured minified to UTF-8 (an error over the limit), and, for a plain APNs template, as written too (a warning when only the written form is over: send it minified).",
        fix:
            "Shorten the text, move data the app can fetch out of the payload, or send an identifier and let a notification service extension load the rest.",
        defaultSeverity: .error,
        triggering: [
            payloadExample("↓{\"aps\": {\"alert\": \"Hi\"}, \"data\": \"\(String(repeating: "x", count: 4100))\"}\n"),
            payloadExample(
                "↓{\"aps\": {}, \"stringscheck-push-type\": \"voip\", \"caller\": \"\(String(repeating: "x", count: 5200))\"}\n"),
            // Written with \u escapes: 4,236 bytes as written, 1,432 minified to UTF-8.
            payloadExample("↓{\"aps\": {\"alert\": \"Hi\"}, \"data\": \"\(String(repeating: "\\u00e9", count: 700))\"}\n"),
        ],
        nonTriggering: [
            payloadExample("{\"aps\": {\"alert\": \"Hi\"}, \"data\": \"\(String(repeating: "x", count: 2000))\"}\n"),
            // A VoIP push may take 5,120 bytes.
            payloadExample("{\"aps\": {}, \"caller\": \"\(String(repeating: "x", count: 4300))\"}\n", path: "payloads/incoming_voip.json"),
        ])

    static let reads: Set<IndexPart> = [.templateBytes]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for file in context.templateFiles {
            var cursor = file.lines.map { LineTable.OffsetCursor($0) }
            for payload in file.payloads where payload.dialect != .easemob {  // Easemob builds the APNs payload itself
                let (type, origin) = context.pushType(of: payload)
                let limit = context.settings.legacyBinaryInterface ? 2048 : type.sizeLimit
                var sent = payload.payload
                if case .object(let members) = sent.value { sent.value = .object(members.filter { $0.key != "stringscheck-push-type" }) }
                let size = sent.minifiedLength
                if size > limit {
                    result.append(
                        payloadFinding(
                            payload, .tooLarge(size: size, limit: limit, type: type, origin: origin), at: payload.payload.location))
                    continue
                }
                // APNs counts the bytes it receives: a template sent as it is written (spaces, line
                // breaks, \u escapes) may be over the limit although its minified form is not.
                if payload.dialect == .apns, payload.declaredPushType == nil, let lines = file.lines,
                    let written = Self.writtenLength(of: payload.payload, lines, &cursor), written > limit
                {
                    var finding = payloadFinding(
                        payload, .tooLargeAsWritten(written: written, minified: size, limit: limit, type: type, origin: origin),
                        at: payload.payload.location)
                    finding.diagnostic.severity = .warning
                    result.append(finding)
                }
                let worst = size + placeholderGrowth(sent, length: context.settings.placeholderLength)
                guard worst > limit * 9 / 10 else { continue }
                var finding = payloadFinding(
                    payload,
                    worst > limit
                        ? .tooLargeWhenFilled(
                            size: size, filled: worst, placeholderLength: context.settings.placeholderLength, limit: limit, type: type,
                            origin: origin)
                        : .nearLimitWhenFilled(filled: worst, limit: limit, type: type, origin: origin),
                    at: payload.payload.location)
                finding.diagnostic.severity = .warning
                result.append(finding)
            }
        }
        return result
    }

    /// The bytes of the JSON value at `node`'s place in the file, as written: from its first
    /// byte to the bracket that closes it (strings skipped), or nil when it cannot be found.
    static func writtenLength(of node: JSONNode, _ lines: LineTable, _ cursor: inout LineTable.OffsetCursor?) -> Int? {
        guard let start = cursor?.offset(of: node.location) else { return nil }
        let bytes = lines.bytes
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else { return nil }
        var depth = 0
        var index = start
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index - start + 1 }
            }
            index += 1
        }
        return nil
    }

    private func placeholderGrowth(_ node: JSONNode, length: Int) -> Int {
        switch node.value {
        case .string(let text): return isPlaceholder(text) ? max(0, length - text.utf8.count) : 0
        case .array(let items): return items.reduce(0) { $0 + placeholderGrowth($1, length: length) }
        case .object(let members): return members.reduce(0) { $0 + placeholderGrowth($1.value, length: length) }
        default: return 0
        }
    }
}

extension Finding.Message {
    /// The push type a size limit is for, and how the type was found.
    fileprivate static func pushKind(_ type: PushType, origin: PushTypeOrigin) -> String {
        "\(type.titleWithArticle) (\(origin.phrase))"
    }

    fileprivate static func tooLarge(size: Int, limit: Int, type: PushType, origin: PushTypeOrigin) -> Finding.Message {
        "the payload is \(size) bytes as minified UTF-8 JSON, over the \(limit) bytes APNs accepts for \(pushKind(type, origin: origin))"
    }

    /// A template over the limit as written, though not minified.
    fileprivate static func tooLargeAsWritten(written: Int, minified size: Int, limit: Int, type: PushType, origin: PushTypeOrigin)
        -> Finding.Message
    {
        "the payload is \(written) bytes as written (spaces, line breaks and \\u escapes included) but \(size) bytes minified to UTF-8; APNs counts the bytes it receives, so sent as written it is over the \(limit) bytes it accepts for \(pushKind(type, origin: origin)): send it minified"
    }

    /// A template within the limit that goes over it once its placeholders are filled.
    fileprivate static func tooLargeWhenFilled(
        size: Int, filled worst: Int, placeholderLength: Int, limit: Int, type: PushType, origin: PushTypeOrigin
    ) -> Finding.Message {
        "the payload is \(size) bytes, but \(worst) once its placeholders are filled (\(placeholderLength) characters each), over the \(limit) bytes APNs accepts for \(pushKind(type, origin: origin))"
    }

    fileprivate static func nearLimitWhenFilled(filled worst: Int, limit: Int, type: PushType, origin: PushTypeOrigin) -> Finding.Message {
        "the payload is \(worst) bytes with its placeholders filled, above 90% of the \(limit) bytes APNs accepts for \(pushKind(type, origin: origin))"
    }
}
