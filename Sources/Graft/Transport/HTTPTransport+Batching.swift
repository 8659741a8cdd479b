import Foundation

/// When ``HTTPTransport`` sends queries and mutations together in one HTTP request: a batch is sent
/// once it holds ``maxOperations``, or ``maxDelay`` after its first operation, whichever comes first.
public struct BatchingPolicy: Sendable, Hashable {
    /// The most operations in one HTTP request (at least 1).
    public var maxOperations: Int
    /// How long the first operation of a batch waits for others.
    public var maxDelay: Duration

    /// A policy; the defaults send up to 10 operations issued within 10 milliseconds together.
    public init(maxOperations: Int = 10, maxDelay: Duration = .milliseconds(10)) {
        self.maxOperations = max(1, maxOperations)
        self.maxDelay = max(.zero, maxDelay)
    }
}

extension HTTPTransport {
    /// Whether `request` may travel in a batch: a query or mutation without files, `@defer` or
    /// `@stream`, and not a query sent as GET.
    func isBatchable(_ request: GraphQLRequest) -> Bool {
        switch request.operationKind {
        case .subscription: return false
        case .query where usesGETForQueries: return false
        default: return request.uploads.isEmpty && !request.document.usesIncrementalDelivery
        }
    }

    /// Sends `request` in a batch with the operations of the same options; a `GraftError` names
    /// this operation (and the batch's HTTP request).
    func sendBatched(_ request: GraphQLRequest, includingQuery: Bool, key: RequestOptions.SendingKey,
                     queue: HTTPBatchQueue, options: RequestOptions) async throws -> GraphQLResponseBody {
        do {
            return try await queue.response(to: HTTPBatchQueue.Entry(request: request, includingQuery: includingQuery), key: key) { entries in
                try await sendBatch(entries, options: options)
            }
        } catch var error as GraftError {
            error.operation = request.operationName
            throw error
        }
    }

    /// One HTTP request for a batch: a lone operation as usual, several as a JSON array of request
    /// bodies, answered by an array of responses in the same order (as Apollo Server, GraphQL Yoga
    /// and Strawberry accept with batching enabled). A failed HTTP request, or an answer that is
    /// not one response per operation, fails every operation of the batch.
    ///
    /// The batch is a call of its own, shared by its operations: its errors are described and
    /// scrubbed once, as they leave it, with the batch's request and credentials.
    func sendBatch(_ entries: [HTTPBatchQueue.Entry], options: RequestOptions) async throws -> [GraphQLResponseBody] {
        var context = options.context
        context.credentialLedger = nil
        return try await withRequestBoundary(context, redactor: redactor) { boundary in
            var options = options
            options.context = boundary.context
            return try await sendBatchRequest(entries, options: options)
        }
    }

    /// The HTTP request of ``sendBatch(_:options:)``, inside its call.
    private func sendBatchRequest(_ entries: [HTTPBatchQueue.Entry], options: RequestOptions) async throws -> [GraphQLResponseBody] {
        if entries.count == 1, let entry = entries.first {
            return [try await sendAlone(entry.request, includingQuery: entry.includingQuery, options: options)]
        }
        var headers = options.headers
        headers["Accept"] = HTTPTransport.acceptHeader
        headers["Content-Type"] = "application/json"
        let body = JSONValue.array(entries.map { $0.request.body(includingQuery: $0.includingQuery) })
        let httpRequest = HTTPRequest(method: .post, url: url, headers: headers, body: Data(body.serializedBytes))
        let names = entries.map(\.request.operationName).joined(separator: ", ")
        var context = requestContext(entries[0].request, options: options)
        context.operationName = "batch of \(entries.count): \(names)"
        context.isIdempotent = entries.allSatisfy { $0.request.operationKind == .query }
        let ledger = context.credentialLedger ?? CredentialLedger()
        ledger.record(httpRequest)
        do {
            let response = try await client.send(httpRequest, context: context)
            let secrets = redactor.secretsInFlight(httpRequest, credentials: ledger.all)
            guard response.isSuccess else {
                // Throws the status's error (with the server's GraphQL errors when it sent them).
                _ = try parse(response, operationName: names, secrets: secrets)
                throw GraftError.httpStatus(response, operation: names, redactor: redactor)
            }
            guard case .array(let items)? = try? JSONParser.parse([UInt8](response.body)), items.count == entries.count else {
                throw GraftError(.decoding, message: "the server did not answer the batch of \(entries.count) operations with "
                                 + "\(entries.count) responses (does it accept batched requests?)",
                                 operation: names, statusCode: response.statusCode, responseHeaders: response.headers,
                                 responseBody: response.body)
            }
            return try items.map { item in
                guard var body = GraphQLResponseBody(json: item) else {
                    throw GraftError(.decoding, message: "a response of the batch is not a GraphQL response (no data or errors)",
                                     operation: names, statusCode: response.statusCode, responseHeaders: response.headers)
                }
                if !secrets.isEmpty, !body.errors.isEmpty { body.errors = GraphQLErrors(body.errors).scrubbing(secrets, redactor: redactor).errors }
                body.statusCode = response.statusCode
                body.cacheControl = CacheControl(headers: response.headers)
                return body
            }
        }
    }
}
