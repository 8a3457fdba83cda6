// sideshow/apns2 (Go): the payload builder's Alert… methods; firebase-admin-go's ApsAlert.
package push

import (
	"firebase.google.com/go/v4/messaging"
	"github.com/sideshow/apns2"
	"github.com/sideshow/apns2/payload"
)

func shipped(client *apns2.Client, token, order string) (*apns2.Response, error) {
	p := payload.NewPayload().AlertTitleLocKey("SHIPPED_TITLE").AlertLocKey("SHIPPED_BODY").AlertLocArgs([]string{order}).Badge(1)
	n := &apns2.Notification{DeviceToken: token, Topic: "com.example.app", Payload: p}
	raw := `{"aps":{"alert":{"loc-key":"IN_A_RAW_STRING"}}}`
	_ = raw
	return client.Push(n)
}

func fcm(order string) *messaging.ApsAlert {
	return &messaging.ApsAlert{LocKey: "FCM_SHIPPED", LocArgs: []string{order, "DHL"}}
}
