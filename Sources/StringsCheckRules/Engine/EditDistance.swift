/// The closest known word within a small edit distance, for did-you-mean hints.
public func suggestion(for word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    return candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }.min { $0.1 < $1.1 }?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
