"""Code that speaks of pushes but puts no key into one."""
import logging

log = logging.getLogger("push")
LOC_KEY = "loc-key"  # a constant naming the field, not a key


def handle(payload, settings, cache):
    alert = payload["aps"]["alert"]
    loc_key = alert.get("loc-key")  # reading a payload is no use
    if loc_key == "LEGACY_KEY":
        log.warning("loc-key %s is legacy", loc_key)
    cache.set(key="user:42", value=settings)
    settings.update(key="theme", value="dark")
    other = settings["loc-key"] if settings else None
    return "PHOTO" if payload.get("loc-key") == "PHOTO" else None
