// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stringscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stringscheck", targets: ["stringscheck"]),
        .library(name: "LocalizationFormats", targets: ["LocalizationFormats"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "LocalizationFormats",
            dependencies: ["CLibXML2"]
        ),
        .target(
            name: "StringsCheckRules",
            dependencies: ["LocalizationFormats", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "StringsCheckReports",
            dependencies: ["LocalizationFormats", "StringsCheckRules"]
        ),
        .executableTarget(
            name: "stringscheck",
            dependencies: [
                "LocalizationFormats",
                "StringsCheckRules",
                "StringsCheckReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "stringscheck-bench",
            dependencies: ["LocalizationFormats", "StringsCheckRules", "StringsCheckReports"]
        ),
        .testTarget(
            name: "LocalizationFormatsTests",
            dependencies: ["LocalizationFormats"]
        ),
        .testTarget(
            name: "StringsCheckRulesTests",
            dependencies: ["StringsCheckRules", "StringsCheckReports", "LocalizationFormats"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "StringsCheckCLITests",
            dependencies: ["LocalizationFormats", "stringscheck"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
