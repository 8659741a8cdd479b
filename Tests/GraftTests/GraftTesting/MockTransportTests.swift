import CourseCatalogAPI
import Graft
import GraftTesting
import ModularFeatureAAPI
import ModularFeatureBAPI
import ModularSchemaAPI
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

    /// The golden feature modules A and B each have a mutation `SaveReview`, with documents of their own.
    typealias SaveReviewA = ModularFeatureAAPI.SaveReviewMutation
    typealias SaveReviewB = ModularFeatureBAPI.SaveReviewMutation

    static func stars(_ body: GraphQLResponseBody) -> Int? {
        guard case .int(let stars)? = body.data?.objectValue?["createReview"]?.objectValue?["stars"] else { return nil }
        return stars
    }

    /// A review with every field of B's `ReviewFields` (A selects `id stars` of them).
    static func review(stars: Int) -> JSONValue {
        ["data": ["createReview": ["__typename": "Review", "id": .string("r\(stars)"), "episode": "JEDI", "stars": .int(stars),
                                   "commentary": nil, "createdAt": nil]]]
    }

    @Test("answers queued for an operation's type answer only its document, before answers for its name")
    func answersForAnOperationTypeGoToItsDocument() async throws {
        let transport = MockTransport()
        let requestA = GraphQLRequest(SaveReviewA(review: ReviewInput(stars: 1)))
        let requestB = GraphQLRequest(SaveReviewB(review: ReviewInput(stars: 2)))
        #expect(requestA.operationName == requestB.operationName)
        transport.respond(to: "SaveReview", with: Self.review(stars: 9))
        transport.respond(to: SaveReviewB.self, with: Self.review(stars: 2))
        transport.respond(to: SaveReviewA.self) { _ in GraphQLResponseBody(json: Self.review(stars: 1))! }
        // B's answer is queued before A's, and the name's before both: each goes to its own operation.
        #expect(Self.stars(try await transport.execute(requestA, options: RequestOptions())) == 1)
        #expect(Self.stars(try await transport.execute(requestB, options: RequestOptions())) == 2)
        // With its type's answers used, a request takes the one queued for its name.
        #expect(Self.stars(try await transport.execute(requestB, options: RequestOptions())) == 9)
        let error = await #expect(throws: GraftError.self) { try await transport.execute(requestA, options: RequestOptions()) }
        #expect(error?.message.contains("no answer left for SaveReview (request 4 for it)") == true, "\(String(describing: error))")
    }

    @Test("a client's fetches through two modules' same-named mutations get their own answers, typed")
    func aClientGetsEachModulesOwnAnswer() async throws {
        let transport = MockTransport()
        transport.respond(to: SaveReviewA.self, with: Self.review(stars: 1))
        var payload = Self.review(stars: 2).objectValue!
        payload["hasNext"] = false
        transport.respondIncrementally(to: SaveReviewB.self, with: [.object(payload)])
        let client = GraphQLClient(transport: transport)
        let a = try await client.perform(SaveReviewA(review: ReviewInput(stars: 1)))
        let b = try await client.perform(SaveReviewB(review: ReviewInput(stars: 2)))
        #expect(a.data?.createReview?.stars == 1)
        #expect(b.data?.createReview?.stars == 2)
    }
}
