import LocalizationFormats
import LocalizationIndex

/// Finds a string that mixes numbered specifiers (%1$@) with plain ones (%@).
struct FormatMixedPositionalRule: Rule {
    static let description = RuleDescription(
        id: "format-mixed-positional", name: "Positional and plain specifiers mixed", area: .format,
        summary: "a string that mixes numbered specifiers (%1$@) with plain ones (%@)",
        rationale:
            "CoreFoundation numbers plain specifiers 1, 2, … among themselves, whatever the numbered ones read: '%2$@ %@' shows the second argument and then the first (CFString.c, `__CFStringAppendFormatCore`, whose comment calls the mix incorrect; measured with swift-corelibs-foundation's `String(format:)`). When that numbering reads an argument twice or never reads one, users see a value repeated and another missing: an error. When it still reads each argument once, in order, the text is right on Apple platforms but breaks under other formatters and translation tools: a warning.",
        fix:
            "Number every specifier: '%1$@ … %2$d'. Where each argument is still read once, the fix-it numbers the plain ones as CoreFoundation reads them; where an argument is read twice or never, a person decides what the text should show.",
        defaultSeverity: .error,
        triggering: [
            .strings("\"share\" = \"%1$@ shared ↓%@\";\n"),
            .strings("\"size\" = \"%1$llu of ↓%2llu bytes\";\n"),
            .strings("\"share\" = \"↓%@ shared %2$@\";\n"),
        ],
        nonTriggering: [.strings("\"share\" = \"%1$@ shared %2$@\";\n"), .strings("\"share\" = \"%@ shared %@\";\n")],
        fixIt: FixItExample(
            before: .strings(
                "\"progress\" = \"%@ of %2$@: %3$.0f%% done\";\n\"shared\" = \"%2$@ shared %@\";\n\"twice\" = \"%1$@ and %@\";\n\"import\" = \"%1ld of %2$ld\";\n"
            ),
            after: [
                "en.lproj/Localizable.strings":
                    "\"progress\" = \"%1$@ of %2$@: %3$.0f%% done\";\n\"shared\" = \"%2$@ shared %1$@\";\n\"twice\" = \"%1$@ and %@\";\n\"import\" = \"%1$ld of %2$ld\";\n"
            ]))

    static let reads: Set<IndexPart> = [.texts, .formats]

    func check(_ context: RuleContext) -> [Finding] {
        let inOrder = problemFindings(context, [.mixedPositionalInOrder]) { message, _ in Self.numbering(message) }.map { found in
            var found = found
            found.diagnostic.severity = .warning
            return found
        }
        return problemFindings(context, [.mixedPositional]) + inOrder
    }
    /// The fix-it of a text that reads each argument once: its plain specifiers numbered as
    /// CoreFoundation reads them (`%@` → `%1$@`), as one replacement from the first to the last.
    /// Nil where the positions are not exact or a specifier is a `.stringsdict` variable or
    /// takes a `*` width.
    static func numbering(_ message: LocalizedText) -> FixIt? {
        let specifiers = message.analysis.specifiers
        let plain = specifiers.filter { $0.explicitPosition == nil }
        guard message.hasExactPositions, let first = plain.first, let last = plain.last,
            specifiers.allSatisfy({ $0.variableName == nil && $0.starArguments.isEmpty }),
            let start = message.position(ofScalar: first.start), let end = message.position(ofScalar: last.end)
        else { return nil }
        let scalars = Array(message.text.unicodeScalars)
        guard last.end <= scalars.count else { return nil }
        var replacement = String.UnicodeScalarView()
        var index = first.start
        for specifier in plain {
            replacement.append(contentsOf: scalars[index..<specifier.start])
            replacement.append("%")
            replacement.append(contentsOf: "\(specifier.argument)$".unicodeScalars)
            // `%1ld` among numbered ones is `%1$ld` with its `$` left out: a width equal to the
            // argument it reads goes, rather than becoming `%1$1ld`.
            var rest = specifier.start + 1
            let digits = scalars[rest..<specifier.end].prefix { ("0"..."9").contains($0) }
            if let width = Int(String(String.UnicodeScalarView(digits))), width == specifier.argument, !digits.starts(with: ["0"]) {
                rest += digits.count
            }
            replacement.append(contentsOf: scalars[rest..<specifier.end])
            index = specifier.end
        }
        return FixIt(
            message: Finding.Message.numberAsRead.text, path: message.path, start: start, end: end, replacement: String(replacement),
            original: String(String.UnicodeScalarView(scalars[first.start..<last.end])))
    }
}

extension Finding.Message {
    /// The fix-it.
    fileprivate static let numberAsRead: Finding.Message = "number the plain specifiers as CoreFoundation reads them"

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
