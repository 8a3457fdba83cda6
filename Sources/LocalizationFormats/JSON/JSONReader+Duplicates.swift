/// Duplicate keys: a JSON object's members are checked as they are read, and a key written
/// twice is reported where it is written again, with a note at its first place.
extension JSONReader.Parser {
    /// Reports `key` if an earlier member of its object has it. Most objects have a handful of
    /// members, which a scan compares faster than a dictionary hashes; larger ones (and
    /// streamed ones, which keep no members) get the dictionary.
    mutating func noteKey(
        _ key: String, at keyLocation: SourcePosition, members: [JSONMember], seen: inout [String: SourcePosition], count: inout Int,
        streamed: Bool
    ) {
        let first: SourcePosition?
        if !streamed, count < 8 {
            first = members.first { $0.key == key }?.keyLocation
        } else {
            if !streamed, count == 8 {
                for earlier in members where seen[earlier.key] == nil { seen[earlier.key] = earlier.keyLocation }
            }
            first = seen[key]
        }
        if first != nil {
            noteDuplicate(key, at: keyLocation, first: first)
        } else if streamed || count >= 8 {
            seen[key] = keyLocation
        }
        count += 1
    }

    /// Reports `key` at `keyLocation` as written before at `first`, if it was (listed up to
    /// `maximumDuplicates`, counted past them).
    mutating func noteDuplicate(_ key: String, at keyLocation: SourcePosition, first: SourcePosition?) {
        guard let first else { return }
        if duplicatesListed >= Self.maximumDuplicates {
            // Past the bound, counted: a file of millions of duplicates holds no million findings.
            unlistedDuplicates += 1
            lastDuplicate = keyLocation
        } else {
            duplicatesListed += 1
            diagnostics.append(
                Diagnostic(
                    .jsonDuplicateKey, .jsonDuplicateKey(key: key), path: path, at: keyLocation,
                    notes: [DiagnosticNote(message: .jsonFirstKey(key: key), path: path, location: first)]))
        }
    }
}
