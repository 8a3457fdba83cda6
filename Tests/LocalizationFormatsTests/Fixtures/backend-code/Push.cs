// firebase-admin (.NET): ApsAlert's properties; a payload as a dictionary.
using System.Collections.Generic;
using FirebaseAdmin.Messaging;

public static class PushBuilder
{
    public static ApsAlert Alert(string sender, List<string> args)
    {
        var note = $"loc-key {sender}";
        var verbatim = @"{""loc-key"": ""IN_A_VERBATIM_STRING""}";
        var raw = new Dictionary<string, object> { ["loc-key"] = "CS_INDEXER", { "loc-args", new[] { sender } } };
        return new ApsAlert { TitleLocKey = "CS_TITLE", LocKey = "CS_BODY", LocArgs = args };
    }
}
