// swift-tools-version:6.1
import PackageDescription

// A package that uses stringscheck's command plugin, as an app's package would:
// `swift package stringscheck` checks its localization files (the CLI tests run it).
let package = Package(
    name: "Greeting",
    defaultLocalization: "en",
    dependencies: [
        .package(name: "stringscheck", path: "../..")
    ],
    targets: [
        .target(name: "Greeting", resources: [.process("Resources")])
    ]
)
