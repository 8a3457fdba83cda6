import Dispatch
import LocalizationFormats
import LocalizationIndex

/// The outcome of `check`: findings in output order and what was left out on purpose.
public struct CheckResult: Sendable {
    public var findings: [Finding]
    /// Dropped by the configuration's suppressions or inline `stringscheck:disable` comments.
    public var suppressedCount: Int
    /// Dropped because the baseline already lists them.
    public var baselinedCount: Int
    public var fileCount: Int
    /// Findings left out because they are in files other than the ones asked about.
    public var otherFilesCount = 0
    public var baseLocale: String?
    public var baseLocaleReason: String
    /// Folders left out of the check because the app does not ship them (see `LeftOutFolder`).
    public var leftOutFolders: [LeftOutFolder] = []
    /// Source files left out of the code scan as test code.
    public var skippedTestFiles = 0

    /// Findings past `RuleEngine.maximumKeptFindings`, counted by severity but not kept.
    public var omitted = OmittedFindings()

    /// Keeps the first `limit` findings and counts the rest by severity in `omitted`.
    public mutating func keep(atMost limit: Int) {
        omitted.limit = limit
        guard findings.count > limit else { return }
        for finding in findings[limit...] {
            switch finding.diagnostic.severity {
            case .error: omitted.errors += 1
            case .warning:
                omitted.warnings += 1
                if BuiltInRules.backlogIDs.contains(finding.diagnostic.id) { omitted.backlogWarnings += 1 }
            case .note: omitted.notes += 1
            }
        }
        findings.removeSubrange(limit...)
    }

    /// Keeps the findings about the files given (as pre-commit passes the staged ones): those
    /// located in them, and those of rules that concern the table they name when that table is
    /// one of `tables` (a key the code looks up that a given table lost); counts the rest.
    public mutating func keepFindings(inFiles isGiven: (String) -> Bool, tables: Set<String>) {
        let all = findings
        let concerningTables = Set(BuiltInRules.all.filter { rule in rule.concernsTheTable }.map { rule in rule.description.id })
        findings = all.filter { finding in
            if isGiven(finding.diagnostic.path) { return true }
            return concerningTables.contains(finding.diagnostic.id) && finding.table.map(tables.contains) == true
        }
        otherFilesCount = all.count - findings.count
    }

    public var diagnostics: [Diagnostic] { findings.map(\.diagnostic) }
    public var errorCount: Int { count(.error) + omitted.errors }
    public var warningCount: Int { count(.warning) + omitted.warnings }
    public var noteCount: Int { count(.note) + omitted.notes }
    /// Warnings of translation backlog rules (`RuleDescription.isBacklog`).
    public var backlogWarningCount: Int { count(.warning, backlogOnly: true) + omitted.backlogWarnings }

    /// The findings at `severity` (of backlog rules only, when asked), read in place (a report asks
    /// for each count more than once).
    private func count(_ severity: Severity, backlogOnly: Bool = false) -> Int {
        findings.withUnsafeBufferPointer { findings in
            var total = 0
            var isBacklog = BuiltInRules.backlogMemo()
            for index in findings.indices where findings[index].diagnostic.severity == severity {
                if !backlogOnly || isBacklog(findings[index].diagnostic.id) { total += 1 }
            }
            return total
        }
    }
}

/// What a run found but did not keep: more findings than any report can show are counted, so a
/// hostile tree cannot make the run hold millions of them, and the exit status still counts them.
public struct OmittedFindings: Sendable, Hashable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    /// Of `warnings`, those of translation backlog rules.
    public var backlogWarnings = 0
    /// The number of findings kept before these were left out.
    public var limit = 0

    public var count: Int { errors + warnings + notes }
}

/// Runs every enabled rule over a project and applies the configuration.
public enum RuleEngine {
    /// `keepContext` takes the context once the rules are done; without it the context is freed
    /// in the background. A process that exits right after the report passes a keeper: freeing
    /// the model of a large tree kept a core busy while the report was written. `hashingTexts`
    /// false leaves each finding's `textHashes` empty (they are for a baseline to be written; a
    /// run with a baseline to read sets them all the same).
    public static func run(
        project: LocalizationProject, configuration: Configuration = Configuration(), rules: [any Rule.Type] = BuiltInRules.all,
        baseline: Baseline? = nil, maximumFindings: Int? = maximumKeptFindings, hashingTexts: Bool = true,
        keepContext: (@Sendable (RuleContext) -> Void)? = nil
    ) async -> CheckResult {
        await run(
            index: ProjectIndex(project: project, configuration: configuration), configuration: configuration, rules: rules,
            baseline: baseline, maximumFindings: maximumFindings, hashingTexts: hashingTexts, keepContext: keepContext)
    }

    /// The most findings a run keeps (after suppressions and the baseline, in report order); the
    /// rest are counted by severity (`CheckResult.omitted`). Far more than anyone reads, and a
    /// bound on what a hostile tree can make the run hold. `--write-baseline` keeps every one.
    public static let maximumKeptFindings = 100_000

    /// Runs the rules over an index already built (`render` and `coverage` build it for their own
    /// use and run only the rules whose findings they show).
    public static func run(
        index: ProjectIndex, configuration: Configuration = Configuration(), rules: [any Rule.Type] = BuiltInRules.all,
        baseline: Baseline? = nil, maximumFindings: Int? = maximumKeptFindings, hashingTexts: Bool = true,
        keepContext: (@Sendable (RuleContext) -> Void)? = nil
    ) async -> CheckResult {
        var phases = PhaseClock("check")
        // Of the rules started together, those that walk every entry start first (the order of the
        // findings is the sort's).
        let enabled =
            rules.filter { configuration.isEnabled($0.description) && $0.walksEveryEntry }
            + rules.filter { configuration.isEnabled($0.description) && !$0.walksEveryEntry }
        // Only the parts the rules that run read are built. The rules that read no built part
        // start beside the build, on the time it leaves a core idle (the findings are the same
        // either way: they are sorted).
        let reads = enabled.reduce(into: Set<IndexPart>()) { $0.formUnion($1.reads) }
        let (late, early) = (enabled.filter { $0.readsBuiltParts }, enabled.filter { !$0.readsBuiltParts })
        let settings = configuration.ruleSettings
        let (found, context) = await withTaskGroup(of: [Finding].self, returning: ([Finding], RuleContext).self) { group in
            let walking = RuleContext(index: index, reading: reads.filter { !$0.isBuilt }, settings: settings)
            for rule in early { group.addTask(operation: Self.task(running: rule, on: walking.narrowed(to: rule))) }
            let context = RuleContext(index: index, reading: reads, settings: settings)
            phases.lap("build the context")
            for rule in late { group.addTask(operation: Self.task(running: rule, on: context.narrowed(to: rule))) }
            var parts: [[Finding]] = []
            for await part in group where !part.isEmpty { parts.append(part) }
            return (Self.joined(&parts), context)
        }
        let project = context.project
        var findings = consume found
        Consequences.removeRedundant(&findings)
        phases.lap("run the rules")
        findings += parseFindings(project, configuration: configuration, ignoredLocales: configuration.ignoreLocales)

        var inline = InlineSuppressions(project)
        let suppressor = Suppressor(configuration)
        // In place, in order: a finding changed in a copy of the list would get a box of its own.
        // The severities the configuration sets are looked up once per rule, and not at all when
        // it sets none.
        let severities = Self.configuredSeverities(configuration)
        if !severities.isEmpty {
            for index in findings.indices {
                if let description = BuiltInRules.descriptionsByID[findings[index].diagnostic.id],
                    let severity = severities[description.id]
                {
                    findings[index].diagnostic.severity = severity
                }
            }
        }
        let count = findings.count
        // Only when something can suppress: the pass asks of every finding.
        if !suppressor.isEmpty || inline.mayApply {
            findings.removeAll { (!suppressor.isEmpty && suppressor.suppresses($0)) || inline.suppresses($0.diagnostic) }
        }
        let suppressed = count - findings.count
        var kept = consume findings
        phases.lap("apply the configuration")
        kept = Self.sortedWithoutDuplicates(consume kept)
        // Only a baseline reads them: one read here, or one to be written from the result.
        if hashingTexts || baseline != nil { Self.hashTexts(of: &kept, in: context) }
        var baselined = 0
        if let baseline {
            (kept, baselined) = baseline.filter(kept)
        }
        phases.lap("sort")
        var result = CheckResult(
            findings: kept, suppressedCount: suppressed, baselinedCount: baselined,
            fileCount: project.fileCount + project.payloadFiles.count + project.codeFiles.count,
            baseLocale: context.baseLocale, baseLocaleReason: project.baseLocaleReason)
        result.leftOutFolders = project.leftOutFolders
        result.skippedTestFiles = project.skippedTestFiles
        if let maximumFindings { result.keep(atMost: maximumFindings) }
        if let keepContext { keepContext(context) } else { releaseInBackground(consume context) }
        return result
    }

    /// The task that runs `rule` on its context `own`: its findings, its time reported when
    /// timings are.
    private static func task(running rule: any Rule.Type, on own: RuleContext) -> @Sendable () -> [Finding] {
        {
            guard PhaseClock.isEnabled else { return rule.init().check(own) }
            let clock = ContinuousClock()
            let start = clock.now
            defer { PhaseClock.report("rule", rule.description.id, clock.now - start) }
            return rule.init().check(own)
        }
    }

    /// The severity the configuration sets for each rule that it sets one for, by the rule's
    /// ID (`Configuration.severity(of:default:)` for every rule at once).
    static func configuredSeverities(_ configuration: Configuration) -> [String: Severity] {
        var result: [String: Severity] = [:]
        for description in BuiltInRules.descriptions {
            if let severity = configuration.configuredSeverity(of: description) { result[description.id] = severity }
        }
        return result
    }

    /// Sets each finding's `textHashes`: the text of its key in every locale it concerns.
    static func hashTexts(of findings: inout [Finding], in context: RuleContext) {
        let tables = context.tables
        // Worked out in runs on every core (a large project's first run has tens of thousands of
        // findings), read in place, then set in order (a copy of the list to read from was copied
        // again, finding by finding, at the first hash set).
        let hashes = findings.withUnsafeBufferPointer { findings in
            concurrentRuns(of: findings.count, minimum: 1_000) { range -> [(index: Int, locale: String, hash: String)] in
                var result: [(index: Int, locale: String, hash: String)] = []
                for index in range {
                    guard let key = findings[index].key, let table = findings[index].table, let byLocale = tables[table] else { continue }
                    for locale in findings[index].coveredLocales {
                        guard let string = byLocale[locale]?.strings[key], var text = string.value else { continue }
                        // A plural entry is its format and every form: an edited form is an edited text.
                        for variable in string.stringsdictEntry?.variables ?? [] {
                            for variant in variable.variants { text += "\u{1F}" + variable.name + "." + variant.name + "=" + variant.value }
                        }
                        result.append((index, locale, Baseline.hash(text)))
                    }
                }
                return result
            }
        }
        for run in hashes {
            for (index, locale, hash) in run { findings[index].textHashes[locale] = hash }
        }
    }

    /// The parsers' and the loader's diagnostics, as findings of the rules that are enabled:
    /// they reach the output by the same lane as the rules' findings, so `--disable`, severities,
    /// key and locale suppressions and baselines treat them alike.
    static func parseFindings(_ project: LocalizationProject, configuration: Configuration, ignoredLocales: Set<String>) -> [Finding] {
        var result = (project.diagnostics + project.payloadFiles.flatMap(\.diagnostics) + project.codeFiles.flatMap(\.diagnostics)).map {
            Finding($0, key: $0.key)
        }
        for file in project.files {
            if let locale = file.locale, ignoredLocales.contains(locale) { continue }
            let diagnostics = DuplicateKeyGrading.grade(file.diagnostics, of: file, in: project)
            result += diagnostics.map { Finding($0, key: $0.key, locale: file.locale, table: file.tableID) }
        }
        return result.filter { finding in
            guard let description = BuiltInRules.descriptionsByID[finding.diagnostic.id] else { return true }
            return configuration.isEnabled(description)
        }
    }
}

/// The configuration's exceptions with their globs compiled once, not once per finding.
struct Suppressor {
    struct Item {
        var rules: Set<String>
        var keys: [Glob]
        var locales: Set<String>
        var paths: [Glob]
    }

    let ignoredKeys: [String: [Glob]]
    let ignoredLocales: [String: Set<String>]
    let globalLocales: Set<String>
    let items: [Item]
    let directory: String
    /// Whether the configuration suppresses nothing (no finding need be asked about).
    let isEmpty: Bool

    init(_ configuration: Configuration) {
        ignoredKeys = configuration.rules.mapValues { $0.ignoreKeys.map(Glob.init) }
        ignoredLocales = configuration.rules.mapValues(\.ignoreLocales)
        globalLocales = configuration.ignoreLocales
        items = configuration.suppressions.map {
            Item(rules: $0.rules, keys: $0.keys.map(Glob.init), locales: $0.locales, paths: $0.paths.map(Glob.init))
        }
        directory = configuration.directory
        isEmpty =
            items.isEmpty && globalLocales.isEmpty && !ignoredKeys.values.contains { !$0.isEmpty }
            && !ignoredLocales.values.contains { !$0.isEmpty }
    }

    func suppresses(_ finding: Finding) -> Bool {
        let id = finding.diagnostic.id
        if let locale = finding.locale, ignoredLocales[id]?.contains(locale) == true || globalLocales.contains(locale) { return true }
        if let key = finding.key, ignoredKeys[id]?.contains(where: { $0.matchesKey(key) }) == true { return true }
        for item in items {
            if !item.rules.isEmpty, !item.rules.contains(id) { continue }
            if !item.locales.isEmpty, !(finding.locale.map(item.locales.contains) ?? false) { continue }
            if !item.keys.isEmpty, !(finding.key.map { key in item.keys.contains { $0.matchesKey(key) } } ?? false) { continue }
            if !item.paths.isEmpty {
                let path = relativePath(finding.diagnostic.path, to: directory)
                if !item.paths.contains(where: { $0.matchesPath(path) }) { continue }
            }
            return true
        }
        return false
    }
}

/// `path` relative to `directory` when it lies inside it (both as given, not resolved).
package func relativePath(_ path: String, to directory: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    guard directory != ".", !directory.isEmpty else { return path }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

/// Freeing a large model (hundreds of thousands of messages and table entries) takes as long as
/// a rule; the caller does not wait for it.
func releaseInBackground<T: Sendable>(_ value: consuming T) {
    let owned = value
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(owned) {} }
}

extension RuleEngine {
    /// The findings of `parts` in one array, in the parts' order, each part freed once it is
    /// joined. A finding is one reference to its box (see `Finding`), so the joined list is a
    /// few hundred kilobytes however many findings there are. The order of the parts before the
    /// sort does not show: findings that compare equal in the sort are of one rule (the rule's id
    /// is compared), so of one part, whose order is kept.
    static func joined(_ parts: inout [[Finding]]) -> [Finding] {
        var joined: [Finding] = []
        joined.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in parts.indices {
            joined += parts[index]
            parts[index] = []
        }
        return joined
    }

    /// Where a finding is, as `Diagnostic.ordered` orders it first: its path (by its rank among
    /// the findings' paths), then its position (none is 0:0).
    struct PlaceKey: Comparable {
        var path: Int
        var line: Int
        var column: Int

        static func < (lhs: PlaceKey, rhs: PlaceKey) -> Bool { (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column) }
    }

    /// Each finding's `PlaceKey`. Findings come in runs of one file: a path is looked up only
    /// where it changes.
    static func placeKeys(_ findings: UnsafeBufferPointer<Finding>) -> [PlaceKey] {
        var numbering = FirstSeenNumbers()
        let numbers = findings.indices.map { numbering.number(of: findings[$0].diagnostic.path) }
        let paths = numbering.strings
        var rank = [Int](repeating: 0, count: paths.count)
        for (position, number) in paths.indices.sorted(by: { paths[$0] < paths[$1] }).enumerated() { rank[number] = position }
        return findings.indices.map { index in
            let location = findings[index].diagnostic.location ?? SourcePosition(line: 0, column: 0)
            return PlaceKey(path: rank[numbers[index]], line: location.line, column: location.column)
        }
    }

    /// The findings in report order, each once: sorted first (by path, position, rule and
    /// message, then key, locale and table), so a finding can only repeat among those with its
    /// path, position, rule and message, and no finding is hashed whole.
    static func sortedWithoutDuplicates(_ findings: consuming [Finding]) -> [Finding] {
        // Indices are sorted with each finding's place key beside them, so most comparisons read
        // integers, not the findings' boxes. The comparisons are the same, so the order is too.
        let order = findings.withUnsafeBufferPointer { findings in
            // Each finding's file and position are read once into a key that is compared first
            // (the file by its path's rank): `Diagnostic.ordered` compares the same first, and
            // comparing the paths themselves read strings at every comparison. The keys are
            // sorted with the findings' places beside them (an array of keys read at each
            // comparison cost a lookup apiece); the rest of the order is compared only between
            // findings of one place, each read in place.
            var keyed = Self.placeKeys(findings).enumerated().map { (place: $0.element, index: $0.offset) }
            keyed.sort { a, b in
                if a.place != b.place { return a.place < b.place }
                let i = a.index
                let j = b.index
                if Diagnostic.ordered(findings[i].diagnostic, findings[j].diagnostic) { return true }
                if Diagnostic.ordered(findings[j].diagnostic, findings[i].diagnostic) { return false }
                return (findings[i].key ?? "", findings[i].locale ?? "", findings[i].table ?? "")
                    < (findings[j].key ?? "", findings[j].locale ?? "", findings[j].table ?? "")
            }
            return keyed
        }
        // The findings kept, by index, in order: compared where they lie, then listed in that
        // order (each one reference to its box, see `Finding`).
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        findings.withUnsafeBufferPointer { findings in
            var runStart = 0
            var runPlace: PlaceKey?
            // A long run (findings without a position and with one message) is searched by hash.
            var runSet: Set<Finding> = []
            for (place, index) in order {
                // A finding of another place starts a run without comparing the findings (a
                // shortcut: `Diagnostic.ordered` would say the same).
                if runStart < kept.count, place == runPlace,
                    !Diagnostic.ordered(findings[kept[runStart]].diagnostic, findings[index].diagnostic)
                {
                    if kept.count - runStart > 8 {
                        if runSet.isEmpty { runSet = Set(kept[runStart...].map { findings[$0] }) }
                        guard runSet.insert(findings[index]).inserted else { continue }
                    } else if kept[runStart...].contains(where: { findings[$0] == findings[index] }) {
                        continue
                    }
                } else {
                    runStart = kept.count
                    runPlace = place
                    runSet.removeAll(keepingCapacity: true)
                }
                kept.append(index)
            }
        }
        return kept.map { findings[$0] }
    }
}
