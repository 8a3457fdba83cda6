"""A push gateway that builds APNs payloads as dictionaries."""
import logging

log = logging.getLogger("push")
EASEMOB = {"targets": ["u1"], "ext": {"em_apns_ext": {"em_push_title_loc_key": "EM_TITLE", "em_push_body_loc_key": "EM_BODY", "em_push_body_loc_args": ["Ann"]}}}


def payload_for(kind, sender, args):
    # {"aps": {"alert": {"loc-key": "COMMENTED_OUT"}}} is not a use
    if kind == "photo":
        loc_key = "PHOTO_FROM_FRIEND"
    else:
        loc_key = "MESSAGE_FROM_FRIEND"
    payload = {"aps": {"alert": {"loc-key": loc_key, "loc-args": [sender]}, "sound": "default"}}
    payload.setdefault("aps", {}).setdefault("alert", {})["title-loc-key"] = "NEW_ACTIVITY_TITLE"
    log.info("loc-key %s sent to %s", loc_key, sender)
    dynamic = {"aps": {"alert": {"loc-key": f"REACTION_{kind.upper()}", "loc-args": args}}}
    runtime = {"aps": {"alert": {"loc-key": "REACTION", "loc-args": args}}}
    """
    A docstring: {"loc-key": "NOT_A_USE"}
    """
    return payload, dynamic, runtime


def send_localized(token, key, *args):
    pass


send_localized("tok", "CUSTOM_BUILDER_KEY", "Ann", "Bob")
