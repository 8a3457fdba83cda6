/// The branches of a function told apart by indentation, for languages whose branches have no
/// braces (Python's `if`/`elif`/`else`, Ruby's `if … end`, the `case` labels of a `switch`): each
/// line is in the block of the nearest line above it, in the same bracket, indented less.
///
/// A key set in one branch pairs with the arguments set in the same branch (or in a block around
/// it), not with those of a sibling branch: a push gateway's function that sets `loc_key` and
/// `loc_args` in a dozen branches has a dozen pairs.
struct BranchBlocks {
    /// The block of each token's line.
    private var blockOfToken: [Int32] = []
    /// Each block's enclosing block, -1 for a bracket's outermost one.
    private var parent: [Int32] = []

    init() {}

    init(tokens: [CodeToken], bytes: [UInt8], enclosing: [Int]) {
        blockOfToken = Array(repeating: -1, count: tokens.count)
        // Per bracket (-1: the file's top level), the lines that opened blocks: (indent, block).
        var stacks: [Int: [(indent: Int, block: Int32)]] = [:]
        var current: Int32 = -1
        for index in tokens.indices {
            if tokens[index].startsLine || index == 0 {
                let frame = enclosing[index]
                let indent = Self.indent(before: tokens[index].start, in: bytes)
                var stack = stacks[frame] ?? []
                while let last = stack.last, last.indent >= indent { stack.removeLast() }
                let container = stack.last?.block ?? -1
                // The line's own block, which the lines indented under it are in.
                let own = Int32(parent.count)
                parent.append(container)
                stack.append((indent, own))
                stacks[frame] = stack
                current = container
            }
            blockOfToken[index] = current
        }
    }

    /// The columns of spaces and tabs before the byte's line starts it.
    static func indent(before offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        var width = 0
        for byte in bytes[start..<offset] {
            if byte == UInt8(ascii: "\t") {
                width += 8 - width % 8
            } else {
                width += 1
            }
        }
        return width
    }

    func block(of token: Int) -> Int32 { token < blockOfToken.count ? blockOfToken[token] : -1 }

    /// Whether block `inner` is `outer` or lies within it.
    func block(_ inner: Int32, isWithin outer: Int32) -> Bool {
        var block = inner
        while true {
            if block == outer { return true }
            guard block >= 0 else { return false }
            block = parent[Int(block)]
        }
    }

    /// How many blocks lie around `block`.
    func depth(of block: Int32) -> Int {
        var depth = 0
        var block = block
        while block >= 0 {
            depth += 1
            block = parent[Int(block)]
        }
        return depth
    }
}
