/// Identical queries in flight share one request: the first caller's request goes to the
/// transport, later callers with the same ``Key`` wait for its response instead of sending their
/// own, and each caller gets the response (or the error) as if it had sent it.
///
/// A caller that is cancelled leaves at once with a `CancellationError`; the shared request goes
/// on while anyone still waits for it and is cancelled when the last caller leaves. A request that
/// has answered is forgotten: the next identical query is sent again.
final class InFlightQueries: Sendable {
    /// What makes two queries the same request: the request itself (document, variables,
    /// extensions) and every option the transport and the interceptors below it read.
    struct Key: Hashable, Sendable {
        let request: GraphQLRequest
        let headers: HTTPHeaders
        let timeout: Duration?
        let attemptTimeout: Duration?
        let whenOffline: OfflineBehavior
        let contextOperationName: String?
        let contextTimeout: Duration?
        let contextAttemptTimeout: Duration?
        let isIdempotent: Bool?
        let skipsAuthentication: Bool
        let contextWhenOffline: OfflineBehavior

        /// The key of a query sent with `options`; nil when it may not share a request: not a
        /// query, deduplication turned off, files to upload, or custom context values (which
        /// interceptors read and which cannot be compared).
        init?(_ request: GraphQLRequest, options: RequestOptions) {
            guard request.operationKind == .query, options.deduplicates, request.uploads.isEmpty,
                  !options.context.hasCustomValues else { return nil }
            self.request = request
            headers = options.headers
            timeout = options.timeout
            attemptTimeout = options.attemptTimeout
            whenOffline = options.whenOffline
            contextOperationName = options.context.operationName
            contextTimeout = options.context.timeout
            contextAttemptTimeout = options.context.attemptTimeout
            isIdempotent = options.context.isIdempotent
            skipsAuthentication = options.context.skipsAuthentication
            contextWhenOffline = options.context.whenOffline
        }
    }

    /// One caller: where its answer goes, or that it has been cancelled or answered.
    private final class Caller: @unchecked Sendable {
        // Guarded by the lock of the `InFlightQueries` it belongs to.
        enum State {
            case starting
            case waiting(CheckedContinuation<GraphQLResponseBody, any Error>)
            case cancelled
            case done
        }
        var state = State.starting
    }

    /// One request and the callers waiting for it.
    private final class Flight: @unchecked Sendable {
        // Guarded by the lock of the `InFlightQueries` it belongs to.
        var callers: [ObjectIdentifier: Caller] = [:]
        var task: Task<Void, Never>?
    }

    private let flights = Locked<[Key: Flight]>([:])

    /// The number of requests in flight, for tests.
    var count: Int { flights.withLock { $0.count } }
    /// The number of callers waiting for them, for tests.
    var callerCount: Int { flights.withLock { $0.values.reduce(0) { $0 + $1.callers.count } } }

    /// The response of the request for `key`: the one in flight, or a new one made by `send`.
    func response(for key: Key, send: @escaping @Sendable () async throws -> GraphQLResponseBody) async throws -> GraphQLResponseBody {
        let caller = Caller()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                flights.withLock { flights in
                    if case .cancelled = caller.state { return continuation.resume(throwing: CancellationError()) }
                    caller.state = .waiting(continuation)
                    if let flight = flights[key] {
                        flight.callers[ObjectIdentifier(caller)] = caller
                        return
                    }
                    let flight = Flight()
                    flight.callers[ObjectIdentifier(caller)] = caller
                    flights[key] = flight
                    flight.task = Task {
                        let result: Result<GraphQLResponseBody, any Error>
                        do { result = .success(try await send()) } catch { result = .failure(error) }
                        self.finish(flight, key: key, with: result)
                    }
                }
            }
        } onCancel: {
            leave(caller, key: key)
        }
    }

    /// Answers every caller still waiting for `flight`, and forgets it.
    private func finish(_ flight: Flight, key: Key, with result: Result<GraphQLResponseBody, any Error>) {
        let waiting: [CheckedContinuation<GraphQLResponseBody, any Error>] = flights.withLock { flights in
            if flights[key] === flight { flights[key] = nil }
            var waiting: [CheckedContinuation<GraphQLResponseBody, any Error>] = []
            for caller in flight.callers.values {
                if case .waiting(let continuation) = caller.state { waiting.append(continuation) }
                caller.state = .done
            }
            flight.callers = [:]
            return waiting
        }
        for continuation in waiting { continuation.resume(with: result) }
    }

    /// A cancelled caller leaves; the last one to leave cancels the request.
    private func leave(_ caller: Caller, key: Key) {
        let continuation: CheckedContinuation<GraphQLResponseBody, any Error>? = flights.withLock { flights in
            switch caller.state {
            case .starting:
                caller.state = .cancelled
                return nil
            case .cancelled, .done:
                return nil
            case .waiting(let continuation):
                caller.state = .done
                if let flight = flights[key] {
                    flight.callers[ObjectIdentifier(caller)] = nil
                    if flight.callers.isEmpty {
                        flights[key] = nil
                        flight.task?.cancel()
                    }
                }
                return continuation
            }
        }
        continuation?.resume(throwing: CancellationError())
    }
}
