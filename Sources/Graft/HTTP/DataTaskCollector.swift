import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a ``URLSessionHTTPClient``'s own session: collects each data task's response
/// and bytes, so that a body cut short is reported as such ("the response ended after 512 of 1024
/// bytes") rather than as a bare URLError number, which is all `URLSession.data(for:)` gives.
final class DataTaskCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A task under way: what arrived so far and who waits for it.
    private struct Pending {
        var response: HTTPURLResponse?
        var body = Data()
        let continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
    }

    private let pending = Locked<[Int: Pending]>([:])

    /// Runs `request` as a data task of `session` (whose delegate is this collector) and returns
    /// the response with its whole body. Cancelling the calling task cancels the data task.
    func perform(_ request: URLRequest, on session: URLSession) async throws -> (HTTPURLResponse, Data) {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        guard let error else {
            guard let response = entry.response else {
                entry.continuation.resume(throwing: GraftError(.transport, message: "the response was not an HTTP response"))
                return
            }
            entry.continuation.resume(returning: (response, entry.body))
            return
        }
        entry.continuation.resume(throwing: Self.describe(error, response: entry.response, received: entry.body.count))
    }

    /// A failure after the response head arrived is a body cut short; other failures pass as they are.
    static func describe(_ error: any Error, response: HTTPURLResponse?, received: Int) -> any Error {
        guard let response, let urlError = error as? URLError, urlError.code != .cancelled, urlError.code != .timedOut else {
            return error
        }
        let expected = response.expectedContentLength
        let message = expected > 0 && Int64(received) < expected
            ? "the response ended after \(received) of \(expected) bytes"
            : "the connection closed before the response was complete (\(received) bytes received)"
        return GraftError(.transport, message: message, statusCode: response.statusCode, underlying: urlError.redactingURL(.default))
    }
}
