/// Regular expressions, Ruby's percent literals, Ruby's and PHP's heredocs.
extension CodeLexer {
    // MARK: Regular expressions, percent literals, heredocs

    /// Whether a `/` here starts a regular expression literal (JavaScript, Ruby): after an
    /// operator, an opening bracket, a comma or a keyword, not after a value.
    func regexMayStart() -> Bool {
        guard language == .javascript || language == .ruby else { return false }
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .string, .number: return false
        case .identifier:
            return [
                "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
                "when", "if", "unless", "and", "or", "not",
            ].contains(last.text)
        case .punctuation: return ![")", "]", "}"].contains(last.text)
        case .operator: return true
        }
    }

    mutating func readRegex() {
        let start = index
        index += 1
        var inClass = false
        while index < bytes.count, bytes[index] != 0x0A {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "[") { inClass = true }
            if current == UInt8(ascii: "]") { inClass = false }
            if current == UInt8(ascii: "/"), !inClass {
                index += 1
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                add(.number, "/regex/", from: start)
                return
            }
            index += 1
        }
        // No closing slash on the line: it was a division.
        index = start + 1
        add(.operator, "/", from: start)
    }

    /// Ruby's `%w[a b]`, `%q(…)`, `%Q{…}`, `%(…)`, `%i[…]`, `%r{…}`, when no value comes before.
    mutating func readRubyPercentLiteral() -> Bool {
        if let last = tokens.last,
            last.kind == .identifier || last.kind == .number || last.kind == .string || [")", "]", "}"].contains(last.text)
        {
            return false
        }
        var kindByte: UInt8 = 0
        var open = index + 1
        if Self.isIdentifierStart(byte(open)) {
            kindByte = byte(open)
            guard "qQwWiIrs".utf8.contains(kindByte) else { return false }
            open += 1
        }
        let opener = byte(open)
        let closer: UInt8
        switch opener {
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        case UInt8(ascii: "["): closer = UInt8(ascii: "]")
        case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
        case UInt8(ascii: "<"): closer = UInt8(ascii: ">")
        case UInt8(ascii: "|"), UInt8(ascii: "!"), UInt8(ascii: "/"): closer = opener
        default: return false
        }
        let start = index
        index = open + 1
        var depth = 1
        var value: [UInt8] = []
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                value.append(byte(index + 1))
                index += 2
                continue
            }
            if current == opener && opener != closer { depth += 1 }
            if current == closer {
                depth -= 1
                if depth == 0 {
                    index += 1
                    break
                }
            }
            value.append(current)
            index += 1
        }
        let text = String(decoding: value, as: UTF8.self)
        if kindByte == UInt8(ascii: "w") || kindByte == UInt8(ascii: "W") || kindByte == UInt8(ascii: "i") || kindByte == UInt8(ascii: "I")
        {
            add(.string, text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " "), from: start)
            tokens[tokens.count - 1].wordList = true
        } else {
            let interpolated = kindByte != UInt8(ascii: "q") && text.contains("#{")
            add(.string, text, from: start, interpolated: interpolated || kindByte == UInt8(ascii: "r"))
        }
        return true
    }

    /// Ruby's `<<~ID`, `<<-ID`, `<<ID`, `<<~'ID'` and PHP's `<<<ID`, `<<<"ID"`, `<<<'ID'`: the token
    /// stands here, its body is read at the next line break.
    mutating func readHeredocStart() -> Bool {
        var position = index
        if language == .php {
            guard starts("<<<", at: index) else { return false }
            position += 3
            while byte(position) == 0x20 { position += 1 }
        } else {
            guard starts("<<", at: index) else { return false }
            // `x << y` is a shift or an append: a heredoc follows no value.
            if let last = tokens.last,
                last.kind == .identifier || last.kind == .number || last.kind == .string || [")", "]"].contains(last.text)
            {
                if !(last.kind == .identifier && ["puts", "print", "return", "raise"].contains(last.text)) { return false }
            }
            position += 2
        }
        var squiggly = false
        if language == .ruby, byte(position) == UInt8(ascii: "~") || byte(position) == UInt8(ascii: "-") {
            squiggly = true
            position += 1
        }
        var quote: UInt8 = 0
        if byte(position) == UInt8(ascii: "'") || byte(position) == UInt8(ascii: "\"") {
            quote = byte(position)
            position += 1
        }
        let nameStart = position
        while Self.isIdentifierByte(byte(position)) { position += 1 }
        guard position > nameStart, language == .php || squiggly || quote != 0 || (byte(nameStart) >= 0x41 && byte(nameStart) <= 0x5A)
        else { return false }
        let terminator = Array(bytes[nameStart..<position])
        if quote != 0 {
            guard byte(position) == quote else { return false }
            position += 1
        }
        let start = index
        index = position
        add(.string, "", from: start)
        pendingHeredocs.append((terminator, quote != UInt8(ascii: "'"), tokens.count - 1, squiggly || language == .php))
        return true
    }

    /// Reads the bodies of the heredocs opened on the line just ended.
    mutating func readHeredocBodies() {
        guard !pendingHeredocs.isEmpty else { return }
        for heredoc in pendingHeredocs {
            var lines: [[UInt8]] = []
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = Array(bytes[index..<end])
                index = min(bytes.count, end + 1)
                let trimmed = heredoc.squiggly ? Array(line.drop { $0 == 0x20 || $0 == 0x09 }) : line
                let body = trimmed.last == 0x0D ? Array(trimmed.dropLast()) : trimmed
                if body.starts(with: heredoc.terminator), !Self.isIdentifierByte(body.dropFirst(heredoc.terminator.count).first ?? 0x20) {
                    break
                }
                lines.append(line)
            }
            if heredoc.squiggly {
                // `<<~`: the least indentation of its lines is removed.
                let indent =
                    lines.filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }.map { $0.prefix { $0 == 0x20 || $0 == 0x09 }.count }.min()
                    ?? 0
                lines = lines.map { Array($0.dropFirst(min(indent, $0.count))) }
            }
            let value = Array(lines.joined(separator: [0x0A]))
            tokens[heredoc.token].text = String(decoding: value, as: UTF8.self)
            tokens[heredoc.token].end = index
            let interpolationMark: [UInt8] = language == .ruby ? Array("#{".utf8) : Array("$".utf8)
            tokens[heredoc.token].interpolated =
                heredoc.interpolated && value.indices.contains { value[$0...].starts(with: interpolationMark) }
        }
        pendingHeredocs = []
        sawLineBreak = true
    }
}
