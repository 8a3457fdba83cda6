/// What a key or its arguments are given as: literals, variables, lists.
extension PushKeyScanner {
    // MARK: Values

    /// The end (exclusive) of the expression starting at `index`: a comma, semicolon or closing
    /// bracket at its own depth, or a line break where the expression could end.
    func expressionEnd(from index: Int) -> Int {
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if position > index, token.startsLine {
                let before = tokens[position - 1]
                let continues =
                    before.kind == .operator || before.is(.punctuation, ".") || token.is(.punctuation, ".")
                    || (token.kind == .operator && token.text != "!")
                if !continues { return position }
            }
            if token.kind == .punctuation {
                switch token.text {
                case ",", ";", ")", "]", "}": return position
                case "(", "[", "{":
                    position = match[position] >= 0 ? match[position] + 1 : tokens.count
                    continue
                default: break
                }
            }
            position += 1
        }
        return position
    }

    /// The string literals an expression may evaluate to: a literal, the branches of a
    /// conditional (`"A" if x else "B"`, `x ? "A" : "B"`), a default (`x or "A"`), or what a
    /// variable was assigned. A literal that is joined, formatted, compared or called on is no key.
    func keyLiterals(at index: Int, depth: Int) -> [(text: String, offset: Int)] {
        let end = expressionEnd(from: index)
        guard end > index else { return [] }
        if end == index + 1, tokens[index].kind == .identifier {
            guard depth < 2 else { return [] }
            return assignedLiterals(tokens[index].text, before: index, depth: depth + 1)
        }
        var result: [(String, Int)] = []
        var position = index
        while position < end {
            let token = tokens[position]
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
                position = match[position] >= 0 ? match[position] + 1 : end
                continue
            }
            if token.kind == .string, !token.interpolated, !token.wordList, !token.text.isEmpty, !joined(position, from: index, to: end),
                PushFieldRole(name: token.text) == nil
            {
                result.append((token.text, token.start))
            }
            position += 1
        }
        return result
    }

    static let joiningOperators: Set = [
        "+", "%", "*", "<<", "..", "...", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "+=", "=~", "!~", "<=>",
    ]
    static let comparingWords: Set = ["in", "is", "not", "instanceof", "eq", "ne", "matches"]

    /// Whether the literal at `position` is part of a larger value (a concatenation, a
    /// comparison, a method call on it, an index into it) rather than the value itself.
    func joined(_ position: Int, from start: Int, to end: Int) -> Bool {
        if position > start {
            let before = tokens[position - 1]
            if before.kind == .operator, Self.joiningOperators.contains(before.text) { return true }
            if before.kind == .identifier, Self.comparingWords.contains(before.text) { return true }
            if before.is(.punctuation, ".") { return true }
        }
        if position + 1 < end {
            let after = tokens[position + 1]
            if after.kind == .operator, Self.joiningOperators.contains(after.text) { return true }
            if after.kind == .identifier, Self.comparingWords.contains(after.text) { return true }
            if after.is(.punctuation, ".") || after.is(.punctuation, "(") || after.is(.punctuation, "[") { return true }
            if after.kind == .string { return true }  // "a" "b": adjacent literals are concatenated
        }
        return false
    }

    /// The literals assigned to `name` in the function that holds `index`, before it.
    func assignedLiterals(_ name: String, before index: Int, depth: Int) -> [(text: String, offset: Int)] {
        var result: [(String, Int)] = []
        // Within the function, and at most a few thousand tokens back: a file of one long region
        // with many variable keys must stay linear.
        let start = max(regionStart[index], index - 5000)
        var position = max(start, 0)
        while position < index {
            defer { position += 1 }
            guard tokens[position].kind == .identifier, tokens[position].text == name, position + 2 < index else { continue }
            if position > 0, tokens[position - 1].is(.punctuation, ".") || tokens[position - 1].is(.operator, "->") { continue }
            let next = tokens[position + 1]
            var valueIndex: Int
            if next.kind == .operator, next.text == "=" || next.text == ":=" || next.text == "||=" {
                valueIndex = position + 2
            } else if next.is(.operator, ":") {
                let skipped = skipTypeAnnotation(position + 2, after: ":")
                guard skipped != position + 2 else { continue }
                valueIndex = skipped
            } else {
                continue
            }
            result += keyLiterals(at: valueIndex, depth: depth)
        }
        return result
    }

    /// The literal lists assigned to the variable at `index` earlier in its function, when it is
    /// only ever assigned literal lists there (never appended to or changed in place); else none.
    func assignedLists(at index: Int) -> [(arguments: CodeArguments, nameIndex: Int)] {
        guard expressionEnd(from: index) == index + 1, tokens[index].kind == .identifier else { return [] }
        let name = tokens[index].text
        var result: [(arguments: CodeArguments, nameIndex: Int)] = []
        var position = max(regionStart[index], index - 5000, 0)
        while position < index {
            defer { position += 1 }
            guard tokens[position].kind == .identifier, tokens[position].text == name, position + 2 < index else { continue }
            if position > 0, tokens[position - 1].is(.punctuation, ".") || tokens[position - 1].is(.operator, "->") { continue }
            // `Thread(target=f, args=(x,))`: a keyword argument of a call, not the variable.
            if position > 0, tokens[position - 1].is(.punctuation, "(") || tokens[position - 1].is(.punctuation, ",") { continue }
            let next = tokens[position + 1]
            if next.kind == .operator, next.text == "=" || next.text == ":=" {
                let list = argumentList(at: position + 2, nameIndex: position)
                guard case .literal = list else { return [] }
                result.append((list, position))
            } else if next.kind == .operator || next.is(.punctuation, ".") || next.is(.punctuation, "[") {
                // `args += [x]`, `args.append(x)`, `args[0] = x`: changed after it was assigned.
                return []
            }
        }
        return result
    }

    /// A list of arguments: `[a, b]`, `(a, b)`, `[]string{a, b}`, `new[] {a, b}`, `List.of(a, b)`,
    /// `listOf(a, b)`, `array(a, b)`, `%w[a b]`; `nil`/`None`/`null` is none; anything else is
    /// built while the program runs.
    func argumentList(at index: Int, nameIndex: Int) -> CodeArguments {
        let name = tokens[nameIndex]
        let end = expressionEnd(from: index)
        let runtime = CodeArguments.runtime(offset: tokens[min(index, tokens.count - 1)].start, name: name.text)
        guard end > index else { return runtime }
        let first = tokens[index]
        if end == index + 1, first.kind == .identifier, ["nil", "None", "null", "undefined", "NULL"].contains(first.text) { return .none }
        if end == index + 1, first.wordList {
            let words = first.text.split(separator: " ").map { CodeArgument(literal: String($0), source: String($0), offset: first.start) }
            return .literal(items: words, offset: first.start, nameOffset: name.start, name: name.text)
        }
        // The bracket that holds the items: the first one, after type words and list functions.
        var position = index
        while position < end {
            let token = tokens[position]
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) { break }
            let prefixLike =
                token.kind == .identifier || token.is(.punctuation, ".")
                || (token.kind == .operator && ["<", ">", "::", "?"].contains(token.text))
                || (token.is(.punctuation, "[") && position + 1 < end && tokens[position + 1].is(.punctuation, "]"))
            guard prefixLike else { return runtime }
            position += 1
        }
        guard position < end, match[position] >= 0 else { return runtime }
        var open = position
        // `[]string{…}`, `new[] {…}`, `new String[] {…}`: the items are in the braces.
        while tokens[open].is(.punctuation, "["), match[open] == open + 1, open + 2 < end {
            open += 2
            while open < end, tokens[open].kind == .identifier || tokens[open].is(.punctuation, ".") { open += 1 }
            guard open < end, tokens[open].kind == .punctuation, match[open] >= 0 else { return runtime }
        }
        // Only the list itself: `[a, b] + more` is built at run time.
        guard match[open] + 1 == end else { return runtime }
        let words = tokens[index..<open].filter { $0.kind == .identifier }.map(\.text)
        if tokens[open].is(.punctuation, "(") {
            let listFunctions: Set = [
                "of", "asList", "listOf", "arrayOf", "mutableListOf", "array", "Array", "tuple", "list", "List", "setOf",
            ]
            if words.isEmpty {
                // Python's tuple needs a comma: `(a)` is just `a`.
                guard items(open: open).count != 1 || tokens[match[open] - 1].is(.punctuation, ",") else { return runtime }
            } else if !listFunctions.contains(words.last ?? "") {
                return runtime
            }
        } else if tokens[open].is(.punctuation, "{") {
            // Braces hold items only after a type (`[]string{`, `new[] {`, `new List<string> {`).
            guard !words.isEmpty || index > 0 && tokens[open - 1].is(.punctuation, "]") else { return runtime }
        }
        let list = items(open: open)
        // `[*names]`, `[...names]`, `[str(n) for n in names]`, `list(names)`: built at run time.
        let spread = list.contains { item in
            item.source.hasPrefix("*") || item.source.hasPrefix("...") || item.source.contains(" for ")
        }
        // Python's `list(x)`/`tuple(x)` convert, Java's `Arrays.asList(a)`/`List.of(a)` may take an array.
        let converts = tokens[open].is(.punctuation, "(") && ["list", "tuple", "asList", "of"].contains(words.last ?? "")
        if spread || (converts && list.count == 1 && list[0].literal == nil) { return runtime }
        return .literal(items: list, offset: tokens[open].start, nameOffset: name.start, name: name.text)
    }

    /// The items between a bracket and its match, split at commas of their own depth.
    func items(open: Int) -> [CodeArgument] {
        let close = match[open]
        var result: [CodeArgument] = []
        var position = open + 1
        while position < close {
            var end = position
            while end < close, !tokens[end].is(.punctuation, ",") {
                if tokens[end].kind == .punctuation, ["(", "[", "{"].contains(tokens[end].text), match[end] >= 0 {
                    end = match[end] + 1
                } else {
                    end += 1
                }
            }
            if end > position {
                let single = end == position + 1 && tokens[position].kind == .string && !tokens[position].interpolated
                let source = String(decoding: bytes[tokens[position].start..<tokens[end - 1].end], as: UTF8.self)
                result.append(CodeArgument(literal: single ? tokens[position].text : nil, source: source, offset: tokens[position].start))
            }
            position = end + 1
        }
        return result
    }

    /// The arguments of the call whose `(` is at `open`, as a list of arguments.
    func callArguments(open: Int) -> CodeArguments {
        guard match[open] > open else { return .none }
        let name = tokens[open - 1]
        let list = items(open: open)
        if list.count == 1, let start = tokens.indices.first(where: { tokens[$0].start == list[0].offset }), start > open {
            return argumentList(at: start, nameIndex: open - 1)
        }
        return .literal(items: list, offset: tokens[open].start, nameOffset: name.start, name: name.text)
    }
}
