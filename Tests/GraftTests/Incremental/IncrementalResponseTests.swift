import Foundation
import Graft
import GraftTesting
import Testing

/// Merging incremental payloads (`@defer`, `@stream`) in both wire formats.
@Suite("Incremental response")
struct IncrementalResponseTests {
    static func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    static func merged(_ payloads: [String]) throws -> IncrementalResponse {
        var response = IncrementalResponse()
        for payload in payloads { try response.apply(try json(payload)) }
        return response
    }

    static let first = #"{"data":{"shop":{"name":"Corner","items":[{"id":1}],"owner":{"id":"u1"}}},"hasNext":true"#

    /// The same response in graphql-js 17's format (ids, `subPath`, `completed`).
    static let current = [
        first + #","pending":[{"id":"0","path":["shop"],"label":"more"},{"id":"1","path":["shop","items"]}]}"#,
        #"{"incremental":[{"id":"1","items":[{"id":2}]}],"hasNext":true}"#,
        #"{"incremental":[{"id":"0","data":{"rating":4}},{"id":"0","subPath":["owner"],"data":{"name":"Ann"},"errors":[{"message":"slow","path":["shop","owner","name"]}]}],"completed":[{"id":"0"}],"hasNext":true}"#,
        #"{"incremental":[{"id":"1","items":[{"id":3},{"id":4}]}],"completed":[{"id":"1"}],"hasNext":false}"#,
    ]

    /// The same response in the `deferSpec=20220824` format (paths, a stream's ending with its first index).
    static let spec20220824 = [
        first + "}",
        #"{"incremental":[{"items":[{"id":2}],"path":["shop","items",1]}],"hasNext":true}"#,
        #"{"incremental":[{"data":{"rating":4},"path":["shop"],"label":"more"},{"data":{"name":"Ann"},"path":["shop","owner"],"label":"more","errors":[{"message":"slow","path":["shop","owner","name"]}]}],"hasNext":true}"#,
        #"{"incremental":[{"items":[{"id":3},{"id":4}],"path":["shop","items",2]}],"hasNext":false}"#,
    ]

    @Test("both formats merge, payload by payload, into the same response")
    func sameResult() throws {
        var current = IncrementalResponse()
        var old = IncrementalResponse()
        for (new, legacy) in zip(Self.current, Self.spec20220824) {
            try current.apply(try Self.json(new))
            try old.apply(try Self.json(legacy))
            #expect(current.body == old.body)
            #expect(current.hasNext == old.hasNext)
        }
        let expected = try Self.json(#"{"shop":{"name":"Corner","items":[{"id":1},{"id":2},{"id":3},{"id":4}],"owner":{"id":"u1","name":"Ann"},"rating":4}}"#)
        #expect(current.body.data == expected)
        #expect(current.body.errors.map(\.message) == ["slow"])
        #expect(current.body.errors.first?.path?.description == "shop.owner.name")
        #expect(!current.hasNext)
        #expect(current.payloadCount == 4)
    }

    @Test("a stream grows payload by payload")
    func streamGrows() throws {
        var response = IncrementalResponse()
        var counts: [Int] = []
        for payload in Self.current {
            try response.apply(try Self.json(payload))
            guard case .object(let data)? = response.body.data, case .object(let shop)? = data["shop"],
                  case .array(let items)? = shop["items"] else { Issue.record("no items"); return }
            counts.append(items.count)
        }
        #expect(counts == [1, 2, 2, 4])
    }

    @Test("a failed deferred fragment is marked on its object with its errors, in both formats")
    func failures() throws {
        let current = try Self.merged([
            #"{"data":{"shop":{"name":"Corner"}},"pending":[{"id":"0","path":["shop"],"label":"more"}],"hasNext":true}"#,
            #"{"completed":[{"id":"0","errors":[{"message":"boom","path":["shop","rating"]}]}],"hasNext":false}"#,
        ])
        let old = try Self.merged([
            #"{"data":{"shop":{"name":"Corner"}},"hasNext":true}"#,
            #"{"incremental":[{"data":null,"path":["shop"],"label":"more","errors":[{"message":"boom","path":["shop","rating"]}]}],"hasNext":false}"#,
        ])
        #expect(current.body == old.body)
        #expect(current.body.errors.map(\.message) == ["boom"])
        guard case .object(let data)? = current.body.data, case .object(let shop)? = data["shop"],
              case .object(let failures)? = shop[ObjectData.failedDeferredKey] else {
            Issue.record("no failure mark in \(String(describing: current.body.data))")
            return
        }
        #expect(failures.keys.sorted() == ["more"])
    }

    @Test("errors of later payloads, extensions and the older top-level form are read")
    func errorsAndOlderForm() throws {
        let response = try Self.merged([
            #"{"data":{"a":{"b":1}},"errors":[{"message":"first"}],"extensions":{"x":1},"hasNext":true}"#,
            #"{"data":{"c":2},"path":["a"],"label":"L","hasNext":true}"#,
            #"{"errors":[{"message":"later"}],"extensions":{"y":2},"hasNext":false}"#,
        ])
        #expect(response.body.data == (try Self.json(#"{"a":{"b":1,"c":2}}"#)))
        #expect(response.body.errors.map(\.message) == ["first", "later"])
        #expect(response.body.extensions == ["x": 1, "y": 2])
    }

    @Test("a path that leads nowhere (a parent nulled by an error) changes nothing")
    func missingPath() throws {
        let response = try Self.merged([
            #"{"data":{"a":null},"hasNext":true}"#,
            #"{"incremental":[{"data":{"c":2},"path":["a","b"]},{"items":[1],"path":["a","list",0]}],"hasNext":false}"#,
        ])
        #expect(response.body.data == (try Self.json(#"{"a":null}"#)))
    }

    @Test("malformed payloads are decoding errors, not crashes")
    func malformed() throws {
        let cases: [[String]] = [
            [#"[1]"#],
            [#"{"hasNext":true}"#],
            [Self.first + "}", #"{"incremental":[{"id":"9","data":{}}],"hasNext":false}"#],
            [Self.first + "}", #"{"incremental":[{"data":{}}],"hasNext":false}"#],
            [Self.first + "}", #"{"incremental":[{"items":[1],"path":["shop","items"]}],"hasNext":false}"#],
            [Self.first + #","pending":[{"path":[]}]}"#],
            [Self.first + "}", #"{"completed":[{}],"hasNext":false}"#],
            [Self.first + "}", #"{"incremental":[7],"hasNext":false}"#],
        ]
        for payloads in cases {
            let error = #expect(throws: GraftError.self, "\(payloads)") { try Self.merged(payloads) }
            #expect(error?.code == .decoding)
        }
    }
}

/// `MockTransport.respondIncrementally`: canned `@defer`/`@stream` payloads for users' unit tests.
@Suite("MockTransport incremental responses")
struct MockTransportIncrementalTests {
    @Test("executeIncrementally gives the response after each payload, execute the complete one")
    func payloads() async throws {
        let transport = MockTransport()
        let payloads = try IncrementalResponseTests.spec20220824.map(IncrementalResponseTests.json)
        // Each queued answer answers one request: one for each of the two calls.
        for _ in 0..<2 { transport.respondIncrementally(to: "Shop", with: payloads) }
        let request = GraphQLRequest(operationName: "Shop", operationKind: .query, document: OperationDocument(definition: "query Shop { shop { name } }"))
        var bodies: [GraphQLResponseBody] = []
        for try await body in transport.executeIncrementally(request, options: RequestOptions()) { bodies.append(body) }
        let expected = try IncrementalResponseTests.merged(IncrementalResponseTests.current).body
        #expect(bodies.count == 4)
        #expect(bodies.last == expected)
        #expect(try await transport.execute(request, options: RequestOptions()) == expected)
        #expect(transport.requests.count == 2)

        // Other operations keep their one response.
        transport.respond(to: "Other", with: ["data": ["a": 1]])
        let other = GraphQLRequest(operationName: "Other", operationKind: .query, document: OperationDocument(definition: "query Other { a }"))
        var single: [GraphQLResponseBody] = []
        for try await body in transport.executeIncrementally(other, options: RequestOptions()) { single.append(body) }
        #expect(single.map(\.data) == [.object(["a": 1])])
    }
}
