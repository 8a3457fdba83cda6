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
    /// read even when no specifier prints them.
    public static func format(_ text: String, _ arguments: [FormatArgument], alsoRead: Set<Int> = []) -> Result {
        // Without a '%' nothing is read or changed: the text is shown as it is (most texts).
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return Result(text: text, missingArguments: [], mismatchedArguments: []) }
        let analysis = FormatScanner.analyze(text)
        let scalars = Array(text.unicodeScalars)
        // CoreFoundation skips argument numbers nobody reads without consuming a value, so the k-th
        // argument number read takes the k-th value ('%1$@ %3$@' prints the first and second).
        let used = Set(analysis.specifiers.flatMap { [$0.argument] + $0.starArguments }).union(alsoRead).sorted()
        let slot = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0) })
        var specifierAt: [Int: FormatSpecifier] = [:]
        for specifier in analysis.specifiers { specifierAt[specifier.start] = specifier }
        var malformedAt: [Int: FormatProblem] = [:]
        for problem in analysis.problems
        where [.invalidConversion, .thousandsFlag, .incompleteSpecifier, .positionZero].contains(problem.kind)
            && specifierAt[problem.start] == nil
        {
            malformedAt[problem.start] = problem
        }
        // A String, not a scalar view: the view's `append(contentsOf:)` rebuilt the whole text for
        // each rendered value (quadratic in a text with thousands of specifiers).
        var out = ""
        var missing: [Int] = []
        var mismatched: [Int] = []
        var index = 0
        while index < scalars.count {
            if let specifier = specifierAt[index] {
                let value = slot[specifier.argument].flatMap { $0 < arguments.count ? arguments[$0] : nil }
                if let value {
                    let (rendered, matches) = render(specifier, value, width: star(specifier.starArguments.first, slot, arguments))
                    out += rendered
                    if !matches { mismatched.append(specifier.argument) }
                } else {
                    out += missingMarker(specifier.argument)
                    missing.append(specifier.argument)
                }
                index = specifier.end
            } else if let problem = malformedAt[index] {
                // CoreFoundation prints the character after the '%' and drops the rest of the spec.
                if problem.start + 1 < problem.end, problem.start + 1 < scalars.count {
                    out.unicodeScalars.append(scalars[problem.start + 1])
                }
                index = max(problem.end, index + 1)
            } else if scalars[index] == "%", index + 1 < scalars.count, scalars[index + 1] == "%" {
                out.unicodeScalars.append("%")
                index += 2
            } else {
                out.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return Result(text: out, missingArguments: missing, mismatchedArguments: mismatched)
    }

    private static func star(_ argument: Int?, _ slot: [Int: Int], _ arguments: [FormatArgument]) -> Int? {
        guard let argument, let position = slot[argument], position < arguments.count else { return nil }
        if case .integer(let value) = arguments[position] { return value }
        return nil
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
        return String(format: cleanSpec(specifier, conversion: conversion, width: width), truncated)
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
