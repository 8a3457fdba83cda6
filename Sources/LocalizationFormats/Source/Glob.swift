/// Shell-style patterns for paths and keys: `*` matches within one path component, `**` across
/// components, `?` one character, `[abc]` a set. A pattern without `/` matches a path's last
/// component or any whole path suffix, as in `.gitignore`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]
    /// The literal text after the pattern's last wildcard: every match ends with it, so a subject
    /// that does not is turned away before the matcher runs (most files, when payload globs meet
    /// a tree of thousands).
    private let literalTail: String
    /// `**/*.swift`: a path matches when it ends with the literal (which holds no `/`), whatever
    /// comes before; decided without running the matcher.
    private let anyPathEndingWithTail: Bool

    /// One step of a compiled pattern.
    private enum Token: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        /// `?`
        case one
        /// `[…]`, `[!…]`: single scalars and ranges.
        case set([ClosedRange<UInt32>], negated: Bool)
        /// `*`
        case star
        /// `**` not followed by `/`: any text.
        case anything
        /// `**/`: zero or more whole path components.
        case components
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        let scalars = Array(pattern.unicodeScalars)
        tokens = Self.compile(scalars)
        // The scalars after the last wildcard token (the `/` of a final `**/` is no literal: it may
        // match nothing).
        var literal = String.UnicodeScalarView()
        for token in tokens.reversed() {
            guard case .scalar(let scalar) = token else { break }
            literal.append(scalar)
        }
        literalTail = String(String.UnicodeScalarView(literal.reversed()))
        if tokens.count == literal.count + 2, tokens[0] == .components, tokens[1] == .star, !literal.contains("/") {
            anyPathEndingWithTail = true
        } else {
            anyPathEndingWithTail = false
        }
    }

    public var description: String { pattern }

    /// Matches a key: `*` here also crosses `/` and `.`, since keys have no components.
    public func matchesKey(_ key: String) -> Bool {
        guard endsWithLiteralTail(key) else { return false }
        return run(key.unicodeScalars, slashIsSpecial: false, unanchored: false)
    }

    /// Matches a relative path (no leading `./`).
    public func matchesPath(_ path: String) -> Bool {
        guard endsWithLiteralTail(path) else { return false }
        if anyPathEndingWithTail { return true }
        // Unanchored (no `/` in the pattern): a match may also start after any `/`.
        return run(path.unicodeScalars, slashIsSpecial: true, unanchored: !pattern.contains("/"))
    }

    /// A suffix of UTF-8 bytes that starts with a whole scalar is a suffix of scalars too.
    private func endsWithLiteralTail(_ subject: String) -> Bool {
        let tail = literalTail.utf8
        let bytes = subject.utf8
        return bytes.count >= tail.count && bytes.suffix(tail.count).elementsEqual(tail)
    }

    private static func compile(_ p: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < p.count {
            let c = p[i]
            if c == "*", i + 1 < p.count, p[i + 1] == "*" {
                if i + 2 < p.count, p[i + 2] == "/" {
                    tokens.append(.components)
                    i += 3
                } else {
                    tokens.append(.anything)
                    i += 2
                }
            } else if c == "*" {
                tokens.append(.star)
                i += 1
            } else if c == "?" {
                tokens.append(.one)
                i += 1
            } else if c == "[", let (set, negated, next) = parseSet(p, i) {
                tokens.append(.set(set, negated: negated))
                i = next
            } else {
                tokens.append(.scalar(c))
                i += 1
            }
        }
        return tokens
    }

    /// Runs the pattern over `subject` as a set of states advanced one scalar at a time (Thompson's
    /// construction), so memory is proportional to the pattern alone and no step recurses: a
    /// 100,000-character pattern against a 100,000-character key needs two small arrays, where a
    /// table of pattern × subject would need gigabytes.
    ///
    /// A state is `token * 2 + inside`: `inside` marks a `**/` that has consumed characters, which
    /// may only end after a `/`; `tokens.count * 2` is the accepting state.
    private func run(_ subject: String.UnicodeScalarView, slashIsSpecial: Bool, unanchored: Bool) -> Bool {
        let accept = tokens.count * 2
        var current: [Int] = []
        var next: [Int] = []
        // The subject position at which each state was last added, so a state joins a list once.
        var seen = [Int](repeating: -1, count: accept + 2)

        func add(_ state: Int, at position: Int, to list: inout [Int]) {
            // Epsilon moves are followed iteratively; a star's successor is the next token.
            var state = state
            while true {
                guard seen[state] != position else { return }
                seen[state] = position
                list.append(state)
                guard state != accept, state & 1 == 0 else { return }
                switch tokens[state >> 1] {
                case .star, .anything:
                    state += 2
                case .components:
                    // Zero components: go on at once; the inside state waits for a `/`.
                    if seen[state + 1] != position {
                        seen[state + 1] = position
                        list.append(state + 1)
                    }
                    state += 2
                default:
                    return
                }
            }
        }

        var position = 0
        add(0, at: position, to: &current)
        for c in subject {
            position += 1
            next.removeAll(keepingCapacity: true)
            let crossesComponent = slashIsSpecial && c == "/"
            for state in current where state != accept {
                let index = state >> 1
                switch tokens[index] {
                case .scalar(let s):
                    if s == c { add(state + 2, at: position, to: &next) }
                case .one:
                    if !crossesComponent { add(state + 2, at: position, to: &next) }
                case .set(let ranges, let negated):
                    if ranges.contains(where: { $0.contains(c.value) }) != negated { add(state + 2, at: position, to: &next) }
                case .star:
                    if !crossesComponent { add(state, at: position, to: &next) }
                case .anything:
                    add(state, at: position, to: &next)
                case .components:
                    if state & 1 == 1 {
                        add(state, at: position, to: &next)
                        if c == "/" { add(state + 1, at: position, to: &next) }
                    }
                }
            }
            if unanchored, c == "/" { add(0, at: position, to: &next) }
            // Nothing left alive, and no later `/` can start a match again.
            if next.isEmpty, !unanchored { return false }
            swap(&current, &next)
        }
        return current.contains(accept)
    }

    /// A `[…]` set starting at `start`: its ranges, whether it is negated, and the index after
    /// its `]`; nil when it is not closed (the `[` is then a literal).
    private static func parseSet(_ pattern: [Unicode.Scalar], _ start: Int) -> ([ClosedRange<UInt32>], Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < pattern.count, pattern[i] == "!" || pattern[i] == "^" {
            negate = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while i < pattern.count, pattern[i] != "]" || first {
            first = false
            if i + 2 < pattern.count, pattern[i + 1] == "-", pattern[i + 2] != "]" {
                if pattern[i].value <= pattern[i + 2].value { ranges.append(pattern[i].value...pattern[i + 2].value) }
                i += 3
            } else {
                ranges.append(pattern[i].value...pattern[i].value)
                i += 1
            }
        }
        guard i < pattern.count else { return nil }
        return (ranges, negate, i + 1)
    }
}
