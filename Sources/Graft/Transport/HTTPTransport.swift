import Foundation
internal import GraftHashing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GraphQL over HTTP (the GraphQL-over-HTTP specification): POST with a JSON body (or GET for
/// queries), the spec's `Accept` header, `application/graphql-response+json` status semantics, and
/// automatic or identifier-only persisted queries; subscriptions over multipart HTTP or
/// Server-Sent Events (``HTTPSubscriptionProtocol``). Sends through an `HTTPClient`, so every
/// interceptor (authentication, token refresh, retry, logging, rate limiting) applies.
public struct HTTPTransport: GraphQLTransport {
    /// How persisted-query identifiers are used.
    public enum PersistedQueries: Sendable, Hashable {
        /// Always send the document.
        case disabled
        /// Automatic persisted queries: send the SHA-256 of the document text first; on
        /// `PersistedQueryNotFound` send again with the document (which registers it).
        case automatic
        /// Send only the generated operation identifier (the server has the documents from the
        /// persisted-query manifest).
        case identifierOnly
    }

    /// The GraphQL endpoint.
    public let url: URL
    /// The HTTP stack requests go through.
    public let client: any HTTPClient
    /// Send queries as GET requests (cacheable by HTTP caches).
    public var usesGETForQueries: Bool
    /// The persisted-query mode.
    public var persistedQueries: PersistedQueries
    /// How subscriptions travel over HTTP.
    public var subscriptionProtocol: HTTPSubscriptionProtocol
    /// The incremental delivery format (`@defer`, `@stream`) the `Accept` header asks for; both are
    /// read whichever it is.
    public var incrementalFormat: IncrementalDeliveryFormat
    /// Whether queries and mutations issued close together travel in one HTTP request (nil: each
    /// on its own). Opt in only for a server that accepts batched requests.
    public var batching: BatchingPolicy? { batchQueue?.policy }
    /// The batches being collected, shared by the copies of this transport.
    let batchQueue: HTTPBatchQueue?

    /// What its errors treat as secret (request summaries, scrubbed bodies and messages): give the
    /// same policy as the `InterceptingHTTPClient` below it, so one policy covers the whole stack.
    public let redactor: Redactor

    /// The `Accept` header the GraphQL-over-HTTP specification recommends.
    public static let acceptHeader = "application/graphql-response+json, application/json;q=0.9"

    /// Creates a transport.
    public init(url: URL, client: any HTTPClient = PlatformHTTPClient.make(), usesGETForQueries: Bool = false,
                persistedQueries: PersistedQueries = .disabled, subscriptionProtocol: HTTPSubscriptionProtocol = .multipart,
                incrementalFormat: IncrementalDeliveryFormat = .any, batching: BatchingPolicy? = nil,
                redactor: Redactor = .default) {
        self.batchQueue = batching.map(HTTPBatchQueue.init(policy:))
        self.redactor = redactor
        self.url = url
        self.client = client
        self.usesGETForQueries = usesGETForQueries
        self.persistedQueries = persistedQueries
        self.subscriptionProtocol = subscriptionProtocol
        self.incrementalFormat = incrementalFormat
    }

    /// Sends the request; `options.timeout` (else the context's ``RequestContext/timeout``) bounds
    /// the whole call (persisted-query round trips, retries and back-off included).
    ///
    /// The call starts here: its deadline, and its errors' context and scrubbing, are applied once
    /// here for every layer below (`withCall(_:options:operation:)`).
    public func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
        try await withCall(request, options: options) { options in
            try await withPersistedQuery(request) { request, includingQuery in
                try await send(request, includingQuery: includingQuery, options: options)
            }
        }
    }

    /// Runs one query or mutation as a call: the outermost layer of its errors
    /// (``withRequestBoundary(_:naming:request:redactor:operation:)``) and its whole-call deadline
    /// (``withCallDeadline(_:timeout:operation:)``), with `options` whose context carries both to
    /// the layers below.
    func withCall<Value: Sendable>(_ request: GraphQLRequest, options: RequestOptions,
                                   operation: @escaping @Sendable (RequestOptions) async throws -> Value) async throws -> Value {
        // The options' context stays as given (batching and deduplication compare it); the
        // operation's name reaches the layers below through `requestContext(_:options:)`.
        try await withRequestBoundary(options.context, naming: request.operationName, redactor: redactor) { boundary in
            try await withCallDeadline(boundary.context, timeout: options.timeout ?? options.context.timeout) { context in
                var options = options
                options.context = context
                return try await operation(options)
            }
        }
    }

    public func requestSummary(for request: GraphQLRequest, options: RequestOptions) -> RequestSummary? {
        let includingQuery = persistedQueryHash(request) == nil || (persistedQueries == .automatic && !request.uploads.isEmpty)
        return (try? httpRequest(request, includingQuery: includingQuery, options: options)).map { RequestSummary($0, redactor: redactor) }
    }

    /// Sends `request` through `send` as the persisted-query mode says: the document, or the hash
    /// first and, on `PersistedQueryNotFound` (automatic mode), the hash with the document.
    func withPersistedQuery(_ request: GraphQLRequest,
                            send: (GraphQLRequest, _ includingQuery: Bool) async throws -> GraphQLResponseBody) async throws -> GraphQLResponseBody {
        guard let identifier = persistedQueryHash(request) else {
            return try await send(request, true)
        }
        var persisted = request
        persisted.extensions["persistedQuery"] = ["version": 1, "sha256Hash": .string(identifier)]
        // A hash-only first attempt that misses would send the files twice: with files, automatic
        // persisted queries send the document and its hash at once (which registers it).
        let hashOnly = request.uploads.isEmpty || persistedQueries == .identifierOnly
        let first = try await send(persisted, !hashOnly)
        guard hashOnly else { return first }
        guard first.errors.contains(where: HTTPTransport.isPersistedQueryNotFound) else { return first }
        guard persistedQueries == .automatic, request.document.definition != nil else {
            throw GraftError(.graphQLErrors, message: "the server does not know the persisted operation \(identifier)",
                             operation: request.operationName, underlying: GraphQLErrors(first.errors))
        }
        return try await send(persisted, true)
    }

    /// The hash to send instead of the document, or nil to send the document. Automatic persisted
    /// queries hash the exact text sent (servers check it); identifier-only mode sends the generated
    /// identifier (Apollo's algorithm, which matches the manifest).
    func persistedQueryHash(_ request: GraphQLRequest) -> String? {
        switch persistedQueries {
        case .disabled: return nil
        case .automatic: return request.document.definition.map { SHA256.hex($0) } ?? request.document.operationIdentifier
        case .identifierOnly: return request.document.operationIdentifier
        }
    }

    /// Whether an error is the server's `PersistedQueryNotFound`.
    static func isPersistedQueryNotFound(_ error: GraphQLResponseError) -> Bool {
        error.message == "PersistedQueryNotFound" || error.code == "PERSISTED_QUERY_NOT_FOUND"
    }

    /// The HTTP request for a GraphQL request: GET for a query when ``usesGETForQueries``, a
    /// multipart POST when it has files (``GraphQLRequest/uploads``), else a JSON POST.
    func httpRequest(_ request: GraphQLRequest, includingQuery: Bool, options: RequestOptions) throws -> HTTPRequest {
        var headers = options.headers
        headers["Accept"] = request.document.usesIncrementalDelivery ? incrementalFormat.acceptHeader : HTTPTransport.acceptHeader
        if !request.uploads.isEmpty {
            return try multipartRequest(request, includingQuery: includingQuery, headers: headers)
        }
        let body = request.body(includingQuery: includingQuery)
        if usesGETForQueries && request.operationKind == .query, case .object(let fields) = body {
            var items: [String] = []
            for key in ["query", "operationName", "variables", "extensions", "onError"] {
                guard let value = fields[key] else { continue }
                let text = value.stringValue ?? value.serialized
                items.append(key + "=" + PercentEncoding.encodeQueryComponent(text))
            }
            let separator = url.query == nil ? "?" : "&"
            guard let getURL = URL(string: url.absoluteString + separator + items.joined(separator: "&")) else {
                throw GraftError(.transport, message: "could not build the GET URL", operation: request.operationName)
            }
            return HTTPRequest(method: .get, url: getURL, headers: headers)
        }
        headers["Content-Type"] = "application/json"
        return HTTPRequest(method: .post, url: url, headers: headers, body: Data(body.serializedBytes))
    }

    /// A GraphQL multipart request: its body streamed (files read from disk while it is sent), with
    /// the headers that let servers with CSRF prevention accept a `multipart/form-data` POST (a
    /// browser cannot send them without a preflight): Apollo Server's `Apollo-Require-Preflight`
    /// and `X-Apollo-Operation-Name`.
    func multipartRequest(_ request: GraphQLRequest, includingQuery: Bool, headers: HTTPHeaders) throws -> HTTPRequest {
        var headers = headers
        let body = GraphQLMultipartBody(request, includingQuery: includingQuery)
        headers["Content-Type"] = body.contentType
        headers["Apollo-Require-Preflight"] = "true"
        headers["X-Apollo-Operation-Name"] = request.operationName
        return HTTPRequest(method: .post, url: url, headers: headers, content: .stream(try body.makeSource()))
    }

    func send(_ request: GraphQLRequest, includingQuery: Bool, options: RequestOptions) async throws -> GraphQLResponseBody {
        if let batchQueue, isBatchable(request), let key = RequestOptions.SendingKey(options) {
            return try await sendBatched(request, includingQuery: includingQuery, key: key, queue: batchQueue, options: options)
        }
        return try await sendAlone(request, includingQuery: includingQuery, options: options)
    }

    /// Sends one operation in an HTTP request of its own.
    func sendAlone(_ request: GraphQLRequest, includingQuery: Bool, options: RequestOptions) async throws -> GraphQLResponseBody {
        if request.document.usesIncrementalDelivery {
            return try await sendIncremental(request, includingQuery: includingQuery, options: options) { _ in }
        }
        let httpRequest = try httpRequest(request, includingQuery: includingQuery, options: options)
        let context = requestContext(request, options: options)
        let ledger = sending(httpRequest, for: request, context: context)
        let response = try await client.send(httpRequest, context: context)
        return try parse(response, operationName: request.operationName,
                         secrets: redactor.secretsInFlight(httpRequest, credentials: ledger.all))
    }

    /// Notes `httpRequest` in the call's ledger as the request its errors are about (replacing
    /// the previous round trip's), with the secret fields of a request with files: its streamed
    /// body is not read for them, but its variables are at hand.
    func sending(_ httpRequest: HTTPRequest, for request: GraphQLRequest, context: RequestContext) -> CredentialLedger {
        let ledger = context.credentialLedger ?? CredentialLedger()
        ledger.record(httpRequest)
        if !request.uploads.isEmpty {
            for secret in redactor.secretFieldValues(jsonText: JSONValue.object(request.variables).serialized) { ledger.note(secret) }
        }
        return ledger
    }

    /// The context of a query or mutation: GraphQL, named, its timeouts, offline behaviour and
    /// retry rules from `options`.
    func requestContext(_ request: GraphQLRequest, options: RequestOptions) -> RequestContext {
        var context = options.context
        context.operationName = request.operationName
        context.isGraphQL = true
        if let timeout = options.timeout { context.timeout = timeout }
        if let attemptTimeout = options.attemptTimeout { context.attemptTimeout = attemptTimeout }
        context.whenOffline = options.whenOffline
        context.isIdempotent = request.operationKind == .query
        context.retriesNonIdempotent = options.retriesMutation
        return context
    }

    /// Reads an HTTP response per the GraphQL-over-HTTP specification. The server's error messages
    /// in a body it returns have `secrets` (the credentials in flight) scrubbed: a server may echo a
    /// token it refused. `secrets` is worked out only when there are errors to scrub: finding them
    /// reads the request. What it throws is scrubbed, and told which request it is about, where the
    /// call leaves the transport.
    func parse(_ response: HTTPResponse, operationName: String,
               secrets: @autoclosure () -> [String] = []) throws -> GraphQLResponseBody {
        let contentType = response.headers["Content-Type"]?.lowercased() ?? ""
        let isGraphQLResponse = contentType.contains("application/graphql-response+json")
        let json = try? JSONParser.parse([UInt8](response.body))
        guard response.isSuccess else {
            // With application/graphql-response+json a 4xx/5xx carries a GraphQL response with errors.
            if isGraphQLResponse, let json, let body = GraphQLResponseBody(json: json), !body.errors.isEmpty {
                throw GraftError(.graphQLErrors, message: body.errors[0].description, operation: operationName,
                                 statusCode: response.statusCode, responseHeaders: response.headers, responseBody: response.body,
                                 underlying: GraphQLErrors(body.errors))
            }
            throw GraftError.httpStatus(response, operation: operationName, redactor: redactor)
        }
        guard let json else {
            throw GraftError(.decoding, message: "the response body is not valid JSON (\(response.body.count) bytes)",
                             operation: operationName,
                             statusCode: response.statusCode, responseHeaders: response.headers, responseBody: response.body)
        }
        guard var body = GraphQLResponseBody(json: json) else {
            throw GraftError(.decoding, message: "the response is not a GraphQL response (no data or errors)",
                             operation: operationName,
                             statusCode: response.statusCode, responseHeaders: response.headers, responseBody: response.body)
        }
        if !body.errors.isEmpty {
            let secrets = secrets()
            if !secrets.isEmpty { body.errors = GraphQLErrors(body.errors).scrubbing(secrets, redactor: redactor).errors }
        }
        body.statusCode = response.statusCode
        body.cacheControl = CacheControl(headers: response.headers)
        return body
    }
}

extension HTTPTransport {
    /// A token-refresh predicate for GraphQL servers: a 401 status, or a response whose `errors`
    /// include `extensions.code == "UNAUTHENTICATED"` (``TokenRefreshInterceptor/graphQLUnauthenticated``,
    /// which `TokenRefreshInterceptor` uses for GraphQL requests by default).
    public static var needsTokenRefresh: TokenRefreshInterceptor.Predicate { TokenRefreshInterceptor.graphQLUnauthenticated }
}
