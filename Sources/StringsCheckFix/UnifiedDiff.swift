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

    /// An edit script from `a` to `b`: the shortest (Myers' algorithm) when it is found within a
    /// bounded amount of work, as for any fix or the layout of a table. Two long texts far apart
    /// (a large catalog whose every entry moves) are first split at lines that occur once in each
    /// and in the same order (as patience diff splits them), and each part is diffed again; a
    /// part with no such line and too far apart is shown as removed and added. Time and memory
    /// stay bounded where the search kept every frontier (quadratic in both).
    static func editScript(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        // Lines as numbers: equal lines, equal numbers.
        var numbers: [[UInt8]: Int] = [:]
        func number(_ line: [UInt8]) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let x = a.map(number)
        let y = b.map(number)
        var script = EditScript(a: x, b: y)
        script.diff(0..<x.count, 0..<y.count, depth: 0)
        return script.steps
    }

    /// The steps of an edit script, built range by range in order.
    private struct EditScript {
        let a: [Int]
        let b: [Int]
        var steps: [Step] = []

        /// The most changes a shortest-script search looks for on one range (its frontiers take
        /// memory growing with their square), and the most work it may do there (frontier points
        /// and lines compared along the diagonals) before the range is split instead.
        static let maximumChanges = 1_500
        static let searchBudget = 30_000_000
        /// Splits nested deeper than this show what remains as removed and added.
        static let maximumDepth = 48

        init(a: [Int], b: [Int]) {
            self.a = a
            self.b = b
            steps.reserveCapacity(max(a.count, b.count))
        }

        mutating func diff(_ old: Range<Int>, _ new: Range<Int>, depth: Int) {
            var old = old
            var new = new
            // The equal start and end first: a fix changes a few lines of a long file.
            while !old.isEmpty, !new.isEmpty, a[old.lowerBound] == b[new.lowerBound] {
                steps.append(Step(kind: .same, oldIndex: old.lowerBound, newIndex: new.lowerBound))
                old = (old.lowerBound + 1)..<old.upperBound
                new = (new.lowerBound + 1)..<new.upperBound
            }
            var suffix = 0
            while suffix < min(old.count, new.count), a[old.upperBound - 1 - suffix] == b[new.upperBound - 1 - suffix] { suffix += 1 }
            let middleOld = old.lowerBound..<(old.upperBound - suffix)
            let middleNew = new.lowerBound..<(new.upperBound - suffix)
            if middleOld.isEmpty || middleNew.isEmpty {
                removedAndAdded(middleOld, middleNew)
            } else if let found = Self.shortest(a, middleOld, b, middleNew) {
                steps += found
            } else if depth < Self.maximumDepth, let anchors = uniqueCommonLines(middleOld, middleNew), !anchors.isEmpty {
                var fromOld = middleOld.lowerBound
                var fromNew = middleNew.lowerBound
                for (i, j) in anchors {
                    diff(fromOld..<i, fromNew..<j, depth: depth + 1)
                    steps.append(Step(kind: .same, oldIndex: i, newIndex: j))
                    fromOld = i + 1
                    fromNew = j + 1
                }
                diff(fromOld..<middleOld.upperBound, fromNew..<middleNew.upperBound, depth: depth + 1)
            } else {
                removedAndAdded(middleOld, middleNew)
            }
            for offset in 0..<suffix {
                steps.append(Step(kind: .same, oldIndex: middleOld.upperBound + offset, newIndex: middleNew.upperBound + offset))
            }
        }

        mutating func removedAndAdded(_ old: Range<Int>, _ new: Range<Int>) {
            for i in old { steps.append(Step(kind: .delete, oldIndex: i, newIndex: new.lowerBound)) }
            for j in new { steps.append(Step(kind: .insert, oldIndex: old.upperBound, newIndex: j)) }
        }

        /// The lines that occur once in each range, paired, the longest run of pairs in the same
        /// order in both (patience sorting); nil when there are none.
        func uniqueCommonLines(_ old: Range<Int>, _ new: Range<Int>) -> [(Int, Int)]? {
            // Line → (times in old, its place there, times in new, its place there).
            var seen: [Int: (Int, Int, Int, Int)] = [:]
            for i in old { seen[a[i], default: (0, i, 0, 0)].0 += 1 }
            for j in new {
                guard var entry = seen[b[j]] else { continue }
                entry.2 += 1
                entry.3 = j
                seen[b[j]] = entry
            }
            let pairs = seen.values.filter { $0.0 == 1 && $0.2 == 1 }.map { ($0.1, $0.3) }.sorted { $0.0 < $1.0 }
            guard !pairs.isEmpty else { return nil }
            // The longest increasing run of new places, in old order.
            var tails: [Int] = []
            var previous = [Int](repeating: -1, count: pairs.count)
            for (index, pair) in pairs.enumerated() {
                var low = 0
                var high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[index] = tails[low - 1] }
                if low == tails.count { tails.append(index) } else { tails[low] = index }
            }
            var run: [(Int, Int)] = []
            var index = tails.last ?? -1
            while index >= 0 {
                run.append(pairs[index])
                index = previous[index]
            }
            return run.reversed()
        }

        /// The shortest edit script of `a[old]` to `b[new]` (Myers' algorithm, each frontier kept
        /// only over the diagonals it reached); nil when it takes more than `searchBudget` work.
        static func shortest(_ a: [Int], _ old: Range<Int>, _ b: [Int], _ new: Range<Int>) -> [Step]? {
            let n = old.count
            let m = new.count
            let maximum = n + m
            // Frontier d covers diagonals -d...d: v[k + d] is the furthest x on diagonal k.
            var frontiers: [[Int]] = []
            var v = [0]
            var work = 0
            var end: Int?
            search: for d in 0...maximum {
                guard d <= maximumChanges else { return nil }
                var next = [Int](repeating: 0, count: 2 * d + 1)
                for k in stride(from: -d, through: d, by: 2) {
                    // From the diagonal above (an insertion) or below (a deletion), in frontier d - 1.
                    var x: Int
                    if d == 0 {
                        x = 0
                    } else if k == -d || (k != d && v[k - 1 + d - 1] < v[k + 1 + d - 1]) {
                        x = v[k + 1 + d - 1]
                    } else {
                        x = v[k - 1 + d - 1] + 1
                    }
                    var y = x - k
                    while x < n, y < m, a[old.lowerBound + x] == b[new.lowerBound + y] {
                        x += 1
                        y += 1
                        work += 1
                    }
                    next[k + d] = x
                    work += 1
                    if work > searchBudget { return nil }
                    if x >= n, y >= m {
                        frontiers.append(next)
                        end = d
                        break search
                    }
                }
                frontiers.append(next)
                v = next
            }
            guard let end else { return nil }
            // Back from the end through the kept frontiers.
            var steps: [Step] = []
            var x = n
            var y = m
            for d in stride(from: end, through: 0, by: -1) {
                let k = x - y
                var previousX = 0
                var previousK = 0
                if d > 0 {
                    let before = frontiers[d - 1]
                    previousK = (k == -d || (k != d && before[k - 1 + d - 1] < before[k + 1 + d - 1])) ? k + 1 : k - 1
                    previousX = before[previousK + d - 1]
                }
                let previousY = previousX - previousK
                while x > previousX, y > previousY {
                    x -= 1
                    y -= 1
                    steps.append(Step(kind: .same, oldIndex: old.lowerBound + x, newIndex: new.lowerBound + y))
                }
                if d > 0 {
                    if x == previousX {
                        y -= 1
                        steps.append(Step(kind: .insert, oldIndex: old.lowerBound + x, newIndex: new.lowerBound + y))
                    } else {
                        x -= 1
                        steps.append(Step(kind: .delete, oldIndex: old.lowerBound + x, newIndex: new.lowerBound + y))
                    }
                }
            }
            return steps.reversed()
        }
    }
}
