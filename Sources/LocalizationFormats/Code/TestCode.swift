/// Test code is not the shipping app: a lookup in a unit test, a UI test or a test helper is no
/// key users see, and a key only tests look up is one the app never asks for. Source files under
/// the folders test targets use and files named as tests are left out of a tree's code scan
/// unless the configuration asks for them (`code: tests: true`); a file named on the command line
/// is always scanned.
public enum TestCode {
    /// Folders that hold test targets: `Tests`, `UITests`, `AppTests`, `AppUITests`, `tests`,
    /// `__tests__`, `spec`.
    public static func isTestFolder(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name == "tests" || name == "test" || name == "__tests__" || name == "spec" || name == "specs"
    }

    /// Files named as tests: `ViewTests.swift`, `ViewTest.m`, `view.test.ts`, `test_push.py`,
    /// `push_test.go`, `PushSpec.swift`, `push.spec.js`.
    public static func isTestFile(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return false }
        let stem = name[..<dot]
        let rest = name[dot...]
        return stem.hasSuffix("Tests") || stem.hasSuffix("Test") || stem.hasSuffix("Spec") || stem.hasPrefix("test_")
            || stem.hasSuffix("_test") || stem.hasSuffix("_spec") || rest.hasPrefix(".test.") || rest.hasPrefix(".spec.")
    }
}
