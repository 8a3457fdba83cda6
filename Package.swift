// swift-tools-version:6.1
import Foundation
import PackageDescription

// Release executables on Linux carry the Swift runtime and Foundation inside them: a binary that
// runs without the toolchain installed, starts in about half the time (no relocation of a dozen
// shared libraries) and calls the runtime directly instead of through the PLT (Docs/Performance.md).
// The flag must reach the compile too, so that Foundation's modules autolink their static
// archives. Debug builds stay dynamic: they link faster, and XCTest has no static archive.
// A toolchain packaged without the static libraries (swift.org's and the Docker images have them)
// builds dynamically with STRINGSCHECK_DYNAMIC_RUNTIME=1 in the environment.
let linksStatically = ProcessInfo.processInfo.environment["STRINGSCHECK_DYNAMIC_RUNTIME"] != "1"
let staticFlags = linksStatically ? ["-static-stdlib"] : []
let staticRuntimeCompile: [SwiftSetting] = [.unsafeFlags(staticFlags, .when(platforms: [.linux], configuration: .release))]
let staticRuntime: [LinkerSetting] = [.unsafeFlags(staticFlags, .when(platforms: [.linux], configuration: .release))]

let package = Package(
    name: "stringscheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stringscheck", targets: ["stringscheck"]),
        .plugin(name: "StringsCheckCommandPlugin", targets: ["StringsCheckCommandPlugin"]),
        .library(name: "LocalizationFormats", targets: ["LocalizationFormats"]),
        .library(name: "LocalizationIndex", targets: ["LocalizationIndex"]),
        .library(name: "StringsCheckRules", targets: ["StringsCheckRules"]),
        .library(name: "StringsCheckReports", targets: ["StringsCheckReports"]),
        .library(name: "StringsCheckFix", targets: ["StringsCheckFix"]),
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
            // Files mapped into memory, a page the file lost while mapped read as zeros instead of
            // stopping the process (a signal handler, written in C to be async-signal-safe).
            name: "CFileMap"
        ),
        .target(
            name: "LocalizationFormats",
            dependencies: ["CLibXML2", "CFileMap"]
        ),
        .target(
            name: "LocalizationIndex",
            dependencies: ["LocalizationFormats"]
        ),
        .target(
            name: "StringsCheckRules",
            dependencies: ["LocalizationFormats", "LocalizationIndex", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "StringsCheckReports",
            dependencies: ["LocalizationFormats", "LocalizationIndex", "StringsCheckRules"]
        ),
        .target(
            // `fix` and `format`: edits of the files themselves, checked before they are written.
            name: "StringsCheckFix",
            dependencies: ["LocalizationFormats", "StringsCheckRules"]
        ),
        .executableTarget(
            name: "stringscheck",
            dependencies: [
                "LocalizationFormats",
                "LocalizationIndex",
                "StringsCheckRules",
                "StringsCheckReports",
                "StringsCheckFix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: staticRuntimeCompile,
            linkerSettings: staticRuntime,
            plugins: ["BuildInfoPlugin"]
        ),
        .plugin(
            // `swift package stringscheck …`: the command on a package, without installing it.
            name: "StringsCheckCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "stringscheck", description: "Check the package's localization files and push payloads with stringscheck.")),
            dependencies: ["stringscheck"]
        ),
        .plugin(
            // The commit `--version` prints, from `git` at build time.
            name: "BuildInfoPlugin",
            capability: .buildTool()
        ),
        .testTarget(
            name: "LocalizationFormatsTests",
            dependencies: ["LocalizationFormats"],
            exclude: ["Fixtures"]
        ),
        .target(
            // Helpers the test targets share: projects from inline files, the corpus's place.
            name: "TestSupport",
            dependencies: ["LocalizationFormats", "StringsCheckRules"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "LocalizationIndexTests",
            dependencies: ["LocalizationIndex", "LocalizationFormats", "TestSupport"]
        ),
        .testTarget(
            name: "StringsCheckRulesTests",
            dependencies: ["StringsCheckRules", "StringsCheckReports", "LocalizationIndex", "LocalizationFormats", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "StringsCheckReportsTests",
            dependencies: ["StringsCheckReports", "StringsCheckRules", "LocalizationIndex", "LocalizationFormats", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "StringsCheckFixTests",
            dependencies: ["StringsCheckFix", "StringsCheckRules", "LocalizationFormats", "TestSupport"]
        ),
        .testTarget(
            // Runs the built executable rather than importing it (a test that depended on the
            // executable target would link its object files, and with them its release flags).
            name: "StringsCheckCLITests",
            dependencies: ["LocalizationFormats"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
