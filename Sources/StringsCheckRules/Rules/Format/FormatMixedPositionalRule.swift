import LocalizationFormats
import LocalizationIndex

/// Finds a string that mixes numbered specifiers (%1$@) with plain ones (%@).
struct FormatMixedPositionalRule: Rule {
    static let description = RuleDescription(
        id: "format-mixed-positional", name: "Positional and plain specifiers mixed", area: .format,
        summary: "a string that mixes numbered specifiers (%1$@) with plain ones (%@)",
        rationale:
            "CoreFoundation numbers plain specifiers 1, 2, … among themselves, whatever the numbered ones read: '%2$@ %@' shows the second argument and then the first (CFString.c, `__CFStringAppendFormatCore`, whose comment calls the mix incorrect; measured with swift-corelibs-foundation's `String(format:)`). When that numbering reads an argument twice or never reads one, users see a value repeated and another missing: an error. When it still reads each argument once, in order, the text is right on Apple platforms but breaks under other formatters and translation tools: a warning.",
        fix: "Number every specifier: '%1$@ … %2$d'.",
        defaultSeverity: .error,
        triggering: [
            .strings("\"share\" = \"%1$@ shared ↓%@\";\n"),
            .strings("\"size\" = \"%1$llu of ↓%2llu bytes\";\n"),
            .strings("\"share\" = \"↓%@ shared %2$@\";\n"),
        ],
        nonTriggering: [.strings("\"share\" = \"%1$@ shared %2$@\";\n"), .strings("\"share\" = \"%@ shared %@\";\n")])

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        let inOrder = problemFindings(context, [.mixedPositionalInOrder]).map { found in
            var found = found
            found.diagnostic.severity = .warning
            return found
        }
        return problemFindings(context, [.mixedPositional]) + inOrder
    }
}

extension Finding.Message {
    static func mixedReadsTwice(plain: String, argument: Int, other: String, neverShown: Int?) -> Finding.Message {
        let never = neverShown.map { ", and argument \($0) is never shown" } ?? ""
        return
            "'\(plain)' has no position while others do; CoreFoundation numbers unnumbered specifiers 1, 2, … among themselves, so it reads argument \(argument), which '\(other)' reads too\(never); number every specifier"
    }

    static func mixedSkips(plain: String, argument: Int, neverShown: Int) -> Finding.Message {
        "'\(plain)' has no position while others do; CoreFoundation numbers unnumbered specifiers 1, 2, … among themselves, so it reads argument \(argument) and argument \(neverShown) is never shown; number every specifier"
    }

    static func mixedInOrder(plain: String, argument: Int, numbered: String) -> Finding.Message {
        "'\(plain)' has no position while '\(numbered)' has one; CoreFoundation numbers unnumbered specifiers 1, 2, … among themselves, so it reads argument \(argument) and the text shows what it should, but other formatters and translation tools may not; number every specifier"
    }
}
