import Testing
@testable import LocalizationFormats

@Test func scratch() {
    for src in ["\"a\"=\"b\";;\"c\"=\"d\";", "\"a\"=\"b\"\n\"c\"=\"d\";", "\"a\" = \"x\\U00e9\\Ud83d\\Ude00\\u00e9\";\n/* c */ b;\n'q' = v;", "\"a\"=\"b\";/* x\n\"c\"=\"d\";", "\"a\"", "{a=b;}", "\"a\"=(1,2);", "\"a\"=\"b\";\n\"a\"=\"c\";"] {
        let f = StringsParser.parse(bytes: Array(src.utf8), path: "x.strings")
        print("----", src.debugDescription, "loads", f.loads)
        for e in f.entries { print("  ", e.key, "=", e.value ?? "nil", e.keyLocation!, e.valueLocation!, e.loaded ? "" : "NOT LOADED", e.comment ?? "") }
        for d in f.diagnostics { print("  D", d.location!, d.severity, d.id, d.message) }
    }
}
