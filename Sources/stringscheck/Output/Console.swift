import ArgumentParser
import Foundation

/// Prints to the standard streams and writes report files atomically.
enum Console {
    static func error(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((newline ? text + "\n" : text).utf8))
    }

    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch let failure {
            error("stringscheck: cannot write '\(path)': \(failure.localizedDescription)")
            throw ExitCode(2)
        }
    }
}
