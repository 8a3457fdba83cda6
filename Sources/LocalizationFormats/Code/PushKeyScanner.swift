/// A localization key that code puts into a push payload, found by its string literal.
public struct CodeKeyUse: Sendable, Hashable {
    public var part: PushAlertPart
    public var key: String
    /// Byte offsets of the key's literal and of the name that makes it a key.
    public var keyOffset: Int
    public var nameOffset: Int
    /// The name as written: `loc_key`, `"loc-key"`, `setLocalizedAlertMessage`.
    public var fieldName: String
    public var arguments: CodeArguments
}

/// What code gives as a key's arguments.
public enum CodeArguments: Sendable, Hashable {
    /// A literal list (or a call with literal arguments): its items as written.
    case literal(items: [CodeArgument], offset: Int, nameOffset: Int, name: String)
    /// A list built while the program runs: its length is unknown.
    case runtime(offset: Int, name: String)
    /// No arguments were found beside the key.
    case none
}

/// One item of a literal argument list: a string literal's value, or the expression's source.
public struct CodeArgument: Sendable, Hashable {
    public var literal: String?
    public var source: String
    public var offset: Int
}

/// Finds the localization keys code puts into push payloads: dictionary and object literals
/// (`{"loc-key": "X"}`), assignments, keyword arguments and labels named like an alert's key
/// (`loc_key = "X"`, `note.locKey = "X"`, `PayloadAlert(body_localized_key="X")`), subscripts
/// (`alert["loc-key"] = "X"`), builder calls (`AlertLocKey("X")`, `setLocalizationKey("X")`),
/// APNSwift's `.localized(key:arguments:)` and functions by position (pushy's
/// `setLocalizedAlertMessage`, configured ones). A variable given as the key yields every literal
/// assigned to it earlier in the same function. Only literals count: a key built while the
/// program runs is not guessed.
public struct PushKeyScanner {
    let tokens: [CodeToken]
    let bytes: [UInt8]
    let functions: [String: PushKeyFunction]
    /// Index of the matching bracket of each bracket token, else -1.
    var match: [Int]
    /// Index of the innermost open bracket around each token, else -1.
    var enclosing: [Int]
    /// Index of the token that starts the function around each token (0 at the top).
    var regionStart: [Int]
    /// Whether the file speaks of pushes at all: names like `locKey` count only then.
    var pushContext = false

    public static func uses(in bytes: [UInt8], language: CodeLanguage, functions: [PushKeyFunction] = []) -> [CodeKeyUse] {
        guard mayHoldUses(bytes, functions: functions) else { return [] }
        return uses(tokens: CodeLexer.tokens(of: bytes, language: language), bytes: bytes, functions: functions)
    }

    /// The uses among tokens already lexed.
    public static func uses(tokens: [CodeToken], bytes: [UInt8], functions: [PushKeyFunction] = []) -> [CodeKeyUse] {
        var scanner = PushKeyScanner(tokens: tokens, bytes: bytes, functions: functions)
        return scanner.scan()
    }

    /// Most source files name no key at all: a pass over the bytes decides that without lexing.
    public static func mayHoldUses(_ bytes: [UInt8], functions: [PushKeyFunction]) -> Bool {
        mayNameKeys(bytes) || functions.contains(where: { contains(bytes, $0.name) })
    }

    init(tokens: [CodeToken], bytes: [UInt8], functions: [PushKeyFunction]) {
        self.tokens = tokens
        self.bytes = bytes
        var table: [String: PushKeyFunction] = [:]
        for function in PushKeyFunction.builtIn + functions { table[function.name] = function }
        self.functions = table
        (match, enclosing) = CodeToken.brackets(tokens)
        regionStart = Array(repeating: 0, count: tokens.count)
        var region = 0
        for (index, token) in tokens.enumerated() {
            if token.kind == .identifier, Self.functionKeywords.contains(token.text) { region = index }
            if token.is(.punctuation, "{"), isFunctionBody(brace: index) { region = index }
            regionStart[index] = region
            if !pushContext, token.kind == .identifier || token.kind == .string { pushContext = Self.speaksOfPushes(token.text) }
        }
    }

    /// Whether the bytes hold "loc" (in any case) followed, after `_` or `-`, by "key" or "arg",
    /// or "localized"/"localization"/"localisation": every name the scanner knows does.
    static func mayNameKeys(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index + 5 < count {
                // "loc": compared without case by setting the 0x20 bit.
                guard buffer[index] | 0x20 == 0x6C, buffer[index + 1] | 0x20 == 0x6F, buffer[index + 2] | 0x20 == 0x63 else {
                    index += 1
                    continue
                }
                var next = index + 3
                while next < count, buffer[next] == 0x5F || buffer[next] == 0x2D { next += 1 }
                func word(_ text: StaticString) -> Bool {
                    let length = text.utf8CodeUnitCount
                    guard next + length <= count else { return false }
                    for offset in 0..<length where buffer[next + offset] | 0x20 != text.utf8Start[offset] { return false }
                    return true
                }
                if word("key") || word("arg") || word("alized") || word("alization") || word("alisation") { return true }
                index += 3
            }
            return false
        }
    }

    static func contains(_ bytes: [UInt8], _ name: String) -> Bool {
        let needle = Array(name.utf8)
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    static let functionKeywords: Set = ["def", "func", "function", "fun", "fn", "lambda", "sub", "init"]
    static let controlKeywords: Set = [
        "if", "for", "while", "switch", "catch", "foreach", "using", "lock", "synchronized", "with", "elif", "unless", "guard",
        "when", "until", "elseif", "else",
    ]

    /// `) {` after a name that is no control keyword (a method body), or `=> {`, `-> {`.
    func isFunctionBody(brace index: Int) -> Bool {
        guard index > 0 else { return false }
        let before = tokens[index - 1]
        if before.kind == .operator, before.text == "=>" || before.text == "->" { return true }
        guard before.is(.punctuation, ")") else { return false }
        // The `(` is not matched yet while its `)` is read: find it by walking back.
        var depth = 0
        var position = index - 1
        // Bounded: unbalanced input (`)){)){…`) must not make each brace walk the whole file.
        while position >= 0, index - position < 2000 {
            if tokens[position].is(.punctuation, ")") { depth += 1 }
            if tokens[position].is(.punctuation, "(") {
                depth -= 1
                if depth == 0 { break }
            }
            position -= 1
        }
        guard position > 0 else { return false }
        let name = tokens[position - 1]
        return name.kind == .identifier && !Self.controlKeywords.contains(name.text)
    }

    /// Whether a name or string speaks of pushes: `aps`, `alert`, or holds "apns", "push",
    /// "notification" or "easemob" (compared without case, byte by byte).
    static func speaksOfPushes(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            let count = buffer.count
            guard count >= 3, count <= 64 else { return false }
            func lower(_ index: Int) -> UInt8 { buffer[index] | (buffer[index] >= 0x41 && buffer[index] <= 0x5A ? 0x20 : 0) }
            func word(_ word: StaticString, at start: Int) -> Bool {
                let length = word.utf8CodeUnitCount
                guard start + length <= count else { return false }
                for offset in 0..<length where lower(start + offset) != word.utf8Start[offset] { return false }
                return true
            }
            if count == 3 && word("aps", at: 0) { return true }
            if count == 5 && word("alert", at: 0) { return true }
            for start in 0..<count {
                switch lower(start) {
                case 0x61: if word("apns", at: start) || word("apsalert", at: start) { return true }
                case 0x70: if word("push", at: start) { return true }
                case 0x6E: if word("notification", at: start) { return true }
                case 0x65: if word("easemob", at: start) { return true }
                default: break
                }
            }
            return false
        } ?? speaksOfPushes(String(decoding: Array(text.utf8), as: UTF8.self))
    }

    // MARK: Scanning

    /// What a use was found beside, so keys and their arguments are paired.
    enum Group: Hashable {
        /// Members of one literal, arguments of one call, statements of one block.
        case frame(Int, region: Int)
        /// Members set on one receiver (`note.locKey`, `alert["loc-key"]`) in one function.
        case receiver(String, frame: Int, region: Int)
        /// Calls of one builder chain (`ApsAlert.builder().setLocalizationKey(…).addLocalizationArg(…)`).
        case chain(Int)
    }

    struct Found {
        var role: PushFieldRole
        var group: Group
        var nameIndex: Int
        var keys: [(text: String, offset: Int)] = []
        var arguments: CodeArguments = .none
    }

    mutating func scan() -> [CodeKeyUse] {
        var found: [Found] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard token.kind == .identifier || (token.kind == .string && !token.interpolated) else { continue }
            if token.kind == .identifier, token.text == "localized", let apnswift = apnswiftLocalized(at: index) {
                found.append(apnswift)
                continue
            }
            if token.kind == .identifier, let function = functions[token.text], let call = functionCall(function, at: index) {
                found.append(call)
                continue
            }
            guard let role = PushFieldRole(name: token.text) else { continue }
            // `locKey` in code that never speaks of pushes is some other key; `"loc-key"` is not.
            let unambiguous = token.kind == .string && (token.text.contains("-") || token.text.hasPrefix("em_push"))
            guard pushContext || unambiguous else { continue }
            guard !isAndroid(index), let item = field(role, at: index) else { continue }
            found.append(item)
        }
        return pair(found)
    }

    /// A name followed by what gives it a value: `= v`, `: v`, `=> v`, `] = v`, `(v)`.
    func field(_ role: PushFieldRole, at index: Int) -> Found? {
        let token = tokens[index]
        guard index + 1 < tokens.count else { return nil }
        let next = tokens[index + 1]
        let previous = index > 0 ? tokens[index - 1] : nil
        // `cond ? locKey : other`, Swift's `case locKey = "loc-key"`, `if locKey == …`.
        if previous?.is(.operator, "?") == true || previous?.is(.identifier, "case") == true { return nil }
        var valueIndex: Int
        var group: Group
        // (Not Kotlin's `?:`: `x.bodyLocalizationKey ?: "fallback"` reads a key.)
        if next.kind == .operator, ["=", ":", "=>", ":=", "||=", "??="].contains(next.text) {
            if next.text == ":" && token.kind == .identifier && previous?.kind == .operator && previous?.text == ":" { return nil }
            valueIndex = skipTypeAnnotation(index + 2, after: next.text)
            if previous?.is(.punctuation, ".") == true || previous?.is(.operator, "->") == true || previous?.is(.operator, "?") == true {
                group = receiverGroup(nameIndex: index)
            } else {
                group = .frame(enclosing[index], region: regionStart[index])
            }
        } else if token.kind == .string,
            next.is(.identifier, "to") || (next.is(.punctuation, ",") && previous?.is(.punctuation, "{") == true)
        {
            // Kotlin's `"loc-key" to "X"`, C#'s `{ "loc-key", "X" }` dictionary initializer.
            guard token.text.contains("-") || token.text.hasPrefix("em_push") else { return nil }
            valueIndex = index + 2
            group = .frame(enclosing[next.text == "," ? enclosing[index] : index], region: regionStart[index])
        } else if token.kind == .string, next.is(.punctuation, "]"), previous?.is(.punctuation, "[") == true,
            index + 2 < tokens.count, tokens[index + 2].is(.operator, "=")
        {
            valueIndex = index + 3
            // C#'s `{ ["loc-key"] = "X" }` initializes a dictionary; elsewhere a receiver is indexed.
            let initializer = index >= 2 && (tokens[index - 2].is(.punctuation, "{") || tokens[index - 2].is(.punctuation, ","))
            group = initializer ? .frame(enclosing[index - 1], region: regionStart[index]) : receiverGroup(nameIndex: index - 1)
        } else if token.kind == .identifier, next.is(.punctuation, "("), !isDeclaration(index) {
            valueIndex = index + 2
            group = callGroup(nameIndex: index)
            switch role.kind {
            case .key: break
            case .arguments: return Found(role: role, group: group, nameIndex: index, arguments: callArguments(open: index + 1))
            case .addArgument:
                // Each call adds one argument, whatever expression gives it.
                let item = CodeArgument(literal: nil, source: token.text, offset: tokens[index + 1].start)
                return Found(
                    role: role, group: group, nameIndex: index,
                    arguments: .literal(items: [item], offset: tokens[index + 1].start, nameOffset: token.start, name: token.text))
            }
        } else {
            return nil
        }
        guard valueIndex < tokens.count else { return nil }
        var item = Found(role: role, group: group, nameIndex: index)
        switch role.kind {
        case .key:
            item.keys = keyLiterals(at: valueIndex, depth: 0)
            guard !item.keys.isEmpty else { return nil }
        case .arguments:
            item.arguments = argumentList(at: valueIndex, nameIndex: index)
        case .addArgument:
            item.arguments = .literal(items: [], offset: tokens[valueIndex].start, nameOffset: token.start, name: token.text)
        }
        return item
    }

    /// After `name:` a type may stand before the value (`locKey: String = "X"`): the value
    /// starts after the `=` that follows it on the same line.
    func skipTypeAnnotation(_ index: Int, after operatorText: String) -> Int {
        guard operatorText == ":", index < tokens.count, tokens[index].kind == .identifier else { return index }
        var position = index
        while position < tokens.count, position == index || !tokens[position].startsLine {
            let token = tokens[position]
            if token.is(.operator, "=") { return position + 1 }
            let typeLike =
                token.kind == .identifier || token.is(.punctuation, ".") || token.is(.punctuation, "[") || token.is(.punctuation, "]")
                || (token.kind == .operator && ["?", "<", ">", "!", ">?"].contains(token.text))
            guard typeLike else { break }
            position += 1
        }
        return index
    }

    /// `func setLocKey(`, `def set_loc_key(`, `String getLocKey(`: a name after another name
    /// (or a declaring keyword) is being declared, not called.
    func isDeclaration(_ index: Int) -> Bool {
        guard index > 0, !tokens[index].startsLine else { return false }
        let previous = tokens[index - 1]
        if previous.kind == .identifier {
            return !["return", "await", "new", "yield", "throw", "else", "in", "of", "and", "or", "not", "then", "do"].contains(
                previous.text)
        }
        if previous.kind == .operator, previous.text == ">" || previous.text == "?" { return true }
        return false
    }

    /// The group of `receiver.name = …` or `receiver[…]["name"] = …`: the receiver's root name.
    func receiverGroup(nameIndex: Int) -> Group {
        var position = nameIndex - 1
        var root = nameIndex
        while position >= 0 {
            let token = tokens[position]
            if token.is(.punctuation, ".") || (token.kind == .operator && ["->", "?", "?.", "::", "!"].contains(token.text)) {
                position -= 1
                continue
            }
            if token.is(.punctuation, "]") || token.is(.punctuation, ")"), match[position] >= 0 {
                position = match[position] - 1
                continue
            }
            if token.kind == .identifier {
                root = position
                position -= 1
                if position >= 0, tokens[position].is(.punctuation, ".") || tokens[position].is(.operator, "->") { continue }
                break
            }
            if token.is(.punctuation, "[") {
                position -= 1
                continue
            }
            break
        }
        return .receiver(tokens[root].text, frame: enclosing[root], region: regionStart[root])
    }

    /// The group of a call `…name(`: its builder chain when calls come before it in the chain,
    /// else its receiver (`builder.setLocKey(…)`, or the block for a bare call).
    func callGroup(nameIndex: Int) -> Group {
        guard nameIndex > 0, tokens[nameIndex - 1].is(.punctuation, ".") || tokens[nameIndex - 1].is(.operator, "->") else {
            return .frame(enclosing[nameIndex], region: regionStart[nameIndex])
        }
        var position = nameIndex - 2
        var sawCall = false
        var root = nameIndex
        while position >= 0 {
            let token = tokens[position]
            if token.is(.punctuation, ")") || token.is(.punctuation, "]"), match[position] >= 0 {
                sawCall = true
                position = match[position] - 1
                continue
            }
            if token.kind == .identifier {
                root = position
                if position > 0, tokens[position - 1].is(.punctuation, ".") || tokens[position - 1].is(.operator, "->") {
                    position -= 2
                    continue
                }
                break
            }
            break
        }
        return sawCall ? .chain(root) : .receiver(tokens[root].text, frame: enclosing[root], region: regionStart[root])
    }

    /// Whether a use lies in what FCM sends to Android (`android: {notification: {bodyLocKey}}`,
    /// `AndroidNotification.builder()…`): those keys name Android string resources.
    func isAndroid(_ index: Int) -> Bool {
        func mentionsAndroid(_ text: String) -> Bool { text.lowercased().contains("android") }
        var frame = enclosing[index]
        while frame >= 0 {
            var label = frame - 1
            while label >= 0, tokens[label].kind == .operator || tokens[label].is(.punctuation, ".") { label -= 1 }
            if label >= 0, tokens[label].kind == .identifier || tokens[label].kind == .string, mentionsAndroid(tokens[label].text) {
                return true
            }
            // A builder chain or receiver before the call that holds the use.
            if label >= 0 {
                var position = label
                while position > 0, position > label - 12 {
                    let token = tokens[position]
                    if token.kind == .identifier, mentionsAndroid(token.text) { return true }
                    if token.is(.punctuation, ";") || token.is(.punctuation, "{") || token.startsLine { break }
                    position -= 1
                }
            }
            frame = enclosing[frame]
        }
        // A chain on the same statement: `AndroidNotification.builder().setTitleLocalizationKey(…)`.
        var position = index - 1
        while position >= 0, index - position < 40 {
            let token = tokens[position]
            if token.kind == .identifier, mentionsAndroid(token.text) { return true }
            if token.is(.punctuation, ";") || token.is(.punctuation, "{") || token.is(.punctuation, "}") { break }
            if token.startsLine, !(token.is(.punctuation, ".") || token.is(.operator, "->")) { break }
            position -= 1
        }
        return false
    }

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

    // MARK: Library calls

    /// APNSwift: `title: .localized(key: "X", arguments: ["a"])` (also `subtitle:`, `body:`).
    func apnswiftLocalized(at index: Int) -> Found? {
        guard index >= 3, tokens[index - 1].is(.punctuation, "."), index + 1 < tokens.count, tokens[index + 1].is(.punctuation, "("),
            match[index + 1] > index + 1
        else { return nil }
        // The label before: `title: .localized(`, `body: APNSAlertNotificationContent.StringValue.localized(`.
        var labelIndex = index - 1
        while labelIndex > 0, tokens[labelIndex].is(.punctuation, ".") || tokens[labelIndex].kind == .identifier { labelIndex -= 1 }
        guard tokens[labelIndex].is(.operator, ":"), labelIndex > 0, tokens[labelIndex - 1].kind == .identifier,
            let part = PushAlertPart(rawValue: tokens[labelIndex - 1].text), part != .action
        else { return nil }
        let open = index + 1
        var item = Found(role: PushFieldRole(part: part, kind: .key), group: .chain(open), nameIndex: index)
        var position = open + 1
        while position < match[open] {
            if tokens[position].kind == .identifier, position + 2 < match[open], tokens[position + 1].is(.operator, ":") {
                if tokens[position].text == "key" {
                    item.keys = keyLiterals(at: position + 2, depth: 0)
                } else if tokens[position].text == "arguments" {
                    item.arguments = argumentList(at: position + 2, nameIndex: position)
                }
            }
            position = tokens[position].kind == .punctuation && match[position] > position ? match[position] + 1 : position + 1
        }
        return item.keys.isEmpty ? nil : item
    }

    /// A call of a function that takes the key and arguments by position.
    func functionCall(_ function: PushKeyFunction, at index: Int) -> Found? {
        guard index + 1 < tokens.count, tokens[index + 1].is(.punctuation, "("), match[index + 1] > index + 1, !isDeclaration(index)
        else { return nil }
        let open = index + 1
        let arguments = items(open: open)
        guard function.keyArgument >= 1, function.keyArgument <= arguments.count,
            let keyStart = tokens.indices.first(where: { tokens[$0].start == arguments[function.keyArgument - 1].offset })
        else { return nil }
        var item = Found(role: PushFieldRole(part: function.part, kind: .key), group: .chain(open), nameIndex: index)
        item.keys = keyLiterals(at: keyStart, depth: 0)
        guard !item.keys.isEmpty else { return nil }
        let name = tokens[index]
        if let from = function.argumentsArgument {
            if function.variadic {
                let given = Array(arguments.dropFirst(from - 1))
                // `f("k", args)` may pass an array to the variadic parameter: its length is unknown
                // unless the values are literals or there are several.
                if given.count == 1, given[0].literal == nil {
                    item.arguments = .runtime(offset: given[0].offset, name: name.text)
                } else {
                    item.arguments = .literal(
                        items: given, offset: given.first?.offset ?? tokens[open].start, nameOffset: name.start, name: name.text)
                }
            } else if from <= arguments.count,
                let start = tokens.indices.first(where: { tokens[$0].start == arguments[from - 1].offset })
            {
                item.arguments = argumentList(at: start, nameIndex: index)
            }
        }
        return item
    }

    // MARK: Pairing

    /// Each key with the arguments given beside it: the same literal, call, chain or receiver.
    func pair(_ found: [Found]) -> [CodeKeyUse] {
        var argumentsByGroup: [Group: [PushAlertPart: [CodeArguments]]] = [:]
        var addedByGroup: [Group: [PushAlertPart: [CodeArguments]]] = [:]
        for item in found where item.role.kind != .key {
            if item.role.kind == .addArgument {
                addedByGroup[item.group, default: [:]][item.role.part, default: []].append(item.arguments)
            } else {
                argumentsByGroup[item.group, default: [:]][item.role.part, default: []].append(item.arguments)
            }
        }
        var result: [CodeKeyUse] = []
        var seen: [String: Int] = [:]
        for item in found where item.role.kind == .key {
            var arguments = item.arguments
            if case .none = arguments {
                arguments = Self.combine(
                    argumentsByGroup[item.group]?[item.role.part] ?? [], added: addedByGroup[item.group]?[item.role.part] ?? [])
            }
            let name = tokens[item.nameIndex]
            for key in item.keys {
                let use = CodeKeyUse(
                    part: item.role.part, key: key.text, keyOffset: key.offset, nameOffset: name.start, fieldName: name.text,
                    arguments: arguments)
                // A literal found twice (`loc_key = "X"`, then `PayloadAlert(loc_key=loc_key)`)
                // is one use; the one that knows its arguments is kept.
                let id = "\(key.offset) \(item.role.part.rawValue)"
                if let at = seen[id] {
                    if case .none = result[at].arguments { result[at].arguments = arguments }
                    continue
                }
                seen[id] = result.count
                result.append(use)
            }
        }
        return result.sorted { $0.keyOffset < $1.keyOffset }
    }

    /// The arguments several finds give one key: one literal list, or as many as were added one
    /// at a time; anything else (lists of different lengths, a list built at run time) is unknown.
    static func combine(_ lists: [CodeArguments], added: [CodeArguments]) -> CodeArguments {
        if lists.isEmpty, let first = added.first, case .literal(_, let offset, let nameOffset, let name) = first {
            return .literal(
                items: added.map { _ in CodeArgument(literal: nil, source: name, offset: offset) }, offset: offset, nameOffset: nameOffset,
                name: name)
        }
        guard let first = lists.first, added.isEmpty else {
            if let first = lists.first ?? added.first, case .literal(_, let offset, _, let name) = first {
                return .runtime(offset: offset, name: name)
            }
            return lists.first ?? .none
        }
        for other in lists.dropFirst() {
            switch (first, other) {
            case (.literal(let a, _, _, _), .literal(let b, _, _, _)) where a.count == b.count: continue
            case (.literal(_, let offset, _, let name), _), (.runtime(let offset, let name), _):
                return .runtime(offset: offset, name: name)
            case (.none, _): return other
            }
        }
        return first
    }
}
