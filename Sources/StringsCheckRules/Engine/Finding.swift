import LocalizationFormats

/// A diagnostic and the key and locale it is about, so configurations can suppress it by key.
///
/// A finding is a value whose parts live in one shared box, copied only when a finding that
/// shares it is changed: a run keeps tens of thousands (a catalog with its plural forms and
/// review states left to do has one per locale and key), each rule's list of them is joined into
/// one and sorted, and held inline each one was 192 bytes, moved and held twice while the lists
/// were joined. A box is one reference in every list.
public struct Finding: Sendable, Hashable {
    @usableFromInline var storage: Storage

    public init(
        _ diagnostic: Diagnostic, key: String? = nil, locale: String? = nil, table: String? = nil, locales: [String] = [],
        payload: PayloadPlace? = nil
    ) {
        storage = Storage(
            diagnostic: diagnostic, key: key, locale: locale, table: table, locales: locales, payload: payload.map(PayloadBox.init))
    }

    @inlinable public var diagnostic: Diagnostic {
        _read { yield storage.diagnostic }
        _modify {
            makeUnique()
            yield &storage.diagnostic
        }
    }

    @inlinable public var key: String? {
        _read { yield storage.key }
        _modify {
            makeUnique()
            yield &storage.key
        }
    }

    @inlinable public var locale: String? {
        _read { yield storage.locale }
        _modify {
            makeUnique()
            yield &storage.locale
        }
    }

    @inlinable public var table: String? {
        _read { yield storage.table }
        _modify {
            makeUnique()
            yield &storage.table
        }
    }

    /// Every locale a finding about several names (`'a' is missing from de and fr`); empty when
    /// it is about one (`locale`) or none.
    @inlinable public var locales: [String] {
        _read { yield storage.locales }
        _modify {
            makeUnique()
            yield &storage.locales
        }
    }

    /// For a finding about a payload: which payload and, when it is about one part of it, which
    /// part and field (a preview row finds the findings about it by this, not by position).
    public var payload: PayloadPlace? {
        get { storage.payload?.place }
        set {
            makeUnique()
            storage.payload = newValue.map(PayloadBox.init)
        }
    }

    /// A hash of the text the finding is about in each locale it concerns (its key's value in that
    /// locale's table), set by the engine: a baseline recognises a defect in a text by it, so an
    /// edited text is a new finding and a reworded message is not.
    @inlinable public var textHashes: [String: String] {
        _read { yield storage.textHashes }
        _modify {
            makeUnique()
            yield &storage.textHashes
        }
    }

    /// The locales whose users the finding is about: its locale, else the locales it names.
    public var coveredLocales: [String] { locale.map { [$0] } ?? locales }

    /// Gives this finding a box of its own before a part of it changes, when another finding
    /// shares its box.
    @inlinable mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Findings are equal when every part is: two boxes with equal parts are equal findings.
    public static func == (lhs: Finding, rhs: Finding) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasEqualParts(rhs.storage)
    }

    public func hash(into hasher: inout Hasher) { storage.hashParts(into: &hasher) }

    /// A finding's parts. Changed only through a finding that holds the only reference to it
    /// (`makeUnique`), so sharing it between threads shares values that no longer change.
    @usableFromInline final class Storage: @unchecked Sendable {
        // Unchecked: each part is changed only through the one finding that holds the box.
        @exclusivity(unchecked) @usableFromInline var diagnostic: Diagnostic
        @exclusivity(unchecked) @usableFromInline var key: String?
        @exclusivity(unchecked) @usableFromInline var locale: String?
        @exclusivity(unchecked) @usableFromInline var table: String?
        @exclusivity(unchecked) @usableFromInline var locales: [String]
        /// Boxed: nearly every finding is about no payload, and the place held inline made every
        /// finding 40 bytes larger.
        @exclusivity(unchecked) var payload: PayloadBox?
        @exclusivity(unchecked) @usableFromInline var textHashes: [String: String] = [:]

        init(
            diagnostic: Diagnostic, key: String?, locale: String?, table: String?, locales: [String], payload: PayloadBox?,
            textHashes: [String: String] = [:]
        ) {
            self.diagnostic = diagnostic
            self.key = key
            self.locale = locale
            self.table = table
            self.locales = locales
            self.payload = payload
            self.textHashes = textHashes
        }

        @usableFromInline func copy() -> Storage {
            Storage(
                diagnostic: diagnostic, key: key, locale: locale, table: table, locales: locales, payload: payload,
                textHashes: textHashes)
        }

        func hasEqualParts(_ other: Storage) -> Bool {
            diagnostic == other.diagnostic && key == other.key && locale == other.locale && table == other.table
                && locales == other.locales && payload == other.payload && textHashes == other.textHashes
        }

        func hashParts(into hasher: inout Hasher) {
            hasher.combine(diagnostic)
            hasher.combine(key)
            hasher.combine(locale)
            hasher.combine(table)
            hasher.combine(locales)
            hasher.combine(payload)
            hasher.combine(textHashes)
        }
    }
}

/// A finding's payload place (see `Finding.payload`), compared and hashed by the place.
final class PayloadBox: Sendable, Hashable {
    let place: PayloadPlace

    init(_ place: PayloadPlace) { self.place = place }

    static func == (lhs: PayloadBox, rhs: PayloadBox) -> Bool { lhs.place == rhs.place }
    func hash(into hasher: inout Hasher) { hasher.combine(place) }
}
