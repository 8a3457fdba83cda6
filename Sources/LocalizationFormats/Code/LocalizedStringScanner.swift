/// Finds the keys Swift and Objective-C code looks up: `NSLocalizedString` and its Objective-C
/// macros, `String(localized:)`, `LocalizedStringResource`, `LocalizedStringKey`, the SwiftUI
/// views and modifiers that take a `LocalizedStringKey` from a literal, `Bundle`'s
/// `localizedString(forKey:value:table:)`, SwiftGen's `tr(table, key)` and configured wrappers.
public struct LocalizedStringScanner {
    let tokens: [CodeToken]
    let bytes: [UInt8]
    let language: CodeLanguage
    var match: [Int]
    var wrappers: [String: LocalizedStringWrapper]
    /// Wrappers that are members of `String` (`"key".localized`), by name.
    var stringMembers: [String: LocalizedStringWrapper] = [:]
    /// Wrappers defined in this file, found while scanning.
    var definitions: [WrapperDefinition] = []
    /// The key arguments of the lookups inside wrapper definitions: the wrapper's parameter, no
    /// key built at run time.
    var wrapperKeyTokens: Set<Int> = []
    /// Where `line(at:)` last counted to, and the line there.
    var lineCursor = (offset: 0, line: 1)

    /// SwiftUI views whose first unlabelled argument is a `LocalizedStringKey` when it is a
    /// literal (Apple's documentation of each initialiser `init(_ titleKey: LocalizedStringKey, …)`).
    public static let swiftUIViews: Set = [
        "Text", "Button", "Label", "Toggle", "Picker", "Section", "Link", "NavigationLink", "TextField", "SecureField", "Menu",
        "Stepper", "DatePicker", "ColorPicker", "ProgressView", "GroupBox", "LabeledContent", "Tab", "ContentUnavailableView",
        "ShareLink", "DisclosureGroup", "MultiDatePicker",
    ]
    /// SwiftUI modifiers whose first unlabelled argument is a `LocalizedStringKey` when it is a literal.
    public static let swiftUIModifiers: Set = [
        "navigationTitle", "navigationBarTitle", "navigationSubtitle", "alert", "confirmationDialog", "help", "accessibilityLabel",
        "accessibilityHint", "accessibilityValue", "badge",
    ]

    /// `everyLiteral` also gathers what `unused-key` needs: every literal, interpolated literal and
    /// member chain of the file (only when that rule runs: it is most of the scan's work).
    public static func uses(in bytes: [UInt8], language: CodeLanguage, wrappers: [LocalizedStringWrapper] = [], everyLiteral: Bool = true)
        -> LocalizedStringUses
    {
        guard language == .swift || language == .objectiveC else { return LocalizedStringUses() }
        let (tokens, interpolations) = CodeLexer.tokensAndInterpolations(of: bytes, language: language)
        return uses(
            tokens: tokens, interpolations: interpolations, bytes: bytes, language: language, wrappers: wrappers, everyLiteral: everyLiteral
        )
    }

    /// `uses(tokens:…)` of the file and of the code inside its interpolations.
    public static func uses(
        tokens: [CodeToken], interpolations: [Range<Int>], bytes: [UInt8], language: CodeLanguage,
        wrappers: [LocalizedStringWrapper] = [], everyLiteral: Bool = true
    ) -> LocalizedStringUses {
        var result = uses(tokens: tokens, bytes: bytes, language: language, wrappers: wrappers, everyLiteral: everyLiteral)
        // Lookups inside string interpolations (`"\(NSLocalizedString("Total", comment: "")):"`),
        // read as code of their own, a few levels deep.
        var pending = interpolations.map { ($0, 1) }
        while let (range, depth) = pending.popLast() {
            // `\(count)`: no call and no literal, nothing to find (but member chains, for `unused-key`).
            if !everyLiteral, !bytes[range].contains(UInt8(ascii: "(")), !bytes[range].contains(UInt8(ascii: "\"")) { continue }
            let (inner, nested) = CodeLexer.tokensAndInterpolations(of: Array(bytes[range]), language: language)
            let shifted = inner.map { token in
                var token = token
                token.start += range.lowerBound
                token.end += range.lowerBound
                return token
            }
            result.merge(uses(tokens: shifted, bytes: bytes, language: language, wrappers: wrappers, everyLiteral: everyLiteral))
            if depth < 4 {
                pending += nested.map { (($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound), depth + 1) }
            }
        }
        return result
    }

    /// Every call name that may be a lookup.
    static let lookupNames: Set<String> = swiftUIViews.union(swiftUIModifiers).union([
        "NSLocalizedString", "NSLocalizedStringFromTable", "NSLocalizedStringFromTableInBundle", "NSLocalizedStringWithDefaultValue",
        "String", "AttributedString", "LocalizedStringResource", "LocalizedStringKey", "localizedString", "tr", "searchable",
    ])

    /// The uses among tokens already lexed.
    public static func uses(
        tokens: [CodeToken], bytes: [UInt8], language: CodeLanguage, wrappers: [LocalizedStringWrapper] = [], everyLiteral: Bool = true
    ) -> LocalizedStringUses {
        guard language == .swift || language == .objectiveC else { return LocalizedStringUses() }
        var scanner = LocalizedStringScanner(tokens: tokens, bytes: bytes, language: language, wrappers: wrappers)
        scanner.everyLiteral = everyLiteral
        return scanner.scan()
    }

    var everyLiteral = true

    init(tokens: [CodeToken], bytes: [UInt8], language: CodeLanguage, wrappers: [LocalizedStringWrapper]) {
        self.tokens = tokens
        self.bytes = bytes
        self.language = language
        match = CodeToken.brackets(tokens).match
        var table: [String: LocalizedStringWrapper] = [:]
        for wrapper in wrappers where !wrapper.onString { table[wrapper.name] = wrapper }
        self.wrappers = table
        for wrapper in wrappers where wrapper.onString { stringMembers[wrapper.name] = wrapper }
    }

    /// One argument of a call: its label (Swift), and its tokens.
    struct Argument {
        var label: String?
        var start: Int
        var end: Int
    }

    func arguments(open: Int) -> [Argument] {
        guard match[open] > open else { return [] }
        let close = match[open]
        var result: [Argument] = []
        var position = open + 1
        while position < close {
            var end = position
            while end < close, !tokens[end].is(.punctuation, ",") {
                if tokens[end].kind == .punctuation, ["(", "[", "{"].contains(tokens[end].text), match[end] > end {
                    end = match[end] + 1
                } else {
                    end += 1
                }
            }
            var label: String?
            var start = position
            if language == .swift, end - position >= 2, tokens[position].kind == .identifier, tokens[position + 1].is(.operator, ":") {
                label = tokens[position].text
                start = position + 2
            }
            if end > position { result.append(Argument(label: label, start: start, end: end)) }
            position = end + 1
        }
        return result
    }

    /// The literal an argument is, when it is exactly one string literal (`@"…"` included).
    func literal(_ argument: Argument?) -> CodeToken? {
        guard let argument, argument.end == argument.start + 1, tokens[argument.start].kind == .string else { return nil }
        return tokens[argument.start]
    }

    func source(_ argument: Argument) -> String {
        guard argument.end > argument.start else { return "" }
        return String(decoding: bytes[tokens[argument.start].start..<tokens[argument.end - 1].end], as: UTF8.self)
    }

    mutating func scan() -> LocalizedStringUses {
        var result = LocalizedStringUses()
        var index = 0
        // SwiftGen keys' literals count as uses only through their accessors.
        var generatedKeyTokens: Set<Int> = []
        // Enclosing braces: their enum's name (SwiftGen nests accessors in enums), and whether
        // they are a preview or debug-only region.
        var braces: [(close: Int, enumName: String?, quiet: Bool, extendsString: Bool)] = []
        var debugDepth = 0
        var conditionals: [Bool] = []
        var pendingQuiet = false
        while index + 1 < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            while let last = braces.last, last.close <= index { braces.removeLast() }
            if language == .swift, token.is(.punctuation, "#"), tokens[index + 1].kind == .identifier {
                // `#if DEBUG … #endif`, `#Preview { … }`.
                switch tokens[index + 1].text {
                case "if":
                    let debug = index + 2 < tokens.count && tokens[index + 2].is(.identifier, "DEBUG")
                    conditionals.append(debug)
                    if debug { debugDepth += 1 }
                case "endif":
                    if conditionals.popLast() == true { debugDepth -= 1 }
                case "Preview": pendingQuiet = true
                default: break
                }
            }
            if token.is(.identifier, "PreviewProvider") { pendingQuiet = true }
            if token.is(.punctuation, "{"), match[index] > index {
                var enumName: String?
                var extendsString = false
                var back = index - 1
                while back > 0, back > index - 12, !tokens[back].is(.punctuation, "{"), !tokens[back].is(.punctuation, "}") {
                    if tokens[back - 1].is(.identifier, "enum"), tokens[back].kind == .identifier { enumName = tokens[back].text }
                    if tokens[back - 1].is(.identifier, "extension"), ["String", "StringProtocol"].contains(tokens[back].text) {
                        extendsString = true
                    }
                    back -= 1
                }
                braces.append((match[index], enumName, pendingQuiet, extendsString))
                pendingQuiet = false
            }
            // The app's own wrappers, defined here: `func localized(_ key: String) -> String { … }`.
            if language == .swift, token.is(.identifier, "func") || token.is(.identifier, "var") {
                if let definition = swiftDefinition(at: index, extendsString: braces.last?.extendsString == true) {
                    definitions.append(definition)
                }
            } else if language == .objectiveC, token.is(.punctuation, "#") {
                if let definition = macroDefinition(at: index) { definitions.append(definition) }
            } else if language == .objectiveC, token.kind == .identifier, tokens[index + 1].is(.punctuation, "(") {
                if let definition = objectiveCFunctionDefinition(at: index) { definitions.append(definition) }
            }
            // `"settings.title".localized`: a member of `String` that looks its receiver up.
            if token.kind == .string, !stringMembers.isEmpty, index + 2 < tokens.count, tokens[index + 1].is(.punctuation, "."),
                let wrapper = stringMembers[tokens[index + 2].text]
            {
                stringMemberUse(at: index, wrapper: wrapper, quiet: debugDepth > 0 || braces.contains { $0.quiet }, into: &result)
                continue
            }
            guard token.kind == .identifier, tokens[index + 1].is(.punctuation, "(") else {
                if language == .objectiveC, token.is(.punctuation, "[") { objectiveCMessage(at: index, into: &result) }
                continue
            }
            let previous = index > 0 ? tokens[index - 1] : nil
            // A declaration (`func Text(`, `static func tr(`) is no call.
            if let previous, previous.kind == .identifier, ["func", "init", "class", "struct", "enum", "case"].contains(previous.text) {
                continue
            }
            // Arguments are split only for the calls that can be lookups: splitting every call's
            // would be quadratic in nesting (`f(f(f(…)))`).
            guard Self.lookupNames.contains(token.text) || wrappers[token.text] != nil else { continue }
            let arguments = arguments(open: index + 1)
            let isMember = previous?.is(.punctuation, ".") == true
            // A call Foundation or SwiftUI knows is theirs, whatever wrapper has the same name.
            let builtIn = builtInLookup(at: index, arguments: arguments, isMember: isMember)
            let wrapper = builtIn == nil ? wrappers[token.text] : nil
            let found = builtIn ?? wrapper.flatMap { wrapperArguments($0, arguments) }
            guard let found, let keyArgument = found.key else { continue }
            let quiet = debugDepth > 0 || braces.contains { $0.quiet }
            // SwiftUI takes a key only from a literal; a variable is shown as it is.
            let isSwiftUI = builtIn != nil && Self.takesKeyOnlyFromLiterals(token.text)
            // A wrapper whose body chooses the table at run time: its keys' table is unknown.
            if wrapper?.tableUnknown == true { continue }
            let tableName = wrapper?.fixedTable ?? literal(found.table).flatMap { $0.interpolated ? nil : $0.text }
            guard let keyToken = literal(keyArgument) else {
                // The lookup inside a wrapper's own body takes the wrapper's key, not one built here.
                let wrapped = keyArgument.end == keyArgument.start + 1 && wrapperKeyTokens.contains(keyArgument.start)
                if !isSwiftUI, !wrapped, found.table == nil || tableName != nil { result.dynamicTables.insert(tableName) }
                continue
            }
            // A table chosen at run time; `table: nil` is the default table.
            if let table = found.table, tableName == nil, !(table.end == table.start + 1 && tokens[table.start].is(.identifier, "nil")) {
                continue
            }
            let keyText = keyToken.text
            if keyToken.interpolated {
                let prefix = String(keyText.prefix { $0 != Character(Unicode.Scalar(CodeLexer.hole)) })
                // Only SwiftUI and String(localized:) turn an interpolation into a format key;
                // NSLocalizedString("a.\(x)") looks up a key built at run time.
                let makesFormatKey =
                    wrapper?.takesLocalizedKey
                    ?? (isSwiftUI || token.text == "String" || token.text == "AttributedString" || token.text == "LocalizedStringResource"
                        || token.text == "LocalizedStringKey")
                if makesFormatKey {
                    result.uses.append(
                        LocalizedStringUse(
                            key: keyText, interpolated: true, table: tableName, bundle: found.bundle.map(source),
                            defaultValue: literal(found.value)?.text, construct: constructName(token, isMember: isMember),
                            keyOffset: keyToken.start, inPreviewOrDebug: quiet))
                } else if !prefix.isEmpty {
                    result.dynamicPrefixes.append((tableName, prefix))
                } else {
                    result.dynamicTables.insert(tableName)
                }
                continue
            }
            var use = LocalizedStringUse(
                key: keyText, interpolated: false, table: tableName, bundle: found.bundle.map(source),
                defaultValue: literal(found.value).flatMap { $0.interpolated ? nil : $0.text },
                construct: constructName(token, isMember: isMember), keyOffset: keyToken.start)
            use.inPreviewOrDebug = debugDepth > 0 || braces.contains { $0.quiet }
            use.extractedByXcode = wrapper.map(\.takesLocalizedKey) ?? !["tr", "localizedString"].contains(token.text)
            if token.text == "tr", let name = accessorName(before: index) {
                let enums = braces.compactMap(\.enumName)
                if !enums.isEmpty {
                    use.accessor = (enums + [name]).joined(separator: ".")
                    generatedKeyTokens.insert(keyArgument.start)
                }
            }
            if let count = formatArgumentCount(around: index) {
                use.formatArguments = count.count
                use.formatOffset = count.offset
            }
            result.uses.append(use)
        }
        result.wrapperDefinitions = definitions
        guard everyLiteral else { return result }
        for (position, token) in tokens.enumerated() where token.kind == .string && token.text.utf8.count <= 256 {
            if token.interpolated {
                if language == .swift { result.literalPatterns.insert(token.text) }
            } else if !generatedKeyTokens.contains(position) {
                result.literals.insert(token.text)
            }
        }
        // `L10n.Common.Controls.Actions.open`: chains of names from a capitalised one.
        var position = 0
        while position < tokens.count {
            let token = tokens[position]
            guard token.kind == .identifier, let first = token.text.utf8.first, first >= 0x41, first <= 0x5A,
                position == 0 || !tokens[position - 1].is(.punctuation, "."),
                position + 2 < tokens.count, tokens[position + 1].is(.punctuation, ".")
            else {
                position += 1
                continue
            }
            // Every prefix: `L10n.Scene.Welcome.Separator.or.uppercased()` uses the accessor `…or`.
            var chain = token.text
            var next = position + 1
            while next + 1 < tokens.count, tokens[next].is(.punctuation, "."), tokens[next + 1].kind == .identifier {
                chain += "." + tokens[next + 1].text
                result.memberChains.insert(chain)
                next += 2
            }
            position = next
        }
        return result
    }
}
