extension String {
    /// The text as a message quotes it: whole up to 200 scalars, else its first 200 and "…", so
    /// one huge value cannot make every message that names it huge.
    public var excerpt: String {
        let scalars = unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: 200, limitedBy: scalars.endIndex), cut != scalars.endIndex else {
            return self
        }
        return String(String.UnicodeScalarView(scalars[..<cut])) + "…"
    }
}
