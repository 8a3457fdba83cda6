# houston (Ruby): a Notification's alert may be a hash of the APNs alert keys.
require 'houston'

APN = Houston::Client.development

def invite(token, inviter)
  notification = Houston::Notification.new(device: token)
  notification.alert = { 'title-loc-key' => 'INVITE_TITLE', 'loc-key' => 'INVITE_BODY', 'loc-args' => [inviter.name, inviter.team] }
  notification.sound = 'sosumi.aiff'
  # notification.alert = { 'loc-key' => 'COMMENTED' }
  APN.push(notification)
end

def reminder
  text = <<~TEXT
    {"loc-key": "IN_A_HEREDOC"}
  TEXT
  { aps: { alert: { "loc-key": "REMINDER_BODY", "loc-args": %w[today] } }, note: text }
end
