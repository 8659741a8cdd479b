import Graft
import Testing
@testable import GraftWebSocket

/// Both subprotocols' messages, written and read.
@Suite("Message codec")
struct MessageCodecTests {
    static func json(_ bytes: [UInt8]?) throws -> JSONValue { try JSONParser.parse(bytes!) }

    @Test("graphql-transport-ws: connection_init, subscribe, complete, ping and pong")
    func transportWSEncoding() throws {
        let codec = GraphQLWebSocketProtocol.graphqlTransportWS
        #expect(try Self.json(codec.encode(.connectionInit(["authorization": "Bearer t"])))
                == ["type": "connection_init", "payload": ["authorization": "Bearer t"]])
        #expect(try Self.json(codec.encode(.connectionInit(nil))) == ["type": "connection_init"])
        let subscribe = try Self.json(codec.encode(.subscribe(id: "7", request: request("Counter"))))
        #expect(subscribe == ["id": "7", "type": "subscribe",
                              "payload": ["operationName": "Counter", "query": "subscription Counter { counter { id value } }"]])
        #expect(try Self.json(codec.encode(.complete(id: "7"))) == ["id": "7", "type": "complete"])
        #expect(try Self.json(codec.encode(.ping)) == ["type": "ping"])
        #expect(try Self.json(codec.encode(.pong(["x": 1]))) == ["type": "pong", "payload": ["x": 1]])
        #expect(codec.encode(.terminate) == nil)
    }

    @Test("graphql-ws: start, stop, connection_terminate; no ping messages")
    func legacyEncoding() throws {
        let codec = GraphQLWebSocketProtocol.graphqlWS
        #expect(try Self.json(codec.encode(.subscribe(id: "1", request: request()))).objectValue?["type"] == "start")
        #expect(try Self.json(codec.encode(.complete(id: "1"))) == ["id": "1", "type": "stop"])
        #expect(try Self.json(codec.encode(.terminate)) == ["type": "connection_terminate"])
        #expect(codec.encode(.ping) == nil && codec.encode(.pong(nil)) == nil)
    }

    @Test("server messages of each protocol decode; errors in a next payload stay data")
    func decoding() throws {
        let modern = GraphQLWebSocketProtocol.graphqlTransportWS, legacy = GraphQLWebSocketProtocol.graphqlWS
        #expect(try modern.decode(Array(#"{"type":"connection_ack"}"#.utf8)) == .connectionAck(nil))
        #expect(try modern.decode(Array(#"{"type":"ping","payload":{"a":1}}"#.utf8)) == .ping(["a": 1]))
        let next = try modern.decode(Array(#"{"id":"3","type":"next","payload":{"data":{"x":1},"errors":[{"message":"partial"}]}}"#.utf8))
        guard case .next("3", let payload) = next, let body = GraphQLResponseBody(json: payload) else { Issue.record("\(next)"); return }
        #expect(body.data == ["x": 1] && body.errors.map(\.message) == ["partial"])
        // A later payload of a deferred result has no data.
        let later = #"{"id":"3","type":"next","payload":{"incremental":[{"id":"0","data":{"y":2}}],"completed":[{"id":"0"}],"hasNext":false}}"#
        guard case .next("3", _) = try modern.decode(Array(later.utf8)) else { Issue.record("an incremental payload did not decode"); return }
        #expect(try modern.decode(Array(#"{"id":"3","type":"error","payload":[{"message":"bad"}]}"#.utf8))
                == .error(id: "3", errors: [GraphQLResponseError(message: "bad")]))
        #expect(try modern.decode(Array(#"{"id":"3","type":"complete"}"#.utf8)) == .complete(id: "3"))
        #expect(try legacy.decode(Array(#"{"type":"ka"}"#.utf8)) == .keepAlive)
        #expect(try legacy.decode(Array(#"{"type":"connection_error","payload":{"message":"no"}}"#.utf8)) == .connectionError(["message": "no"]))
        #expect(try legacy.decode(Array(#"{"id":"1","type":"error","payload":{"message":"one"}}"#.utf8))
                == .error(id: "1", errors: [GraphQLResponseError(message: "one")]))
        if case .next("1", _) = try legacy.decode(Array(#"{"id":"1","type":"data","payload":{"data":null}}"#.utf8)) {} else {
            Issue.record("data did not decode")
        }
    }

    @Test("invalid messages: not JSON, not an object, no type, unknown or other-protocol types, no id, bad payloads",
          arguments: [#"not json"#, #"[1]"#, #"{"id":"1"}"#, #"{"type":"subscribe"}"#, #"{"type":"ka"}"#,
                      #"{"type":"next","payload":{"data":{}}}"#, #"{"id":"1","type":"next","payload":7}"#,
                      #"{"id":"1","type":"next","payload":{"extensions":{}}}"#,
                      #"{"id":"1","type":"next"}"#, #"{"id":"1","type":"error","payload":[]}"#,
                      #"{"id":"1","type":"error","payload":[{"nomessage":1}]}"#, #"{"id":"","type":"complete"}"#,
                      String(repeating: "[", count: 100_000)])
    func invalid(text: String) {
        #expect(throws: InvalidMessageError.self) { try GraphQLWebSocketProtocol.graphqlTransportWS.decode(Array(text.utf8)) }
    }

    /// A graphql-transport-ws `next` message whose data nests `levels` objects deep: `{"a":{"a":…1}}`.
    static func nextMessage(id: String = "1", dataLevels levels: Int) -> [UInt8] {
        let data = String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels)
        return Array(#"{"id":"\#(id)","type":"next","payload":{"data":\#(data)}}"#.utf8)
    }

    /// How many objects deep `value` nests along its `a` fields.
    static func depth(_ value: JSONValue?) -> Int {
        var levels = 0, current = value
        while case .object(let fields)? = current {
            levels += 1
            current = fields["a"]
        }
        return levels
    }

    @Test("a result's data may nest as deep in a WebSocket message as in an HTTP response, and no deeper")
    func dataDepthLimit() throws {
        let limit = IncrementalResponse.maxDataDepth
        let codec = GraphQLWebSocketProtocol.graphqlTransportWS
        guard case .next(_, let payload) = try codec.decode(Self.nextMessage(dataLevels: limit)) else { Issue.record("not next"); return }
        #expect(Self.depth(GraphQLResponseBody(json: payload)?.data) == limit)
        #expect(throws: InvalidMessageError.self) { try codec.decode(Self.nextMessage(dataLevels: limit + 1)) }
        // The same data as an HTTP response's body: the same limit.
        let body = { (levels: Int) in Array(("{\"data\":" + String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels) + "}").utf8) }
        #expect(Self.depth(try JSONParser.parse(body(limit)).objectValue?["data"]) == limit)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(body(limit + 1)) }
    }
}
