// APNSwift: APNSAlertNotificationContent's StringValue.localized(key:arguments:).
import APNSCore

func gameOver(player: String, score: Int) -> APNSAlertNotification<EmptyPayload> {
    // body: .localized(key: "COMMENTED", arguments: [])
    let multiLine = """
        {"loc-key": "IN_A_MULTILINE_STRING"}
        """
    let raw = #"{"loc-key": "IN_A_RAW_STRING"}"#
    return APNSAlertNotification(
        alert: .init(
            title: .localized(key: "GAME_TITLE", arguments: []),
            body: .localized(key: "GAME_BODY", arguments: [player, "\(score)"])
        ),
        expiration: .immediately, priority: .immediately, topic: "com.example.game", payload: EmptyPayload())
}

// APNSwift before 5: APNSwiftAlert's memberwise initializer.
func legacyAlert(name: String) -> APNSwiftAlert {
    APNSwiftAlert(title: "Hi", locKey: "OLD_API_BODY", locArgs: [name])
}
