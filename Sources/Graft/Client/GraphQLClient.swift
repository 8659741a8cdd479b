import Foundation

/// Executes generated operations: `fetch` for queries, `perform` for mutations, `subscribe` for
/// subscriptions. Server `errors` arrive beside partial data (or are thrown, per call); decoding
/// errors name the response path. With a `CacheStore`, results are normalized into it, `fetch`
/// honours cache policies and `watch` follows the records a query read.
public final class GraphQLClient: Sendable {
    /// The transport requests go through.
    public let transport: any GraphQLTransport
    /// The normalized cache, if any.
    public let store: CacheStore?
    /// The policy of `fetch` calls that don't name one: `cacheFirst` with a store, else `networkOnly`.
    public let defaultCachePolicy: CachePolicy
    /// Receives each failure to write a server result to the store (see ``CacheErrorHandler``).
    public let onCacheError: CacheErrorHandler
    /// Identical queries in flight, sharing one request (``RequestOptions/deduplicates``).
    let inFlight = InFlightQueries()

    /// Receives a ``GraftError`` with code ``GraftError/Code/cache`` when a server result could not
    /// be written to the store (a damaged record, a read-only or full database). The fetch still
    /// returns the server's data; a damaged record has been dropped, so the next write repairs it.
    /// Called once per failed write, on the task of the fetch.
    public typealias CacheErrorHandler = @Sendable (GraftError) -> Void

    /// The default ``CacheErrorHandler``: one line on standard error, `[graft] cache: <description>`.
    public static let logCacheError: CacheErrorHandler = { error in
        PrintLogSink().log(HTTPLogRecord(kind: .failure, requestID: 0, duration: nil, message: "[graft] cache: \(error)"))
    }

    /// Creates a client over a transport, with a normalized cache when `store` is given.
    public init(transport: any GraphQLTransport, store: CacheStore? = nil, defaultCachePolicy: CachePolicy? = nil,
                onCacheError: @escaping CacheErrorHandler = GraphQLClient.logCacheError) {
        self.transport = transport
        self.store = store
        self.defaultCachePolicy = defaultCachePolicy ?? (store == nil ? .networkOnly : .cacheFirst)
        self.onCacheError = onCacheError
    }

    /// Runs a query with a cache policy (`defaultCachePolicy` when nil); see `CachePolicy`.
    /// `cacheAndNetwork` returns the server's result here; `fetchStream` delivers both.
    /// Without a store every policy but `cacheOnly` goes to the server.
    public func fetch<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy? = nil,
                                           options: RequestOptions = RequestOptions()) async throws -> GraphQLResponse<Query.Data> {
        do {
            return try await fetch(query, policy: cachePolicy ?? defaultCachePolicy, options: options)
        } catch {
            throw withContext(error, query, options)
        }
    }

    /// Runs a mutation (never retried unless `options.retriesMutation`); with a store, its result
    /// is written to the cache (so watchers of the records it returns update).
    public func perform<Mutation: GraphQLMutation>(_ mutation: Mutation,
                                                   options: RequestOptions = RequestOptions()) async throws -> GraphQLResponse<Mutation.Data> {
        do {
            return try await executeAndWrite(mutation, options: options)
        } catch {
            throw withContext(error, mutation, options)
        }
    }

    /// Starts a subscription: each server event as a typed response, until the server completes it
    /// or the consuming task is cancelled.
    public func subscribe<Subscription: GraphQLSubscription>(
        _ subscription: Subscription, options: RequestOptions = RequestOptions()
    ) -> AsyncThrowingStream<GraphQLResponse<Subscription.Data>, any Error> {
        typedResponses(transport.subscribe(GraphQLRequest(subscription), options: options), for: subscription, options: options)
    }

    /// The transport's response bodies for `operation` typed, each written to the store (when it
    /// has no errors) before it is delivered; errors get the client's context. Ending the
    /// iteration cancels the bodies' stream.
    func typedResponses<Operation: GraphQLOperation>(_ bodies: AsyncThrowingStream<GraphQLResponseBody, any Error>,
                                                     for operation: Operation, options: RequestOptions)
        -> AsyncThrowingStream<GraphQLResponse<Operation.Data>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await body in bodies {
                        let response = try GraphQLClient.typedResponse(body, operationName: Operation.operationName,
                                                                       as: Operation.Data.self, options: options)
                        await self.write(response, for: operation)
                        continuation.yield(response)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: self.withContext(error, operation, options))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends any operation and types its response.
    public func execute<Operation: GraphQLOperation>(_ operation: Operation,
                                                     options: RequestOptions = RequestOptions()) async throws -> GraphQLResponse<Operation.Data> {
        do {
            let body = try await send(GraphQLRequest(operation), options: options)
            return try GraphQLClient.typedResponse(body, operationName: Operation.operationName, as: Operation.Data.self, options: options)
        } catch {
            throw withContext(error, operation, options)
        }
    }

    /// Sends a request through the transport; a query shares the request of an identical one in
    /// flight (``InFlightQueries``), unless the options say otherwise.
    func send(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        guard let key = InFlightQueries.Key(request, options: options) else {
            return try await transport.execute(request, options: options)
        }
        let transport = self.transport
        return try await inFlight.response(for: key) { try await transport.execute(request, options: options) }
    }

    /// `error` with what a `GraftError` leaving the client must carry: the operation name and the
    /// summary of the request the operation sends (from the transport). A cancellation becomes
    /// ``GraftError/Code/cancelled``; other errors pass unchanged.
    func withContext<Operation: GraphQLOperation>(_ error: any Error, _ operation: Operation, _ options: RequestOptions) -> any Error {
        switch error {
        case let error as GraftError: return withContext(error, operation, options)
        case is CancellationError: return withContext(GraftError.cancelled(underlying: error), operation, options)
        default: return error
        }
    }

    /// `error` with the operation name and request summary filled in when it lacks them: errors
    /// raised above the transport (decoding, thrown GraphQL errors, cache misses). The transport's
    /// own errors have both already, so the request is summarized only for the others.
    func withContext<Operation: GraphQLOperation>(_ error: GraftError, _ operation: Operation,
                                                  _ options: RequestOptions = RequestOptions()) -> GraftError {
        error.withContext(operation: Operation.operationName,
                          request: transport.requestSummary(for: GraphQLRequest(operation), options: options))
    }

    /// Decodes a response body into typed data; throws for server errors when the options ask to.
    static func typedResponse<Data: SelectionSet>(_ body: GraphQLResponseBody, operationName: String, as type: Data.Type,
                                                  options: RequestOptions) throws -> GraphQLResponse<Data> {
        if options.throwsOnGraphQLErrors && !body.errors.isEmpty {
            throw GraftError(.graphQLErrors, message: body.errors[0].description, operation: operationName,
                             statusCode: body.statusCode, underlying: GraphQLErrors(body.errors))
        }
        let data: Data?
        do {
            data = try body.data.map { json throws(ResponseDecodingError) in try Data.decode(data: json, errors: body.errors) }
        } catch {
            throw GraftError(.decoding, message: "could not decode the response at \(error.path): \(error.message)",
                             operation: operationName, statusCode: body.statusCode, responsePath: error.path.description,
                             underlying: error)
        }
        var response = GraphQLResponse(data: data, errors: body.errors, extensions: body.extensions, source: .server)
        response.cacheControl = body.cacheControl
        return response
    }
}
