import Foundation
import Graft

/// How a ``WebSocketTransport`` connects, authenticates, keeps the connection alive and reconnects.
///
/// ```swift
/// var configuration = WebSocketConfiguration(url: URL(string: "wss://api.example.com/graphql")!)
/// configuration.tokens = coordinator                  // a TokenRefreshCoordinator
/// configuration.connectionPayload = { token in ["authorization": .string("Bearer \(token ?? "")")] }
/// configuration.reconnect = ReconnectPolicy(initialDelay: .seconds(1), maxDelay: .seconds(30))
/// ```
public struct WebSocketConfiguration: Sendable {
    /// Builds the `connection_init` payload for each connection (each reconnection too) from the
    /// current token of ``tokens`` (nil without one).
    public typealias ConnectionPayload = @Sendable (_ token: String?) async throws -> JSONValue?

    /// The endpoint, `ws://` or `wss://`.
    public var url: URL
    /// Which subprotocol to speak.
    public var subprotocol: GraphQLWebSocketProtocol
    /// Extra headers of the upgrade request. Never logged.
    public var headers: [String: String]
    /// The `connection_init` payload, asked for on every connection.
    public var connectionPayload: ConnectionPayload?
    /// The token holder shared with the HTTP stack: when the server rejects the connection (close
    /// 4401 or 4403, `connection_error`, or HTTP 401/403 on the upgrade), the transport asks it for
    /// a fresh token (one refresh however many subscriptions wait) and reconnects once.
    public var tokens: TokenRefreshCoordinator?
    /// How long to wait for `connection_ack` before giving up on a connection (and retrying).
    public var ackTimeout: Duration
    /// Client heartbeat: ping every `interval` and reconnect when no pong came within `timeout`;
    /// nil sends no pings.
    public var keepAlive: KeepAlive?
    /// Backoff between reconnection attempts.
    public var reconnect: ReconnectPolicy
    /// Connect on the first subscription (true) or at once (false).
    public var connectsLazily: Bool
    /// How long to keep the socket open after the last subscription ended; nil keeps it open.
    public var idleTimeout: Duration?
    /// The largest message accepted; larger ones fail the connection (close code 1009).
    public var maxMessageSize: Int
    /// Trust and pinning for `wss://`.
    public var tls: TLSOptions
    /// How long TCP and TLS may take to connect.
    public var connectTimeout: Duration
    /// The redaction policy (the one given to the HTTP stack, so one policy covers both): the
    /// values of ``headers`` it calls secret are scrubbed from the server's GraphQL errors.
    public var redactor: Redactor

    /// A configuration with defaults: graphql-transport-ws, lazy, closes when idle, 10 s ack
    /// timeout, ping every 20 s, reconnect forever with backoff from 0.5 s to 30 s.
    public init(url: URL, subprotocol: GraphQLWebSocketProtocol = .graphqlTransportWS, headers: [String: String] = [:],
                connectionPayload: ConnectionPayload? = nil, tokens: TokenRefreshCoordinator? = nil,
                ackTimeout: Duration = .seconds(10), keepAlive: KeepAlive? = KeepAlive(),
                reconnect: ReconnectPolicy = ReconnectPolicy(), connectsLazily: Bool = true,
                idleTimeout: Duration? = .zero, maxMessageSize: Int = 16 << 20, tls: TLSOptions = TLSOptions(),
                connectTimeout: Duration = .seconds(30), redactor: Redactor = .default) {
        self.url = url
        self.subprotocol = subprotocol
        self.headers = headers
        self.connectionPayload = connectionPayload
        self.tokens = tokens
        self.ackTimeout = ackTimeout
        self.keepAlive = keepAlive
        self.reconnect = reconnect
        self.connectsLazily = connectsLazily
        self.idleTimeout = idleTimeout
        self.maxMessageSize = maxMessageSize
        self.tls = tls
        self.connectTimeout = connectTimeout
        self.redactor = redactor
    }
}

/// The client heartbeat.
public struct KeepAlive: Sendable, Hashable {
    /// Time between pings.
    public var interval: Duration
    /// How long a pong may take before the connection counts as dead.
    public var timeout: Duration

    /// Creates a heartbeat.
    public init(interval: Duration = .seconds(20), timeout: Duration = .seconds(10)) {
        self.interval = interval
        self.timeout = timeout
    }
}

/// Exponential backoff with jitter between reconnection attempts: attempt n (from 1) waits
/// `initialDelay * multiplier^(n-1)`, capped at `maxDelay`, then scaled by a random factor in
/// `1 - jitter ... 1 + jitter` so that many clients dropped at once do not return at once.
public struct ReconnectPolicy: Sendable, Hashable {
    /// The first delay.
    public var initialDelay: Duration
    /// The growth per attempt.
    public var multiplier: Double
    /// The longest delay, jitter included.
    public var maxDelay: Duration
    /// The random spread, 0 (none) to 1: each delay is scaled by a random factor between
    /// 1 - jitter and 1 + jitter, then held to ``maxDelay``.
    public var jitter: Double
    /// Failed attempts in a row before the subscriptions fail; nil retries forever.
    public var maxAttempts: Int?

    /// Creates a policy.
    public init(initialDelay: Duration = .milliseconds(500), multiplier: Double = 2, maxDelay: Duration = .seconds(30),
                jitter: Double = 0.3, maxAttempts: Int? = nil) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maxAttempts = maxAttempts
    }

    /// The delay before attempt `attempt` (1 for the first retry).
    public func delay(forAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let base = Self.seconds(initialDelay) * pow(multiplier, Double(max(0, attempt - 1)))
        let capped = min(base, Self.seconds(maxDelay))
        let factor = jitter == 0 ? 1 : Double.random(in: (1 - jitter)...(1 + jitter), using: &generator)
        return .nanoseconds(Int64(min(max(0, capped * factor), Self.seconds(maxDelay)) * 1e9))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
