import LocalizationFormats
import LocalizationIndex

/// A key in a translation that the base locale does not have.
struct ExtraTranslationRule: Rule {
    static let description = RuleDescription(
        id: "extra-translation", name: "Key not in the base", area: .crossLocale,
        summary: "a key in a translation that the base locale does not have",
        rationale:
            "The code never asks for a key the base lacks (when the app's code is scanned, a key it looks up is not reported: code-missing-key says what the development language shows), so the text is dead weight, or, more often, the key was renamed in the base and the translation still uses the old name, so the new key shows raw. Not reported in tables whose keys are the development text (genstrings-style `NSLocalizedString(\"Restart\", comment:)`, decided per table: most keys read as text) and whose development table is a stub: every translated key is asked for.",
        fix: "Rename the key to match the base, or delete it.",
        defaultSeverity: .warning,
        triggering: [.tables(("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"A\";\n↓\"old.name\" = \"Alt\";\n"))],
        nonTriggering: [
            .tables(("en", "\"a\" = \"A\";\n\"b\" = \"B\";\n"), ("de", "\"a\" = \"A\";\n")),
            // genstrings-style keys: the development table is a stub, the keys are the text.
            .tables(
                ("en", "\"\" = \"\";\n"),
                (
                    "de",
                    "\"Restart\" = \"Neu starten\";\n\"Turn off sync\" = \"Sync ausschalten\";\n\"Virtualization\" = \"Virtualisierung\";\n"
                )),
        ])

    static let reads: Set<IndexPart> = [.keyPresence, .codeLookups]

    func check(_ context: RuleContext) -> [Finding] {
        guard let baseLocale = context.baseLocale else { return [] }
        var result: [Finding] = []
        let locales = context.translationLocales(for: Self.description.id)
        // Tables a global table of the same name hides are reported by global-table-shadows.
        let shadowed = Set(context.project.files.lazy.filter(\.isGlobal).map(\.tableID))
        // Keys the scanned code looks up, by table ID: such a key is asked for (code-missing-key
        // says what the development language shows), whatever its translations hold.
        var askedFor: [String: Set<String>] = [:]
        var askedForPatterns: [String: [String]] = [:]
        for lookup in context.codeKeyLookups where !lookup.use.inPreviewOrDebug {
            for table in lookup.candidates {
                if lookup.use.interpolated {
                    askedForPatterns[table, default: []].append(lookup.use.key)
                } else {
                    askedFor[table, default: []].insert(lookup.use.key)
                }
            }
        }
        for (table, byLocale) in context.tables.sorted(by: { $0.key < $1.key }) {
            // The development text of these lives elsewhere: in the storyboard or xib, or in
            // Info.plist, which a translation's keys name; their base .strings file is optional.
            // A rule editor's base text is its key, the template AppKit builds.
            let usage = context.usage(of: table)
            if usage == .infoPlist { continue }
            if shadowed.contains(table) { continue }
            // Where the keys are the development text (genstrings: `NSLocalizedString("Restart",
            // comment:)`) and the development table is a stub, the code asks for each key with
            // itself as the text: a key only a translation has is translated text, not dead.
            if context.keysAreTextBesideAStub(table) { continue }
            guard context.baseTable(table) != nil || usage == .interfaceBuilder || usage == .predicate else {
                // A bundle without base text cannot be compared; say so once, not once per key.
                // Stub files without keys (a storyboard's empty strings) have nothing to compare.
                let translated = locales.filter { byLocale[$0].map { !$0.strings.isEmpty } ?? false }
                if let first = translated.first, let file = context.file(table: table, locale: first) {
                    result.append(
                        finding(
                            .noBaseFile(
                                file: file.path.split(separator: "/").last.map(String.init) ?? table, translatedIn: translated,
                                baseLocale: baseLocale, bundle: file.bundle),
                            path: file.path, at: SourcePosition(line: 1, column: 1), table: table))
                }
                continue
            }
            // A label of an object the nib no longer has is never shown, and no other key can
            // have been meant: dead text, a note.
            let isInterface = usage == .interfaceBuilder
            for locale in locales {
                for string in context.keyPresence[table]?.extra[locale] ?? [] where string.origin != .catalog {
                    let key = string.key
                    if askedFor[table]?.contains(key) == true { continue }
                    if let patterns = askedForPatterns[table], patterns.contains(where: { ProjectIndex.key(key, fits: $0) }) { continue }
                    // A key that is a sentence is likely asked for with itself as the text
                    // (SwiftUI `Text("Welcome back")`): the base shows the key, nothing is lost.
                    let isText = !isInterface && key.unicodeScalars.contains(" ")
                    let message: Finding.Message =
                        isInterface
                        ? .noSuchObjectInBase(key: key, locale: locale, baseLocale: baseLocale)
                        : isText
                            ? .notInBaseShowsKey(key: key, locale: locale, baseLocale: baseLocale)
                            : .notInBase(key: key, locale: locale, baseLocale: baseLocale)
                    var found = finding(message, path: string.path, at: string.location, key: key, locale: locale, table: table)
                    if isInterface || isText { found.diagnostic.severity = .note }
                    result.append(found)
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A translated table whose bundle has no base file to compare it with.
    fileprivate static func noBaseFile(file: String, translatedIn locales: [String], baseLocale: String, bundle: String)
        -> Finding.Message
    {
        "'\(file)' has translations in \(listing(locales)) but no '\(baseLocale)' file in '\(bundle.isEmpty ? "." : bundle)', so none of its keys can be compared with the base"
    }

    /// A label of an Interface Builder object the base no longer has.
    fileprivate static func noSuchObjectInBase(key: String, locale: String, baseLocale: String) -> Finding.Message {
        "'\(key)' is in '\(locale)' but the base locale '\(baseLocale)' has no such object; the text is never shown"
    }

    /// A key that reads as text, which the code may ask for with itself as the text.
    fileprivate static func notInBaseShowsKey(key: String, locale: String, baseLocale: String) -> Finding.Message {
        "'\(key)' is in '\(locale)' but not in the base locale '\(baseLocale)'; if the code asks for it, '\(baseLocale)' users see the key itself"
    }

    fileprivate static func notInBase(key: String, locale: String, baseLocale: String) -> Finding.Message {
        "'\(key)' is in '\(locale)' but not in the base locale '\(baseLocale)'; the app never asks for it"
    }
}
