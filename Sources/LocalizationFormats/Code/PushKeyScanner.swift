import Foundation

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
    /// The branch each token's line is in (see `BranchBlocks`): a key pairs with the arguments of
    /// its own branch.
    var blocks = BranchBlocks()

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
        blocks = BranchBlocks(tokens: tokens, bytes: bytes, enclosing: enclosing)
    }

    /// Whether the bytes hold "loc", "localized", "localization" or "localisation" (in any case)
    /// followed, after `_`, `-` or `(`, by "key", "arg", "alert" or "action": every name the scanner
    /// knows does.
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
                func word(_ text: StaticString) -> Bool {
                    let length = text.utf8CodeUnitCount
                    guard next + length <= count else { return false }
                    for offset in 0..<length where buffer[next + offset] | 0x20 != text.utf8Start[offset] { return false }
                    return true
                }
                // "localized", "localization", "localisation" count only before "key", "arg" or
                // "alert" too (`localized_key`, `setLocalizedAlertMessage`, APNSwift's
                // `.localized(key:`), not in `NSLocalizedString` or `LocalizedStringKey`.
                for long in [StaticString("alized"), "alization", "alisation"] where word(long) {
                    next += long.utf8CodeUnitCount
                    break
                }
                while next < count, buffer[next] == 0x5F || buffer[next] == 0x2D || buffer[next] == 0x28 { next += 1 }
                if word("key") || word("arg") || word("alert") || word("action") { return true }
                index += 3
            }
            return false
        }
    }

    static func contains(_ bytes: [UInt8], _ name: String) -> Bool { ByteSearch.contains(bytes, Array(name.utf8)) }

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
        /// For arguments given as a variable (`"loc-args": args`): each literal list assigned to
        /// it earlier in the function, with where (`args = [a]` in one branch, `[a, b, c]` in
        /// another), so each key pairs with the list of its branch.
        var assigned: [(arguments: CodeArguments, nameIndex: Int)] = []
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
            if case .runtime = item.arguments { item.assigned = assignedLists(at: valueIndex) }
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
}
