import GraftAPI
import Testing

/// `ResponseDecodingError`: one word (generated decoding initializers throw it, and each `try` in
/// them moves its words), with the value semantics of the struct it was.
@Suite struct ResponseDecodingErrorTests {
    @Test func isOneWord() {
        #expect(MemoryLayout<ResponseDecodingError>.size == MemoryLayout<Int>.size)
    }

    @Test func copiesAreIndependentValues() {
        let original = ResponseDecodingError.typeMismatch(expected: "String", found: nil)
        var copy = original.prepending(.key("name")).prepending(.index(2))
        #expect(copy.description == "[2].name: expected String, found nothing")
        copy.message = "changed"
        copy.path.components.append(.key("more"))
        copy.fieldError = GraphQLFieldError(errors: [GraphQLResponseError(message: "boom")])
        #expect(original.message == "expected String, found nothing")
        #expect(original.path.components.isEmpty)
        #expect(original.fieldError == nil)
        #expect(copy.description == "[2].name.more: changed")
        #expect(copy.fieldError?.error.message == "boom")
    }

    @Test func equalityAndHashIgnoreTheFieldError() {
        var withError = ResponseDecodingError("bad", path: ResponsePath([.key("hero")]))
        withError.fieldError = GraphQLFieldError(errors: [GraphQLResponseError(message: "boom")])
        let without = ResponseDecodingError("bad", path: ResponsePath([.key("hero")]))
        #expect(withError == without)
        #expect(withError.hashValue == without.hashValue)
        #expect(without != ResponseDecodingError("bad", path: ResponsePath([.key("villain")])))
    }
}
