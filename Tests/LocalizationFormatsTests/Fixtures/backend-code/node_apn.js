// node-apn (@parse/node-apn): a Notification's alert parts are properties.
const apn = require("@parse/node-apn");

function notifyFollow(provider, token, follower) {
  const note = new apn.Notification();
  note.expiry = Math.floor(Date.now() / 1000) + 3600;
  note.titleLocKey = "NEW_FOLLOWER_TITLE";
  note.locKey = "NEW_FOLLOWER_BODY";
  note.locArgs = [follower.name];
  note.topic = "com.example.app";
  // note.locKey = "OLD_KEY";
  /* note.locKey = "ALSO_OLD"; */
  const pattern = /"loc-key": "IN_A_REGEX"/;
  return provider.send(note, token);
}

module.exports = { notifyFollow };
