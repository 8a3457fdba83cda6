import Dispatch
import Foundation

extension RandomAccessCollection where Index == Int {
    /// `map` on up to `workers` cores (default: all), in order. For work that is large per element
    /// (a file, a table).
    package func concurrentMap<T>(workers: Int? = nil, _ transform: (Element) -> T) -> [T] {
        let count = self.count
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let workers = Swift.max(1, Swift.min(workers ?? cores, count))
        guard workers > 1 else { return map(transform) }
        return Array(self).withUnsafeBufferPointer { elements in
            parallelMap(elements, workers: workers, parallelAll: workers >= cores, transform)
        }
    }
}

/// The parallel part, on a buffer so the closures capture no collection type.
private func parallelMap<Element, T>(
    _ elements: UnsafeBufferPointer<Element>, workers: Int, parallelAll: Bool, _ transform: (Element) -> T
) -> [T] {
    let count = elements.count
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress, let source = elements.baseAddress else { return }
        // Each element is written by exactly one iteration, so no slot is shared between writers.
        nonisolated(unsafe) let slots = base
        nonisolated(unsafe) let input = source
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let transform = transform
            if parallelAll {
                // Dispatch hands out the elements as cores free up, so uneven sizes balance.
                DispatchQueue.concurrentPerform(iterations: count) { offset in
                    (slots + offset).initialize(to: transform(input[offset]))
                }
            } else {
                // Fewer workers than cores (`--jobs`): each takes every `workers`-th element.
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    for offset in stride(from: worker, to: count, by: workers) {
                        (slots + offset).initialize(to: transform(input[offset]))
                    }
                }
            }
        }
        initialized = count
    }
}

/// `transform` on consecutive runs of `0..<count`, on every core, in order: for many small items
/// (JSON items, preview rows, findings), where a task per item would cost more than the item. At most
/// `parts` runs of at least `minimum` items each; a count below `minimum` is one run, on this
/// thread.
package func concurrentRuns<T>(of count: Int, parts: Int = 16, minimum: Int = 64, _ transform: (Range<Int>) -> T) -> [T] {
    let runs = consecutiveRuns(of: count, parts: parts, minimum: minimum)
    guard !runs.isEmpty else { return [] }
    return runs.count == 1 ? [transform(runs[0])] : runs.concurrentMap(transform)
}

/// `concurrentRuns`, each run's result handed to `emit` in run order as soon as it and every run
/// before it are made, rather than all kept until the last is: a report written in runs goes out
/// while later runs are made, and a run's output is held only until the runs before it are
/// made. `emit` is called on whichever thread finds runs due, one call at a time, outside the lock
/// (a slow reader of the output holds up no thread making runs).
package func concurrentRuns<T>(
    of count: Int, parts: Int = 16, minimum: Int = 64, _ transform: (Range<Int>) -> T, inOrder emit: (T) -> Void
) {
    let runs = consecutiveRuns(of: count, parts: parts, minimum: minimum)
    guard runs.count > 1 else {
        if let run = runs.first { emit(transform(run)) }
        return
    }
    // The runs made and not yet handed over, the next run due, and whether a thread is handing
    // runs over: it goes on while runs are due, so the others only leave theirs.
    let state = LockedValue((next: 0, made: [Int: T](), emitting: false))
    runs.withUnsafeBufferPointer { runs in
        nonisolated(unsafe) let runs = runs
        withoutActuallyEscaping(transform) { transform in
            withoutActuallyEscaping(emit) { emit in
                nonisolated(unsafe) let transform = transform
                nonisolated(unsafe) let emit = emit
                DispatchQueue.concurrentPerform(iterations: runs.count) { run in
                    let result = transform(runs[run])
                    var due = state.withLock { state -> [T] in
                        state.made[run] = result
                        guard !state.emitting else { return [] }
                        return takeDue(&state)
                    }
                    while !due.isEmpty {
                        for item in due { emit(item) }
                        due = state.withLock { takeDue(&$0) }
                    }
                }
            }
        }
    }
}

/// The runs now due in order (see `concurrentRuns(of:parts:minimum:_:inOrder:)`), taken out of
/// `state`; whether the caller hands runs over is marked while some are due.
private func takeDue<T>(_ state: inout (next: Int, made: [Int: T], emitting: Bool)) -> [T] {
    var due: [T] = []
    while let item = state.made.removeValue(forKey: state.next) {
        due.append(item)
        state.next += 1
    }
    state.emitting = !due.isEmpty
    return due
}

/// `0..<count` cut into at most `parts` consecutive runs of at least `minimum` items each.
private func consecutiveRuns(of count: Int, parts: Int, minimum: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let share = Swift.max(minimum, (count + parts - 1) / parts)
    return stride(from: 0, to: count, by: share).map { $0..<Swift.min($0 + share, count) }
}

/// `count` groups of `width` items each, made on every core in runs of groups (as
/// `concurrentRuns` makes them) and written in place: no run's array is made and joined after,
/// which copied every item. `fill` is given a run and where its first item goes, initializes
/// `width` items for each group of the run, in order, and returns how many it initialized: any
/// other count stops the process rather than leave items unmade.
package func concurrentGroups<T>(
    of count: Int, width: Int, parts: Int = 16, minimum: Int = 64, _ fill: (Range<Int>, UnsafeMutablePointer<T>) -> Int
) -> [T] {
    guard count > 0, width > 0 else { return [] }
    let runs = consecutiveRuns(of: count, parts: parts, minimum: minimum)
    return [T](unsafeUninitializedCapacity: count * width) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        // Each run writes its own items only, so no slot is shared between writers.
        nonisolated(unsafe) let slots = base
        withoutActuallyEscaping(fill) { fill in
            nonisolated(unsafe) let fill = fill
            _ = runs.concurrentMap { run in
                let made = fill(run, slots + run.lowerBound * width)
                precondition(made == run.count * width, "a run of groups made \(made) items, not \(run.count * width)")
            }
        }
        initialized = count * width
    }
}
