import Testing

@testable import StringsCheckReports

/// What a terminal is shown: control characters in a message or a path are written out.
struct TextRendererTests {
    /// The byte check finds exactly the characters the renderer writes out: C0, DEL, C1, the
    /// line and paragraph separators and the bidirectional controls, and nothing else.
    @Test func controlCharactersAreFoundInTheBytes() {
        func isControl(_ value: UInt32) -> Bool {
            value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            #expect(TextRenderer.hasControl(text) == isControl(value), "U+\(String(value, radix: 16))")
            #expect((TextRenderer.visible(text) == text) == !isControl(value))
        }
        #expect(!TextRenderer.hasControl("plain ASCII, é, 日本, 😀") && TextRenderer.hasControl("tab\there"))
        #expect(TextRenderer.visible("x\u{1B}[31m") == "x\\u{1B}[31m")
    }
}
