import Foundation

extension HTTPTransport {
    /// The `Accept` header of an operation with `@defer` or `@stream` under the default
    /// ``IncrementalDeliveryFormat/any``: both formats, graphql-js 17's first.
    public static let incrementalAcceptHeader = IncrementalDeliveryFormat.any.acceptHeader

    /// Sends an operation whose response may arrive in parts: each element is the whole response so
    /// far (``IncrementalResponse``: data merged, errors collected), the last one complete. A server
    /// that answers with plain JSON gives that one response. `options.timeout` bounds the whole
    /// response (the timeout interceptor's idle timeout applies between chunks). A non-2xx status,
    /// a malformed part, a stream that ends while the server said more would follow (`hasNext`)
    /// end the stream with a ``GraftError``; cancelling the iteration closes the connection.
    public func executeIncrementally(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await withCall(request, options: options) { options in
                        try await withPersistedQuery(request) { request, includingQuery in
                            try await sendIncremental(request, includingQuery: includingQuery, options: options) { body in
                                // A persisted-query miss is answered again with the document; don't show it.
                                if !body.errors.contains(where: HTTPTransport.isPersistedQueryNotFound) { continuation.yield(body) }
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends `request` and reads its response as it streams: each fuller response goes to `yield`
    /// (a payload that changes nothing is not repeated) and the last is returned. A response that is not `multipart/mixed` is read whole and parsed
    /// as one GraphQL response.
    func sendIncremental(_ request: GraphQLRequest, includingQuery: Bool, options: RequestOptions,
                         yield: @Sendable (GraphQLResponseBody) -> Void) async throws -> GraphQLResponseBody {
        let httpRequest = try httpRequest(request, includingQuery: includingQuery, options: options)
        let context = requestContext(request, options: options)
        let ledger = sending(httpRequest, for: request, context: context)
        let operationName = request.operationName
        do {
            let response = try await client.stream(httpRequest, context: context)
            defer { response.body.cancel() }
            let secrets = redactor.secretsInFlight(httpRequest, credentials: ledger.all)
            let contentType = response.headers["Content-Type"] ?? ""
            guard response.isSuccess, contentType.lowercased().hasPrefix("multipart/mixed") else {
                let body = try parse(try await response.collect(upTo: 64 << 20), operationName: operationName, secrets: secrets)
                yield(body)
                return body
            }
            var parser = try MultipartParser(contentType: contentType)
            var incremental = IncrementalResponse()
            for try await chunk in response.body {
                for part in try parser.parse(chunk) {
                    guard let json = try? JSONParser.parse([UInt8](part.body)) else {
                        throw GraftError(.decoding, message: "a part of the multipart response is not JSON (\(part.body.count) bytes)",
                                         operation: operationName)
                    }
                    if json == .object([:]) { continue }  // a heartbeat
                    let changed = try incremental.apply(json)
                    var body = incremental.body
                    if !secrets.isEmpty, !body.errors.isEmpty { body.errors = GraphQLErrors(body.errors).scrubbing(secrets, redactor: redactor).errors }
                    body.statusCode = response.statusCode
                    // A payload that adds nothing (graphql-js may end with a bare `{"hasNext":false}`) is not repeated.
                    if changed { yield(body) }
                    if !incremental.hasNext { return body }
                }
                if parser.isComplete { break }
            }
            try Task.checkCancellation()
            try parser.finish()
            throw GraftError(.transport, message: incremental.payloadCount == 0
                             ? "the multipart response ended without a part"
                             : "the multipart response ended after \(incremental.payloadCount) parts while the server said more would follow (hasNext)",
                             operation: operationName)
        }
    }
}
