import SwiftUI

struct SettingsView: View {
    let count: Int
    var body: some View {
        VStack {
            Text("settings.title")
            Text("settings.subtitle", tableName: "Settings", bundle: .module)
            Text(verbatim: "not.a.key")
            Text(dynamicTitle)
            Text("\(count) posts")
            Button("settings.save") {}
            Label("settings.profile", systemImage: "person")
            Toggle("settings.sounds", isOn: .constant(true))
            TextField("settings.name.placeholder", text: .constant(""))
            // Text("commented.out")
        }
        .navigationTitle("settings.navigation")
        .alert("settings.alert", isPresented: .constant(false)) {}
        .searchable(text: .constant(""), prompt: "settings.search")
    }

    var dynamicTitle: String { "x" }
}

func lookups(code: Int, name: String) -> [String] {
    [
        NSLocalizedString("legacy.key", comment: "A comment"),
        NSLocalizedString("table.key", tableName: "Errors", bundle: .main, value: "Something failed", comment: ""),
        NSLocalizedString("error.\(code)", comment: ""),
        String(localized: "modern.key", table: "Modern", defaultValue: "Modern default"),
        String(localized: "\(name) liked your post"),
        String(format: NSLocalizedString("inbox.count", comment: ""), code, name),
        Bundle.main.localizedString(forKey: "bundle.key", value: nil, table: nil),
        L10n.tr("Localizable", "swiftgen.key", fallback: "Generated"),
        NSLocalizedString(name, comment: ""),
    ]
}

let resource = LocalizedStringResource("resource.key", defaultValue: "Resource")
let key = LocalizedStringKey("explicit.key")
