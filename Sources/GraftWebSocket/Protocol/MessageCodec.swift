import Graft

/// A message that breaks the subprotocol: not JSON, not an object, an unknown `type`, a missing
/// `id` or payload. graphql-transport-ws closes the socket with 4400 for these.
public struct InvalidMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    public var description: String { "invalid \(message)" }
}

extension GraphQLWebSocketProtocol {
    /// The text of `message` in this protocol; nil when the protocol has no such message (ping,
    /// pong and terminate exist in only one of them).
    public func encode(_ message: ClientMessage) -> [UInt8]? {
        var fields: [String: JSONValue]
        switch (message, self) {
        case (.connectionInit(let payload), _):
            fields = ["type": "connection_init"]
            if let payload { fields["payload"] = payload }
        case (.subscribe(let id, let request), _):
            fields = ["id": .string(id), "type": .string(self == .graphqlTransportWS ? "subscribe" : "start"),
                      "payload": request.body(includingQuery: true)]
        case (.complete(let id), _):
            fields = ["id": .string(id), "type": .string(self == .graphqlTransportWS ? "complete" : "stop")]
        case (.ping, .graphqlTransportWS):
            fields = ["type": "ping"]
        case (.pong(let payload), .graphqlTransportWS):
            fields = ["type": "pong"]
            if let payload { fields["payload"] = payload }
        case (.terminate, .graphqlWS):
            fields = ["type": "connection_terminate"]
        case (.ping, .graphqlWS), (.pong, .graphqlWS), (.terminate, .graphqlTransportWS):
            return nil
        }
        return JSONValue.object(fields).serializedBytes
    }

    /// The deepest nesting a server message may have: a result's data sits two levels down (in the
    /// message, in its payload) and nests as deep as one over HTTP may, ``IncrementalResponse/maxDataDepth``.
    static let maxMessageDepth = IncrementalResponse.maxDataDepth + 2

    /// Reads a server message of this protocol.
    public func decode(_ text: [UInt8]) throws(InvalidMessageError) -> ServerMessage {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, maxDepth: Self.maxMessageDepth)
        } catch {
            throw InvalidMessageError(message: "message: not JSON (\(error.message) at byte \(error.offset))")
        }
        guard case .object(let fields) = json else { throw InvalidMessageError(message: "message: not a JSON object") }
        guard case .string(let type)? = fields["type"] else { throw InvalidMessageError(message: "message: no `type`") }
        let payload = fields["payload"].flatMap { $0 == .null ? nil : $0 }
        func id() throws(InvalidMessageError) -> String {
            guard case .string(let id)? = fields["id"], !id.isEmpty else {
                throw InvalidMessageError(message: "`\(type)` message: no `id`")
            }
            return id
        }
        switch (type, self) {
        case ("connection_ack", _): return .connectionAck(payload)
        case ("connection_error", .graphqlWS): return .connectionError(payload)
        case ("ka", .graphqlWS): return .keepAlive
        case ("ping", .graphqlTransportWS): return .ping(payload)
        case ("pong", .graphqlTransportWS): return .pong
        case ("next", .graphqlTransportWS), ("data", .graphqlWS):
            let id = try id()
            guard let payload, GraphQLResponseBody(json: payload) != nil || Self.isSubsequentPayload(payload) else {
                throw InvalidMessageError(message: "`\(type)` message: its payload is not a GraphQL response")
            }
            return .next(id: id, payload: payload)
        case ("error", _):
            let id = try id()
            return .error(id: id, errors: try Self.errors(payload, type: type))
        case ("complete", _): return .complete(id: try id())
        default: throw InvalidMessageError(message: "message type `\(type)` for \(name)")
        }
    }

    /// Whether `payload` is a later payload of an incremental result (`@defer`/`@stream`), which
    /// carries `incremental`, `completed` or `hasNext` instead of `data`.
    private static func isSubsequentPayload(_ payload: JSONValue) -> Bool {
        guard case .object(let fields) = payload else { return false }
        return fields["incremental"] != nil || fields["completed"] != nil || fields["hasNext"] != nil
    }

    /// The errors of an `error` message: an array of GraphQL errors (graphql-ws also sends one object).
    private static func errors(_ payload: JSONValue?, type: String) throws(InvalidMessageError) -> [GraphQLResponseError] {
        let items: [JSONValue]
        switch payload {
        case .array(let array)?: items = array
        case .object?: items = [payload!]
        default: throw InvalidMessageError(message: "`\(type)` message: its payload is not a list of errors")
        }
        let errors = items.compactMap(GraphQLResponseError.init(json:))
        guard errors.count == items.count, !errors.isEmpty else {
            throw InvalidMessageError(message: "`\(type)` message: its payload is not a list of errors")
        }
        return errors
    }
}
