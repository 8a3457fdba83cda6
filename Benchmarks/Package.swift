// swift-tools-version:6.1
import Foundation
import PackageDescription

// The benchmark is a package of its own, so that building stringscheck (`swift build`, the
// pre-commit hook, `make install`) compiles the command and its libraries only. Its release
// build links the Swift runtime statically, as the command's does, so that the figures it prints
// are the command's (see the main manifest).
let linksStatically = ProcessInfo.processInfo.environment["STRINGSCHECK_DYNAMIC_RUNTIME"] != "1"
let staticFlags = linksStatically ? ["-static-stdlib"] : []

let package = Package(
    name: "stringscheck-bench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "stringscheck", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "stringscheck-bench",
            dependencies: [
                .product(name: "LocalizationFormats", package: "stringscheck"),
                .product(name: "LocalizationIndex", package: "stringscheck"),
                .product(name: "StringsCheckRules", package: "stringscheck"),
                .product(name: "StringsCheckReports", package: "stringscheck"),
            ],
            swiftSettings: [.unsafeFlags(staticFlags, .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(staticFlags, .when(platforms: [.linux], configuration: .release))]
        )
    ],
    swiftLanguageModes: [.v6]
)
