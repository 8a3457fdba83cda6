/// Shell-style patterns for paths and keys: `*` matches within one path component, `**` across
/// components, `?` one character, `[abc]` a set. A pattern without `/` matches a path's last
/// component or any whole path suffix, as in `.gitignore`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let scalars: [Unicode.Scalar]

    public init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    public var description: String { pattern }

    /// Matches a key: `*` here also crosses `/` and `.`, since keys have no components.
    public func matchesKey(_ key: String) -> Bool {
        Self.match(scalars[...], Array(key.unicodeScalars)[...], slashIsSpecial: false)
    }

    /// Matches a relative path (no leading `./`).
    public func matchesPath(_ path: String) -> Bool {
        let subject = Array(path.unicodeScalars)
        if Self.match(scalars[...], subject[...], slashIsSpecial: true) { return true }
        if !pattern.contains("/") || pattern.hasPrefix("**/") {
            // Unanchored: try every suffix that starts a component.
            for (index, scalar) in subject.enumerated() where scalar == "/" {
                if Self.match(scalars[...], subject[(index + 1)...], slashIsSpecial: true) { return true }
            }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ subject: ArraySlice<Unicode.Scalar>, slashIsSpecial: Bool) -> Bool {
        let p = Array(pattern)
        let s = Array(subject)
        // Memoised so patterns with several stars stay linear in practice.
        var memo: [Int: Bool] = [:]
        func at(_ pi: Int, _ si: Int) -> Bool {
            let key = pi * (s.count + 1) + si
            if let known = memo[key] { return known }
            let result = compute(pi, si)
            memo[key] = result
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
        return at(0, 0)
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
