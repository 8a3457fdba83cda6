import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckRules

/// Options every command that reads a project shares: configuration, base locale, jobs.
struct CheckOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: .stringscheck.yml in the current folder or above).", valueName: "file"))
    var config: String?

    @Flag(help: "Ignore any configuration file.")
    var noConfig = false

    @Option(help: ArgumentHelp("The development locale translations are compared with (overrides the configuration).", valueName: "locale"))
    var baseLocale: String?

    @Option(
        name: .customLong("enable"), help: ArgumentHelp("Turn on a rule (opt-in rules included); repeatable.", valueName: "rule"),
        completion: .list(ruleIDs))
    var enabledRules: [String] = []

    @Option(name: .customLong("disable"), help: ArgumentHelp("Turn off a rule; repeatable.", valueName: "rule"), completion: .list(ruleIDs))
    var disabledRules: [String] = []

    @Option(help: "Number of files parsed at once (default: the number of cores).")
    var jobs: Int?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Scan the source code under the paths (Swift and Objective-C lookups, backend payload keys); --no-code scans none (default: the configuration's code: include)."
    )
    var code: Bool?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        for id in enabledRules + disabledRules where BuiltInRules.description(of: id) == nil {
            let hint = suggestion(for: id, among: BuiltInRules.descriptions.map(\.id)).map { "; did you mean '\($0)'?" }
            throw ValidationError("unknown rule '\(id)'\(hint ?? "; `stringscheck rules` lists them")")
        }
    }
}

/// Every rule ID, for shell completion of `--enable`, `--disable` and `explain`.
let ruleIDs = BuiltInRules.descriptions.map(\.id)
