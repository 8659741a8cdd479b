import CourseCatalogAPI
import Graft
import GraftTesting
import Testing

/// `MockTransport` answers each request with one queued answer, as Apollo iOS's mock server answers
/// each request with one expectation: a test that forgot to queue an answer gets an error naming
/// the operation, not the previous answer again (unless it asked for repetition).
@Suite("MockTransport")
struct MockTransportTests {
    static let request = GraphQLRequest(NotebookQuery(id: "n1"))

    /// A `Notebook` result whose only note says `text` (with `hasNext`, an incremental payload).
    static func notebook(_ text: String, hasNext: Bool? = nil) -> JSONValue {
        var result: [String: JSONValue] = [
            "data": ["notebook": ["__typename": "Notebook", "id": "n1",
                                  "notes": [["__typename": "Note", "id": "a", "text": .string(text), "position": 1, "savedAt": nil]]]],
        ]
        if let hasNext { result["hasNext"] = .bool(hasNext) }
        return .object(result)
    }

    /// The text of the only note of a `Notebook` result.
    static func text(_ body: GraphQLResponseBody) -> String? {
        guard case .array(let notes)? = body.data?.objectValue?["notebook"]?.objectValue?["notes"] else { return nil }
        return notes.first?.objectValue?["text"]?.stringValue
    }

    static func send(_ transport: MockTransport) async throws -> String? {
        text(try await transport.execute(request, options: RequestOptions()))
    }

    @Test("queued answers are used in order, each once; a request with none left fails naming its operation")
    func eachAnswerAnswersOneRequest() async throws {
        let transport = MockTransport()
        transport.respond(to: "Notebook", with: Self.notebook("first"))
        transport.respond(to: "Notebook") { _ in GraphQLResponseBody(json: Self.notebook("second"))! }
        #expect(try await Self.send(transport) == "first")
        #expect(try await Self.send(transport) == "second")
        let error = await #expect(throws: GraftError.self) { try await Self.send(transport) }
        #expect(error?.operation == "Notebook")
        #expect(error?.message.contains("no answer left for Notebook") == true, "\(String(describing: error))")
        #expect(transport.requests.count == 3)
    }

    @Test("with repeatsLastAnswer the last answer keeps answering")
    func repeatsLastAnswerWhenAskedTo() async throws {
        let transport = MockTransport(repeatsLastAnswer: true)
        transport.respond(to: "Notebook", with: Self.notebook("first"))
        transport.respond(to: "Notebook", with: Self.notebook("last"))
        for expected in ["first", "last", "last", "last"] { #expect(try await Self.send(transport) == expected) }
    }

    @Test("respondToOthers answers whatever has no queued answer left")
    func othersAnswerTheRest() async throws {
        let transport = MockTransport()
        transport.respond(to: "Notebook", with: Self.notebook("queued"))
        transport.respondToOthers { _ in GraphQLResponseBody(json: Self.notebook("fallback"))! }
        #expect(try await Self.send(transport) == "queued")
        #expect(try await Self.send(transport) == "fallback")
        #expect(try await Self.send(transport) == "fallback")
    }

    @Test("an incremental answer answers one request too, whether fetched whole or payload by payload")
    func incrementalAnswersAreUsedOnce() async throws {
        let transport = MockTransport()
        let payloads = [Self.notebook("streamed", hasNext: false)]
        transport.respondIncrementally(to: "Notebook", with: payloads)
        transport.respondIncrementally(to: "Notebook", with: payloads)
        var steps = 0
        for try await body in transport.executeIncrementally(Self.request, options: RequestOptions()) {
            steps += 1
            #expect(Self.text(body) == "streamed")
        }
        #expect(steps == 1)
        #expect(try await Self.send(transport) == "streamed")
        await #expect(throws: GraftError.self) {
            for try await _ in transport.executeIncrementally(Self.request, options: RequestOptions()) {}
        }
    }
}
