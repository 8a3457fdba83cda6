/// Shell-style patterns for paths and keys: `*` matches within one path component, `**` across
/// components, `?` one character, `[abc]` a set. A pattern without `/` matches a path's last
/// component or any whole path suffix, as in `.gitignore`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let scalars: [Unicode.Scalar]
    /// The literal text after the pattern's last wildcard: every match ends with it, so a subject
    /// that does not is turned away before the matcher allocates anything (most files, when
    /// payload globs meet a tree of thousands).
    private let literalTail: String

    public init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
        let tail = scalars.reversed().prefix { !"*?[]".unicodeScalars.contains($0) }.reversed()
        var literal = String.UnicodeScalarView()
        literal.append(contentsOf: tail)
        literalTail = String(literal)
    }

    public var description: String { pattern }

    /// Matches a key: `*` here also crosses `/` and `.`, since keys have no components.
    public func matchesKey(_ key: String) -> Bool {
        guard endsWithLiteralTail(key) else { return false }
        return Self.match(scalars, Array(key.unicodeScalars), from: 0, slashIsSpecial: false)
    }

    /// Matches a relative path (no leading `./`).
    public func matchesPath(_ path: String) -> Bool {
        guard endsWithLiteralTail(path) else { return false }
        let subject = Array(path.unicodeScalars)
        if Self.match(scalars, subject, from: 0, slashIsSpecial: true) { return true }
        // A leading `**/` already tries every component start.
        if !pattern.contains("/") {
            // Unanchored: try every suffix that starts a component.
            for (index, scalar) in subject.enumerated() where scalar == "/" {
                if Self.match(scalars, subject, from: index + 1, slashIsSpecial: true) { return true }
            }
        }
        return false
    }

    /// A suffix of UTF-8 bytes that starts with a whole scalar is a suffix of scalars too.
    private func endsWithLiteralTail(_ subject: String) -> Bool {
        let tail = literalTail.utf8
        let bytes = subject.utf8
        return bytes.count >= tail.count && bytes.suffix(tail.count).elementsEqual(tail)
    }

    /// Whether `p` matches `s[from...]`.
    private static func match(_ p: [Unicode.Scalar], _ s: [Unicode.Scalar], from: Int, slashIsSpecial: Bool) -> Bool {
        let width = s.count + 1
        // Memoised in a flat table (0 unknown, 1 no, 2 yes) so patterns with several stars stay
        // linear in practice without allocating per state.
        var memo = [UInt8](repeating: 0, count: (p.count + 1) * width)
        func at(_ pi: Int, _ si: Int) -> Bool {
            let key = pi * width + si
            if memo[key] != 0 { return memo[key] == 2 }
            let result = compute(pi, si)
            memo[key] = result ? 2 : 1
            return result
        }
        func compute(_ pi: Int, _ si: Int) -> Bool {
            guard pi < p.count else { return si == s.count }
            let c = p[pi]
            if c == "*", pi + 1 < p.count, p[pi + 1] == "*" {
                if pi + 2 < p.count, p[pi + 2] == "/" {
                    // `**/`: zero or more whole components.
                    for k in si...s.count where k == si || s[k - 1] == "/" {
                        if at(pi + 3, k) { return true }
                    }
                    return false
                }
                for k in si...s.count where at(pi + 2, k) { return true }
                return false
            }
            if c == "*" {
                var k = si
                while true {
                    if at(pi + 1, k) { return true }
                    guard k < s.count, !(slashIsSpecial && s[k] == "/") else { return false }
                    k += 1
                }
            }
            guard si < s.count else { return false }
            if c == "?" { return !(slashIsSpecial && s[si] == "/") && at(pi + 1, si + 1) }
            if c == "[", let (matched, next) = matchSet(p[...], pi, s[si]) { return matched && at(next, si + 1) }
            return c == s[si] && at(pi + 1, si + 1)
        }
        return at(0, from)
    }

    private static func matchSet(_ pattern: ArraySlice<Unicode.Scalar>, _ start: Int, _ c: Unicode.Scalar) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < pattern.endIndex, pattern[i] == "!" || pattern[i] == "^" {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < pattern.endIndex, pattern[i] != "]" || first {
            first = false
            if i + 2 < pattern.endIndex, pattern[i + 1] == "-", pattern[i + 2] != "]" {
                if pattern[i].value <= c.value, c.value <= pattern[i + 2].value { matched = true }
                i += 3
            } else {
                if pattern[i] == c { matched = true }
                i += 1
            }
        }
        guard i < pattern.endIndex else { return nil }
        return (matched != negate, i + 1)
    }
}
