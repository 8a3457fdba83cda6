import LocalizationFormats
import LocalizationIndex

/// A key the app's code looks up that the development table lacks.
struct CodeMissingKeyRule: Rule {
    static let description = RuleDescription(
        id: "code-missing-key", name: "Key used in code missing from its table", area: .code,
        summary:
            "a literal key that Swift or Objective-C code looks up (NSLocalizedString, String(localized:), SwiftUI's Text(\"…\") …) and the development table of its table lacks",
        rationale:
            "Foundation returns the key itself when a table lacks it: a key like 'settings.title' reaches every user raw, in every language. With a default value (value:, defaultValue:) users see that text instead, untranslated, in every locale. A key written as text ('Cancel') is shown as written, untranslated; whether a key reads as an identifier is judged on its table (`bookmarks` beside snake_case keys is one, `macOS` beside English-text keys is not). Besides Apple's lookups, the app's own wrappers are read, found from their definitions (a function, `String` member or macro that passes its parameter to a lookup). Keys are matched by table name in every bundle found; in a String Catalog, text keys are their own source language text, so only identifier-like keys are reported there.",
        fix: "Add the key to the development table (and translate it), or fix its spelling in the code.",
        defaultSeverity: .error,
        triggering: [
            codeExample(
                "Text(↓\"settings.titel\")\n",
                strings: [("en", "\"settings.title\" = \"Settings\";\n"), ("de", "\"settings.title\" = \"Einstellungen\";\n")])
        ],
        nonTriggering: [
            codeExample(
                "Text(\"settings.title\")\nText(verbatim: \"settings.titel\")\nText(\"\\(count) posts\")\n",
                strings: [
                    ("en", "\"settings.title\" = \"Settings\";\n\"%lld posts\" = \"%lld posts\";\n"),
                    ("de", "\"settings.title\" = \"Einstellungen\";\n\"%lld posts\" = \"%lld Beiträge\";\n"),
                ])
        ])

    static let reads: Set<IndexPart> = [.codeLookups]
    /// Reported in the code, about a table: a table given on its own (a staged file) that lost a
    /// key the code uses shows the finding.
    static let concernsTheTable = true

    func check(_ context: RuleContext) -> [Finding] {
        context.codeKeyLookups.compactMap { lookup -> Finding? in
            guard lookup.foundIn == nil, !lookup.use.inPreviewOrDebug else { return nil }
            // `Text("\(count)")`, `Text("|")`: no words, nothing to translate.
            guard lookup.use.key.contains(where: \.isLetter) else { return nil }
            let name = describe(lookup)
            let identifier = context.keyStyle(of: lookup.candidates).readsAsIdentifier(lookup.use.key) && !lookup.use.interpolated
            if let wrong = lookup.wrongBundle {
                // The bundle named at the call has no table of the name: other bundles' tables are
                // not searched by Foundation.
                let holding = wrong.elsewhere.filter { context.baseTable($0)?.strings[lookup.use.key] != nil }
                var made = finding(
                    .wrongBundle(lookup: name, table: lookup.tableName, bundle: wrong, holding: holding, identifier: identifier),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, table: lookup.tableName)
                if !identifier || lookup.use.defaultValue != nil { made.diagnostic.severity = .warning }
                return made
            }
            if lookup.candidates.isEmpty {
                // No table of that name anywhere: an app that localizes through other tables (or not
                // at all) is not reported for its default table; a table named in code is.
                guard let table = lookup.use.table else { return nil }
                return finding(
                    .noSuchTable(lookup: name, table: table, defaultValue: lookup.use.defaultValue),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, table: lookup.tableName, severity: .warning)
            }
            let table = Finding.Message.tableAndBundles(name: lookup.tableName, candidates: lookup.candidates)
            if !lookup.translatedIn.isEmpty {
                // Translated, but not in the development language: its users see the key. Text
                // that is its own development text ("Cancel") is then shown right.
                guard identifier, lookup.use.defaultValue == nil else { return nil }
                return finding(
                    .missingFromDevelopmentTable(lookup: name, translatedIn: lookup.translatedIn, base: context.baseLocale, table: table),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, locale: context.baseLocale, table: lookup.tableName)
            }
            // Xcode extracts NSLocalizedString, String(localized:), LocalizedStringResource and
            // SwiftUI's keys into a catalog (text keys are their own source text); not Bundle
            // lookups, SwiftGen or wrappers, which are judged like a .strings table's.
            if lookup.inCatalog, lookup.use.extractedByXcode {
                // Text is its own source language string; an identifier shows raw until someone
                // writes its text (Xcode adds only the keys of the catalog's own target).
                guard identifier, lookup.use.defaultValue == nil else { return nil }
                return finding(
                    .notInCatalog(lookup: name, table: table),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, table: lookup.tableName)
            }
            if let value = lookup.use.defaultValue {
                return finding(
                    .missingShowsDefaultValue(lookup: name, table: table, defaultValue: value),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, table: lookup.tableName, severity: .warning)
            }
            if !identifier {
                // Text shown as written: untranslated, perhaps on purpose. Files named for debug
                // screens are left alone; previews are known by `#Preview` and `PreviewProvider`,
                // not by name (`LinkPreviewSection.swift` ships).
                let file = lookup.path.split(separator: "/").last.map(String.init) ?? lookup.path
                if file.contains("Debug") { return nil }
                return finding(
                    .missingShownAsWritten(lookup: name, table: table),
                    path: lookup.path, at: lookup.location, key: lookup.use.key, table: lookup.tableName, severity: .note)
            }
            return finding(
                .missingShowsRawKey(lookup: name, table: table), path: lookup.path, at: lookup.location,
                key: lookup.use.key, table: lookup.tableName)
        }
    }

    /// A finding at the severity of what users see.
    func finding(
        _ message: Finding.Message, path: String, at location: SourcePosition, key: String, table: String, severity: Severity
    ) -> Finding {
        var made = finding(message, path: path, at: location, key: key, table: table)
        made.diagnostic.severity = severity
        return made
    }
}

extension Finding.Message {
    /// A table with the bundle it is in, or how many bundles have it.
    /// "Localizable (App/Localizable)", or, when several bundles have the table and none has the key,
    /// "Localizable (in none of the 2 bundles that have one: App, Widget)".
    fileprivate static func tableAndBundles(name: String, candidates: [String]) -> String {
        guard candidates.count > 1 else { return "\(name) (\(candidates.first ?? name))" }
        let bundles = candidates.map { id in id.hasSuffix("/" + name) ? String(id.dropLast(name.count + 1)) : id }
            .map { $0.isEmpty ? "." : $0 }
        return "\(name) (in none of the \(candidates.count) bundles that have one: \(listing(bundles)))"
    }

    /// What every user sees of a key no table has: its default value, else the key.
    fileprivate static func shown(defaultValue: String?) -> String {
        defaultValue.map { "the default value '\($0.excerpt)'" } ?? "the raw key"
    }

    fileprivate static func wrongBundle(
        lookup: String, table: String, bundle: CodeKeyLookup.WrongBundle, holding: [String], identifier: Bool
    ) -> Finding.Message {
        let place =
            bundle.package.map { "this code in package target \($0) looks it up in Bundle.module" }
            ?? "this code looks it up in Bundle.main"
        let which = bundle.package == nil ? "the app's main bundle" : "the target's own bundle"
        let found =
            holding.isEmpty
            ? "is in no table of that name (\(listing(bundle.elsewhere)) have one)"
            : "is in \(listing(holding))"
        let shown = identifier ? "every user sees the raw key" : "users of every locale see it as written, untranslated"
        return "\(lookup) \(found), but \(place), \(which), which has no \(table) table; \(shown)"
    }

    fileprivate static func noSuchTable(lookup: String, table: String, defaultValue: String?) -> Finding.Message {
        "\(lookup) is looked up in the table '\(table)', but no table of that name was found under the paths checked; if it is not elsewhere, every user sees \(shown(defaultValue: defaultValue))"
    }

    /// A key translated in other locales but missing from the development table (`base`, when known).
    fileprivate static func missingFromDevelopmentTable(lookup: String, translatedIn locales: [String], base: String?, table: String)
        -> Finding.Message
    {
        let base = base ?? "the development locale"
        return
            "\(lookup) is translated (\(listing(locales))) but missing from the \(base) table of \(table); users of \(base) see the raw key"
    }

    fileprivate static func notInCatalog(lookup: String, table: String) -> Finding.Message {
        "\(lookup) is not in the String Catalog \(table); every user sees the raw key until it is added with its text (Xcode adds only the keys of the catalog's own target when it builds)"
    }

    fileprivate static func missingShowsDefaultValue(lookup: String, table: String, defaultValue: String) -> Finding.Message {
        "\(lookup) is missing from \(table); its default value '\(defaultValue.excerpt)' is shown untranslated in every locale"
    }

    fileprivate static func missingShownAsWritten(lookup: String, table: String) -> Finding.Message {
        "\(lookup) is missing from \(table); it is shown as written in the code, untranslated, in every locale"
    }

    fileprivate static func missingShowsRawKey(lookup: String, table: String) -> Finding.Message {
        "\(lookup) is missing from \(table); every user sees the raw key"
    }
}
