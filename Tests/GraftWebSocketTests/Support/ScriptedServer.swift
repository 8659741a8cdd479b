import Foundation
import Graft
@testable import GraftWebSocket

/// The server end of an in-memory connection, driven by a test: answers the upgrade, then reads
/// the client's (masked) frames and sends whatever the test says, malformed bytes included.
final class ScriptedServer: Sendable {
    let stream: InMemoryByteStream
    private let state = Locked(FrameParser(role: .server, maxMessageSize: 1 << 20))
    /// The request head the client sent.
    let requestHead: String

    private init(stream: InMemoryByteStream, requestHead: String, leftover: [UInt8]) {
        self.stream = stream
        self.requestHead = requestHead
        state.withLock { $0.append(leftover) }
    }

    /// Reads the upgrade request and answers 101 with `subprotocol` (or the status and head given).
    static func accept(_ stream: InMemoryByteStream, subprotocol: String? = "graphql-transport-ws",
                       responseHead: ((String) -> String)? = nil) async throws -> ScriptedServer {
        var received: [UInt8] = []
        while WebSocketHandshake.headLength(in: received) == nil {
            let bytes = try await stream.read()
            guard !bytes.isEmpty else { throw WebSocketError.connectionLost("no request") }
            received += bytes
        }
        let length = WebSocketHandshake.headLength(in: received)!
        let head = String(decoding: received[..<length], as: UTF8.self)
        let key = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = WebSocketHandshake.acceptValue(for: key)
        let answer = responseHead?(accept) ?? "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n" + (subprotocol.map { "Sec-WebSocket-Protocol: \($0)\r\n" } ?? "") + "\r\n"
        try await stream.write(Array(answer.utf8))
        return ScriptedServer(stream: stream, requestHead: head, leftover: Array(received[length...]))
    }

    /// The next event from the client (pings and close frames included); nil when the stream ended.
    func nextEvent() async throws -> WebSocketEvent? {
        while true {
            if let event = try state.withLock({ try $0.next() }) { return event }
            let bytes = try await stream.read()
            if bytes.isEmpty { return nil }
            state.withLock { $0.append(bytes) }
        }
    }

    /// The next text message as JSON, skipping control frames; nil when the client closed.
    func receive() async throws -> JSONValue? {
        while let event = try await nextEvent() {
            switch event {
            case .text(let bytes): return try JSONParser.parse(bytes)
            case .close: return nil
            default: continue
            }
        }
        return nil
    }

    /// The next text message, which must have `type`; its JSON.
    func expect(_ type: String) async throws -> [String: JSONValue] {
        guard let message = try await receive(), case .object(let fields) = message else {
            throw ScriptError("expected `\(type)`, the client closed")
        }
        guard fields["type"] == .string(type) else { throw ScriptError("expected `\(type)`, got \(message.serialized)") }
        return fields
    }

    /// Sends a JSON message.
    func send(_ message: JSONValue) async throws {
        try await stream.write(FrameEncoder.encode(.text, payload: message.serializedBytes))
    }

    /// Sends raw bytes (malformed frames).
    func sendRaw(_ bytes: [UInt8]) async throws {
        try await stream.write(bytes)
    }

    /// Sends a close frame and ends the stream.
    func close(code: UInt16, reason: String = "") async throws {
        try? await stream.write(FrameEncoder.encode(.close, payload: FrameEncoder.closePayload(code: WebSocketCloseCode(code), reason: reason)))
        await stream.close()
    }

    /// Ends the stream without a close frame.
    func drop() async {
        await stream.close()
    }
}

struct ScriptError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Hands every connection the transport opens to the test, in order.
final class InMemoryConnector: ByteStreamConnector {
    let connections: AsyncStream<InMemoryByteStream>
    private let continuation: AsyncStream<InMemoryByteStream>.Continuation
    private let count = Locked(0)

    init() {
        (connections, continuation) = AsyncStream.makeStream()
    }

    var connectCount: Int { count.withLock { $0 } }

    func connect(to endpoint: WebSocketEndpoint, tls: TLSOptions, timeout: Duration) async throws -> any ByteStream {
        let (client, server) = InMemoryByteStream.pair()
        count.withLock { $0 += 1 }
        continuation.yield(server)
        return client
    }

    /// The next connection's server end, handshake answered.
    func accept(subprotocol: String = "graphql-transport-ws") async throws -> ScriptedServer {
        var iterator = connections.makeAsyncIterator()
        guard let stream = await iterator.next() else { throw ScriptError("no connection") }
        return try await ScriptedServer.accept(stream, subprotocol: subprotocol)
    }
}

/// A hand-written request, like generated code would make.
func request(_ name: String = "Counter", kind: OperationKind = .subscription) -> GraphQLRequest {
    GraphQLRequest(operationName: name, operationKind: kind,
                   document: OperationDocument(definition: "subscription \(name) { counter { id value } }"))
}

/// A `next` payload with `counter.value == value`.
func counterPayload(_ value: Int) -> JSONValue {
    ["data": ["counter": ["__typename": "Counter", "id": "c1", "value": .int(value)]]]
}

/// Collects a stream's elements so tests can wait for a count or the end.
final class Collector: Sendable {
    private let state = Locked<(items: [GraphQLResponseBody], error: (any Error)?, finished: Bool)>(([], nil, false))
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    init(_ stream: AsyncThrowingStream<GraphQLResponseBody, any Error>) {
        let task = Task { [state] in
            do {
                for try await item in stream { state.withLock { $0.items.append(item) } }
                state.withLock { $0.finished = true }
            } catch {
                state.withLock { $0.error = error; $0.finished = true }
            }
        }
        self.task.withLock { $0 = task }
    }

    var items: [GraphQLResponseBody] { state.withLock { $0.items } }
    var error: (any Error)? { state.withLock { $0.error } }
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Waits (at most about 20 s, a bound against hangs only) until `count` items came or the stream ended.
    func wait(for count: Int) async -> [GraphQLResponseBody] {
        for _ in 0..<2000 where items.count < count && !isFinished {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return items
    }

    /// Waits (at most about 20 s) until the stream ended.
    func waitForEnd() async {
        for _ in 0..<2000 where !isFinished {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func cancel() { task.withLock { $0?.cancel() } }
}

/// The counter values in `bodies`.
func values(_ bodies: [GraphQLResponseBody]) -> [Int] {
    bodies.compactMap { body in
        guard case .object(let data)? = body.data, case .object(let counter)? = data["counter"],
              case .int(let value)? = counter["value"] else { return nil }
        return Int(value)
    }
}
