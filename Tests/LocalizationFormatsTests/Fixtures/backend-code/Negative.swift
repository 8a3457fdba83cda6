// An app reads the keys of a push it received; it does not send one.
import UserNotifications

enum AlertCodingKeys: String, CodingKey {
    case locKey = "loc-key"
    case locArgs = "loc-args"
}

func describe(_ userInfo: [AnyHashable: Any]) -> String? {
    guard let aps = userInfo["aps"] as? [String: Any], let alert = aps["alert"] as? [String: Any] else { return nil }
    if let locKey = alert["loc-key"] as? String, locKey == "NEW_MESSAGE" {
        return NSLocalizedString(locKey, comment: "")
    }
    return nil
}
