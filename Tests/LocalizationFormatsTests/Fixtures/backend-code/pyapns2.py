# PyAPNs2 (pip install apns2): PayloadAlert takes the alert's localized parts as keyword arguments.
from apns2.client import APNsClient
from apns2.payload import Payload, PayloadAlert


def notify_photo(client: APNsClient, token: str, friend: str) -> None:
    alert = PayloadAlert(
        title_localized_key="PHOTO_TITLE",
        body_localized_key="PHOTO_FROM_FRIEND",
        body_localized_args=[friend],
    )
    payload = Payload(alert=alert, sound="default", badge=1)
    client.send_notification(token, payload, topic="com.example.app")
