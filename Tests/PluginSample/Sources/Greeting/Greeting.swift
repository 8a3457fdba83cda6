import Foundation

/// The greeting, in the user's language.
public func greeting(name: String) -> String {
    String(format: NSLocalizedString("greeting", bundle: .module, comment: "Hello and a name"), name)
}
