/// A programming language whose string literals the code scanner knows, by file extension.
public enum CodeLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    case python, javascript, ruby, php, go, java, kotlin, csharp, swift, objectiveC = "objective-c"

    /// The language of a file name, or nil when it is no source file the scanner reads.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "py", "pyi": self = .python
        case "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx": self = .javascript
        case "rb", "rake": self = .ruby
        case "php": self = .php
        case "go": self = .go
        case "java": self = .java
        case "kt", "kts": self = .kotlin
        case "cs": self = .csharp
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }

    /// The name shown in messages and documentation.
    public var title: String {
        switch self {
        case .python: "Python"
        case .javascript: "JavaScript/TypeScript"
        case .ruby: "Ruby"
        case .php: "PHP"
        case .go: "Go"
        case .java: "Java"
        case .kotlin: "Kotlin"
        case .csharp: "C#"
        case .swift: "Swift"
        case .objectiveC: "Objective-C"
        }
    }

    /// Whether `#` starts a comment that runs to the end of the line.
    var hashComments: Bool { self == .python || self == .ruby || self == .php }

    /// Whether `//` and `/* */` are comments.
    var slashComments: Bool { self != .python && self != .ruby }

    /// Whether block comments nest (`/* /* */ */` is one comment).
    var nestedBlockComments: Bool { self == .swift || self == .kotlin }
}
