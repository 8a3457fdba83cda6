// CloudKit: a subscription's notification info names the alert's keys; the device localizes them.
import CloudKit

func subscribe() -> CKQuerySubscription {
    let subscription = CKQuerySubscription(recordType: "Message", predicate: NSPredicate(value: true), options: .firesOnRecordCreation)
    let info = CKSubscription.NotificationInfo()
    info.titleLocalizationKey = "NEW_MESSAGE_TITLE"
    info.alertLocalizationKey = "NEW_MESSAGE_BODY"
    info.alertLocalizationArgs = ["sender"]
    subscription.notificationInfo = info
    return subscription
}
