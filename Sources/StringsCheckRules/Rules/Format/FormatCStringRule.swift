import LocalizationFormats
import LocalizationIndex

/// A C-string or pointer specifier in text.
struct FormatCStringRule: Rule {
    static let description = RuleDescription(
        id: "format-c-string", name: "C string specifier", area: .format,
        summary: "a '%s', '%S', '%P' or '%p' specifier in localized text",
        rationale:
            "These read raw C pointers. Swift passes a `String` as an object, so '%s' with a Swift string reads a pointer as bytes and crashes or shows garbage; in a push payload, every argument is an object. '%@' is the specifier for text. A translation that keeps the base text's specifier is fixed with the base, so it is reported once, at the base; a translation that brings in a pointer specifier the base does not read is reported where it is.",
        fix: "Use '%@' (or '%1$@' with a position).",
        defaultSeverity: .warning,
        triggering: [
            .strings("\"from\" = \"From ↓%s\";\n"),
            .tables(("en", "\"from\" = \"From %@\";\n"), ("de", "\"from\" = \"Von ↓%s\";\n")),
            // The same '%s' in the translation is the base's bug, reported once at the base.
            .tables(("en", "\"from\" = \"From ↓%s\";\n"), ("de", "\"from\" = \"Von %s\";\n")),
        ],
        nonTriggering: [.strings("\"from\" = \"From %@\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var limit = PerTextLimit()
        // Filtered first by what the index recorded of each text's scan: the text itself is
        // made only for those that read a pointer.
        // Read once: each read of the part retains and releases it.
        let texts = context.texts
        for index in context.textsWithSpecifiers where texts.reads(at: index, anyOf: Self.pointerTypes) {
            let message = texts[index]
            let base = message.locale == "Base" ? nil : context.baseFormat(of: message)?.shape
            for specifier in message.analysis.specifiers where Self.pointerTypes.contains(specifier.type) && limit.admit(index) {
                if let base, base[specifier.argument]?.signature == specifier.signature { continue }
                result.append(
                    finding(
                        .readsCPointer(specifier: specifier.text, key: message.key), path: message.path,
                        at: message.position(ofScalar: specifier.start), key: message.key, locale: message.locale,
                        table: message.table))
            }
        }
        return result + limit.overflow(self, context, what: Finding.Message.pointerSpecifiers.text)
    }

    private static let pointerTypes: [FormatArgumentType] = [.cString, .unicharString, .pointer, .pascalString]
}

extension Finding.Message {
    fileprivate static func readsCPointer(specifier: String, key: String) -> Finding.Message {
        "'\(specifier)' in '\(key)' reads a raw C pointer; use '%@' for text"
    }

    /// What the findings past the limit of one text are.
    fileprivate static let pointerSpecifiers: Finding.Message = "C-string or pointer specifiers"
}
