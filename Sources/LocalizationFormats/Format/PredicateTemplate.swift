/// The placeholders of an NSPredicateEditor / NSRuleEditor formatting string.
///
/// A row's template lists its popup menus as `%[item,item]@` (the items in menu order, separated
/// by commas) and its text fields and other views as `%@`; a translation may reorder them with
/// positions, `%2$[…]@` and `%3$@`. These are not printf specifiers: AppKit matches each
/// placeholder of a translation to the template's by position and each popup item by its place in
/// the list, so a translation must keep every position, the kind of each, and the number of items
/// of each popup.
public struct PredicateTemplate: Sendable, Hashable {
    public struct Placeholder: Sendable, Hashable {
        /// The position it stands for: explicit (`%2$[…]@`) or counted among unnumbered ones.
        public var position: Int
        /// The popup's items; nil for a view (`%@`).
        public var items: [String]?
        /// As written, e.g. `%1$[contains,does not contain]@`.
        public var text: String
        /// Offset of its `%` in the text, in Unicode scalars.
        public var start: Int
        public var isExplicit: Bool
    }

    public var placeholders: [Placeholder]

    /// The placeholders by position (the first one when a position repeats).
    public var byPosition: [Int: Placeholder] {
        var result: [Int: Placeholder] = [:]
        for placeholder in placeholders where result[placeholder.position] == nil { result[placeholder.position] = placeholder }
        return result
    }

    /// Whether a text holds at least one popup placeholder (`%[…]@` or `%n$[…]@`).
    public static func hasPopup(_ text: String) -> Bool {
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return false }
        return parse(text).placeholders.contains { $0.items != nil }
    }

    public static func parse(_ text: String) -> PredicateTemplate {
        let scalars = Array(text.unicodeScalars)
        var result: [Placeholder] = []
        var next = 1
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let start = index
            var cursor = index + 1
            if cursor < scalars.count, scalars[cursor] == "%" {
                index = cursor + 1
                continue
            }
            var number = 0
            var digits = 0
            while cursor < scalars.count, digits < 4, ("0"..."9").contains(scalars[cursor]) {
                number = number * 10 + Int(scalars[cursor].value - 0x30)
                digits += 1
                cursor += 1
            }
            var explicit: Int?
            if digits > 0 {
                guard cursor < scalars.count, scalars[cursor] == "$", number > 0 else {
                    index = cursor
                    continue
                }
                explicit = number
                cursor += 1
            }
            var items: [String]?
            if cursor < scalars.count, scalars[cursor] == "[" {
                guard let close = scalars[(cursor + 1)...].firstIndex(of: "]") else {
                    index = cursor
                    continue
                }
                let inside = String(String.UnicodeScalarView(scalars[(cursor + 1)..<close]))
                items = inside.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                cursor = close + 1
            }
            guard cursor < scalars.count, scalars[cursor] == "@" else {
                index = max(cursor, start + 1)
                continue
            }
            let position: Int
            if let explicit {
                position = explicit
            } else {
                position = next
                next += 1
            }
            result.append(
                Placeholder(
                    position: position, items: items, text: String(String.UnicodeScalarView(scalars[start...cursor])), start: start,
                    isExplicit: explicit != nil))
            index = cursor + 1
        }
        return PredicateTemplate(placeholders: result)
    }
}
