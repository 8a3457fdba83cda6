// swift-tools-version:6.0
// Fuzz targets for libFuzzer. A separate package, because a target that holds only
// `LLVMFuzzerTestOneInput` breaks a plain `swift build` of the main package. Run ./run.sh.
import PackageDescription

let fuzzTargets = ["FuzzStrings", "FuzzPropertyList", "FuzzCatalog", "FuzzPayload", "FuzzFormat", "FuzzCode", "FuzzXliff"]
/// Targets that read what the rules and reports read (a baseline, a previous coverage report), and
/// `fix` and `format`, which read the rules' findings.
let reportTargets = ["FuzzReports", "FuzzFix"]

let package = Package(
    name: "stringscheck-fuzz",
    dependencies: [.package(name: "stringscheck", path: "../..")],
    targets: fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "LocalizationFormats", package: "stringscheck")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
        + reportTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    .product(name: "StringsCheckRules", package: "stringscheck"),
                    .product(name: "StringsCheckReports", package: "stringscheck"),
                    .product(name: "StringsCheckFix", package: "stringscheck"),
                ],
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        },
    swiftLanguageModes: [.v6]
)
