// Kotlin: a payload as nested maps, and firebase-admin's builder.
import com.google.firebase.messaging.ApsAlert

fun badgePayload(count: Int, name: String): Map<String, Any> =
    mapOf("aps" to mapOf("alert" to mapOf("loc-key" to "BADGE_EARNED", "loc-args" to listOf(name, "$count"))))

fun alert(name: String): ApsAlert {
    val template = "loc-key: $name"
    /* nested /* comment */ "loc-key" to "COMMENTED" */
    return ApsAlert.builder().setLocalizationKey("KOTLIN_BUILDER").addAllLocalizationArgs(listOf(name)).build()
}
