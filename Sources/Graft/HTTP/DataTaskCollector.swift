import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Security)
import Security
#endif

/// The delegate of a ``URLSessionHTTPClient``'s own session: receives each data task's response
/// and bytes, either collecting them (so that a body cut short is reported as such, "the response
/// ended after 512 of 1024 bytes", rather than as a bare URLError number, which is all
/// `URLSession.data(for:)` gives) or passing them on as they arrive (a streamed response; on Linux
/// URLSession has no `bytes(for:)`).
final class DataTaskCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Who waits for a task's bytes.
    private enum Consumer {
        /// The whole response, at the end.
        case whole(CheckedContinuation<(HTTPURLResponse, Data), any Error>)
        /// The head as soon as it arrives (nil once resumed), then each chunk.
        case streaming(head: CheckedContinuation<HTTPURLResponse, any Error>?, body: AsyncThrowingStream<Data, any Error>.Continuation)
    }

    /// A task under way: what arrived so far and who waits for it.
    private struct Pending {
        var response: HTTPURLResponse?
        var body = Data()
        var received = 0
        var consumer: Consumer
        /// The most bytes of body collected for a whole response (nil: no limit).
        var bodyLimit: Int?
        /// Set when the body passed ``bodyLimit`` and the task was cancelled.
        var bodyLimitFailure: GraftError?
        /// Set when the trust challenge refused the server's key (Apple platforms).
        var pinningFailure: GraftError?
    }

    private let pending = Locked<[Int: Pending]>([:])
    /// Trust and pinning for the trust challenge (Apple platforms; Linux URLSession never asks).
    let tls: TLSOptions?

    init(tls: TLSOptions? = nil) {
        self.tls = tls
    }

    /// Runs `request` as a data task of `session` (whose delegate is this collector) and returns
    /// the response with its whole body, failing once the body passes `bodyLimit` bytes.
    /// Cancelling the calling task cancels the data task.
    func perform(_ request: URLSessionBody, on session: URLSession, bodyLimit: Int? = nil) async throws -> (HTTPURLResponse, Data) {
        let task = request.makeTask(on: session)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(consumer: .whole(continuation), bodyLimit: bodyLimit) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Runs `request` as a data task of `session` and returns when the response head arrives, with
    /// the body streaming. Cancelling the calling task before then, or the body afterwards (or
    /// ending its iteration), cancels the data task.
    func stream(_ request: URLSessionBody, on session: URLSession) async throws -> (HTTPURLResponse, HTTPBodyStream) {
        let task = request.makeTask(on: session)
        let (chunks, body) = AsyncThrowingStream<Data, any Error>.makeStream()
        body.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(consumer: .streaming(head: continuation, body: body)) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return (response, HTTPBodyStream(chunks) { task.cancel() })
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let head = pending.withLock { tasks -> CheckedContinuation<HTTPURLResponse, any Error>? in
            tasks[dataTask.taskIdentifier]?.response = http
            guard case .streaming(let head?, let body)? = tasks[dataTask.taskIdentifier]?.consumer, http != nil else {
                return nil
            }
            tasks[dataTask.taskIdentifier]?.consumer = .streaming(head: nil, body: body)
            return head
        }
        completionHandler(.allow)
        if let head, let http { head.resume(returning: http) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var overLimit = false
        let body = pending.withLock { tasks -> AsyncThrowingStream<Data, any Error>.Continuation? in
            // Taken out of the table and put back, so that the body is appended to in place: a
            // copy of the entry would copy the body received so far at each chunk.
            guard var entry = tasks.removeValue(forKey: dataTask.taskIdentifier) else { return nil }
            defer { tasks[dataTask.taskIdentifier] = entry }
            guard entry.bodyLimitFailure == nil else { return nil }
            entry.received += data.count
            switch entry.consumer {
            case .whole:
                if let limit = entry.bodyLimit, entry.received > limit || (entry.response?.expectedContentLength ?? -1) > Int64(limit) {
                    entry.bodyLimitFailure = .bodyTooLarge(limit: limit, statusCode: entry.response?.statusCode,
                                                           remedy: "raise URLSessionHTTPClient's responseBodyLimit, or read it with stream(_:context:)")
                    entry.body = Data()
                    overLimit = true
                } else {
                    entry.body.append(data)
                }
                return nil
            case .streaming(_, let body):
                return body
            }
        }
        if overLimit { dataTask.cancel() }
        body?.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let failure = entry.pinningFailure ?? entry.bodyLimitFailure
            ?? error.map { Self.describe($0, response: entry.response, received: entry.received) }
        switch entry.consumer {
        case .whole(let continuation):
            if let failure { return continuation.resume(throwing: failure) }
            guard let response = entry.response else {
                return continuation.resume(throwing: GraftError(.transport, message: "the response was not an HTTP response"))
            }
            continuation.resume(returning: (response, entry.body))
        case .streaming(let head, let body):
            if let head {
                head.resume(throwing: failure ?? GraftError(.transport, message: "the response was not an HTTP response"))
            }
            if let failure { body.finish(throwing: failure) } else { body.finish() }
        }
    }

    /// A failure after the response head arrived is a body cut short; other failures pass as they are.
    static func describe(_ error: any Error, response: HTTPURLResponse?, received: Int) -> any Error {
        guard let response, let urlError = error as? URLError, urlError.code != .cancelled, urlError.code != .timedOut else {
            return error
        }
        let expected = response.expectedContentLength
        return GraftError.bodyCutShort(received: received, expected: expected > 0 ? Int(expected) : nil,
                                       statusCode: response.statusCode, underlying: urlError.redactingURL(.default))
    }
}

#if canImport(Security)
extension DataTaskCollector {
    /// The server-trust challenge (task-level: URLSession asks it when there is no session-level
    /// one): the CA file and the host's pins through ``TrustEvaluator``. A pin mismatch cancels the
    /// challenge, so nothing is sent, and the task fails with ``GraftError/Code/pinningFailed``.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust, let tls,
              let evaluator = try? TrustEvaluator(tls: tls, host: space.host), evaluator.isCustom else {
            return completionHandler(.performDefaultHandling, nil)
        }
        switch evaluator.evaluate(trust) {
        case .trusted:
            completionHandler(.useCredential, URLCredential(trust: trust))
        case .untrusted:
            completionHandler(.cancelAuthenticationChallenge, nil)
        case .pinMismatch(let pinSet):
            if let pinning = tls.pinning {
                let failure = pinning.failure(host: space.host, port: space.port, pinSet: pinSet, detail: "Security framework trust check")
                pending.withLock { $0[task.taskIdentifier]?.pinningFailure = failure }
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
#endif
