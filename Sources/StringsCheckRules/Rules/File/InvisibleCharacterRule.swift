import LocalizationFormats
import LocalizationIndex

/// A text holding a control character, an invisible character or a bidirectional override that
/// its development text does not hold.
struct InvisibleCharacterRule: Rule {
    static let description = RuleDescription(
        id: "invisible-character", name: "Control or invisible character", area: .file,
        summary:
            "a text holding a control character (U+000C, U+0085, …), an invisible one (U+200B, U+2060, U+FEFF), a bidirectional override (U+202D, U+202E) or the replacement character U+FFFD",
        rationale:
            "These characters arrive from copy and paste, spreadsheets and encoding round trips, and are invisible in most editors. On the device a control character shows as a box or a gap and may break the line, an invisible one changes where lines break and makes text fail search and comparison, an override shows the rest of the text in forced order (reversed for U+202E), and U+FFFD is the '�' users see where text was decoded with a wrong encoding. The marks some scripts need are not reported: LRM, RLM and ALM and the isolates (U+2066–U+2069) in right-to-left text, ZWJ and ZWNJ in Persian, Indic scripts and emoji, the soft hyphen. An invisible character in the development text may be a deliberate line break hint and is not reported there; in a translation, a character its development text holds too is deliberate.",
        fix: "Delete the character (retype the text around it if the editor does not show it).",
        defaultSeverity: .warning,
        triggering: [
            .tables(("en", "\"save\" = \"Save\";\n"), ("de", "\"save\" = ↓\"Speichern\u{0C}\";\n")),
            .tables(("en", "\"name\" = \"Name\";\n"), ("fr", "\"name\" = ↓\"Nom\u{200B}\";\n")),
            .strings("\"price\" = ↓\"\u{202E}99.00\";\n"),
        ],
        nonTriggering: [
            // The right-to-left mark Arabic text needs around a placeholder.
            .tables(("en", "\"from\" = \"From %@\";\n"), ("ar", "\"from\" = \"من \u{200F}%@\";\n")),
            // Persian writes a zero-width non-joiner inside words.
            .tables(("en", "\"books\" = \"Books\";\n"), ("fa", "\"books\" = \"کتاب\u{200C}ها\";\n")),
            // The development text breaks the long word on purpose; the translation keeps it.
            .tables(("en", "\"id\" = \"Super\u{200B}long\";\n"), ("de", "\"id\" = \"Super\u{200B}lang\";\n")),
            .strings("\"lines\" = \"One\\nTwo\\tThree\";\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let base = context.baseLocale
        let files = context.project.files
        return files.concurrentMap { file -> [Finding] in
            var result: [Finding] = []
            let locale = file.locale
            let isBase = locale == nil || locale == base || locale == "Base"
            /// Reports `found` in the text of `key` unless its base text holds the same character.
            func report(_ found: InvisibleScan, key: String, at location: SourcePosition?, locale: String?) {
                // An invisible character in the development text may be deliberate (a line
                // break hint) and shows nothing; in a translation it is judged against that text.
                if isBase, found.kind == .invisible { return }
                if !isBase, let baseText = context.baseTable(file.tableID)?.strings[key]?.value,
                    baseText.unicodeScalars.contains(found.scalar)
                {
                    return
                }
                result.append(
                    finding(
                        .holds(found, key: key, locale: locale ?? base ?? ""), path: file.path, at: location, key: key, locale: locale,
                        table: file.tableID))
            }
            switch file.content {
            case .strings(let parsed):
                var hits: [(Int, InvisibleScan)] = []
                InvisibleScan.leads.withUnsafeBufferPointer { leads in
                    parsed.forEachValueBytes { index, bytes in
                        if let found = InvisibleScan.first(bytes, leads: leads) { hits.append((index, found)) }
                    }
                }
                for (index, found) in hits {
                    report(found, key: parsed.entries[index].key, at: parsed.entries[index].valueLocation, locale: locale)
                }
            case .stringsdict(let parsed):
                // Read in place: a list of each entry's forms copied and retained every one.
                parsed.entries.withUnsafeBufferPointer { entries in
                    for entry in entries.indices {
                        if let format = entries[entry].formatKey, let found = InvisibleScan.first(in: format) {
                            report(found, key: entries[entry].key, at: entries[entry].formatKeyLocation, locale: locale)
                        }
                        entries[entry].forEachForm { form in
                            if let found = InvisibleScan.first(in: form.value) {
                                report(found, key: entries[entry].key, at: form.location, locale: locale)
                            }
                        }
                    }
                }
            case .catalog(let catalog):
                let source = catalog.sourceLanguage
                // Every unit read in place, the key and the locale named only for a finding:
                // copying each entry and value retained them, and naming each localization's
                // locale cost more than the scan.
                var hits: [(position: (entry: Int, localization: Int), found: InvisibleScan, location: SourcePosition)] = []
                // The table of lead bytes at hand for every unit (fetching it per unit retained it).
                InvisibleScan.leads.withUnsafeBufferPointer { leads in
                    // A value whose texts are all printable ASCII holds none: passed over unread.
                    catalog.forEachUnitInPlace(where: { !$0.isPrintableASCII }) { position, unit in
                        if let found = unit.text.withUTF8({ InvisibleScan.first($0, leads: leads) }) {
                            hits.append((position, found, unit.location))
                        }
                    }
                }
                for (position, found, location) in hits {
                    let entry = catalog.entries[position.entry]
                    let written = entry.localizations[position.localization].locale
                    if written == source, found.kind == .invisible { continue }
                    if written != source, catalogSourceHolds(found.scalar, entry: entry, source: source) { continue }
                    let normalized = LocaleName.normalize(written)
                    result.append(
                        finding(
                            .holds(found, key: entry.key, locale: normalized), path: file.path, at: location, key: entry.key,
                            locale: normalized, table: file.tableID))
                }
            }
            return result
        }.flatMap { $0 }
    }

    /// Whether the catalog's source text of `entry` (its source language's units, else its key) holds `scalar`.
    private func catalogSourceHolds(_ scalar: Unicode.Scalar, entry: borrowing CatalogEntry, source: String?) -> Bool {
        guard let value = entry.localizations.first(where: { $0.locale == source })?.value else {
            return entry.key.unicodeScalars.contains(scalar)
        }
        var holds = false
        value.forEachUnit { unit in holds = holds || unit.value.unicodeScalars.contains(scalar) }
        return holds
    }
}

/// The first reported character of a text, and how many it holds.
struct InvisibleScan {
    enum Kind {
        case control, invisible, override, replacement, objectReplacement
    }

    var scalar: Unicode.Scalar
    var kind: Kind
    var count: Int

    static func first(in text: String) -> InvisibleScan? {
        leads.withUnsafeBufferPointer { first(in: text, leads: $0) }
    }

    /// `first(in:)` with the table of lead bytes at hand.
    static func first(in text: String, leads: UnsafeBufferPointer<Bool>) -> InvisibleScan? {
        // The bytes read where they are: a copy to call `withUTF8` on retained the string.
        if let found = text.utf8.withContiguousStorageIfAvailable({ first($0, leads: leads) }) { return found }
        var text = text
        return text.withUTF8 { first($0, leads: leads) }
    }

    /// The bytes a reported character can start with: controls but tab, line feed and return;
    /// DEL; and the lead bytes of U+0080–U+009F (C2), U+180E (E1), U+200B, U+202D, U+202E,
    /// U+2060 (E2) and U+FEFF, U+FFFC, U+FFFD (EF).
    static let leads: [Bool] = (0..<256).map { byte in
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 || byte == 0xE1 || byte == 0xE2
            || byte == 0xEF
    }

    /// Scans UTF-8: nearly every text has none of the lead bytes these characters start with, so
    /// each byte costs one table lookup.
    static func first(_ bytes: UnsafeBufferPointer<UInt8>) -> InvisibleScan? {
        leads.withUnsafeBufferPointer { first(bytes, leads: $0) }
    }

    /// `first(_:)` with the table of lead bytes at hand.
    static func first(_ bytes: UnsafeBufferPointer<UInt8>, leads: UnsafeBufferPointer<Bool>) -> InvisibleScan? {
        do {
            var found: InvisibleScan?
            var index = 0
            let count = bytes.count
            // Eight bytes at a time while they are printable ASCII (no byte below 0x20, none 0x7F
            // or above): most of most texts.
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let below = (word &- ones &* 0x20) & ~word & highs
                    let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
                    guard (word & highs) | below | delete == 0 else { break }
                    index += 8
                }
            }
            while index < count {
                let byte = bytes[index]
                guard leads[Int(byte)] else {
                    index += 1
                    continue
                }
                var hit: (UInt32, Kind)?
                if byte < 0x80 {
                    hit = (UInt32(byte), .control)
                } else if byte == 0xC2 {
                    if index + 1 < count, bytes[index + 1] <= 0x9F { hit = (UInt32(bytes[index + 1]), .control) }
                } else if index + 2 < count {
                    let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                    switch scalar {
                    case 0x180E, 0x200B, 0x2060, 0xFEFF: hit = (scalar, .invisible)
                    case 0x202D, 0x202E: hit = (scalar, .override)
                    case 0xFFFC: hit = (scalar, .objectReplacement)
                    case 0xFFFD: hit = (scalar, .replacement)
                    default: break
                    }
                }
                if let (value, kind) = hit, let scalar = Unicode.Scalar(value) {
                    if found == nil { found = InvisibleScan(scalar: scalar, kind: kind, count: 0) }
                    found?.count += 1
                }
                index += 1
            }
            return found
        }
    }

    /// `U+000C (form feed)`.
    var name: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [
            0x00: "null", 0x07: "bell", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed", 0x1B: "escape",
            0x7F: "delete", 0x85: "next line", 0xA0: "no-break space", 0x180E: "Mongolian vowel separator", 0x200B: "zero width space",
            0x2060: "word joiner", 0xFEFF: "zero width no-break space", 0x202D: "left-to-right override",
            0x202E: "right-to-left override", 0xFFFC: "object replacement character", 0xFFFD: "replacement character",
        ]
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }
}

extension Finding.Message {
    /// A text holding a character users see as a box, see nothing of, or that reorders the text.
    fileprivate static func holds(_ found: InvisibleScan, key: String, locale: String) -> Finding.Message {
        let effect: String
        switch found.kind {
        case .control: effect = "a control character, which users see as a box or a gap and which may break the line"
        case .invisible:
            effect =
                "an invisible character: users see nothing, but it changes where the line breaks and makes the text fail search and comparison"
        case .override: effect = "a bidirectional override, which shows the rest of the text in forced order"
        case .replacement: effect = "the '�' users see where text was decoded with a wrong encoding before it reached this file"
        case .objectReplacement: effect = "a placeholder for an attachment, which users see as a box"
        }
        let more = found.count > 1 ? " (and \(found.count - 1) more)" : ""
        return "the text of '\(key)' in '\(locale)' holds \(found.name)\(more), \(effect)"
    }
}
