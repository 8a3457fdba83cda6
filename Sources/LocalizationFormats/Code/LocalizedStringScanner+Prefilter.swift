import Foundation

/// Which files are worth lexing: a pass over the bytes that most source files fail.
extension LocalizedStringScanner {
    /// Whether the bytes may hold a lookup at all: "ocalizedSt" (`NSLocalizedString`,
    /// `LocalizedStringKey`, `localizedString(forKey:)`) or "ocalized:" (`String(localized:)`), or a call of a
    /// SwiftUI view or modifier, SwiftGen's `tr` or a wrapper. Most model and networking files hold
    /// none and are not lexed.
    public static func mayHoldUses(_ bytes: [UInt8], wrappers: [LocalizedStringWrapper]) -> Bool {
        // Names by length (the longest is short): one array index per '(' instead of a hash.
        var names = callNamesByLength
        let members = wrappers.filter(\.onString).map { Array(("." + $0.name).utf8) }
        if members.contains(where: { ByteSearch.contains(bytes, $0) }) { return true }
        for wrapper in wrappers where !wrapper.onString {
            let name = Array(wrapper.name.utf8)
            if name.count >= names.count { names += Array(repeating: [], count: name.count - names.count + 1) }
            names[name.count].append(name)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            // "ocalizedSt" (`NSLocalizedString`, `LocalizedStringKey`, `LocalizedStringResource`,
            // `localizedString(forKey:)`) or "ocalized:" (`String(localized:)`); not the
            // "Localization" of `import AppLocalization`.
            if ByteSearch.firstOccurrence(of: Self.lookupWord, in: buffer) != nil
                || ByteSearch.firstOccurrence(of: Self.localizedLabel, in: buffer) != nil
            {
                return true
            }
            let count = buffer.count
            var index = 0
            while index < count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "(")), count - index) else { return false }
                let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var start = open
                while start > 0, CodeLexer.isIdentifierByte(buffer[start - 1]) { start -= 1 }
                let length = open - start
                if length > 0, length < names.count {
                    for name in names[length] where name.indices.allSatisfy({ buffer[start + $0] == name[$0] }) { return true }
                }
                index = open + 1
            }
            return false
        }
    }

    static let lookupWord = Array("ocalizedSt".utf8)
    static let localizedLabel = Array("ocalized:".utf8)

    /// SwiftUI's views and modifiers: a literal is a key, a `String` variable is shown as it is.
    static func takesKeyOnlyFromLiterals(_ name: String) -> Bool {
        swiftUIViews.contains(name) || swiftUIModifiers.contains(name) || name == "searchable"
    }

    /// The names of the calls `mayHoldUses` looks for, indexed by length.
    static let callNamesByLength: [[[UInt8]]] = {
        var table: [[[UInt8]]] = []
        for name in swiftUIViews.union(swiftUIModifiers).union(["searchable", "tr"]) {
            let bytes = Array(name.utf8)
            if bytes.count >= table.count { table += Array(repeating: [], count: bytes.count - table.count + 1) }
            table[bytes.count].append(bytes)
        }
        return table
    }()
}
