import LocalizationFormats
import LocalizationIndex

extension ProjectIndex {
    /// The index a configuration asks for: its base locale, ignored locales, payload table and
    /// table usages.
    public convenience init(project: LocalizationProject, configuration: Configuration) {
        self.init(
            project: project, baseLocale: configuration.baseLocale, baseLocaleSource: configuration.path ?? "the configuration",
            options: configuration.indexOptions)
    }
}

extension RuleContext {
    /// The context a configuration asks for: its base locale, ignored locales and rule settings.
    public init(project: LocalizationProject, configuration: Configuration) {
        self.init(index: ProjectIndex(project: project, configuration: configuration), settings: configuration.ruleSettings)
    }
}
