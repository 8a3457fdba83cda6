import Foundation

/// The development language as the project itself records it: `developmentRegion` in an Xcode
/// project (`project.pbxproj`, an old-style property list) and `CFBundleDevelopmentRegion` in an
/// `Info.plist`. CFBundle appends the development region to every user's language list
/// (`_CFBundleCopyLanguageSearchListInBundle`, CFBundle_Locale.c), so it is the language a table
/// falls back to, and the one translations are compared with.
public enum DevelopmentRegion {
    /// The region the files name, with where it was found; nil when none names one that is a
    /// locale of the tree (`$(DEVELOPMENT_LANGUAGE)` and other build settings are not values).
    public static func find(
        projects: [(path: String, display: String)], infoPlists: [(path: String, display: String)], locales: Set<String>
    )
        -> (locale: String, reason: String)?
    {
        // The project nearest the top of the tree is the app's; deeper ones are examples and parts.
        func nearestFirst(_ a: (path: String, display: String), _ b: (path: String, display: String)) -> Bool {
            let (depthA, depthB) = (a.display.count { $0 == "/" }, b.display.count { $0 == "/" })
            return depthA != depthB ? depthA < depthB : a.display < b.display
        }
        for project in projects.sorted(by: nearestFirst) {
            guard case .success(let bytes) = FileBytes.read(project.path, maximumSize: 32 << 20),
                let region = value(of: "developmentRegion", inProject: String(decoding: bytes, as: UTF8.self))
            else { continue }
            let locale = LocaleName.normalize(region)
            if locales.contains(locale) { return (locale, "developmentRegion of \(project.display)") }
        }
        for plist in infoPlists.sorted(by: nearestFirst) {
            guard case .success(let bytes) = FileBytes.read(plist.path, maximumSize: 4 << 20),
                let region = value(of: "CFBundleDevelopmentRegion", inPlist: String(decoding: bytes, as: UTF8.self))
            else { continue }
            let locale = LocaleName.normalize(region)
            if locales.contains(locale) { return (locale, "CFBundleDevelopmentRegion of \(plist.display)") }
        }
        return nil
    }

    /// `name = value;` in a project file (quoted or not).
    static func value(of name: String, inProject text: String) -> String? {
        var rest = Substring(text)
        while let range = rest.range(of: name) {
            rest = rest[range.upperBound...]
            let afterName = rest.drop { $0 == " " || $0 == "\t" }
            guard afterName.first == "=" else { continue }
            let value = afterName.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0 != ";" && $0 != "\n" }
            let trimmed = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return trimmed.isEmpty || trimmed.contains("$(") ? nil : trimmed
        }
        return nil
    }

    /// `<key>name</key><string>value</string>` in an XML property list.
    static func value(of name: String, inPlist text: String) -> String? {
        guard let key = text.range(of: "<key>\(name)</key>") else { return nil }
        let rest = text[key.upperBound...].drop { $0.isWhitespace }
        guard rest.hasPrefix("<string>"), let end = rest.range(of: "</string>") else { return nil }
        let value = rest[rest.index(rest.startIndex, offsetBy: "<string>".count)..<end.lowerBound].trimmingCharacters(in: .whitespaces)
        return value.isEmpty || value.contains("$(") ? nil : value
    }
}
