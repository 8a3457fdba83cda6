import Foundation

/// Writes a deterministic localization tree for the benchmark: N locales × M keys, in UTF-8 and
/// UTF-16, with comments, escapes, format specifiers, `.stringsdict` plurals, one catalog and
/// payload templates. The same sizes always give the same bytes.
struct SyntheticTree {
    var locales: Int
    var keys: Int
    var payloads: Int

    /// A small linear congruential generator: reproducible without Foundation's random sources.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func word() -> String {
            let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu", "an", "el", "or", "us"]
            return (0..<(2 + Int(next() % 3))).map { _ in syllables[Int(next() % UInt64(syllables.count))] }.joined()
        }
    }

    static let localeNames = [
        "de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "ru", "pl", "pt-BR", "pt-PT", "nl", "sv", "da", "fi", "nb", "tr",
        "ar", "he", "cs", "sk", "hu", "ro", "bg", "el", "uk", "hr", "sl", "lt", "lv", "et", "id", "ms", "th", "vi", "hi", "ca", "cy",
        "ga",
    ]

    func localeName(_ index: Int) -> String {
        index < Self.localeNames.count ? Self.localeNames[index] : "x\(index)"
    }

    /// Writes the tree under `root`; returns the number of files written.
    @discardableResult
    func write(to root: URL) throws -> Int {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: root)
        var count = 0
        for localeIndex in -1..<locales {
            let locale = localeIndex < 0 ? "en" : localeName(localeIndex)
            let folder = root.appendingPathComponent("App/\(locale).lproj")
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            var generator = Generator(state: UInt64(localeIndex + 2) &* 7919)
            var text = "/* Localizable.strings (\(locale)) — generated for the benchmark */\n\n"
            text.reserveCapacity(keys * 70)
            for key in 0..<keys {
                if key % 10 == 0 { text += "/* Section \(key / 10): a translator note with \"quotes\" */\n" }
                let words = (0..<(3 + Int(generator.next() % 6))).map { _ in generator.word() }.joined(separator: " ")
                switch key % 7 {
                case 0: text += "\"key.\(key).title\" = \"\(words) %@\";\n"
                case 1: text += "\"key.\(key).count\" = \"%1$@ \(words) %2$@\";\n"
                case 2: text += "\"key.\(key).escaped\" = \"\(words)\\n\\\"\(generator.word())\\\" \\U00e9\";\n"
                case 3: text += "// a line comment\n\"key.\(key).percent\" = \"\(words) %d%%\";\n"
                default: text += "\"key.\(key)\" = \"\(words)\";\n"
                }
            }
            // Every fifth translation is saved as UTF-16 with a byte order mark, as older tools do.
            let data =
                localeIndex >= 0 && localeIndex % 5 == 4
                ? Data([0xFF, 0xFE]) + Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) : Data(text.utf8)
            try data.write(to: folder.appendingPathComponent("Localizable.strings"))
            try Data("\"CFBundleDisplayName\" = \"Bench \(locale)\";\n\"NSCameraUsageDescription\" = \"Scan codes\";\n".utf8)
                .write(to: folder.appendingPathComponent("InfoPlist.strings"))
            var plist =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
            for entry in 0..<max(1, keys / 50) {
                plist += """
                    \t<key>plural.\(entry)</key>
                    \t<dict>
                    \t\t<key>NSStringLocalizedFormatKey</key>
                    \t\t<string>%#@items@</string>
                    \t\t<key>items</key>
                    \t\t<dict>
                    \t\t\t<key>NSStringFormatSpecTypeKey</key>
                    \t\t\t<string>NSStringPluralRuleType</string>
                    \t\t\t<key>NSStringFormatValueTypeKey</key>
                    \t\t\t<string>ld</string>
                    \t\t\t<key>one</key>
                    \t\t\t<string>%ld \(generator.word())</string>
                    \t\t\t<key>other</key>
                    \t\t\t<string>%ld \(generator.word())s</string>
                    \t\t</dict>
                    \t</dict>

                    """
            }
            plist += "</dict>\n</plist>\n"
            try Data(plist.utf8).write(to: folder.appendingPathComponent("Localizable.stringsdict"))
            count += 3
        }
        var catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        let catalogKeys = min(200, keys)
        for key in 0..<catalogKeys {
            let localizations = (0..<locales).map { index in
                "        \"\(localeName(index))\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Text \(key) \(index)\" } }"
            }.joined(separator: ",\n")
            catalog +=
                "    \"catalog.\(key)\" : {\n      \"localizations\" : {\n\(localizations)\n      }\n    }\(key == catalogKeys - 1 ? "" : ",")\n"
        }
        catalog += "  },\n  \"version\" : \"1.0\"\n}\n"
        try Data(catalog.utf8).write(to: root.appendingPathComponent("App/Settings.xcstrings"))
        let payloadFolder = root.appendingPathComponent("backend/payloads")
        try fileManager.createDirectory(at: payloadFolder, withIntermediateDirectories: true)
        for index in 0..<payloads {
            let key = (index * 7) % max(1, keys)
            let json = """
                {"aps": {"alert": {"title-loc-key": "key.\(key - key % 7).title", "title-loc-args": ["{{sender}}"], \
                "loc-key": "key.\((key - key % 7) + 1).count", "loc-args": ["{{sender}}", "3"\(index % 100 == 99 ? ", \"4\"" : "")]}, "sound": "default", \
                "thread-id": "t\(index)"}, "id": "\(index)"}

                """
            try Data(json.utf8).write(to: payloadFolder.appendingPathComponent("push-\(index).json"))
        }
        return count + 1 + payloads
    }

    /// Writes the same locales × keys as one String Catalog (the form Xcode 15 and later use):
    /// string units with specifiers, a plural variation every tenth key, a few units to review.
    @discardableResult
    func writeCatalog(to root: URL) throws -> Int {
        try? FileManager.default.removeItem(at: root)
        let folder = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = Generator(state: 104_729)
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text.reserveCapacity(keys * (locales + 1) * 120)
        let names = ["en"] + (0..<locales).map(localeName)
        for key in 0..<keys {
            let localizations = names.map { locale in
                let words = (0..<(3 + Int(generator.next() % 5))).map { _ in generator.word() }.joined(separator: " ")
                let state = key % 17 == 3 && locale != "en" ? "needs_review" : "translated"
                if key % 10 == 4 {
                    return """
                                "\(locale)" : { "variations" : { "plural" : {
                                  "one" : { "stringUnit" : { "state" : "\(state)", "value" : "%lld \(words)" } },
                                  "other" : { "stringUnit" : { "state" : "\(state)", "value" : "%lld \(words)s" } } } } }
                        """
                }
                let value = key % 3 == 0 ? "\(words) %@" : key % 3 == 1 ? "%1$@ \(words) %2$lld" : words
                return "        \"\(locale)\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
            }.joined(separator: ",\n")
            text += "    \"catalog.key.\(key)\" : {\n      \"comment\" : \"Generated entry \(key)\",\n      \"localizations\" : {\n"
            text += localizations + "\n      }\n    }\(key == keys - 1 ? "" : ",")\n"
        }
        text += "  },\n  \"version\" : \"1.0\"\n}\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        return 1
    }
}
