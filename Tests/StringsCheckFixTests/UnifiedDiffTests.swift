import TestSupport
import Testing

@testable import StringsCheckFix

/// The edit scripts under `fix --dry-run` and `format --dry-run`: always a script from the old
/// lines to the new, the shortest one for texts close to each other, and found in bounded time and
/// memory for two long texts far apart.
struct UnifiedDiffTests {
    /// The new lines, rebuilt from the old ones and the script; nil when the script is not one
    /// (a step out of order, a kept line that differs).
    static func replay(_ steps: [UnifiedDiff.Step], _ a: [[UInt8]], _ b: [[UInt8]]) -> [[UInt8]]? {
        var old = 0
        var new = 0
        var result: [[UInt8]] = []
        for step in steps {
            guard step.oldIndex == old, step.newIndex == new else { return nil }
            switch step.kind {
            case .same:
                guard a[old] == b[new] else { return nil }
                result.append(a[old])
                old += 1
                new += 1
            case .delete: old += 1
            case .insert:
                result.append(b[new])
                new += 1
            }
        }
        return old == a.count && new == b.count ? result : nil
    }

    /// The fewest lines removed and added, by the longest common subsequence.
    static func fewestChanges(_ a: [[UInt8]], _ b: [[UInt8]]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in a.indices {
            var diagonal = 0
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = a[i] == b[j] ? diagonal + 1 : max(row[j], above)
                diagonal = above
            }
        }
        return a.count + b.count - 2 * row[b.count]
    }

    static func text(_ random: inout SplitMix64, lines: Int, alphabet: Int) -> [[UInt8]] {
        (0..<lines).map { _ in Array("line \(random.next() % UInt64(alphabet))\n".utf8) }
    }

    @Test func aScriptOfCloseTextsIsTheShortest() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let a = Self.text(&random, lines: Int(random.next() % 40), alphabet: 6)
            var b = a
            for _ in 0..<(random.next() % 8) {
                let at = b.isEmpty ? 0 : Int(random.next() % UInt64(b.count))
                switch random.next() % 3 {
                case 0 where !b.isEmpty: b.remove(at: at)
                case 1: b.insert(Array("new \(random.next() % 4)\n".utf8), at: at)
                default: if !b.isEmpty { b[at] = Array("changed\n".utf8) }
                }
            }
            let steps = UnifiedDiff.editScript(a, b)
            #expect(Self.replay(steps, a, b) == b)
            #expect(steps.count { $0.kind != .same } == Self.fewestChanges(a, b))
        }
    }

    /// A catalog whose every entry moves (its plural forms put in order): the search for the
    /// shortest script alone would keep a frontier per change, more memory than a machine has.
    @Test func twoLongTextsFarApartAreDiffedInBoundedWork() {
        var old: [[UInt8]] = []
        var new: [[UInt8]] = []
        for entry in 0..<20_000 {
            let forms = ["zero", "one", "two", "few", "many", "other"].map { Array("  \"\($0)\" : \"entry \(entry) \($0)\"\n".utf8) }
            old += forms
            new += [forms[3], forms[4], forms[1], forms[5], forms[2], forms[0]]
            let shared = Array("  },\n".utf8)
            old.append(shared)
            new.append(shared)
        }
        let steps = UnifiedDiff.editScript(old, new)
        #expect(Self.replay(steps, old, new) == new)
        // The lines that stay: every shared line, and in each entry the longest run of forms in
        // order (three of six).
        #expect(steps.count { $0.kind == .same } >= 20_000 * 4)
    }

    /// Texts close to each other but with a long run of lines alike between their changes: the
    /// shortest script is found, not a split.
    @Test func aLongRunBetweenFewChangesKeepsTheShortestScript() {
        let middle = [[UInt8]](repeating: Array("\n".utf8), count: 200_000)
        let old = [Array("X\n".utf8)] + middle + [Array("Y\n".utf8)]
        let new = [Array("Z\n".utf8)] + middle + [Array("W\n".utf8)]
        let steps = UnifiedDiff.editScript(old, new)
        #expect(Self.replay(steps, old, new) == new)
        #expect(steps.count { $0.kind != .same } == 4)
    }

    /// The new text, rebuilt by applying a unified diff's hunks to the old one (as `patch` does).
    static func patched(_ old: [[UInt8]], with diff: String) -> [[UInt8]]? {
        var result: [[UInt8]] = []
        var next = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) where !line.isEmpty {
            let text = Array((line.dropFirst() + "\n").utf8)
            switch line.first {
            case "@":
                // "@@ -start,count +…": copy the old lines before the hunk.
                let numbers = line.split(separator: " ")[1].dropFirst().split(separator: ",").compactMap { Int($0) }
                guard let start = numbers.first else { return nil }
                let first = numbers.count > 1 && numbers[1] == 0 ? start : start - 1
                guard first >= next, first <= old.count else { return nil }
                result += old[next..<first]
                next = first
            case " ":
                guard next < old.count, old[next] == text else { return nil }
                result.append(text)
                next += 1
            case "-":
                guard next < old.count, old[next] == text else { return nil }
                next += 1
            case "+": result.append(text)
            default: return nil
            }
        }
        return result + old[next...]
    }

    @Test func aSplitDiffsHunksApplyToTheOldText() throws {
        var old: [[UInt8]] = []
        var new: [[UInt8]] = []
        for entry in 0..<3_000 {
            let forms = ["zero", "one", "two", "few", "many", "other"].map { Array("\"\($0)\" : \"\(entry) \($0)\"\n".utf8) }
            old += forms + [Array("},\n".utf8)]
            new += [forms[3], forms[4], forms[1], forms[5], forms[2], forms[0], Array("},\n".utf8)]
        }
        let diff = UnifiedDiff.diff(Array(old.joined()), Array(new.joined()), path: "x.xcstrings")
        #expect(diff.hasPrefix("--- a/x.xcstrings\n+++ b/x.xcstrings\n@@ "))
        #expect(Self.patched(old, with: diff) == new)
    }

    @Test func unrelatedTextsAreRemovedAndAdded() {
        var random = SplitMix64(seed: 11)
        let a = (0..<3_000).map { _ in Array("a \(random.next())\n".utf8) }
        let b = (0..<3_000).map { _ in Array("b \(random.next())\n".utf8) }
        let steps = UnifiedDiff.editScript(a, b)
        #expect(Self.replay(steps, a, b) == b)
        #expect(steps.count == 6_000)
    }
}
