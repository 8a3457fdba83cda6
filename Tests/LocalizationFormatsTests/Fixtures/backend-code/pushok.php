<?php
// edamov/pushok (PHP): Alert's setters, and a payload written as arrays.
use Pushok\Payload;
use Pushok\Payload\Alert;

function buildPayload(string $author): Payload
{
    // $alert->setLocKey('COMMENTED');
    # $alert->setLocKey('ALSO_COMMENTED');
    $alert = Alert::create()->setTitleLocKey('COMMENT_TITLE')->setLocKey('COMMENT_BODY')->setLocArgs([$author]);
    $raw = ['aps' => ['alert' => ['loc-key' => 'COMMENT_RAW', 'loc-args' => array($author, "post")]]];
    $text = "loc-key $author";
    return Payload::create()->setAlert($alert);
}
