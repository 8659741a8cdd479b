import Graft

/// The two GraphQL-over-WebSocket subprotocols, chosen by configuration.
public enum GraphQLWebSocketProtocol: String, Sendable, Hashable, CaseIterable {
    /// `graphql-transport-ws` (the graphql-ws library): connection_init/ack, ping/pong,
    /// subscribe/next/error/complete, errors as 44xx close codes.
    case graphqlTransportWS = "graphql-transport-ws"
    /// The legacy `graphql-ws` (subscriptions-transport-ws): connection_init/ack/error, ka,
    /// start/data/error/complete/stop, connection_terminate.
    case graphqlWS = "graphql-ws"

    /// The `Sec-WebSocket-Protocol` value.
    public var name: String { rawValue }

    /// Whether the protocol has its own ping/pong messages (else WebSocket ping frames keep the
    /// connection alive, and the server's `ka` messages show it is there).
    public var hasPingMessages: Bool { self == .graphqlTransportWS }
}

/// A message the client sends, whatever the protocol.
public enum ClientMessage: Sendable, Hashable {
    /// `connection_init` with an optional payload (credentials, usually).
    case connectionInit(JSONValue?)
    /// `subscribe` (`start` in graphql-ws) of an operation under an id.
    case subscribe(id: String, request: GraphQLRequest)
    /// `complete` (`stop` in graphql-ws): the client stops listening.
    case complete(id: String)
    /// `ping` (graphql-transport-ws only).
    case ping
    /// `pong`, answering the server's ping (graphql-transport-ws only).
    case pong(JSONValue?)
    /// `connection_terminate` (graphql-ws only).
    case terminate
}

/// A message the server sends, whatever the protocol.
public enum ServerMessage: Sendable, Hashable {
    /// `connection_ack`.
    case connectionAck(JSONValue?)
    /// `connection_error` (graphql-ws): the server refused the connection_init payload.
    case connectionError(JSONValue?)
    /// `next` (`data` in graphql-ws): one result of an operation, or, for an operation with
    /// `@defer`/`@stream`, one payload of its incremental result (``OperationResults`` merges them).
    case next(id: String, payload: JSONValue)
    /// `error`: the operation failed (validation, for instance) and is over.
    case error(id: String, errors: [GraphQLResponseError])
    /// `complete`: the operation is over.
    case complete(id: String)
    /// `ping` (graphql-transport-ws); answer with a pong.
    case ping(JSONValue?)
    /// `pong` (graphql-transport-ws).
    case pong
    /// `ka` (graphql-ws): the server is alive.
    case keepAlive
}
