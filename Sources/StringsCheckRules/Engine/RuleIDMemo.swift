/// Something worked out once per rule ID for a run's findings: the first seen ID is asked about
/// first, and a finding's ID is almost always its rule's one string, which compares equal to
/// itself without reading its bytes. Hashing each finding's ID cost more than the rest of a
/// count over thousands of findings; a run has a few dozen rules. Not `Sendable` (it holds its
/// closure): a memo is made and read by one pass.
package struct RuleIDMemo<Value> {
    private var ids: [String] = []
    private var values: [Value] = []
    private var last = 0
    private let compute: (String) -> Value

    package init(_ compute: @escaping (String) -> Value) {
        self.compute = compute
    }

    /// The number of `id` among the IDs seen (in the order first seen), and its value.
    package mutating func slot(of id: String) -> (number: Int, value: Value) {
        if last < ids.count, ids[last] == id { return (last, values[last]) }
        if let found = ids.firstIndex(of: id) {
            last = found
        } else {
            last = ids.count
            ids.append(id)
            values.append(compute(id))
        }
        return (last, values[last])
    }

    /// The value of `id`.
    package mutating func callAsFunction(_ id: String) -> Value { slot(of: id).value }

    /// The IDs seen, in the order first seen (numbered as `slot(of:)` numbers them).
    package var seen: [String] { ids }
}

extension BuiltInRules {
    /// Whether an ID is a translation backlog rule's, asked once per rule (`backlogIDs`).
    package static func backlogMemo() -> RuleIDMemo<Bool> { RuleIDMemo { backlogIDs.contains($0) } }
}

/// Strings numbered in the order first seen, for strings that come in runs (findings' paths and
/// tables, in report order): the previous one is compared first, and only a change of string is
/// hashed.
package struct FirstSeenNumbers {
    private var numberOf: [String: Int] = [:]
    /// The strings numbered, in the order first seen.
    package private(set) var strings: [String] = []
    private var last = -1

    package init() {}

    /// The number of `string`, given it if it is new.
    package mutating func number(of string: String) -> Int {
        if last >= 0, strings[last] == string { return last }
        if let known = numberOf[string] {
            last = known
        } else {
            last = strings.count
            numberOf[string] = last
            strings.append(string)
        }
        return last
    }
}
