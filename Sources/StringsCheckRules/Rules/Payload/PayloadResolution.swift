import LocalizationFormats
import LocalizationIndex

extension RuleContext {
    /// Every localized part of every payload, looked up in every locale (the index's lookups,
    /// without the rule's ignored locales).
    public func payloadLookups(ruleID: String) -> [PayloadKeyLookup] {
        let all = self[dynamicMember: \IndexParts.payloadLookups]
        guard let ignored = settings.ignoredLocales[ruleID] else { return all }
        return all.map { lookup in
            var copy = lookup
            copy.locales = PayloadLocales(lookup.locales.filter { !ignored.contains($0.locale) })
            return copy
        }
    }
}
