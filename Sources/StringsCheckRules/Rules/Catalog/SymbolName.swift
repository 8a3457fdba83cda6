/// The Swift symbol name Xcode derives from a catalog key, as public generated files show it:
/// format specifiers dropped, the key split into words at every character that is not a letter
/// or digit, the first word's leading capitals lowered and each later word capitalised.
enum SymbolName: Equatable {
    case name(String)
    /// No letter or digit is left: Xcode says it cannot derive a name.
    case none
    /// A name Swift reserves on every type (`Type`, `Protocol`, `self`).
    case reserved(String)
    /// A name that starts with a digit: what Xcode makes of it is not known.
    case unknown

    static let reservedNames: Set = ["type", "protocol", "self"]

    static func derive(_ key: String) -> SymbolName {
        var words: [String] = []
        var word = ""
        var scalars = key.unicodeScalars[...]
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        while let scalar = scalars.popFirst() {
            if scalar == "%" {
                endWord()
                skipSpecifier(&scalars)
                continue
            }
            let character = Character(scalar)
            if character.isLetter || character.isNumber && scalar.properties.numericType == .decimal {
                word.unicodeScalars.append(scalar)
            } else {
                endWord()
            }
        }
        endWord()
        guard let first = words.first else { return .none }
        if first.first?.isNumber == true { return .unknown }
        let leadingCapitals = first.prefix { $0.isUppercase }
        var name = leadingCapitals.lowercased() + first.dropFirst(leadingCapitals.count)
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
        return reservedNames.contains(name.lowercased()) ? .reserved(name) : .name(name)
    }

    /// Skips a format specifier after its `%`: `%%`, `%lld`, `%1$@`, `%#@name@`, `%(count)lld`.
    private static func skipSpecifier(_ scalars: inout Substring.UnicodeScalarView.SubSequence) {
        if scalars.first == "%" {
            scalars.removeFirst()
            return
        }
        if scalars.first == "(" {
            guard let close = scalars.firstIndex(of: ")") else { return }
            scalars = scalars[scalars.index(after: close)...]
        }
        while let next = scalars.first, "0123456789$#-+ '.*hlqLzjt".unicodeScalars.contains(next) {
            scalars.removeFirst()
            if next == "#", scalars.first == "@" {
                scalars.removeFirst()
                guard let end = scalars.firstIndex(of: "@") else { return }
                scalars = scalars[scalars.index(after: end)...]
                return
            }
        }
        if let next = scalars.first, next == "@" || next.properties.isAlphabetic { scalars.removeFirst() }
    }
}
