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
        let options: RequestOptions.SendingKey

        /// The key of a query sent with `options`; nil when it may not share a request: not a
        /// query, deduplication turned off, files to upload, or options that cannot be compared.
        init?(_ request: GraphQLRequest, options: RequestOptions) {
            guard request.operationKind == .query, options.deduplicates, request.uploads.isEmpty,
                  let sending = RequestOptions.SendingKey(options) else { return nil }
            self.request = request
            self.options = sending
        }
    }

    /// One request and the callers waiting for it.
    private final class Flight: @unchecked Sendable {
        // Guarded by the lock of the `InFlightQueries` it belongs to.
        var callers: [ObjectIdentifier: WaitingCaller<GraphQLResponseBody>] = [:]
        var task: Task<Void, Never>?
    }

    private let flights = Locked<[Key: Flight]>([:])

    /// The number of requests in flight, for tests.
    var count: Int { flights.withLock { $0.count } }
    /// The number of callers waiting for them, for tests.
    var callerCount: Int { flights.withLock { $0.values.reduce(0) { $0 + $1.callers.count } } }

    /// The response of the request for `key`: the one in flight, or a new one made by `send`.
    func response(for key: Key, send: @escaping @Sendable () async throws -> GraphQLResponseBody) async throws -> GraphQLResponseBody {
        let caller = WaitingCaller<GraphQLResponseBody>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                flights.withLock { flights in
                    guard caller.wait(on: continuation) else { return continuation.resume(throwing: CancellationError()) }
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
        let waiting = flights.withLock { flights in
            if flights[key] === flight { flights[key] = nil }
            defer { flight.callers = [:] }
            return flight.callers.values.compactMap { $0.takeContinuation() }
        }
        for continuation in waiting { continuation.resume(with: result) }
    }

    /// A cancelled caller leaves; the last one to leave cancels the request.
    private func leave(_ caller: WaitingCaller<GraphQLResponseBody>, key: Key) {
        let continuation = flights.withLock { flights in
            let continuation = caller.cancel()
            if continuation != nil, let flight = flights[key] {
                flight.callers[ObjectIdentifier(caller)] = nil
                if flight.callers.isEmpty {
                    flights[key] = nil
                    flight.task?.cancel()
                }
            }
            return continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}
