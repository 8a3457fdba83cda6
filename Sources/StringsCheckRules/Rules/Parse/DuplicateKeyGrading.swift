import LocalizationFormats

/// Grades a translation's keys defined twice with different values by what users lose.
///
/// Foundation keeps the last definition of a key. In the development table two texts for one key
/// mean one meaning is lost, and the parser's error stands. In a translation most such pairs are
/// two valid translations (a block pasted twice): users see the later one, a correct text, so it
/// is a warning, one per pasted block. It stays an error when the later one is the untranslated
/// development text and an earlier one was translated: users lose the translation.
enum DuplicateKeyGrading {
    static func grade(_ diagnostics: [Diagnostic], of file: ResourceFile, in project: LocalizationProject) -> [Diagnostic] {
        guard case .strings(let parsed) = file.content, let locale = file.locale, locale != "Base", locale != project.baseLocale,
            diagnostics.contains(where: { $0.id == ParseDiagnosticKind.duplicateKey.rawValue && $0.severity == .error })
        else { return diagnostics }
        let base = baseTexts(of: file, in: project)
        var indexByLocation: [SourcePosition: Int] = [:]
        var valuesByKey: [String: [(value: String?, line: Int)]] = [:]
        for index in parsed.entries.indices {
            let entry = parsed.entries[index]
            if let location = entry.keyLocation { indexByLocation[location] = index }
            valuesByKey[entry.key, default: []].append((parsed.value(at: index), entry.keyLocation?.line ?? 0))
        }
        var result: [Diagnostic] = []
        var demoted: [(index: Int, diagnostic: Diagnostic, firstLine: Int)] = []
        for diagnostic in diagnostics {
            guard diagnostic.id == ParseDiagnosticKind.duplicateKey.rawValue, diagnostic.severity == .error, let key = diagnostic.key,
                let location = diagnostic.location, let index = indexByLocation[location], let values = valuesByKey[key],
                values.count >= 2
            else {
                result.append(diagnostic)
                continue
            }
            let winner = values[values.count - 1].value
            let firstLine = values[0].line
            var graded = diagnostic
            // Only the definition Foundation keeps, the last, decides what users see.
            let isLast = location.line == values[values.count - 1].line
            if isLast, let baseText = base[key], winner == baseText, values.dropLast().contains(where: { $0.value != baseText }) {
                graded.message = ParseMessage.duplicateKeyUntranslatedWins(key: key, locale: locale, firstLine: firstLine).text
                result.append(graded)
            } else {
                demoted.append((index, graded, firstLine))
            }
        }
        // One warning per run of consecutive entries defined again.
        var start = 0
        while start < demoted.count {
            var end = start
            while end + 1 < demoted.count, demoted[end + 1].index == demoted[end].index + 1 { end += 1 }
            var warning = demoted[start].diagnostic
            warning.severity = .warning
            let key = warning.key ?? ""
            if end == start {
                warning.message = ParseMessage.duplicateKeyBothTranslated(key: key, firstLine: demoted[start].firstLine).text
            } else {
                let first = warning.location?.line ?? 0
                let last = demoted[end].diagnostic.location?.line ?? first
                warning.message = ParseMessage.duplicateKeyBlock(key: key, more: end - start, lines: first...max(first, last)).text
            }
            result.append(warning)
            start = end + 1
        }
        return result
    }

    /// The development texts of the file's table (its base locale's or `Base`'s `.strings`).
    private static func baseTexts(of file: ResourceFile, in project: LocalizationProject) -> [String: String] {
        var result: [String: String] = [:]
        for other in project.files where other.tableID == file.tableID && (other.locale == project.baseLocale || other.locale == "Base") {
            guard case .strings(let parsed) = other.content else { continue }
            for index in parsed.entries.indices where result[parsed.entries[index].key] == nil {
                result[parsed.entries[index].key] = parsed.value(at: index)
            }
        }
        return result
    }
}
