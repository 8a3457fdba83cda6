import Testing

@testable import LocalizationFormats

/// The writer reports are written through: what it appends, grown past its first capacity.
struct ByteWriterTests {
    static func written(_ body: (inout ByteWriter) -> Void, capacity: Int = 16) -> String {
        var writer = ByteWriter(capacity: capacity)
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func membersAreWrittenOnALineEach() {
        let text = Self.written { out in
            out.appendJSONMember("  \"a\": ", "x\"y\\z\n\u{2028}\u{1}")
            out.appendJSONMember("  \"b\": ", nil)
            out.appendJSONMember("  \"c\": ", "", last: true)
        }
        #expect(text == "  \"a\": \"x\\\"y\\\\z\\n\\u2028\\u0001\",\n  \"b\": null,\n  \"c\": \"\"\n")
    }

    @Test func appendsGrowTheBufferAndKeepEveryByte() {
        let long = String(repeating: "0123456789", count: 50)
        let text = Self.written(
            { out in
                for _ in 0..<20 {
                    out.append("ab")
                    out.append(UInt8(ascii: "c"))
                    out.appendSpaces(3)
                    out.appendUTF8(long)
                }
            }, capacity: 1)
        #expect(text == String(repeating: "abc   " + long, count: 20))
    }
}
