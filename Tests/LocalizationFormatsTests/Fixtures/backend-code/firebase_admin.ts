// firebase-admin (Node.js): an ApnsConfig's aps.alert, and an AndroidConfig for Android.
import { getMessaging, Message } from "firebase-admin/messaging";

export async function sendLike(token: string, liker: string, post: string): Promise<string> {
  const message: Message = {
    token,
    apns: { payload: { aps: { alert: { titleLocKey: "LIKE_TITLE", locKey: "LIKE_BODY", locArgs: [liker, post] } } } },
    android: { notification: { titleLocKey: "like_title", bodyLocKey: "like_body", bodyLocArgs: [liker, post] } },
  };
  const label = `loc-key: ${post}`;
  console.log(label, "locKey:", "NOT_A_KEY");
  return getMessaging().send(message);
}
