import Foundation

/// The body of a streamed HTTP response: chunks of bytes in the order they arrived, as the network
/// delivered them (a chunk boundary means nothing; parsers above reassemble parts and events).
///
/// One consumer iterates it once. Ending the iteration early (a `break`, a cancelled task) or
/// calling ``cancel()`` closes the connection. A failure mid-body (the connection dropped, the idle
/// timeout passed) ends the iteration with a ``GraftError``.
///
/// Incremental delivery (`@defer`, `@stream`), HTTP subscriptions and anything else that streams
/// reads this type, through ``MultipartParser`` or ``ServerSentEventParser``.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data
    public typealias AsyncIterator = AsyncThrowingStream<Data, any Error>.Iterator

    private let chunks: AsyncThrowingStream<Data, any Error>
    private let onCancel: @Sendable () -> Void

    /// Wraps `chunks`; `onCancel` stops the producer (for example cancels the URLSession task).
    public init(_ chunks: AsyncThrowingStream<Data, any Error>, onCancel: @escaping @Sendable () -> Void = {}) {
        self.chunks = chunks
        self.onCancel = onCancel
    }

    /// A body that is already whole, delivered as one chunk (none when empty).
    public init(data: Data) {
        self.init(AsyncThrowingStream { continuation in
            if !data.isEmpty { continuation.yield(data) }
            continuation.finish()
        })
    }

    public func makeAsyncIterator() -> AsyncIterator {
        chunks.makeAsyncIterator()
    }

    /// Stops the producer and closes the connection; an iteration under way ends.
    public func cancel() {
        onCancel()
    }

    /// Reads the rest of the body into memory, failing with ``GraftError/Code/transport`` (and
    /// closing the connection) once it passes `limit` bytes.
    public func collect(upTo limit: Int = 64 << 20) async throws -> Data {
        var body = Data()
        for try await chunk in self {
            guard body.count + chunk.count <= limit else {
                cancel()
                throw GraftError.bodyTooLarge(limit: limit)
            }
            body.append(chunk)
        }
        return body
    }

    /// A stream relaying this one through a task of its own, which calls `observe` with each chunk
    /// and `finished` once with the outcome (nil for a normal end), and maps a failure through
    /// `mapError`. Cancelling the result cancels this stream.
    func relayed(observe: @escaping @Sendable (Data) -> Void = { _ in },
                 finished: @escaping @Sendable ((any Error)?) -> Void = { _ in },
                 mapError: @escaping @Sendable (any Error) -> any Error = { $0 }) -> HTTPBodyStream {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let upstream = self
        let pump = Task {
            do {
                for try await chunk in upstream {
                    observe(chunk)
                    continuation.yield(chunk)
                }
                if Task.isCancelled {
                    let error = mapError(GraftError.cancelled())
                    finished(error)
                    continuation.finish(throwing: error)
                } else {
                    finished(nil)
                    continuation.finish()
                }
            } catch {
                let mapped = mapError(error)
                finished(mapped)
                continuation.finish(throwing: mapped)
            }
        }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            pump.cancel()
            upstream.cancel()
        }
        return HTTPBodyStream(stream) {
            pump.cancel()
            upstream.cancel()
            continuation.finish(throwing: GraftError.cancelled())
        }
    }

    /// This stream, failing with ``GraftError/Code/timedOut`` (and closing the connection) when no
    /// chunk arrives for `timeout`: the idle timeout of a response that may stream for as long as
    /// it likes.
    public func idleTimeout(_ timeout: Duration) -> HTTPBodyStream {
        let lastChunk = Locked(ContinuousClock.now)
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let relay = relayed(observe: { _ in lastChunk.withLock { $0 = .now } })
        let pump = Task {
            do {
                for try await chunk in relay { continuation.yield(chunk) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let watchdog = Task {
            while !Task.isCancelled {
                let deadline = lastChunk.withLock { $0 } + timeout
                if ContinuousClock.now >= deadline {
                    continuation.finish(throwing: GraftError(.timedOut, message: "the response was idle: no bytes arrived for \(timeout.graftMilliseconds) ms"))
                    pump.cancel()
                    relay.cancel()
                    return
                }
                try? await Task.sleep(until: deadline, clock: .continuous)
            }
        }
        continuation.onTermination = { termination in
            watchdog.cancel()
            guard case .cancelled = termination else { return }
            pump.cancel()
            relay.cancel()
        }
        return HTTPBodyStream(stream) {
            watchdog.cancel()
            pump.cancel()
            relay.cancel()
            continuation.finish(throwing: GraftError.cancelled())
        }
    }
}
