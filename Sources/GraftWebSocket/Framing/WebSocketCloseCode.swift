/// A WebSocket close status code (RFC 6455 §7.4), including the 4xxx codes the GraphQL
/// subprotocols use.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code on the wire.
    public let rawValue: UInt16

    /// Creates a code.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Creates a code from its number.
    public init(_ rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(1000)
    /// 1001: the endpoint is going away (server shutting down, page navigated away).
    public static let goingAway = WebSocketCloseCode(1001)
    /// 1002: the peer broke the WebSocket protocol.
    public static let protocolError = WebSocketCloseCode(1002)
    /// 1003: a message of a type the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(1003)
    /// 1005: no code was present in the close frame (never sent on the wire).
    public static let noStatusReceived = WebSocketCloseCode(1005)
    /// 1006: the connection ended without a close frame (never sent on the wire).
    public static let abnormalClosure = WebSocketCloseCode(1006)
    /// 1007: a text message was not UTF-8.
    public static let invalidPayload = WebSocketCloseCode(1007)
    /// 1008: a message broke the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(1008)
    /// 1009: a message was larger than the endpoint accepts.
    public static let messageTooBig = WebSocketCloseCode(1009)
    /// 1011: the server met an unexpected condition.
    public static let internalError = WebSocketCloseCode(1011)
    /// 4400: graphql-transport-ws, a message of an unknown type or format.
    public static let badRequest = WebSocketCloseCode(4400)
    /// 4401: graphql-transport-ws, subscribing before the connection was acknowledged (servers
    /// also use it for a rejected token).
    public static let unauthorized = WebSocketCloseCode(4401)
    /// 4403: graphql-transport-ws, the server rejected the connection (for example its credentials).
    public static let forbidden = WebSocketCloseCode(4403)
    /// 4406: the subprotocol was not acceptable.
    public static let subprotocolNotAcceptable = WebSocketCloseCode(4406)
    /// 4408: no `connection_init` (server side) or no `connection_ack` (client side) in time.
    public static let connectionInitialisationTimeout = WebSocketCloseCode(4408)
    /// 4409: a subscriber with this id already exists.
    public static let subscriberAlreadyExists = WebSocketCloseCode(4409)
    /// 4429: more than one `connection_init`.
    public static let tooManyInitialisationRequests = WebSocketCloseCode(4429)
    /// 4500: the server failed internally.
    public static let internalServerError = WebSocketCloseCode(4500)

    /// Whether this code may appear in a close frame (RFC 6455 §7.4.1 and the IANA registry):
    /// 1000-1003, 1007-1014 and 3000-4999.
    public var isValidOnTheWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }

    public var description: String { String(rawValue) }
}
