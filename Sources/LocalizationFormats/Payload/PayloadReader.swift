/// Reads push payload templates in every dialect stringscheck knows.
public enum PayloadReader {
    public static func read(bytes: [UInt8], path: String) -> PayloadTemplateFile {
        let document = JSONReader.parse(bytes: bytes, path: path)
        var file = PayloadTemplateFile(path: path, payloads: [], diagnostics: document.diagnostics, lines: document.lines)
        guard let root = document.root else { return file }
        if let payload = payload(root, path: path, name: nil) {
            file.payloads = [payload]
        } else if let items = root.array {
            for (index, item) in items.enumerated() {
                if let payload = payload(item, path: path, name: "[\(index)]") {
                    file.payloads.append(payload)
                } else {
                    file.diagnostics.append(unknownShape(item, path: path, what: .item(index)))
                }
            }
        } else if let members = root.object, !members.isEmpty, members.allSatisfy({ $0.value.object != nil }),
            members.contains(where: { payload($0.value, path: path, name: $0.key) != nil })
        {
            for member in members {
                if let payload = payload(member.value, path: path, name: member.key) {
                    file.payloads.append(payload)
                } else {
                    file.diagnostics.append(unknownShape(member.value, path: path, what: .member(member.key)))
                }
            }
        } else {
            file.diagnostics.append(unknownShape(root, path: path, what: .file))
        }
        return file
    }

    static func unknownShape(_ node: JSONNode, path: String, what: ParseMessage.PayloadPart) -> Diagnostic {
        Diagnostic(
            id: "payload-invalid-structure", severity: .error, message: ParseMessage.payloadUnknownShape(what).text, path: path,
            location: node.location)
    }

    /// The payload a node holds in any dialect, or nil when it holds none.
    static func payload(_ node: JSONNode, path: String, name: String?) -> PushPayload? {
        guard let members = node.object else { return nil }
        if let aps = members.last(where: { $0.key == "aps" }) {
            var payload = apns(node, aps: aps.value, path: path, name: name, dialect: .apns)
            payload.declaredPushType = members.last { $0.key == "stringscheck-push-type" }.map(PayloadField.init)
            return payload
        }
        let message = node["message"] ?? node
        if let inner = message["apns"]?["payload"], let aps = inner["aps"] {
            var payload = apns(inner, aps: aps, path: path, name: name, dialect: .fcm)
            payload.declaredPushType =
                (message["apns"]?["headers"]?.object?.last { $0.key.lowercased() == "apns-push-type" }).map(PayloadField.init)
                ?? inner.object?.last { $0.key == "stringscheck-push-type" }.map(PayloadField.init)
            return payload
        }
        // Pushes that carry no 'aps': an MDM push is the device's PushMagic string ("mdm"), a File
        // Provider push names a container; a template that declares its push type may hold
        // anything (a Push to Talk push's custom keys).
        let declared = members.last { $0.key == "stringscheck-push-type" }
        if declared != nil || node["mdm"]?.string != nil || node["container-identifier"]?.string != nil {
            var payload = PushPayload(path: path, dialect: .apns, name: name, payload: node, aps: nil, alertNode: nil, alert: PushAlert())
            payload.declaredPushType = declared.map(PayloadField.init)
            return payload
        }
        if let ext = node["ext"]?["em_apns_ext"] {
            var alert = PushAlert()
            for member in ext.object ?? [] {
                alert.set(member, easemob: true)
            }
            return PushPayload(path: path, dialect: .easemob, name: name, payload: ext, aps: nil, alertNode: nil, alert: alert)
        }
        return nil
    }

    static func apns(_ node: JSONNode, aps: JSONNode, path: String, name: String?, dialect: PayloadDialect) -> PushPayload {
        var alert = PushAlert()
        let alertMember = aps.object?.last { $0.key == "alert" }
        if let alertMember {
            if alertMember.value.string != nil {
                alert.body = PayloadField(name: "alert", keyLocation: alertMember.keyLocation, value: alertMember.value)
            } else {
                for member in alertMember.value.object ?? [] {
                    alert.set(member, easemob: false)
                }
            }
        }
        return PushPayload(path: path, dialect: dialect, name: name, payload: node, aps: aps, alertNode: alertMember?.value, alert: alert)
    }
}

extension PayloadField {
    init(_ member: JSONMember) { self.init(name: member.key, keyLocation: member.keyLocation, value: member.value) }
}

extension JSONNode {
    /// The node as minified JSON (no spaces, strings with JSON's short escapes), as a provider
    /// would send it; its UTF-8 length is what APNs counts against the size limit.
    public var minified: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The UTF-8 length of `minified`, counted without writing it.
    public var minifiedLength: Int {
        switch value {
        case .string(let text): return Self.quotedLength(text)
        case .number(let text): return text.utf8.count
        case .bool(let flag): return flag ? 4 : 5
        case .null: return 4
        case .array(let items): return items.reduce(1 + max(items.count, 1)) { $0 + $1.minifiedLength }
        case .object(let members):
            return members.reduce(1 + max(members.count, 1)) { $0 + Self.quotedLength($1.key) + 1 + $1.value.minifiedLength }
        }
    }

    /// The UTF-8 length of `text` as `quote` writes it (without line separators escaped).
    static func quotedLength(_ text: String) -> Int {
        var length = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: length += 2
            case 0..<0x20: length += 6
            default: length += 1
            }
        }
        return length
    }

    private func write(into out: inout String) {
        switch value {
        case .string(let text): Self.quote(text, into: &out)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(member.key, into: &out)
                out += ":"
                member.value.write(into: &out)
            }
            out += "}"
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped; with
    /// `lineSeparators`, U+2028 and U+2029 too (for JSON embedded in JavaScript).
    public static func quote(_ text: String, into out: inout String, lineSeparators: Bool = false) {
        var writer = ByteWriter(capacity: text.utf8.count + 16)
        writer.appendJSONString(text, lineSeparators: lineSeparators)
        writer.withBytes { out += String(decoding: $0, as: UTF8.self) }
    }

    /// The same, appended as UTF-8 bytes (see `ByteWriter.appendJSONString`).
    public static func quote(_ text: String, into out: inout [UInt8], lineSeparators: Bool = false) {
        var writer = ByteWriter(capacity: text.utf8.count + 16)
        writer.appendJSONString(text, lineSeparators: lineSeparators)
        writer.withBytes { out.append(contentsOf: $0) }
    }
}

extension PushAlert {
    /// Stores a member when it is one of the alert's localizable fields. Easemob's `em_apns_ext`
    /// names them differently: `em_push_body_loc_key` is `loc-key`, `em_push_content` is `body`.
    mutating func set(_ member: JSONMember, easemob: Bool) {
        let field = PayloadField(member)
        // A Live Activity's alert (ActivityKit) localizes its title and body as objects:
        // "title": {"loc-key": "…", "loc-args": […]}. Their keys are looked up like 'title-loc-key'.
        if !easemob, member.key == "title" || member.key == "body", let inner = member.value.object {
            let key = inner.last { $0.key == "loc-key" }.map {
                PayloadField(name: "\(member.key).loc-key", keyLocation: $0.keyLocation, value: $0.value)
            }
            let arguments = inner.last { $0.key == "loc-args" }.map {
                PayloadField(name: "\(member.key).loc-args", keyLocation: $0.keyLocation, value: $0.value)
            }
            // The dictionary is no literal text: only its key and arguments are kept.
            if member.key == "title" {
                titleLocKey = key ?? titleLocKey
                titleLocArgs = arguments ?? titleLocArgs
            } else {
                locKey = key ?? locKey
                locArgs = arguments ?? locArgs
            }
            return
        }
        switch (easemob, member.key) {
        case (false, "title"), (true, "em_push_title"): title = field
        case (false, "subtitle"): subtitle = field
        case (false, "body"), (true, "em_push_content"): body = field
        case (false, "title-loc-key"), (true, "em_push_title_loc_key"): titleLocKey = field
        case (false, "title-loc-args"), (true, "em_push_title_loc_args"): titleLocArgs = field
        case (false, "subtitle-loc-key"): subtitleLocKey = field
        case (false, "subtitle-loc-args"): subtitleLocArgs = field
        case (false, "loc-key"), (true, "em_push_body_loc_key"): locKey = field
        case (false, "loc-args"), (true, "em_push_body_loc_args"): locArgs = field
        case (false, "action-loc-key"): actionLocKey = field
        default: break
        }
    }
}
