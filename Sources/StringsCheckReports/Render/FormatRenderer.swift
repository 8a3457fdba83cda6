import Foundation
import LocalizationFormats
import LocalizationIndex

/// A value passed to a format: what a push's loc-args carry (strings) or a typed sample.
public enum FormatArgument: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case double(Double)

    public var description: String {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        case .double(let value): String(value)
        }
    }
}

/// Formats a string the way CoreFoundation does, from our own parsed specifiers: never by handing
/// an untrusted format to `String(format:)`. A missing argument renders as a visible marker, a type
/// mismatch as what it would read, never as a crash.
public enum FormatRenderer {
    /// Shown where an argument is missing ('⟨argument 2 missing⟩').
    public static func missingMarker(_ argument: Int) -> String { "⟨argument \(argument) missing⟩" }

    public struct Result: Sendable, Hashable {
        public var text: String
        /// Argument numbers the format read that were not given.
        public var missingArguments: [Int]
        /// Specifiers that read a value of the wrong type ('%d' given a string).
        public var mismatchedArguments: [Int]
    }

    /// `alsoRead` are argument numbers a plural variable reads to choose its form, which count as
    /// read even when no specifier prints them. `analysis`: the text's, when the caller has it.
    public static func format(
        _ text: String, _ arguments: [FormatArgument], alsoRead: Set<Int> = [], analysis given: FormatAnalysis? = nil
    ) -> Result {
        // Without a '%' nothing is read or changed: the text is shown as it is (most texts).
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return Result(text: text, missingArguments: [], mismatchedArguments: []) }
        let analysis = given ?? FormatScanner.analyze(text)
        // CoreFoundation skips argument numbers nobody reads without consuming a value, so the k-th
        // argument number read takes the k-th value ('%1$@ %3$@' prints the first and second).
        let used = argumentsRead(analysis.specifiers, alsoRead: alsoRead)
        var specifiers = analysis.specifiers
        if !zip(specifiers, specifiers.dropFirst()).allSatisfy({ $0.start <= $1.start }) { specifiers.sort { $0.start < $1.start } }
        var malformed = analysis.problems.filter { malformedKinds.contains($0.kind) }
        if !malformed.isEmpty {
            let starts = Set(specifiers.map(\.start))
            malformed = malformed.filter { !starts.contains($0.start) }
            malformed.sort { $0.start < $1.start }
        }
        var writer = Writer(arguments: arguments, used: used)
        var text = text
        text.withUTF8 { writer.write($0, specifiers: specifiers, malformed: malformed) }
        return Result(
            text: String(decoding: writer.out, as: UTF8.self), missingArguments: writer.missing, mismatchedArguments: writer.mismatched)
    }

    /// The problems that leave a specifier unread: CoreFoundation prints what follows its `%`.
    private static let malformedKinds: [FormatProblem.Kind] = [.invalidConversion, .thousandsFlag, .incompleteSpecifier, .positionZero]

    /// The argument numbers `specifiers` and `alsoRead` read, ascending, each once: sorted in a
    /// small array (a format reads a handful), where a set made and sorted for every text cost
    /// more than formatting it.
    static func argumentsRead(_ specifiers: [FormatSpecifier], alsoRead: Set<Int>) -> [Int] {
        var used: [Int] = []
        used.reserveCapacity(specifiers.count + alsoRead.count)
        for specifier in specifiers {
            used.append(specifier.argument)
            used += specifier.starArguments
        }
        used += alsoRead
        used.sort()
        var kept = 0
        for index in used.indices where kept == 0 || used[kept - 1] != used[index] {
            used[kept] = used[index]
            kept += 1
        }
        used.removeLast(used.count - kept)
        return used
    }

    /// The formatted text made from the format's UTF-8 in one pass: the text between specifiers
    /// copied in runs, each specifier (in scalar offsets, as the scanner gives them) replaced.
    private struct Writer {
        let arguments: [FormatArgument]
        /// The argument numbers read, in order: the k-th takes the k-th value.
        let used: [Int]
        var out: [UInt8] = []
        var missing: [Int] = []
        var mismatched: [Int] = []

        init(arguments: [FormatArgument], used: [Int]) {
            self.arguments = arguments
            self.used = used
        }

        /// The value an argument number takes, nil when none is given.
        func value(of argument: Int) -> FormatArgument? {
            var low = 0
            var high = used.count
            while low < high {
                let middle = (low + high) / 2
                if used[middle] < argument { low = middle + 1 } else { high = middle }
            }
            guard low < used.count, used[low] == argument, low < arguments.count else { return nil }
            return arguments[low]
        }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, specifiers: [FormatSpecifier], malformed: [FormatProblem]) {
            let count = bytes.count
            out.reserveCapacity(count + 16)
            var index = 0
            var scalar = 0
            var runStart = 0
            var nextSpecifier = 0
            var nextProblem = 0
            // One scalar on (UTF-8 continuation bytes skipped).
            func step() {
                index += 1
                while index < count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                scalar += 1
            }
            func flush() {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            while index < count {
                while nextSpecifier < specifiers.count, specifiers[nextSpecifier].start < scalar { nextSpecifier += 1 }
                while nextProblem < malformed.count, malformed[nextProblem].start < scalar { nextProblem += 1 }
                if nextSpecifier < specifiers.count, specifiers[nextSpecifier].start == scalar {
                    // Of two specifiers at one place (the scanner makes none), the last is taken.
                    while nextSpecifier + 1 < specifiers.count, specifiers[nextSpecifier + 1].start == scalar { nextSpecifier += 1 }
                    let specifier = specifiers[nextSpecifier]
                    flush()
                    if let value = value(of: specifier.argument) {
                        let width = specifier.starArguments.first.flatMap { argument -> Int? in
                            if case .integer(let width)? = self.value(of: argument) { return width }
                            return nil
                        }
                        let (rendered, matches) = FormatRenderer.render(specifier, value, width: width)
                        out.append(contentsOf: rendered.utf8)
                        if !matches { mismatched.append(specifier.argument) }
                    } else {
                        out.append(contentsOf: FormatRenderer.missingMarker(specifier.argument).utf8)
                        missing.append(specifier.argument)
                    }
                    let end = specifier.end
                    step()
                    while index < count, scalar < end { step() }
                    runStart = index
                } else if nextProblem < malformed.count, malformed[nextProblem].start == scalar {
                    // Of two problems at one place, likewise the last.
                    while nextProblem + 1 < malformed.count, malformed[nextProblem + 1].start == scalar { nextProblem += 1 }
                    let problem = malformed[nextProblem]
                    flush()
                    // CoreFoundation prints the character after the '%' and drops the rest of the spec.
                    step()
                    if problem.start + 1 < problem.end, index < count {
                        let next = index
                        step()
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[next..<index]))
                    }
                    while index < count, scalar < problem.end { step() }
                    runStart = index
                } else if bytes[index] == UInt8(ascii: "%"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "%") {
                    flush()
                    out.append(UInt8(ascii: "%"))
                    index += 2
                    scalar += 2
                    runStart = index
                } else {
                    step()
                }
            }
            flush()
        }
    }

    /// One specifier with its value. Numbers go through a single, rebuilt specifier of a known
    /// type, so the C formatter only ever sees a format we made and a value of the right type.
    static func render(_ specifier: FormatSpecifier, _ value: FormatArgument, width: Int?) -> (String, Bool) {
        switch (specifier.type, value) {
        case (.object, _):
            return (value.description, true)
        case (.int, .integer(let integer)), (.unsignedInt, .integer(let integer)), (.char, .integer(let integer)),
            (.unichar, .integer(let integer)):
            return (formatInteger(specifier, Int64(integer), width: width), true)
        case (.double, .double(let real)):
            return (formatDouble(specifier, real, width: width), true)
        case (.double, .integer(let integer)):
            return (formatDouble(specifier, Double(integer), width: width), true)
        case (.cString, .string(let text)), (.unicharString, .string(let text)):
            return (text, false)
        default:
            // '%d' given a string reads the string's pointer: show what was expected instead of garbage.
            return ("⟨\(specifier.text) given \(value.kindName)⟩", false)
        }
    }

    /// The specifier rebuilt with a 64-bit conversion: its flags, then width and precision as
    /// written, without a position; a `*` width takes its value.
    static func cleanSpec(_ specifier: FormatSpecifier, conversion: String, width: Int?) -> String {
        var body = specifier.text.dropFirst()
        if let dollar = body.firstIndex(of: "$"), body[..<dollar].allSatisfy(\.isNumber) { body = body[body.index(after: dollar)...] }
        var digits = ""
        for character in body {
            if character.isNumber || (character == "." && !digits.contains(".")) {
                digits.append(character)
            } else if character == "*", let width {
                digits += String(width)
            } else if character.isLetter || character == "@" {
                break
            }
        }
        // Leading zeros are the '0' flag, which the flags already carry.
        return "%" + specifier.flags + digits.drop(while: { $0 == "0" && !digits.hasPrefix("0.") }) + conversion
    }

    static func formatInteger(_ specifier: FormatSpecifier, _ value: Int64, width: Int?) -> String {
        let conversion: String
        switch specifier.conversion {
        case "D", "i": conversion = "lld"
        case "U": conversion = "llu"
        case "O": conversion = "llo"
        case "c":
            return String(UnicodeScalar(UInt8(truncatingIfNeeded: value)))
        case "C":
            return UnicodeScalar(UInt32(truncatingIfNeeded: value)).map(String.init) ?? "\u{FFFD}"
        default: conversion = "ll" + String(specifier.conversion)
        }
        var truncated = value
        switch specifier.length {
        case .hh?: truncated = specifier.type == .int ? Int64(Int8(truncatingIfNeeded: value)) : Int64(UInt8(truncatingIfNeeded: value))
        case .h?: truncated = specifier.type == .int ? Int64(Int16(truncatingIfNeeded: value)) : Int64(UInt16(truncatingIfNeeded: value))
        case nil: truncated = specifier.type == .int ? Int64(Int32(truncatingIfNeeded: value)) : Int64(UInt32(truncatingIfNeeded: value))
        default: break
        }
        let spec = cleanSpec(specifier, conversion: conversion, width: width)
        // The plain conversions (almost every sample) without Foundation's formatter: the same digits.
        if spec == "%lld" { return String(truncated) }
        if spec == "%llu" { return String(UInt64(bitPattern: truncated)) }
        return String(format: spec, truncated)
    }

    static func formatDouble(_ specifier: FormatSpecifier, _ value: Double, width: Int?) -> String {
        String(format: cleanSpec(specifier, conversion: String(specifier.conversion), width: width), value)
    }
}

extension FormatArgument {
    var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a number"
        }
    }
}
