// pushy (Java): SimpleApnsPayloadBuilder; firebase-admin (Java): ApsAlert.Builder.
import com.eatthepath.pushy.apns.util.SimpleApnsPayloadBuilder;
import com.google.firebase.messaging.AndroidNotification;
import com.google.firebase.messaging.ApsAlert;

class TripPush {
    String payload(String driver, String eta, String[] more) {
        final SimpleApnsPayloadBuilder payloadBuilder = new SimpleApnsPayloadBuilder();
        payloadBuilder.setLocalizedAlertTitle("TRIP_TITLE");
        payloadBuilder.setLocalizedAlertMessage("TRIP_BODY", driver, eta);
        payloadBuilder.setLocalizedAlertSubtitle("TRIP_SUBTITLE", more);
        payloadBuilder.setLocalizedActionButtonKey("TRIP_ACTION");
        String json = """
            {"aps": {"alert": {"loc-key": "IN_A_TEXT_BLOCK"}}}
            """;
        return payloadBuilder.build();
    }

    ApsAlert alert(String driver, String plate) {
        AndroidNotification android = AndroidNotification.builder().setBodyLocalizationKey("ride_body").addBodyLocalizationArg(driver).build();
        return ApsAlert.builder()
            .setTitleLocalizationKey("RIDE_TITLE")
            .setLocalizationKey("RIDE_BODY")
            .addLocalizationArg(driver)
            .addLocalizationArg(plate)
            .build();
    }
}
