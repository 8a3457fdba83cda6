/// Where an entry stands, as byte offsets; positions are filled in once the whole file is read.
struct EntryOffsets {
    var key: Int
    var value: Int
    /// `DuplicateKeyFinder.hash` of the key, taken from the bytes while they are in the cache.
    var keyHash: UInt64
    /// Just after the entry's `;`; 0 when it has none.
    var end = 0
}

/// The dictionary-level grammar of `CFOldStylePList.c` on top of `OldStyleScanner`.
struct OldStyleStringsParser {
    var scanner: OldStyleScanner
    /// The keys of another locale's file of the table, shared where they match.
    var keyPool: KeyPool?
    /// Built in place: positions, `loaded` and duplicates are filled in by `finish`.
    var entries: [StringsEntry] = []
    /// The entries' values and comments, UTF-8, end to end (`StringsFile.text`).
    var text: [UInt8] = []
    var offsets: [EntryOffsets] = []
    /// The offset of the first error CoreFoundation would stop at (the file then loads nothing).
    var firstFatalOffset: Int?
    var firstFatalDiagnosticIndex: Int?
    /// Where CoreFoundation ends the dictionary without an error at a stray character.
    var silentStopOffset: Int?
    /// What CoreFoundation met there, for the message: the character it did not expect, or nil
    /// for a quoted key that is never closed.
    var silentStopUnexpected: String?
    /// Where an unterminated `/*` starts inside the text CoreFoundation reads.
    var commentCutOffset: Int?

    /// Nothing after this offset loads.
    var truncationOffset: Int? {
        switch (silentStopOffset, commentCutOffset) {
        case (let a?, let b?): min(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }
    /// Set when the top level is not a dictionary.
    var notATableMessage: ParseMessage?
    /// Entries recovered from inside an unterminated comment (never loaded).
    var swallowedEntryCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        scanner = OldStyleScanner(bytes: bytes)
    }

    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    /// The region CoreFoundation actually reads ends at the silent truncation, if any.
    func isRead(_ offset: Int) -> Bool {
        truncationOffset.map { offset < $0 } ?? true
    }

    mutating func fatal(
        _ message: ParseMessage, at offset: Int, kind: ParseDiagnosticKind = .stringsSyntaxError,
        fix: (range: Range<Int>, replacement: String, message: String, original: String?)? = nil
    ) {
        guard !scanner.quiet else { return }
        scanner.report(kind, message, at: offset, fix: fix)
        if isRead(offset), firstFatalOffset.map({ offset < $0 }) ?? true {
            firstFatalOffset = offset
            firstFatalDiagnosticIndex = scanner.diagnostics.count - 1
        }
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20..<0x7F: "'\(Character(UnicodeScalar(byte)))'"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        guard byte >= 0x80 else { return Self.describe(byte) }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        let scalar = text.unicodeScalars.first.map { "U+" + hex(UInt16(truncatingIfNeeded: $0.value)) } ?? ""
        return "'\(text)' (\(scalar))"
    }

    // MARK: Top level

    mutating func parseFile() {
        guard scanner.skipSpace() else {
            checkUnterminatedComment()
            return
        }
        let first = bytes[scanner.pos]
        let start = scanner.pos
        switch first {
        case UInt8(ascii: "{"):
            scanner.pos += 1
            parseEntries(braced: true)
            if scanner.skipSpace(), bytes[scanner.pos] == UInt8(ascii: "}") {
                scanner.pos += 1
                if scanner.skipSpace() {
                    fatal(.stringsTextAfterTable, at: scanner.pos)
                }
            } else if !scanner.atEnd {
                fatal(.stringsExpectedTableClose(found: describeCharacter(at: scanner.pos)), at: scanner.pos)
            } else {
                fatal(.stringsTableNeverClosed, at: start)
            }
        case UInt8(ascii: "("), UInt8(ascii: "<"):
            let kind = parseNestedObject(depth: 0) ?? .array
            notATableMessage = kind == .data ? .stringsFileHoldsData : .stringsFileHoldsArray
            if scanner.skipSpace() { fatal(.stringsTextAfterTopLevelValue, at: scanner.pos) }
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            parseUnbracedOrSingleString(start: start)
        default:
            if OldStyleScanner.isUnquotedCharacter(first) {
                parseUnbracedOrSingleString(start: start)
            } else {
                fatal(.stringsExpectedKey(found: describeCharacter(at: start)), at: start)
                scanner.skipToNextLine(after: start)
                parseEntries(braced: false)
            }
        }
        checkUnterminatedComment()
    }

    /// A lone string is a string property list; a string followed by anything is dictionary content.
    private mutating func parseUnbracedOrSingleString(start: Int) {
        let isQuoted = OldStyleScanner.isQuote(bytes[start])
        let single: String? = isQuoted ? scanner.scanQuoted() : scanner.scanUnquoted()
        if let single, !scanner.skipSpace() {
            notATableMessage = .stringsFileHoldsSingleString(single)
            return
        }
        // Re-read from the start as dictionary content; drop what the first look reported.
        scanner.pos = start
        scanner.diagnostics.removeAll()
        scanner.tally.reset()
        scanner.unterminatedCommentOffset = nil
        parseEntries(braced: false)
    }

    // MARK: Entries

    /// `parsePlistDictContent`, with recovery. In a braced dictionary it stops before `}`.
    mutating func parseEntries(braced: Bool) {
        var afterSemicolon = false
        while true {
            guard scanner.skipSpace() else { return }
            let keyOffset = scanner.pos
            let c = bytes[keyOffset]
            let quoted = OldStyleScanner.isQuote(c)
            let scanned: (key: String, hash: UInt64)?
            if quoted {
                scanned = scanQuotedKey()
            } else if OldStyleScanner.isUnquotedCharacter(c) {
                let range = scanner.scanUnquotedRange()
                scanned = key(UnsafeBufferPointer(rebasing: bytes[range]), isASCII: true)
            } else if braced, c == UInt8(ascii: "}") {
                return
            } else if afterSemicolon, !braced {
                // CoreFoundation's loop ends here without an error: the dictionary so far is the
                // whole table. Keep reading to report what is lost.
                if !scanner.quiet, isRead(keyOffset) {
                    silentStopOffset = keyOffset
                    silentStopUnexpected = describeCharacter(at: keyOffset)
                }
                scanner.pos += 1
                continue
            } else if braced, afterSemicolon {
                return
            } else {
                fatal(.stringsExpectedKey(found: describeCharacter(at: keyOffset)), at: keyOffset)
                scanner.pos += 1
                afterSemicolon = false
                if c != UInt8(ascii: ";") { scanner.skipToNextLine(after: keyOffset) }
                continue
            }
            guard let (key, keyHash) = scanned else {
                if afterSemicolon, !braced, !scanner.quiet, isRead(keyOffset) {
                    // A key whose quote never closes ends CoreFoundation's loop on the "success
                    // path", which clears the error: the entries before it load.
                    scanner.diagnostics.removeLast()
                    silentStopOffset = keyOffset
                    silentStopUnexpected = nil
                    scanner.skipToNextLine(after: keyOffset)
                    afterSemicolon = false
                    continue
                }
                fatalAlreadyReported(at: keyOffset)
                scanner.skipToNextLine(after: keyOffset)
                afterSemicolon = false
                continue
            }
            let comment = scanner.takeComments(appendingTo: &text)
            afterSemicolon = parseEntryTail(key: key, keyOffset: keyOffset, keyHash: keyHash, comment: comment, braced: braced)
        }
    }

    /// A quoted key and its `DuplicateKeyFinder.hash`; nil after the scanner reported an error.
    private mutating func scanQuotedKey() -> (key: String, hash: UInt64)? {
        switch scanner.scanQuotedText() {
        case nil:
            return nil
        case .verbatim(let range, let isASCII):
            return key(UnsafeBufferPointer(rebasing: bytes[range]), isASCII: isASCII)
        case .escaped:
            let key = scanner.escaped.withUnsafeBufferPointer { OldStyleScanner.string(validUTF8: $0) }
            return (key, DuplicateKeyFinder.hash(key))
        }
    }

    /// The key whose UTF-8 is `bytes`, from the table's pool when it has it (see `KeyPool`).
    private func key(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> (key: String, hash: UInt64) {
        let hash = DuplicateKeyFinder.hash(bytes: bytes)
        if bytes.count > KeyPool.inlineLimit, let pooled = keyPool?.key(bytes, hash: hash) { return (pooled, hash) }
        return (OldStyleScanner.string(validUTF8: bytes, isASCII: isASCII), hash)
    }

    /// The scanner reported an unterminated string; make it the fatal error if it comes first.
    mutating func fatalAlreadyReported(at offset: Int) {
        guard !scanner.quiet, isRead(offset), firstFatalOffset.map({ offset < $0 }) ?? true else { return }
        firstFatalOffset = offset
        firstFatalDiagnosticIndex = scanner.diagnostics.count - 1
    }

    /// After a key: `;` (shorthand) or `= value ;`. Returns whether the entry ended with `;`.
    private mutating func parseEntryTail(
        key: consuming String, keyOffset: Int, keyHash: UInt64, comment: Range<Int>?, braced: Bool
    ) -> Bool {
        let afterKey = scanner.pos
        guard scanner.skipSpace() else {
            fatal(.stringsExpectedSeparatorAfterKey(key: key, found: nil), at: afterKey)
            return false
        }
        let c = bytes[scanner.pos]
        if c == UInt8(ascii: ";") {
            let start = text.count
            text.append(contentsOf: key.utf8)
            entries.append(
                StringsEntry(key: key, value: start..<text.count, valueKind: .string, comment: comment, isShorthand: true))
            scanner.pos += 1
            offsets.append(EntryOffsets(key: keyOffset, value: keyOffset, keyHash: keyHash, end: scanner.pos))
            return true
        }
        guard c == UInt8(ascii: "=") else {
            fatal(.stringsExpectedSeparatorAfterKey(key: key, found: describeCharacter(at: scanner.pos)), at: scanner.pos)
            scanner.skipToNextLine(after: scanner.pos)
            return false
        }
        scanner.pos += 1
        guard scanner.skipSpace() else {
            fatal(.stringsExpectedValueAtEnd(key: key), at: scanner.pos)
            return false
        }
        let valueOffset = scanner.pos
        let v = bytes[valueOffset]
        scanner.valueOfKey = key
        defer { scanner.valueOfKey = nil }
        var value: Range<Int>?
        var kind = StringsValueKind.string
        let quoted = OldStyleScanner.isQuote(v)
        if quoted {
            guard let range = scanner.scanQuoted(appendingTo: &text) else {
                fatalAlreadyReported(at: valueOffset)
                scanner.skipToNextLine(after: valueOffset)
                return false
            }
            value = range
        } else if OldStyleScanner.isUnquotedCharacter(v) {
            let word = scanner.scanUnquotedRange()
            let start = text.count
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[word]))
            value = start..<text.count
        } else if v == UInt8(ascii: "{") || v == UInt8(ascii: "(") || v == UInt8(ascii: "<") {
            guard let nestedKind = parseNestedObject(depth: 1) else {
                scanner.skipToNextLine(after: scanner.pos)
                return false
            }
            kind = nestedKind
            scanner.report(.nonStringValue, .stringsNestedValue(key: key, kind: nestedKind), at: valueOffset, key: key)
        } else {
            fatal(.stringsExpectedQuotedValue(key: key, found: describeCharacter(at: valueOffset)), at: valueOffset)
            if v == UInt8(ascii: ";") { scanner.pos += 1 } else { scanner.skipToNextLine(after: valueOffset) }
            return v == UInt8(ascii: ";")
        }
        let verbatim = kind == .string && (scanner.pos - valueOffset - (quoted ? 2 : 0)) == value?.count
        entries.append(
            StringsEntry(
                key: key, value: value, valueKind: kind, comment: comment, valueIsVerbatim: verbatim, valueIsQuoted: quoted))
        offsets.append(EntryOffsets(key: keyOffset, value: valueOffset, keyHash: keyHash))
        let afterValue = scanner.pos
        if scanner.skipSpace(), bytes[scanner.pos] == UInt8(ascii: ";") {
            scanner.pos += 1
            offsets[offsets.count - 1].end = scanner.pos
            return true
        }
        // More on the same line (`"He said "hi"";`: a quote not escaped) is the same mistake: the
        // next line is where another entry may start. A new line after the value (a ';' left out
        // at a line end) is read from where it starts, and `fix` adds the ';' when a key starts it.
        let lineEnds = scanner.pos <= bytes.count && bytes[afterValue..<scanner.pos].contains(where: { $0 == 0x0A || $0 == 0x0D })
        let keyFollows =
            scanner.pos < bytes.count
            && (OldStyleScanner.isQuote(bytes[scanner.pos]) || OldStyleScanner.isUnquotedCharacter(bytes[scanner.pos]))
        fatal(
            .stringsExpectedSemicolonAfterValue(key: entries[entries.count - 1].key), at: afterValue,
            fix: !braced && lineEnds && keyFollows ? (afterValue..<afterValue, ";", ParseMessage.addSemicolon.text, "") : nil)
        if !braced, scanner.pos < bytes.count, !lineEnds {
            scanner.skipToNextLine(after: scanner.pos)
        }
        return false
    }

    // MARK: Unterminated comments

    /// An unterminated `/*` hides the rest of the file from CoreFoundation without any error. Re-read
    /// what follows quietly to say which entries vanish.
    private mutating func checkUnterminatedComment() {
        guard let opening = scanner.unterminatedCommentOffset else { return }
        if isRead(opening) { commentCutOffset = opening }
        let before = entries.count
        scanner.quiet = true
        scanner.unterminatedCommentOffset = nil
        scanner.pos = opening + 2
        scanner.skipToNextLine(after: opening)
        parseEntries(braced: false)
        scanner.quiet = false
        swallowedEntryCount = entries.count - before
        let message: ParseMessage
        let severity: Severity
        if swallowedEntryCount > 0 {
            message = .stringsCommentHidesEntries(count: swallowedEntryCount, firstKeys: entries[before...].prefix(3).map(\.key))
            severity = .error
        } else {
            message = .stringsCommentNeverClosed
            severity = .warning
        }
        scanner.report(.stringsUnterminatedComment, message, at: opening, severity: severity)
    }

    // MARK: Result

    /// The most diagnostics one file keeps; past it duplicate keys are counted in one more.
    static let maximumDiagnostics = 10_000

    mutating func finish(path: String, lines: LineTable, encoding: TextEncoding, decodable: Bool) -> StringsFile {
        var loads = decodable && firstFatalOffset == nil && notATableMessage == nil
        var pending = scanner.diagnostics
        scanner.tally.annotate(&pending, id: \.kind.rawValue, key: \.key, message: \.message)
        if let message = notATableMessage {
            pending.append(PendingDiagnostic(kind: .notATable, message: message.text, offset: 0))
            loads = false
        }
        if let index = firstFatalDiagnosticIndex {
            let count = entries.count
            pending[index].message += ParseMessage.stringsFileRejected(entries: count).text
        }
        if let cut = silentStopOffset {
            let lost = offsets.count { $0.key > cut }
            let message =
                silentStopUnexpected.map { ParseMessage.stringsSilentStopAtUnexpected(found: $0, lost: lost) }
                ?? .stringsSilentStopAtUnclosedKey(lost: lost)
            // A `;` where a key should start (`"a" = "b";;`) is a stray one: `fix` removes it.
            let stray = cut < bytes.count && bytes[cut] == UInt8(ascii: ";")
            pending.append(
                PendingDiagnostic(
                    kind: .stringsSilentTruncation, message: message.text, offset: cut,
                    fix: stray ? (cut..<(cut + 1), "", ParseMessage.removeStraySemicolon.text, ";") : nil))
        }

        // Entries are completed in place: no second array, no copies of their strings.
        var result = entries
        // Taken, not shared: completing a shared array in place would copy every entry first.
        entries = []
        var duplicates = DuplicateKeyFinder(capacity: result.count)
        var unlistedSame = 0
        var unlistedDifferent = 0
        // A key's latest definition, by its first (keys defined more than twice): each definition
        // offers to remove the one just before it, so one run removes every earlier copy.
        var latest: [Int: Int] = [:]
        var cursor = LineTable.Cursor(lines)
        let text = text
        result.withUnsafeMutableBufferPointer { result in
            for index in result.indices {
                let offset = offsets[index]
                let keyLocation = cursor.location(ofByte: offset.key)
                result[index].loaded = loads && isRead(offset.key)
                result[index].keyLocation = keyLocation
                result[index].valueLocation = result[index].isShorthand ? keyLocation : cursor.location(ofByte: offset.value)
                guard let previous = duplicates.insert(index, hash: offset.keyHash, in: result) else { continue }
                let same = Self.sameValue(result[previous], result[index], in: text)
                let justBefore = latest[previous] ?? previous
                latest[previous] = index
                guard pending.count < Self.maximumDiagnostics else {
                    // Past the bound, counted: a file of a million duplicates holds no million findings.
                    if same { unlistedSame += 1 } else { unlistedDifferent += 1 }
                    continue
                }
                let key = result[index].key
                // The same text twice: the definition just before can go (`stringscheck fix`), as
                // nothing that loads changes.
                let earlier = offsets[justBefore]
                let removable =
                    earlier.end > 0 && (justBefore == previous ? same : Self.sameValue(result[justBefore], result[index], in: text))
                let fix = removable ? (earlier.key..<earlier.end, "", ParseMessage.removeEarlierDefinition.text, String?.none) : nil
                pending.append(
                    PendingDiagnostic(
                        kind: .duplicateKey,
                        message: (same ? ParseMessage.duplicateKeySameValue(key: key) : .duplicateKeyDifferentValues(key: key)).text,
                        offset: offset.key, severity: same ? .warning : .error,
                        notes: [(ParseMessage.firstDefinition(key: key), offsets[previous].key)], key: key, fix: fix))
            }
        }
        if unlistedSame + unlistedDifferent > 0 {
            let message = ParseMessage.moreDuplicateKeys(
                count: unlistedSame + unlistedDifferent, different: unlistedDifferent, listed: Self.maximumDiagnostics)
            pending.append(
                PendingDiagnostic(
                    kind: .duplicateKey, message: message.text, offset: offsets.last?.key ?? 0,
                    severity: unlistedDifferent > 0 ? .error : .warning))
        }
        let diagnostics = pending.map { item in
            Diagnostic(
                id: item.kind.rawValue, severity: item.severity ?? item.kind.defaultSeverity, message: item.message, path: path,
                location: lines.location(ofByte: item.offset),
                notes: item.notes.map {
                    DiagnosticNote(message: $0.message, path: path, location: lines.location(ofByte: $0.offset))
                },
                fixIts: item.fix.map { fix in
                    [
                        FixIt(
                            message: fix.message, path: path, start: lines.location(ofByte: fix.range.lowerBound),
                            end: lines.location(ofByte: fix.range.upperBound), replacement: fix.replacement, original: fix.original)
                    ]
                } ?? [], key: item.key)
        }
        return StringsFile(path: path, encoding: encoding, entries: result, text: text, diagnostics: diagnostics, loads: loads)
    }

    /// Whether two entries' values are the same string (or both not strings).
    private static func sameValue(_ a: StringsEntry, _ b: StringsEntry, in text: [UInt8]) -> Bool {
        guard a.hasValue, b.hasValue else { return a.hasValue == b.hasValue }
        return text.withUnsafeBufferPointer { text in text[a.valueRange].elementsEqual(text[b.valueRange]) }
    }
}
