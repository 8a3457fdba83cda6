/// Library calls that take keys by position, and the pairing of keys with their arguments.
extension PushKeyScanner {
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
        var argumentsByGroup: [Group: [PushAlertPart: [(CodeArguments, block: Int32)]]] = [:]
        var addedByGroup: [Group: [PushAlertPart: [(CodeArguments, block: Int32)]]] = [:]
        for item in found where item.role.kind != .key {
            if item.role.kind == .addArgument {
                addedByGroup[item.group, default: [:]][item.role.part, default: []].append(
                    (item.arguments, block: blocks.block(of: item.nameIndex)))
            } else if !item.assigned.isEmpty {
                argumentsByGroup[item.group, default: [:]][item.role.part, default: []] += item.assigned.map {
                    ($0.arguments, block: blocks.block(of: $0.nameIndex))
                }
            } else {
                argumentsByGroup[item.group, default: [:]][item.role.part, default: []].append(
                    (item.arguments, block: blocks.block(of: item.nameIndex)))
            }
        }
        var result: [CodeKeyUse] = []
        var seen: [String: Int] = [:]
        for item in found where item.role.kind == .key {
            let name = tokens[item.nameIndex]
            for key in item.keys {
                var arguments = item.arguments
                if case .none = arguments {
                    // The branch of the literal itself: a variable's value may be set in a branch.
                    let block = blocks.block(of: tokenIndex(at: key.offset) ?? item.nameIndex)
                    arguments = Self.combine(
                        branch(argumentsByGroup[item.group]?[item.role.part] ?? [], of: block),
                        added: branch(addedByGroup[item.group]?[item.role.part] ?? [], of: block))
                }
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

    /// The token that starts at a byte offset.
    func tokenIndex(at offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].start == offset ? low : nil
    }

    /// The arguments a key set in `block` is sent with: those set in its own branch (or in
    /// branches within it), else those of the nearest block around it; none when only sibling
    /// branches set arguments.
    func branch(_ entries: [(CodeArguments, block: Int32)], of block: Int32) -> [CodeArguments] {
        let within = entries.filter { blocks.block($0.block, isWithin: block) }
        if !within.isEmpty { return within.map(\.0) }
        let around = entries.filter { blocks.block(block, isWithin: $0.block) }
        guard let nearest = around.map({ blocks.depth(of: $0.block) }).max() else { return [] }
        return around.filter { blocks.depth(of: $0.block) == nearest }.map(\.0)
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
