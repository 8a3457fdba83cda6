/// Every rule stringscheck runs, as one hand-kept list sorted by ID; a test checks that every
/// rule type is listed and every ID is unique.
public enum BuiltInRules {
    public static let all: [any Rule.Type] = [
        CatalogDoNotTranslateRule.self,
        CatalogDuplicateInTargetRule.self,
        CatalogExportIDCollisionRule.self,
        CatalogIgnoredMemberRule.self,
        CatalogInLprojRule.self,
        CatalogKeyShownRule.self,
        CatalogLossyVariationsRule.self,
        CatalogMissingVersionRule.self,
        CatalogNeedsReviewRule.self,
        CatalogNestedSubstitutionsRule.self,
        CatalogStaleRule.self,
        CatalogSubstitutionMismatchRule.self,
        CatalogSubstitutionTypeRule.self,
        CatalogSwiftPMUncompiledRule.self,
        CatalogSymbolNameRule.self,
        CatalogTableConflictRule.self,
        CatalogUndefinedSubstitutionRule.self,
        CatalogUnknownVersionRule.self,
        CatalogUnreferencedSubstitutionRule.self,
        CatalogUntranslatedRule.self,
        CatalogVariationNestingRule.self,
        CatalogVariationTypeMismatchRule.self,
        CodeArgumentCountRule.self,
        CodeMissingKeyRule.self,
        EmptyValueRule.self,
        ExtraTranslationRule.self,
        FormatArgumentMismatchRule.self,
        FormatCStringRule.self,
        FormatConflictingTypesRule.self,
        FormatCountSpecifierRule.self,
        FormatExtraArgumentRule.self,
        FormatImplicitPositionRule.self,
        FormatInvalidPositionRule.self,
        FormatInvalidSpecifierRule.self,
        FormatLiteralPercentRule.self,
        FormatMissingArgumentRule.self,
        FormatMixedPositionalRule.self,
        FormatPositionGapRule.self,
        GlobalTableShadowsRule.self,
        IncompleteLocaleRule.self,
        InvisibleCharacterRule.self,
        MarkMismatchRule.self,
        MarkdownMismatchRule.self,
        MissingTableRule.self,
        MissingTranslationRule.self,
        PayloadArgumentCountRule.self,
        PayloadKeyTypeRule.self,
        PayloadLegacyKeyRule.self,
        PayloadLiteralAndLocalizedRule.self,
        PayloadLocArgsTypeRule.self,
        PayloadLocArgsWithoutKeyRule.self,
        PayloadMissingKeyRule.self,
        PayloadNonObjectSpecifierRule.self,
        PayloadPluralKeyRule.self,
        PayloadPushTypeRule.self,
        PayloadSilentPushRule.self,
        PayloadSizeRule.self,
        PayloadStructureRule.self,
        PayloadSummaryArgRule.self,
        PayloadUnicodeEscapeRule.self,
        PayloadUnknownKeyRule.self,
        PlaceableMismatchRule.self,
        PluralHardcodedNumberRule.self,
        PluralIdenticalFormsRule.self,
        PluralMissingCategoryRule.self,
        PluralUnusedCategoryRule.self,
        PredicateTemplateMismatchRule.self,
        PunctuationMismatchRule.self,
        StringsdictConflictingVariantsRule.self,
        StringsdictInvalidVariableNameRule.self,
        StringsdictNoVariablesRule.self,
        StringsdictValueTypeMismatchRule.self,
        TermMismatchRule.self,
        TextTooLongRule.self,
        TypedEllipsisRule.self,
        UTF16FileRule.self,
        UnbalancedBracketsRule.self,
        UnchangedTranslationRule.self,
        UnknownRegionRule.self,
        UnusedKeyRule.self,
        ValueEqualsKeyRule.self,
        WhitespaceMismatchRule.self,
        XclocLanguageMismatchRule.self,
        XliffCopiedSourceRule.self,
        XliffEmptyTargetRule.self,
        XliffMissingTargetLanguageRule.self,
        XliffSourceDriftRule.self,
        XliffUnitStateRule.self,
        XliffUnknownKeyRule.self,
        XliffUntranslatedRule.self,
    ]

    /// Every rule description, the parse rules included, sorted by ID.
    public static let descriptions: [RuleDescription] =
        (ParseRules.all + all.map { $0.description }).sorted { $0.id < $1.id }

    /// Every rule description by ID.
    public static let descriptionsByID: [String: RuleDescription] = Dictionary(
        descriptions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The IDs of the translation backlog rules (`RuleDescription.isBacklog`): asked once per
    /// finding, so a set of strings, not a description copied out of a dictionary.
    public static let backlogIDs: Set<String> = Set(descriptions.filter(\.isBacklog).map(\.id))

    /// The description of an ID or a deprecated alias.
    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id || $0.deprecatedIDs.contains(id) }
    }
}
