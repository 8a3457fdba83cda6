/// A function, macro or `String` member whose body passes one of its parameters (or `self`) as
/// the key to a lookup: the app's own wrapper, found without configuration.
///
/// `func localizedString(_ key: String, _ params: String...) -> String { … NSLocalizedString(key, comment: "") … }`,
/// `extension String { var localized: String { NSLocalizedString(self, comment: "") } }`,
/// `#define L(key) NSLocalizedString(key, nil)`. A body that passes the parameter to another
/// function by name (`func t(_ k: String) -> String { localizedString(k) }`) is resolved across
/// files by `WrapperInference.resolve`.
public struct WrapperDefinition: Sendable, Hashable {
    /// The wrapper as its calls are matched; `inferred` says where it is defined.
    public var wrapper: LocalizedStringWrapper
    /// When the key goes to a function not known to look keys up: its name and the argument.
    public var forwardsTo: Forward?

    public struct Forward: Sendable, Hashable {
        public var name: String
        /// 1-based position among the call's arguments.
        public var position: Int
        public var label: String?
    }
}

/// Resolves the wrappers defined across an app's files into the set its calls are matched with.
public enum WrapperInference {
    /// The inferred wrappers: those that pass their key to a lookup, then, until nothing changes,
    /// those that pass it to a wrapper already known. A name defined twice with different key
    /// arguments is left out (its calls cannot be told apart), as are names the scanner knows
    /// itself (`tr`, `NSLocalizedString` …) and configured wrappers, which win.
    public static func resolve(_ definitions: [WrapperDefinition], configured: [LocalizedStringWrapper]) -> [LocalizedStringWrapper] {
        // `localizedString` is Bundle's only as a member labelled `forKey:`; the app may have its own.
        let reserved = LocalizedStringScanner.lookupNames.subtracting(["localizedString"]).union(configured.map(\.name))
        var known: [String: LocalizedStringWrapper] = [:]
        var ambiguous: Set<String> = []
        func add(_ wrapper: LocalizedStringWrapper) -> Bool {
            guard !reserved.contains(wrapper.name), !ambiguous.contains(wrapper.name) else { return false }
            let key = wrapper.onString ? "." + wrapper.name : wrapper.name
            if let existing = known[key] {
                if existing.key != wrapper.key || existing.keyLabel != wrapper.keyLabel || existing.fixedTable != wrapper.fixedTable
                    || existing.table != wrapper.table || existing.tableLabel != wrapper.tableLabel
                    || existing.tableUnknown != wrapper.tableUnknown
                {
                    known[key] = nil
                    ambiguous.insert(wrapper.name)
                }
                return false
            }
            known[key] = wrapper
            return true
        }
        for definition in definitions where definition.forwardsTo == nil { _ = add(definition.wrapper) }
        var pending = definitions.filter { $0.forwardsTo != nil }
        var changed = true
        while changed, !pending.isEmpty {
            changed = false
            pending.removeAll { definition in
                guard let forward = definition.forwardsTo else { return true }
                let callee = known[forward.name] ?? configured.first { $0.name == forward.name }
                guard let callee, !callee.onString else { return false }
                let takesKey =
                    callee.keyLabel.map { $0 == forward.label } ?? (forward.position == callee.key && forward.label == nil)
                guard takesKey else { return true }
                var wrapper = definition.wrapper
                wrapper.fixedTable = callee.fixedTable
                // A callee that takes its table as an argument gets one this definition does not show.
                wrapper.tableUnknown = callee.tableUnknown || callee.table != nil || callee.tableLabel != nil
                wrapper.inferred?.passesTo = callee.shape
                wrapper.takesLocalizedKey = wrapper.takesLocalizedKey || callee.takesLocalizedKey
                if add(wrapper) { changed = true }
                return true
            }
        }
        return known.values.sorted { ($0.name, $0.onString ? 1 : 0) < ($1.name, $1.onString ? 1 : 0) }
    }
}

extension LocalizedStringScanner {
    // MARK: Wrapper definitions

    /// A parameter of a definition: its position, label and name.
    struct Parameter {
        var position: Int
        var label: String?
        var name: String
        var isText: Bool
        /// A `LocalizedStringKey`, `LocalizedStringResource` or `String.LocalizationValue`: a
        /// literal passed for it is a key (Xcode extracts it), and an interpolated one a format key.
        var isLocalizedKey = false
        var variadic = false
    }

    /// Swift's `func NAME(params) … { body }`, or `var NAME: String { body }` in an extension
    /// of `String`, at `index` (the `func` or `var` keyword).
    mutating func swiftDefinition(at index: Int, extendsString: Bool) -> WrapperDefinition? {
        guard index + 2 < tokens.count, tokens[index + 1].kind == .identifier else { return nil }
        let name = tokens[index + 1].text
        var parameters: [Parameter] = []
        var position = index + 2
        if tokens[index].text == "func" {
            guard tokens[position].is(.punctuation, "("), match[position] > position else { return nil }
            parameters = swiftParameters(open: position)
            position = match[position] + 1
        } else {
            guard extendsString, tokens[position].is(.operator, ":") else { return nil }
        }
        guard extendsString || parameters.contains(where: \.isText) else { return nil }
        // The body: the first `{` before another declaration.
        var open = position
        while open < tokens.count, open - position < 40 {
            let token = tokens[open]
            if token.is(.punctuation, "{") { break }
            if token.is(.punctuation, "}") || token.is(.operator, "=")
                || (token.kind == .identifier && ["func", "var", "let", "case", "init"].contains(token.text))
            {
                return nil
            }
            open += 1
        }
        guard open < tokens.count, tokens[open].is(.punctuation, "{"), match[open] > open else { return nil }
        var keyNames = parameters.filter(\.isText).map(\.name)
        if extendsString { keyNames.append("self") }
        guard
            var definition = definition(
                body: (open + 1)..<match[open], keyNames: keyNames, parameters: parameters, name: name,
                at: tokens[index + 1].start)
        else { return nil }
        if extendsString, definition.keyName == "self" {
            definition.result.wrapper.onString = true
            definition.result.wrapper.key = 0
            definition.result.wrapper.keyLabel = nil
        } else if definition.keyName == "self" {
            return nil
        }
        return definition.result
    }

    /// The parameters between `(` and its match: `_ key: String`, `key: String`, `for key: String = ""`.
    func swiftParameters(open: Int) -> [Parameter] {
        arguments(open: open).enumerated().compactMap { offset, argument -> Parameter? in
            // `arguments` reads `key: String` as a label and a value: the label is the name.
            var names: [String] = []
            var typeStart = argument.start
            if let label = argument.label {
                names = [label]
            } else {
                var position = argument.start
                while position < argument.end, tokens[position].kind == .identifier {
                    names.append(tokens[position].text)
                    position += 1
                }
                guard position < argument.end, tokens[position].is(.operator, ":") else { return nil }
                typeStart = position + 1
            }
            guard let inner = names.last, names.count <= 2 else { return nil }
            let external = names.count == 2 ? names[0] : inner
            var isText = false
            var isLocalizedKey = false
            var position = typeStart
            if position < argument.end, tokens[position].kind == .identifier {
                while position < argument.end, !tokens[position].is(.operator, "=") {
                    if tokens[position].kind == .identifier {
                        switch tokens[position].text {
                        case "String", "StaticString", "Substring": isText = true
                        case "LocalizedStringKey", "LocalizationValue", "LocalizedStringResource":
                            isText = true
                            isLocalizedKey = true
                        default: break
                        }
                    }
                    if tokens[position].kind == .punctuation, !tokens[position].is(.punctuation, ".") { break }
                    position += 1
                }
            }
            let variadic = tokens[argument.start..<argument.end].contains { $0.is(.operator, "...") }
            return Parameter(
                position: offset + 1, label: external == "_" ? nil : external, name: inner, isText: isText, isLocalizedKey: isLocalizedKey,
                variadic: variadic)
        }
    }

    /// Objective-C's `#define NAME(key, comment) NSLocalizedString(key, comment)` at `index` (the `#`).
    mutating func macroDefinition(at index: Int) -> WrapperDefinition? {
        guard index + 3 < tokens.count, tokens[index + 1].is(.identifier, "define"), tokens[index + 2].kind == .identifier,
            tokens[index + 3].is(.punctuation, "("), tokens[index + 3].start == tokens[index + 2].end, match[index + 3] > index + 3
        else { return nil }
        let open = index + 3
        var parameters: [Parameter] = []
        for (offset, argument) in arguments(open: open).enumerated() where argument.end == argument.start + 1 {
            parameters.append(Parameter(position: offset + 1, label: nil, name: tokens[argument.start].text, isText: true))
        }
        // The body runs to the end of the line; a `\` at a line's end continues it.
        var end = match[open] + 1
        while end < tokens.count, !tokens[end].startsLine || tokens[end - 1].is(.punctuation, "\\") { end += 1 }
        return definition(
            body: (match[open] + 1)..<end, keyNames: parameters.map(\.name), parameters: parameters, name: tokens[index + 2].text,
            at: tokens[index + 2].start)?.result
    }

    /// Objective-C's `NSString *NAME(NSString *key) { … }` at `index` (the name).
    mutating func objectiveCFunctionDefinition(at index: Int) -> WrapperDefinition? {
        guard index >= 2, tokens[index - 1].is(.operator, "*"), tokens[index - 2].is(.identifier, "NSString"),
            tokens[index + 1].is(.punctuation, "("), match[index + 1] > index + 1
        else { return nil }
        let open = index + 1
        let close = match[open]
        guard close + 1 < tokens.count, tokens[close + 1].is(.punctuation, "{"), match[close + 1] > close + 1 else { return nil }
        var parameters: [Parameter] = []
        for (offset, argument) in arguments(open: open).enumerated() where argument.end > argument.start {
            let last = tokens[argument.end - 1]
            let isText = tokens[argument.start..<argument.end].contains { $0.is(.identifier, "NSString") }
            if last.kind == .identifier { parameters.append(Parameter(position: offset + 1, label: nil, name: last.text, isText: isText)) }
        }
        guard parameters.contains(where: \.isText) else { return nil }
        return definition(
            body: (close + 2)..<match[close + 1], keyNames: parameters.filter(\.isText).map(\.name), parameters: parameters,
            name: tokens[index].text, at: tokens[index].start)?.result
    }

    /// The first lookup in a body whose key is one of `keyNames`; else the first call that passes
    /// one of them on (resolved later, across files).
    mutating func definition(body: Range<Int>, keyNames: [String], parameters: [Parameter], name: String, at offset: Int)
        -> (result: WrapperDefinition, keyName: String)?
    {
        guard !keyNames.isEmpty, body.count <= 3000 else { return nil }
        // A parameter the body declares again (`let key = "App." + key`) is no longer the key.
        var keyNames = keyNames
        for position in body.dropFirst() where tokens[position].kind == .identifier && keyNames.contains(tokens[position].text) {
            let before = tokens[position - 1]
            if before.kind == .identifier, ["let", "var"].contains(before.text) { keyNames.removeAll { $0 == tokens[position].text } }
        }
        guard !keyNames.isEmpty else { return nil }
        var forward: (WrapperDefinition.Forward, String)?
        // Only the calls a key name is passed to: found from each use of the name (most bodies
        // hold many calls and none of them takes the parameter).
        var calls: [Int] = []
        for position in body where tokens[position].kind == .identifier && keyNames.contains(tokens[position].text) {
            if language == .objectiveC, position >= 2, tokens[position - 1].is(.operator, ":"),
                tokens[position - 2].is(.identifier, "localizedStringForKey")
            {
                calls.append(position - 2)
            } else if var open = openingParenthesis(around: position, from: body.lowerBound), open > body.lowerBound,
                tokens[open - 1].kind == .identifier
            {
                // `String(localized: String.LocalizationValue(key))`: the call around the conversion.
                if tokens[open - 1].text == "LocalizationValue", let outer = openingParenthesis(around: open - 1, from: body.lowerBound),
                    outer > body.lowerBound, tokens[outer - 1].kind == .identifier
                {
                    open = outer
                }
                if !calls.contains(open - 1) { calls.append(open - 1) }
            }
        }
        for call in calls {
            if language == .objectiveC, tokens[call].is(.identifier, "localizedStringForKey"),
                let (keyToken, keyName) = parameterArgument(from: call + 2, keyNames: keyNames)
            {
                wrapperKeyTokens.insert(keyToken)
                let table = objectiveCTable(after: call, in: body)
                return (
                    make(
                        name: name, keyName: keyName, parameters: parameters, table: table, passesTo: "localizedStringForKey:", at: offset),
                    keyName
                )
            }
            guard tokens[call + 1].is(.punctuation, "("), match[call + 1] > call + 1 else { continue }
            let arguments = arguments(open: call + 1)
            let isMember = call > 0 && tokens[call - 1].is(.punctuation, ".")
            if let found = lookup(at: call, arguments: arguments, isMember: isMember), let key = found.key,
                let (keyToken, keyName) = parameterArgument(key, keyNames: keyNames),
                // SwiftUI localizes a `LocalizedStringKey`; a `String` it shows as it is.
                !Self.takesKeyOnlyFromLiterals(tokens[call].text) || parameters.first(where: { $0.name == keyName })?.isLocalizedKey == true
            {
                wrapperKeyTokens.insert(keyToken)
                let table: TableSource
                if let argument = found.table {
                    table = tableSource(argument, parameters: parameters)
                } else {
                    table = .fixed(nil)
                }
                let passesTo = constructName(tokens[call], isMember: isMember)
                return (make(name: name, keyName: keyName, parameters: parameters, table: table, passesTo: passesTo, at: offset), keyName)
            }
            guard forward == nil, tokens[call].text == "localizedString" || !Self.lookupNames.contains(tokens[call].text) else { continue }
            for (position, argument) in arguments.enumerated() {
                guard let (_, keyName) = parameterArgument(argument, keyNames: keyNames) else { continue }
                forward = (WrapperDefinition.Forward(name: tokens[call].text, position: position + 1, label: argument.label), keyName)
                break
            }
        }
        guard let (target, keyName) = forward else { return nil }
        var result = make(name: name, keyName: keyName, parameters: parameters, table: .fixed(nil), passesTo: target.name, at: offset)
        result.forwardsTo = target
        return (result, keyName)
    }

    /// The `(` of the call whose arguments hold the token at `position` (bounded, within the body).
    func openingParenthesis(around position: Int, from start: Int) -> Int? {
        var depth = 0
        var back = position - 1
        while back >= start, position - back < 400 {
            let token = tokens[back]
            if token.kind == .punctuation {
                switch token.text {
                case ")", "]", "}": depth += 1
                case "[", "{":
                    if depth == 0 { return nil }
                    depth -= 1
                case "(":
                    if depth == 0 { return back }
                    depth -= 1
                default: break
                }
            }
            back -= 1
        }
        return nil
    }

    enum TableSource {
        case fixed(String?)
        case parameter(Parameter)
        case unknown
    }

    /// A table argument: a literal, `nil`, a parameter, or chosen at run time.
    func tableSource(_ argument: Argument, parameters: [Parameter]) -> TableSource {
        if let literal = literal(argument), !literal.interpolated { return .fixed(literal.text) }
        if argument.end == argument.start + 1, tokens[argument.start].kind == .identifier {
            let text = tokens[argument.start].text
            if text == "nil" { return .fixed(nil) }
            if let parameter = parameters.first(where: { $0.name == text }) { return .parameter(parameter) }
        }
        return .unknown
    }

    /// The table of `… table:@"T"]` or `table:nil]` after `localizedStringForKey:` at `call`.
    func objectiveCTable(after call: Int, in body: Range<Int>) -> TableSource {
        var position = call + 1
        while position + 2 < body.upperBound {
            if tokens[position].is(.identifier, "table"), tokens[position + 1].is(.operator, ":") {
                let value = tokens[position + 2]
                if value.kind == .string, !value.interpolated { return .fixed(value.text) }
                return value.is(.identifier, "nil") ? .fixed(nil) : .unknown
            }
            position += 1
        }
        return .fixed(nil)
    }

    /// Whether an argument is just one of the key names: `key`, `(key)`, `self`,
    /// `String.LocalizationValue(key)`, `LocalizedStringKey(key)`; the name's token and the name.
    func parameterArgument(_ argument: Argument, keyNames: [String]) -> (Int, String)? {
        let wrapping: Set = ["String", "LocalizationValue", "LocalizedStringKey", "stringLiteral"]
        var found: (Int, String)?
        for position in argument.start..<argument.end {
            let token = tokens[position]
            switch token.kind {
            case .identifier:
                if keyNames.contains(token.text) {
                    guard found == nil else { return nil }
                    found = (position, token.text)
                } else if !wrapping.contains(token.text) {
                    return nil
                }
            case .punctuation where ["(", ")", "."].contains(token.text): continue
            case .operator where token.text == ":": continue
            default: return nil
            }
        }
        return found
    }

    /// `key` or `(key)` from an Objective-C message argument at `start`.
    func parameterArgument(from start: Int, keyNames: [String]) -> (Int, String)? {
        var position = start
        while position < tokens.count, tokens[position].is(.punctuation, "(") { position += 1 }
        guard position < tokens.count, tokens[position].kind == .identifier, keyNames.contains(tokens[position].text) else { return nil }
        return (position, tokens[position].text)
    }

    /// The 1-based line of a byte offset, counted on from the last one asked for (definitions come
    /// in file order), so a file of thousands of definitions is read once.
    mutating func line(at offset: Int) -> Int {
        var (from, line) = lineCursor.offset <= offset ? lineCursor : (0, 1)
        let end = min(offset, bytes.count)
        while from < end {
            if bytes[from] == 0x0A { line += 1 }
            from += 1
        }
        lineCursor = (end, line)
        return line
    }

    mutating func make(name: String, keyName: String, parameters: [Parameter], table: TableSource, passesTo: String, at offset: Int)
        -> WrapperDefinition
    {
        let parameter = parameters.first { $0.name == keyName }
        var wrapper = LocalizedStringWrapper(name: name, key: parameter?.position ?? 1)
        wrapper.keyLabel = parameter?.label
        if language == .swift, !parameters.isEmpty {
            wrapper.parameterLabels = parameters.map(\.label)
            wrapper.variadic = parameters.contains(where: \.variadic)
        }
        wrapper.takesLocalizedKey = parameter?.isLocalizedKey ?? false
        switch table {
        case .fixed(let name): wrapper.fixedTable = name
        case .parameter(let parameter):
            if let label = parameter.label { wrapper.tableLabel = label } else { wrapper.table = parameter.position }
        case .unknown: wrapper.tableUnknown = true
        }
        wrapper.inferred = LocalizedStringWrapper.InferredAt(path: "", line: line(at: offset), passesTo: passesTo)
        return WrapperDefinition(wrapper: wrapper, forwardsTo: nil)
    }
}
