/// One CLDR plural condition, e.g. `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`, parsed once.
public struct PluralCondition: Sendable, Hashable, CustomStringConvertible {
    indirect enum Node: Sendable, Hashable {
        case always
        case or(Node, Node)
        case and(Node, Node)
        case relation(operand: Character, modulus: Int?, negated: Bool, ranges: [ClosedRange<Int>])
    }

    let root: Node
    public let description: String

    /// Parses CLDR's rule syntax (TR35 "Language Plural Rules"); an empty rule is always true.
    public init(_ text: String) throws(PluralRuleError) {
        description = text
        var parser = Parser(tokens: Self.tokens(text))
        root = parser.tokens.isEmpty ? .always : try parser.condition()
        guard parser.position == parser.tokens.count else {
            throw PluralRuleError(.pluralUnexpectedToken(token: parser.tokens[parser.position], rule: text))
        }
    }

    public func matches(_ operands: PluralOperands) -> Bool { Self.evaluate(root, operands) }

    private static func evaluate(_ node: Node, _ x: PluralOperands) -> Bool {
        switch node {
        case .always: return true
        case .or(let a, let b): return evaluate(a, x) || evaluate(b, x)
        case .and(let a, let b): return evaluate(a, x) && evaluate(b, x)
        case .relation(let operand, let modulus, let negated, let ranges):
            let inside: Bool
            if operand == "n" {
                // n keeps its fraction: 1.5 is in no integer range, and 11.5 % 10 is 1.5.
                var value = x.n
                if let modulus { value = value.truncatingRemainder(dividingBy: Double(modulus)) }
                inside = value == value.rounded(.towardZero) && ranges.contains { $0.contains(Int(value)) }
            } else {
                var value: Int
                switch operand {
                case "i": value = x.i
                case "v": value = x.v
                case "w": value = x.w
                case "f": value = x.f
                case "t": value = x.t
                default: value = x.e  // c and e
                }
                if let modulus { value %= modulus }
                inside = ranges.contains { $0.contains(value) }
            }
            return inside != negated
        }
    }

    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        var characters = Array(text)[...]
        while let c = characters.first {
            characters = characters.dropFirst()
            if c == " " {
                flush()
            } else if c == "," || c == "=" || c == "%" {
                flush()
                tokens.append(String(c))
            } else if c == "!", characters.first == "=" {
                flush()
                characters = characters.dropFirst()
                tokens.append("!=")
            } else if c == ".", characters.first == "." {
                flush()
                characters = characters.dropFirst()
                tokens.append("..")
            } else {
                current.append(c)
            }
        }
        flush()
        return tokens
    }

    struct Parser {
        let tokens: [String]
        var position = 0

        mutating func next() -> String? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }

        func peek() -> String? { position < tokens.count ? tokens[position] : nil }

        mutating func condition() throws(PluralRuleError) -> Node {
            var node = try andCondition()
            while peek() == "or" {
                position += 1
                node = .or(node, try andCondition())
            }
            return node
        }

        mutating func andCondition() throws(PluralRuleError) -> Node {
            var node = try relation()
            while peek() == "and" {
                position += 1
                node = .and(node, try relation())
            }
            return node
        }

        mutating func relation() throws(PluralRuleError) -> Node {
            guard let operand = next(), operand.count == 1, let letter = operand.first, "niftvwce".contains(letter) else {
                throw PluralRuleError(.pluralExpectedOperand(at: tokens[max(0, position - 1)]))
            }
            var modulus: Int?
            if peek() == "%" || peek() == "mod" {
                position += 1
                guard let value = next().flatMap({ Int($0) }), value > 0 else { throw PluralRuleError(.pluralExpectedModulus) }
                modulus = value
            }
            let negated: Bool
            switch next() {
            case "=", "in", "is": negated = false
            case "!=": negated = true
            case "not":
                guard next() == "in" else { throw PluralRuleError(.pluralExpectedInAfterNot) }
                negated = true
            default: throw PluralRuleError(.pluralExpectedComparison)
            }
            var ranges: [ClosedRange<Int>] = []
            repeat {
                if peek() == "," { position += 1 }
                guard let low = next().flatMap({ Int($0) }) else { throw PluralRuleError(.pluralExpectedNumber) }
                if peek() == ".." {
                    position += 1
                    guard let high = next().flatMap({ Int($0) }), high >= low else { throw PluralRuleError(.pluralExpectedRangeEnd) }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            } while peek() == ","
            return .relation(operand: letter, modulus: modulus, negated: negated, ranges: ranges)
        }
    }
}

/// A plural rule that cannot be parsed.
public struct PluralRuleError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ message: ParseMessage) { description = message.text }
}
