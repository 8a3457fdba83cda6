/// What a call is: which of its arguments are the key, table, bundle and default value of a
/// lookup (Apple's, SwiftGen's, a wrapper's), and what is around it (a format call, an accessor).
extension LocalizedStringScanner {
    typealias Found = (key: Argument?, table: Argument?, bundle: Argument?, value: Argument?)

    /// The key, table, bundle and default value arguments of the call at `index` when it is one
    /// of the lookups the scanner knows.
    func builtInLookup(at index: Int, arguments: [Argument], isMember: Bool) -> Found? {
        var found: Found?
        switch tokens[index].text {
        case "NSLocalizedString" where !isMember:
            if language == .objectiveC {
                found = (arguments.first, nil, nil, nil)
            } else {
                found = (
                    arguments.first { $0.label == nil }, arguments.first { $0.label == "tableName" },
                    arguments.first { $0.label == "bundle" }, arguments.first { $0.label == "value" }
                )
            }
        case "NSLocalizedStringFromTable" where language == .objectiveC:
            found = (arguments.first, arguments.dropFirst().first, nil, nil)
        case "NSLocalizedStringFromTableInBundle" where language == .objectiveC:
            found = (arguments.first, arguments.dropFirst().first, arguments.dropFirst(2).first, nil)
        case "NSLocalizedStringWithDefaultValue" where language == .objectiveC:
            found = (arguments.first, arguments.dropFirst().first, arguments.dropFirst(2).first, arguments.dropFirst(3).first)
        case "String" where arguments.first?.label == "localized", "AttributedString" where arguments.first?.label == "localized":
            found = (
                arguments.first, arguments.first { $0.label == "table" }, arguments.first { $0.label == "bundle" },
                arguments.first { $0.label == "defaultValue" }
            )
        case "LocalizedStringResource" where arguments.first?.label == nil, "LocalizedStringKey" where arguments.first?.label == nil:
            found = (
                arguments.first, arguments.first { $0.label == "table" }, arguments.first { $0.label == "bundle" },
                arguments.first { $0.label == "defaultValue" }
            )
        case "localizedString" where isMember && arguments.first?.label == "forKey":
            found = (
                arguments.first, arguments.first { $0.label == "table" }, nil, arguments.first { $0.label == "value" }
            )
        case "tr" where arguments.count >= 2 && literal(arguments[0]) != nil && arguments[0].label == nil && arguments[1].label == nil:
            // SwiftGen's generated accessors: `L10n.tr("Localizable", "key", …, fallback: "…")`.
            found = (arguments[1], arguments[0], nil, arguments.first { $0.label == "fallback" })
        default:
            if language == .swift, Self.swiftUIViews.contains(tokens[index].text), !isMember, arguments.first?.label == nil {
                found = (
                    arguments.first, arguments.first { $0.label == "tableName" }, arguments.first { $0.label == "bundle" }, nil
                )
            } else if language == .swift, isMember, Self.swiftUIModifiers.contains(tokens[index].text), arguments.first?.label == nil {
                found = (arguments.first, nil, nil, nil)
            } else if language == .swift, tokens[index].text == "searchable", let prompt = arguments.first(where: { $0.label == "prompt" })
            {
                found = (prompt, nil, nil, nil)
            }
        }
        return found
    }

    /// `builtInLookup`, else the call of a wrapper of that name (configured or inferred).
    func lookup(at index: Int, arguments: [Argument], isMember: Bool) -> Found? {
        builtInLookup(at: index, arguments: arguments, isMember: isMember)
            ?? wrappers[tokens[index].text].flatMap { wrapperArguments($0, arguments) }
    }

    /// The key and table arguments of a wrapper's call: by label when the definition gives the
    /// key one, else by position. An inferred wrapper's call must fit its definition: no label it
    /// does not have, no more arguments than it takes (`setTitle(_ key:)` is not UIKit's
    /// `setTitle(_:for:)`).
    func wrapperArguments(_ wrapper: LocalizedStringWrapper, _ arguments: [Argument]) -> Found? {
        if let labels = wrapper.parameterLabels {
            guard wrapper.variadic || arguments.count <= labels.count,
                arguments.allSatisfy({ $0.label == nil || labels.contains($0.label) })
            else { return nil }
        }
        let key =
            wrapper.keyLabel.map { label in arguments.first { $0.label == label } }
            ?? (wrapper.key <= arguments.count && (wrapper.inferred == nil || arguments[wrapper.key - 1].label == nil)
                ? arguments[wrapper.key - 1] : nil)
        let table =
            wrapper.tableLabel.flatMap { label in arguments.first { $0.label == label } }
            ?? wrapper.table.flatMap { $0 <= arguments.count ? arguments[$0 - 1] : nil }
        return (key, table, nil, nil)
    }

    /// `"key".localized`, `"key".localized(with: x)`, `"state.\(x)".localized` (a key built at run time).
    func stringMemberUse(at index: Int, wrapper: LocalizedStringWrapper, quiet: Bool, into result: inout LocalizedStringUses) {
        let token = tokens[index]
        if wrapper.tableUnknown { return }
        var table = wrapper.fixedTable
        if wrapper.table != nil || wrapper.tableLabel != nil {
            // `"k".localized(in: "Settings")`: the table is an argument of the call.
            guard index + 3 < tokens.count, tokens[index + 3].is(.punctuation, "(") else { return }
            let arguments = arguments(open: index + 3)
            let argument =
                wrapper.tableLabel.flatMap { label in arguments.first { $0.label == label } }
                ?? wrapper.table.flatMap { $0 - 1 < arguments.count && $0 >= 2 ? arguments[$0 - 2] : nil }
            guard let name = literal(argument), !name.interpolated else { return }
            table = name.text
        }
        if token.interpolated {
            let prefix = String(token.text.prefix { $0 != Character(Unicode.Scalar(CodeLexer.hole)) })
            if prefix.isEmpty {
                result.dynamicTables.insert(table)
            } else {
                result.dynamicPrefixes.append((table, prefix))
            }
            return
        }
        var use = LocalizedStringUse(
            key: token.text, interpolated: false, table: table, bundle: nil, defaultValue: nil,
            construct: wrapper.shape, keyOffset: token.start)
        use.inPreviewOrDebug = quiet
        use.extractedByXcode = false
        result.uses.append(use)
    }

    /// The property or function a SwiftGen accessor declares around its `tr` call:
    /// `static let open = L10n.tr(…)`, `static func count(_ p1: Int) -> String { L10n.tr(…) }`.
    func accessorName(before index: Int) -> String? {
        var back = index - 1
        while back > 0, index - back < 40 {
            if tokens[back - 1].kind == .identifier, ["let", "var", "func"].contains(tokens[back - 1].text),
                tokens[back].kind == .identifier
            {
                return tokens[back].text
            }
            back -= 1
        }
        return nil
    }

    func constructName(_ token: CodeToken, isMember: Bool) -> String {
        if token.text == "String" || token.text == "AttributedString" { return token.text + "(localized:)" }
        if token.text == "tr" { return "SwiftGen's tr" }
        return (isMember ? "." : "") + token.text
    }

    /// `String(format: X, a, b)` or `String.localizedStringWithFormat(X, a, b)` around the call at
    /// `index`: the number of arguments after X, when none of them is an array passed on.
    func formatArgumentCount(around index: Int) -> (count: Int, offset: Int)? {
        guard language == .swift, index >= 3 else { return nil }
        // X is the first argument: `String(format: NSLocalizedString(…), …)`.
        var open = index - 1
        if tokens[open].is(.operator, ":"), tokens[open - 1].is(.identifier, "format") { open -= 2 }
        guard tokens[open].is(.punctuation, "("), open >= 1 else { return nil }
        let callee = tokens[open - 1]
        let isFormat =
            (callee.is(.identifier, "String") && tokens[open + 1].is(.identifier, "format"))
            || (callee.is(.identifier, "localizedStringWithFormat"))
        guard isFormat else { return nil }
        let all = arguments(open: open)
        guard all.count >= 1 else { return nil }
        let rest = all.dropFirst().filter { $0.label != "locale" }
        // `String(format: f, arguments: list)` passes a list: its length is unknown.
        if rest.contains(where: { $0.label == "arguments" }) { return nil }
        return (rest.count, tokens[open].start)
    }

    /// Objective-C's `[[NSBundle mainBundle] localizedStringForKey:@"k" value:@"v" table:@"T"]`.
    func objectiveCMessage(at index: Int, into result: inout LocalizedStringUses) {
        guard match[index] > index else { return }
        var position = index + 1
        let close = match[index]
        while position < close {
            // A nested message is read when its own '[' comes: only this one's labels count here.
            if tokens[position].kind == .punctuation, ["[", "("].contains(tokens[position].text), match[position] > position {
                position = match[position] + 1
                continue
            }
            if tokens[position].is(.identifier, "localizedStringForKey"), position + 2 < close, tokens[position + 1].is(.operator, ":") {
                let key = tokens[position + 2]
                var value: String?
                var tableName: String?
                var tableKnown = true
                var scan = position + 3
                while scan + 2 < close {
                    if tokens[scan].kind == .punctuation, ["[", "("].contains(tokens[scan].text), match[scan] > scan {
                        scan = match[scan] + 1
                        continue
                    }
                    if tokens[scan].kind == .identifier, tokens[scan + 1].is(.operator, ":") {
                        let argument = tokens[scan + 2]
                        let text = argument.kind == .string && !argument.interpolated ? argument.text : nil
                        if tokens[scan].text == "value" { value = text }
                        if tokens[scan].text == "table", !argument.is(.identifier, "nil") {
                            // `table:nil` is the default table; a variable is chosen at run time.
                            tableName = text
                            tableKnown = text != nil
                        }
                    }
                    scan += 1
                }
                guard tableKnown else { return }
                guard key.kind == .string, !key.interpolated else {
                    result.dynamicTables.insert(tableName)
                    return
                }
                var use = LocalizedStringUse(
                    key: key.text, interpolated: false, table: tableName, bundle: nil, defaultValue: value,
                    construct: "localizedStringForKey:value:table:", keyOffset: key.start)
                use.extractedByXcode = false
                result.uses.append(use)
                return
            }
            position += 1
        }
    }
}
