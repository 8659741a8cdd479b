import Testing
import Graft

/// `JSONValue.serialized`: compact, keys sorted, strings escaped exactly where JSON requires and
/// otherwise written as they are (the fast path for strings without escapes).
@Suite struct JSONSerializationTests {
    @Test func stringsAreEscapedOnlyWhereJSONRequires() {
        #expect(JSONValue.string("plain text, “quotes” and é ✓ 🚀").serialized == "\"plain text, “quotes” and é ✓ 🚀\"")
        #expect(JSONValue.string("say \"hi\"\\n").serialized == #""say \"hi\"\\n""#)
        #expect(JSONValue.string("tab\tline\nreturn\r\u{08}\u{0C}\u{01}\u{1F}").serialized
                == #""tab\tline\nreturn\r\b\f\u0001\u001f""#)
        #expect(JSONValue.string("").serialized == "\"\"")
    }

    @Test func containersAreCompactWithSortedKeys() {
        let value: JSONValue = ["b": [1, 2.5, nil, true], "a": ["ключ": "значение", "k\"": "v"]]
        #expect(value.serialized == #"{"a":{"k\"":"v","ключ":"значение"},"b":[1,2.5,null,true]}"#)
    }
}
