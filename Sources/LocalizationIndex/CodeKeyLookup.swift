import Foundation
import LocalizationFormats

/// A key the app's code looks up, resolved against the tables: the one answer `code-missing-key`,
/// `code-argument-count` and `unused-key` share.
public struct CodeKeyLookup: Sendable {
    public var path: String
    public var use: LocalizedStringUse
    public var location: SourcePosition
    /// The table name looked in (`Localizable` when the code names none).
    public var tableName: String
    /// The table IDs of that name, in every bundle (a key is matched by table name: the bundle
    /// argument is not followed).
    public var candidates: [String]
    /// The table ID whose development table has the key (for an interpolated key, a key whose
    /// specifiers fit the holes), else nil.
    public var foundIn: String?
    /// The table keys it stands for: the key, or those an interpolated key matches.
    public var keys: [String]
    /// Whether a candidate table is a String Catalog (Xcode adds the keys code uses when it builds).
    public var inCatalog: Bool
    /// When the development tables lack the key: the other locales whose table has it.
    public var translatedIn: [String] = []
    /// When the call names a bundle (`bundle: .module`, `Bundle.main`) that has no table of the
    /// name while other bundles do: what it names, and the tables it does not reach.
    public var wrongBundle: WrongBundle?

    public struct WrongBundle: Sendable {
        /// The bundle as written (`.module`).
        public var bundle: String
        /// For `Bundle.module`, the package target of the code (`Feature`); nil for the main bundle.
        public var package: String?
        /// The tables of the name the bundle does not hold.
        public var elsewhere: [String]
    }
}

/// Which bundle a lookup's `bundle:` argument names, as far as the code shows.
enum BundleScope {
    /// `Bundle.module`: the resources of the package target the code is in.
    case package(target: String?)
    /// `Bundle.main`: the app's own resources, outside every package.
    case main
    /// Any other expression, or none: every bundle.
    case any

    init(_ argument: String?) {
        switch argument.map({ String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != " " })) }) {
        case ".module"?, "Bundle.module"?, "Foundation.Bundle.module"?: self = .package(target: nil)
        case ".main"?, "Bundle.main"?, "Foundation.Bundle.main"?: self = .main
        default: self = .any
        }
    }
}

extension ProjectIndex {
    /// Table IDs of the tables named `name` (in any bundle).
    public func tableIDs(named name: String) -> [String] {
        tables.keys.filter { $0 == name || $0.hasSuffix("/" + name) }.sorted()
    }

    /// Every key the scanned code looks up, resolved, in file order.
    package var codeKeyLookups: [CodeKeyLookup] {
        codeLookupsPart.get {
            var phases = PhaseClock("index")
            defer { phases.lap("code lookups") }
            var catalogTables: Set<String> = []
            for file in project.files {
                if case .catalog = file.content { catalogTables.insert(file.tableID) }
            }
            var byName: [String: [String]] = [:]
            // Per code file, its package target (`Bundle.module`); per table name (and target),
            // the tables of the bundle named.
            var targets: [String: String?] = [:]
            var scoped: [String: [String]] = [:]
            // The keys with a specifier, per table: the only ones an interpolated key can be; of
            // the development table, and of every locale (with the locales that have each).
            var baseFormatKeys: [String: [FormatKeyPattern]] = [:]
            var localeFormatKeys: [String: [(FormatKeyPattern, locales: [String])]] = [:]
            func formatKeys(ofBase table: String, _ base: LocaleTable) -> [FormatKeyPattern] {
                if let known = baseFormatKeys[table] { return known }
                let keys = base.strings.keys.filter(Self.hasPercent).sorted().map(FormatKeyPattern.init)
                baseFormatKeys[table] = keys
                return keys
            }
            func formatKeysOfEveryLocale(_ table: String) -> [(FormatKeyPattern, locales: [String])] {
                if let known = localeFormatKeys[table] { return known }
                var locales: [String: [String]] = [:]
                for (locale, localeTable) in tables[table] ?? [:] {
                    for key in localeTable.strings.keys where key.utf8Contains(byte: UInt8(ascii: "%")) {
                        locales[key, default: []].append(locale)
                    }
                }
                let keys = locales.keys.sorted().map { (FormatKeyPattern($0), locales: locales[$0] ?? []) }
                localeFormatKeys[table] = keys
                return keys
            }
            // Per table without a development table, every key a translation has.
            var keysOfTranslations: [String: Set<String>] = [:]
            func translatedKeys(_ table: String) -> Set<String> {
                if let known = keysOfTranslations[table] { return known }
                var keys: Set<String> = []
                for localeTable in (tables[table] ?? [:]).values { keys.formUnion(localeTable.strings.keys) }
                keysOfTranslations[table] = keys
                return keys
            }
            var result: [CodeKeyLookup] = []
            for file in project.codeFiles {
                for use in file.strings.uses {
                    let name = use.table ?? "Localizable"
                    let named = byName[name] ?? tableIDs(named: name)
                    byName[name] = named
                    // The bundle named at the call, when the code shows which it is.
                    var candidates = named
                    var wrongBundle: CodeKeyLookup.WrongBundle?
                    switch BundleScope(use.bundle) {
                    case .package:
                        // Only a package found in the tree says which target the code is in (a Tuist
                        // layout has folders under `Sources` that are no targets).
                        let target = targets[file.path] ?? project.packageTarget(of: file.path)
                        targets[file.path] = target
                        if let target {
                            candidates = scoped["\(name)\u{0}\(target)"] ?? named.filter { $0.hasPrefix(target + "/") }
                            scoped["\(name)\u{0}\(target)"] = candidates
                            if candidates.isEmpty, !named.isEmpty {
                                wrongBundle = .init(
                                    bundle: use.bundle ?? "", package: target.split(separator: "/").last.map(String.init), elsewhere: named)
                            }
                        }
                    case .main:
                        candidates = scoped[name] ?? named.filter { project.packageTarget(of: $0) == nil }
                        scoped[name] = candidates
                        if candidates.isEmpty, !named.isEmpty {
                            wrongBundle = .init(bundle: use.bundle ?? "", package: nil, elsewhere: named)
                        }
                    case .any: break
                    }
                    let pattern = use.interpolated ? InterpolatedKey(use.key) : nil
                    var foundIn: String?
                    var keys: [String] = []
                    for table in candidates {
                        guard let base = baseTable(table) else {
                            // A bundle with translations but no development table takes its
                            // development text from the code's default value (genstrings' way):
                            // a key a translation has is the bundle's.
                            if !use.interpolated, translatedKeys(table).contains(use.key) {
                                foundIn = foundIn ?? table
                            }
                            continue
                        }
                        if let pattern {
                            let matching = formatKeys(ofBase: table, base).filter(pattern.fits).map(\.key)
                            if !matching.isEmpty {
                                keys += matching
                                foundIn = foundIn ?? table
                            }
                        } else if base.strings[use.key] != nil {
                            foundIn = foundIn ?? table
                        }
                    }
                    if !use.interpolated { keys = [use.key] }
                    var lookup = CodeKeyLookup(
                        path: file.path, use: use,
                        location: file.lines?.location(ofByte: use.keyOffset) ?? SourcePosition(line: 1, column: 1),
                        tableName: name, candidates: candidates, foundIn: foundIn, keys: keys,
                        inCatalog: candidates.contains { catalogTables.contains($0) })
                    lookup.wrongBundle = wrongBundle
                    if foundIn == nil {
                        // The locales that have the key (an interpolated key: one it fits,
                        // `Text("Minimum size: \(x)")` and "Minimum size: %@").
                        var locales: Set<String> = []
                        for table in candidates {
                            if let pattern {
                                for (key, having) in formatKeysOfEveryLocale(table) where pattern.fits(key) { locales.formUnion(having) }
                            } else {
                                for (locale, localeTable) in tables[table] ?? [:] where localeTable.strings[use.key] != nil {
                                    locales.insert(locale)
                                }
                            }
                        }
                        lookup.translatedIn = locales.sorted()
                    }
                    result.append(lookup)
                }
            }
            return result
        }
    }

    /// Whether a key holds a `%` (`memchr` over its UTF-8).
    static func hasPercent(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "%")), buffer.count) != nil
        }
    }

    /// Whether a table key is what SwiftUI makes of an interpolated literal: the literal's text
    /// with each interpolation (`CodeLexer.hole`) replaced by one format specifier (`%@`, `%lld`,
    /// `%1$@`, `%.2f` …), whatever its type, which a scanner cannot know.
    public static func key(_ key: String, fits pattern: String) -> Bool {
        InterpolatedKey(pattern).fits(FormatKeyPattern(key))
    }
}

/// A table key with a specifier, read once: its bytes and its specifiers' bytes, in order.
struct FormatKeyPattern {
    let key: String
    let bytes: [UInt8]
    let specifiers: [[UInt8]]

    init(_ key: String) {
        self.key = key
        bytes = Array(key.utf8)
        specifiers = bytes.contains(UInt8(ascii: "%")) ? FormatScanner.analyze(key).specifiers.map { Array($0.text.utf8) } : []
    }
}

/// An interpolated literal of the code (`CodeLexer.hole` for each interpolation), read once, with
/// the text before its first hole: a key that does not start with it cannot fit.
struct InterpolatedKey {
    let bytes: [UInt8]
    let head: [UInt8]

    init(_ pattern: String) {
        bytes = Array(pattern.utf8)
        head = Array(bytes.prefix { $0 != CodeLexer.hole && $0 != UInt8(ascii: "%") })
    }

    func fits(_ key: FormatKeyPattern) -> Bool {
        let keyBytes = key.bytes
        guard !key.specifiers.isEmpty, keyBytes.starts(with: head) else { return false }
        var specifiers = key.specifiers[...]
        var k = 0
        var p = 0
        while p < bytes.count {
            if bytes[p] == CodeLexer.hole {
                guard let next = specifiers.first, keyBytes[k...].starts(with: next) else { return false }
                specifiers = specifiers.dropFirst()
                k += next.count
                p += 1
                continue
            }
            // A literal '%' in the code is '%%' in the key.
            if bytes[p] == UInt8(ascii: "%") {
                guard k + 1 < keyBytes.count, keyBytes[k] == UInt8(ascii: "%"), keyBytes[k + 1] == UInt8(ascii: "%") else { return false }
                k += 2
                p += 1
                continue
            }
            guard k < keyBytes.count, keyBytes[k] == bytes[p] else { return false }
            k += 1
            p += 1
        }
        return k == keyBytes.count
    }
}
