// swift-tools-version:6.0
// Fuzz targets for libFuzzer. A separate package, because a target that holds only
// `LLVMFuzzerTestOneInput` breaks a plain `swift build` of the main package. Run ./run.sh.
import PackageDescription

let fuzzTargets = ["FuzzStrings", "FuzzPropertyList", "FuzzCatalog", "FuzzPayload", "FuzzFormat", "FuzzCode"]

let package = Package(
    name: "stringscheck-fuzz",
    dependencies: [.package(name: "stringscheck", path: "../..")],
    targets: fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "LocalizationFormats", package: "stringscheck")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
