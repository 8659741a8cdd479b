import Foundation

extension HTTPTransport {
    /// Starts a subscription over HTTP with ``subscriptionProtocol``: a stream of response bodies
    /// until the server completes it. Ending the iteration (or cancelling its task) closes the
    /// connection. The server ending the subscription with errors instead of results (a plain JSON
    /// refusal, a top-level `errors` part, a result with errors and no data) ends the stream with
    /// ``GraftError/subscriptionFailed(_:operation:statusCode:)``, as over a WebSocket; errors beside
    /// data are the event's. A plain JSON answer with data gives its one body and ends; a non-2xx
    /// status, a malformed or truncated stream end the stream with a ``GraftError``.
    public func subscribe(_ request: GraphQLRequest, options: RequestOptions) -> AsyncThrowingStream<GraphQLResponseBody, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await streamSubscription(request, options: options) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends the subscription and hands each result to `yield` until the stream completes. The
    /// subscription is a call: its errors are described and scrubbed once, as they leave it.
    func streamSubscription(_ request: GraphQLRequest, options: RequestOptions,
                            yield: (GraphQLResponseBody) -> Void) async throws {
        var httpRequest = try httpRequest(request, includingQuery: true, options: options)
        httpRequest.headers["Accept"] = subscriptionProtocol.acceptHeader
        var context = options.context
        context.operationName = request.operationName
        context.isGraphQL = true
        if let timeout = options.timeout { context.timeout = timeout }
        if let attemptTimeout = options.attemptTimeout { context.attemptTimeout = attemptTimeout }
        // Nothing happens on the server until the first byte: a subscription may be retried before it.
        context.isIdempotent = true
        let operationName = request.operationName
        try await withRequestBoundary(context, request: httpRequest, redactor: redactor) { boundary in
            let ledger = boundary.ledger
            let response = try await client.stream(httpRequest, context: boundary.context)
            defer { response.body.cancel() }
            let secrets = redactor.secretsInFlight(httpRequest, credentials: ledger.all)
            let contentType = response.headers["Content-Type"]?.lowercased() ?? ""
            let reader = SubscriptionPayloadReader(operationName: operationName, secrets: secrets, redactor: redactor)
            guard response.isSuccess, contentType.hasPrefix("multipart/mixed") || contentType.hasPrefix("text/event-stream") else {
                let complete = try await response.collect(upTo: 16 << 20)
                let body = try parse(complete, operationName: operationName, secrets: secrets)
                if let json = try? JSONParser.parse([UInt8](complete.body)), let errors = GraphQLResponseBody.subscriptionFailure(in: json) {
                    throw reader.failure(errors, statusCode: complete.statusCode)
                }
                yield(body)
                return
            }
            if contentType.hasPrefix("multipart/mixed") {
                var parser = try MultipartParser(contentType: response.headers["Content-Type"] ?? "")
                for try await chunk in response.body {
                    for part in try parser.parse(chunk) {
                        if let body = try reader.multipartPayload(part.body) { yield(body) }
                    }
                    if parser.isComplete { return }
                }
                try Task.checkCancellation()
                try parser.finish()
            } else {
                var parser = ServerSentEventParser()
                for try await chunk in response.body {
                    for event in try parser.parse(chunk) {
                        switch try reader.event(event) {
                        case .next(let body): yield(body)
                        case .complete: return
                        case .ignored: continue
                        }
                    }
                }
                try Task.checkCancellation()
                try parser.finish()
                throw GraftError(.transport, message: "the event stream ended without a complete event")
            }
        }
    }
}
