import LocalizationFormats
import StringsCheckFix
import StringsCheckRules

/// `fix` and `format` on any bytes: nothing crashes, a formatted table, catalog or plist formats to
/// itself, a formatted table loads what the input loaded, and the parser's fix-its converge (a
/// fixed file, fixed again, changes only by the repairs that overlapped the first time).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    if first & 1 == 1 {
        // A String Catalog.
        guard let formatted = try? CatalogFormatter.format(body, path: "fuzz.xcstrings") else { return 0 }
        precondition((try? CatalogFormatter.format(formatted, path: "fuzz.xcstrings")) == formatted, "a formatted catalog changed again")
        precondition(canonical(body) == canonical(formatted), "formatting changed a catalog's content")
        return 0
    }
    if first & 3 == 2 {
        // A property list, as Xcode's plist editor saves it: formats to itself (the formatter
        // itself refuses a result that reads other values than the input).
        guard let formatted = try? PlistFormatter.format(body, path: "fuzz.stringsdict") else { return 0 }
        precondition((try? PlistFormatter.format(formatted, path: "fuzz.stringsdict")) == formatted, "a formatted plist changed again")
        return 0
    }
    let order = StringsFormatter.Order.allCases[Int(first >> 2) % StringsFormatter.Order.allCases.count]
    if let formatted = try? StringsFormatter.format(body, path: "fuzz.strings", order: order, developmentKeys: ["a", "b"]) {
        precondition(
            (try? StringsFormatter.format(formatted, path: "fuzz.strings", order: order, developmentKeys: ["a", "b"])) == formatted,
            "a formatted table changed again")
        let before = StringsParser.parse(bytes: body, path: "fuzz.strings")
        let after = StringsParser.parse(bytes: formatted, path: "fuzz.strings")
        precondition(before.loadedTable == after.loadedTable, "formatting changed what a table loads")
    }
    // The parser's own fix-its, applied until none is left (overlapping ones wait a round).
    var current = body
    for _ in 0..<6 {
        let parsed = StringsParser.parse(bytes: current, path: "fuzz.strings")
        let findings = parsed.diagnostics.filter { !$0.fixIts.isEmpty }.map { Finding($0) }
        guard !findings.isEmpty else { return 0 }
        let (fixes, refused) = Fixer.fixes(for: findings) { _ in current }
        // A file left alone says why; otherwise each round makes progress.
        guard refused.isEmpty else { return 0 }
        guard let fix = fixes.first else { return 0 }
        precondition(fix.fixed != current, "a fix-it was offered and nothing changed")
        // The fixed file loads what the input loaded, but in the entries the repairs touch.
        precondition(StringsParser.parse(bytes: fix.fixed, path: "fuzz.strings").loads, "a fixed file does not load")
        current = fix.fixed
    }
    preconditionFailure("the parser's fix-its do not converge")
}

/// A JSON document with every object's members sorted, for comparing content.
func canonical(_ bytes: [UInt8]) -> String? {
    guard let root = JSONReader.parse(bytes: TextDecoder.decode(bytes).utf8, path: "fuzz").root else { return nil }
    func text(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\(text($0.value))" }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .string(let value): return value.debugDescription
        case .number(let value): return value
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }
    return text(root)
}
