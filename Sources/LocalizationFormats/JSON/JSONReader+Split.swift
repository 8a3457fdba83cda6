import Dispatch
import Foundation

/// The second half of a streamed object, read on another core while the parser reads the first.
///
/// Where the half starts is a guess made from the layout: a line indented as the object's first
/// member, starting with a quote, after a line ending in a comma (a JSON string holds no line
/// break, so a line start is never inside one). The guess is taken only if the parser, reading
/// the first half, arrives exactly there at the start of a member, and the second run read every
/// member to the object's end with nothing to report; otherwise the parser reads on as if no
/// split had been made, and the run's work is dropped.
final class StreamSplit: @unchecked Sendable {
    /// Where the second half's first key starts.
    let start: Int
    private let group = DispatchGroup()
    // Written by the run before it leaves the group, read after waiting for it.
    /// The second half's keys and where they stand, in order.
    private(set) var keys: [(String, SourcePosition)] = []
    /// Where each of the second half's keys first stands in it: made by the run, so the parser
    /// checks the half's keys for duplicates by lookups alone.
    private(set) var firstPlaces: [String: SourcePosition] = [:]
    /// Where the object's closing brace stands; nil when the run met anything else.
    private var end: Int?
    /// The run's place in lines at the closing brace, where the parser reads on.
    private(set) var endPositions: JSONPositions?
    /// Hands the run's members to the parse's caller.
    private var accept: () -> Void = {}
    /// Whether the parser has arrived at `start` or passed it.
    private(set) var isSettled = false

    private init(start: Int) { self.start = start }

    /// Starts reading at `start` on another core; `read` reads the members, returning the keys,
    /// the closing brace's offset (nil on anything but a clean read), the run's place in lines
    /// there, and what takes the members.
    static func begin(
        at start: Int,
        _ read: @escaping @Sendable () -> (keys: [(String, SourcePosition)], end: Int?, positions: JSONPositions, accept: () -> Void)
    ) -> StreamSplit {
        let split = StreamSplit(start: start)
        split.group.enter()
        // A thread of its own, not a queue's: the parser waits for it, and when every core's
        // queue worker is parsing a file of its own (several large catalogs at once) a queued
        // run would start only once one of them ended.
        let thread = Thread {
            let result = read()
            split.keys = result.keys
            split.firstPlaces.reserveCapacity(result.keys.count)
            for (key, location) in result.keys where split.firstPlaces[key] == nil { split.firstPlaces[key] = location }
            split.end = result.end
            split.endPositions = result.positions
            split.accept = result.accept
            split.group.leave()
        }
        // As deep as a queue worker's: the reader recurses once per nesting level (256 at most).
        thread.stackSize = 4 << 20
        thread.start()
        return split
    }

    /// Called by the parser at the start of a member at `position` ≥ `start`: the offset of the
    /// object's closing brace if the second half is taken (its members are handed over), else
    /// nil (the parser reads on).
    func take(at position: Int) -> Int? {
        isSettled = true
        guard position == start else { return nil }
        group.wait()
        guard let end else { return nil }
        accept()
        // The closure holds the run's members too: let them go, so the list that took them is
        // their one owner (its entries are then moved, not copied).
        accept = {}
        return end
    }

    /// Waits for the run to end.
    func finish() { group.wait() }

    /// Where a second half could start in `bytes`, an object whose members start at
    /// `objectStart`: the first line past the middle of the file that starts with the first
    /// member's indentation and a quote, after a line ending in a comma. Nil for a file on one
    /// line, or with no such line within a megabyte of the middle.
    static func candidate(in bytes: UnsafeBufferPointer<UInt8>, objectStart: Int) -> Int? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        // The first member's indentation: the blanks between the last line break and its quote.
        var first = objectStart
        var lineStart: Int?
        while first < bytes.count, isBlank(bytes[first]) || bytes[first] == 0x0A {
            if bytes[first] == 0x0A { lineStart = first + 1 }
            first += 1
        }
        guard let lineStart, first < bytes.count, bytes[first] == UInt8(ascii: "\"") else { return nil }
        let indentation = bytes[lineStart..<first]
        let middle = max(first, bytes.count / 2)
        let limit = min(bytes.count, middle + (1 << 20))
        var index = middle
        while index < limit {
            guard let lineBreak = bytes[index..<limit].firstIndex(of: 0x0A) else { return nil }
            index = lineBreak + 1
            let quote = index + indentation.count
            guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\""), bytes[index..<quote].elementsEqual(indentation) else {
                continue
            }
            var before = lineBreak - 1
            while before > objectStart, isBlank(bytes[before]) { before -= 1 }
            if bytes[before] == UInt8(ascii: ",") { return quote }
        }
        return nil
    }
}

extension JSONReader {
    /// Parses as `parse(bytes:path:streamingMembersOf:_:)`, handing the streamed object's members
    /// to `body` in runs: in a file larger than `minimumSize` the object's second half is read on
    /// another core, as a run of its own, while this one reads the first (see `StreamSplit`).
    /// `body` is called for both runs at once, each with its own run; a `.begin` (a repeated key)
    /// starts the runs over. The runs come back in file order: their members, in order, are the
    /// object's.
    public static func parse<Run>(
        bytes: [UInt8], path: String, streamingMembersOf key: String, splittingAbove minimumSize: Int = 4 << 20,
        newRun: @escaping @Sendable () -> Run, _ body: @escaping @Sendable (inout Run, StreamEvent) -> Void
    ) -> (document: JSONDocument, runs: [Run]) {
        parse(contents: .bytes(bytes), path: path, streamingMembersOf: key, splittingAbove: minimumSize, newRun: newRun, direct: nil, body)
    }

    /// `parse(bytes:path:streamingMembersOf:splittingAbove:newRun:_:)`, with a reader that may
    /// read each streamed member's value straight into its run (see `Parser.DirectReader`);
    /// the members it declines are handed to `body`.
    static func parse<Run>(
        contents: FileContents, path: String, streamingMembersOf key: String, splittingAbove minimumSize: Int = 4 << 20,
        newRun: @escaping @Sendable () -> Run,
        direct: (@Sendable (_ parser: inout Parser, _ key: String, _ keyLocation: SourcePosition, _ run: inout Run) -> Bool)?,
        countingLines: Bool? = nil, _ body: @escaping @Sendable (inout Run, StreamEvent) -> Void
    ) -> (document: JSONDocument, runs: [Run]) {
        let runs = RunList<Run>()
        let splitter: (UnsafeBufferPointer<UInt8>, LazyLineTable, Int) -> StreamSplit? = { buffer, lines, objectStart in
            guard buffer.count > minimumSize, let start = StreamSplit.candidate(in: buffer, objectStart: objectStart) else {
                return nil
            }
            let shared = SharedBuffer(buffer)
            return StreamSplit.begin(at: start) {
                var parser = Parser(b: shared.buffer, lines: lines, path: path, start: start)
                var run = newRun()
                let read = parser.readMembers(
                    direct: direct.map { direct in { parser, key, keyLocation in direct(&parser, key, keyLocation, &run) } }
                ) { member in body(&run, .member(member)) }
                return (read.keys, read.end, parser.cursor, { [run] in runs.append(run) })
            }
        }
        let document = parse(
            contents: contents, path: path,
            stream: (
                key,
                { event in
                    if case .begin = event { runs.startOver(newRun()) }
                    runs.updateLast { body(&$0, event) }
                }
            ), splitter: splitter,
            direct: direct.map { direct in
                { parser, key, keyLocation in
                    var taken = false
                    runs.updateLast { taken = direct(&parser, key, keyLocation, &$0) }
                    return taken
                }
            }, countingLines: countingLines)
        return (document, runs.all)
    }

    /// The runs of a streamed parse, appended to by the parser's thread only (the second run's
    /// is appended there, once the parser has waited for it).
    private final class RunList<Run>: @unchecked Sendable {
        private(set) var all: [Run] = []
        func startOver(_ run: Run) { all = [run] }
        func append(_ run: Run) { all.append(run) }
        func updateLast(_ change: (inout Run) -> Void) {
            guard !all.isEmpty else { return }
            change(&all[all.count - 1])
        }
    }

    /// A buffer the second run reads while the parser reads it too (it outlives both: see
    /// `StreamSplit.finish`).
    private struct SharedBuffer: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
    }
}

extension JSONReader.Parser {
    /// Reads `"key": value` members from `pos` to the closing brace of their object, as the
    /// object's own loop reads them, handing each `direct` declines to `body`: the keys in order and the brace's
    /// offset, or no offset if anything else was met (a syntax error, or a diagnostic the
    /// parser would have reported in its place).
    mutating func readMembers(direct: DirectReader? = nil, _ body: (JSONMember) -> Void) -> (keys: [(String, SourcePosition)], end: Int?) {
        var keys: [(String, SourcePosition)] = []
        do {
            while true {
                skipSpace()
                guard pos < b.count, b[pos] == UInt8(ascii: "\"") else { return (keys, nil) }
                let keyLocation = cursor.location(ofByte: pos)
                let key = try string()
                skipSpace()
                guard pos < b.count, b[pos] == UInt8(ascii: ":") else { return (keys, nil) }
                pos += 1
                skipSpace()
                if let direct, direct(&self, key, keyLocation) {
                    keys.append((key, keyLocation))
                } else {
                    // The streamed object is the root's member: its members' values are two deep.
                    let value = try value(depth: 2)
                    guard diagnostics.isEmpty else { return (keys, nil) }
                    keys.append((key, keyLocation))
                    body(JSONMember(key: key, keyLocation: keyLocation, value: value))
                }
                skipSpace()
                guard pos < b.count else { return (keys, nil) }
                if b[pos] == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                return (keys, b[pos] == UInt8(ascii: "}") ? pos : nil)
            }
        } catch {
            return (keys, nil)
        }
    }
}
