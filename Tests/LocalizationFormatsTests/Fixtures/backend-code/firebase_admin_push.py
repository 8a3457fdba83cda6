# firebase-admin (Python): messaging.ApsAlert for iOS, messaging.AndroidNotification for Android.
from firebase_admin import messaging


def order_shipped(user):
    return messaging.Message(
        apns=messaging.APNSConfig(
            payload=messaging.APNSPayload(
                aps=messaging.Aps(
                    alert=messaging.ApsAlert(
                        title_loc_key='ORDER_TITLE',
                        loc_key='ORDER_SHIPPED',
                        loc_args=[user.order_id, user.carrier],
                    ),
                ),
            ),
        ),
        # Android's keys name string resources of the Android app, not Localizable.strings.
        android=messaging.AndroidConfig(
            notification=messaging.AndroidNotification(body_loc_key='order_shipped_android', body_loc_args=[user.order_id]),
        ),
        token=user.token,
    )
