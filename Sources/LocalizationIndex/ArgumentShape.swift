import LocalizationFormats

/// What a key's text reads, without where: each argument number with its type and size, and
/// whether it is a plural variable's own reading of its number. Every comparison between locales
/// (argument counts, mismatches, payload arguments) needs only this, and a table holds few
/// distinct shapes (`[1: object]`, `[1: object, 2: object]`, …), so the texts of a file (or of a
/// run of a catalog's entries) keep one copy of each, which their keys share, and a key format job
/// keeps one of each combined shape; where each argument is read (`ArgumentList`) is worked out
/// again from the texts for the few keys a finding is about.
public struct ArgumentShape: Hashable, Sendable {
    /// One argument: its number, type and size (see `FormatSpecifier.signature`), and whether it
    /// is a plural variable's reading of its number (`%#@name@`).
    public struct Argument: Hashable, Sendable {
        public var argument: Int
        public var signature: String
        public var isVariable: Bool

        public init(argument: Int, signature: String, isVariable: Bool) {
            self.argument = argument
            self.signature = signature
            self.isVariable = isVariable
        }

        /// How a specifier reads its own argument (not its `*` arguments).
        public init(_ specifier: FormatSpecifier) {
            self.init(
                argument: specifier.argument, signature: specifier.signature,
                // '%#@' sets the '#' flag: a specifier without flags (nearly all) is not one.
                isVariable: !specifier.flags.isEmpty && specifier.text.utf8.starts(with: "%#@".utf8))
        }
    }

    /// Ascending by argument number, each number once.
    public private(set) var arguments: [Argument] = []

    /// Reads nothing: what a plain text (and a key with no text) has.
    public static let empty = ArgumentShape()

    init() {}

    /// The shape of a list of uses.
    public init(_ list: ArgumentList) {
        arguments = list.map { Argument(argument: $0.key, signature: $0.value.signature, isVariable: $0.value.isVariable) }
    }

    public var isEmpty: Bool { arguments.isEmpty }
    public var count: Int { arguments.count }

    /// The highest argument number read, or 0.
    public var highestArgument: Int { arguments.last?.argument ?? 0 }

    /// True when a printed argument is read as something other than an object.
    public var readsNonObject: Bool { arguments.contains { $0.signature != "object" && !$0.isVariable } }

    /// How `argument` is read, if it is.
    public subscript(argument: Int) -> Argument? {
        let index = slot(of: argument)
        return index < arguments.count && arguments[index].argument == argument ? arguments[index] : nil
    }

    /// True when both read the same argument numbers with the same types and sizes.
    public func readsLike(_ other: ArgumentShape) -> Bool {
        arguments.count == other.arguments.count
            && zip(arguments, other.arguments).allSatisfy { $0.argument == $1.argument && $0.signature == $1.signature }
    }

    /// Adds what a further text of the key reads, as a key format's texts are combined: a printed
    /// use wins over a plural variable's own reading of the number, and otherwise the earlier
    /// text's reading is kept (see `ArgumentList.merge`).
    mutating func merge(_ other: ArgumentShape) {
        guard !arguments.isEmpty else {
            self = other
            return
        }
        for use in other.arguments where self[use.argument].map({ $0.isVariable && !use.isVariable }) ?? true {
            set(use)
        }
    }

    /// Sets how `use.argument` is read.
    mutating func set(_ use: Argument) {
        let index = slot(of: use.argument)
        if index < arguments.count && arguments[index].argument == use.argument {
            arguments[index] = use
        } else {
            arguments.insert(use, at: index)
        }
    }

    /// Empties the shape keeping its storage, for a builder's scratch shape.
    mutating func removeAll() { arguments.removeAll(keepingCapacity: true) }

    /// Where `argument` is or would go: lists are short, so a linear scan.
    private func slot(of argument: Int) -> Int {
        guard let last = arguments.last, argument <= last.argument else { return arguments.count }
        var index = 0
        while arguments[index].argument < argument { index += 1 }
        return index
    }
}
