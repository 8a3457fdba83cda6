/// A unified diff of two texts, line by line, as `diff -u` and `git diff` print it: what
/// `fix --dry-run` and `format --dry-run` show instead of writing.
public enum UnifiedDiff {
    /// The diff of `old` and `new` (UTF-8) under `---`/`+++` headers naming `path`; "" when they
    /// are equal. Lines keep their own endings; a last line without one is marked as `diff` does.
    public static func diff(_ old: [UInt8], _ new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        // `git diff`'s a/ and b/ before a relative path; an absolute one as `diff -u` shows it.
        let (old, new) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var out = "--- \(old)\n+++ \(new)\n"
        // Hunks: runs of changes with up to `context` equal lines around them, merged when close.
        var index = 0
        while index < script.count {
            guard let start = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = start
            var cursor = start
            while cursor < script.count {
                if script[cursor].kind != .same {
                    end = cursor
                    cursor += 1
                    continue
                }
                // Equal lines: the hunk goes on when another change follows within 2 × context.
                let next = script[cursor...].firstIndex { $0.kind != .same }
                guard let next, next - cursor <= 2 * context else { break }
                cursor = next
            }
            let from = max(start - context, index)
            let to = min(end + context + 1, script.count)
            let hunk = script[from..<to]
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.count { $0.kind != .insert }
            let newCount = hunk.count { $0.kind != .delete }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let line: [UInt8]
                let mark: String
                switch step.kind {
                case .same: (line, mark) = (a[step.oldIndex], " ")
                case .delete: (line, mark) = (a[step.oldIndex], "-")
                case .insert: (line, mark) = (b[step.newIndex], "+")
                }
                out += mark + String(decoding: line, as: UTF8.self)
                if line.last != 0x0A && line.last != 0x0D { out += "\n\\ No newline at end of file\n" }
            }
            index = to
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // 1-based; an empty range names the line before it, as diff does.
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    /// Lines with their endings.
    static func lines(_ text: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < text.count {
            if text[index] == 0x0A || (text[index] == 0x0D && (index + 1 == text.count || text[index + 1] != 0x0A)) {
                result.append(Array(text[start...index]))
                start = index + 1
            }
            index += 1
        }
        if start < text.count { result.append(Array(text[start...])) }
        return result
    }

    struct Step {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// Where the step stands in each text (the next line's index for the text it skips).
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script from `a` to `b` (Myers' algorithm), with the equal prefix and
    /// suffix taken off first: a fix changes a few lines of a long file.
    static func editScript(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        var steps = (0..<prefix).map { Step(kind: .same, oldIndex: $0, newIndex: $0) }
        for step in middle(x, y) {
            steps.append(Step(kind: step.kind, oldIndex: step.oldIndex + prefix, newIndex: step.newIndex + prefix))
        }
        for offset in 0..<suffix {
            steps.append(Step(kind: .same, oldIndex: a.count - suffix + offset, newIndex: b.count - suffix + offset))
        }
        return steps
    }

    private static func middle(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        let n = a.count
        let m = b.count
        let maximum = n + m
        guard maximum > 0 else { return [] }
        var v = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...maximum {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[k - 1 + maximum] < v[k + 1 + maximum])) ? v[k + 1 + maximum] : v[k - 1 + maximum] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[k + maximum] = x
                if x >= n && y >= m {
                    found = true
                    break
                }
            }
            if found { break }
        }
        // Walk back through the saved frontiers.
        var steps: [Step] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + maximum] < v[k + 1 + maximum])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[previousK + maximum]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    steps.append(Step(kind: .insert, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    steps.append(Step(kind: .delete, oldIndex: x, newIndex: y))
                }
            }
        }
        return steps.reversed()
    }
}
