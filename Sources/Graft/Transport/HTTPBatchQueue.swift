/// Collects the operations an ``HTTPTransport`` sends within a short window into batches: one
/// batch per ``RequestOptions/SendingKey`` (operations travelling together share one HTTP request,
/// so their headers and options must agree), sent when it holds ``BatchingPolicy/maxOperations``
/// or ``BatchingPolicy/maxDelay`` after its first operation joined, whichever comes first.
///
/// Each caller waits on a continuation of its own: a caller cancelled before its batch is sent
/// leaves the batch (an empty batch is never sent); one cancelled after leaves at once, and the
/// HTTP request is cancelled only when every caller of the batch has left.
final class HTTPBatchQueue: Sendable {
    /// One operation of a batch: the request and whether its document is sent (persisted queries).
    struct Entry: Sendable {
        let request: GraphQLRequest
        let includingQuery: Bool
    }

    /// Sends a batch's entries (in the order they joined) and returns their responses in the same order.
    typealias Send = @Sendable ([Entry]) async throws -> [GraphQLResponseBody]

    /// One caller.
    private final class Member: Sendable {
        let entry: Entry
        let caller = WaitingCaller<GraphQLResponseBody>()
        // Set once, under the queue's lock, before anything reads it.
        nonisolated(unsafe) var batch: Batch?
        init(_ entry: Entry) { self.entry = entry }
    }

    /// The operations collected for one HTTP request.
    private final class Batch: @unchecked Sendable {
        // Guarded by the queue's lock.
        let send: Send
        var members: [Member] = []
        var sent: [Member]?
        var timer: Task<Void, Never>?
        var task: Task<Void, Never>?
        init(send: @escaping Send) { self.send = send }
    }

    /// When batches are sent.
    let policy: BatchingPolicy
    /// The batches still collecting, by the options their operations share.
    private let open = Locked<[RequestOptions.SendingKey: Batch]>([:])

    /// The callers in batches still collecting, for tests.
    var collecting: Int { open.withLock { $0.values.reduce(0) { $0 + $1.members.count } } }

    init(policy: BatchingPolicy) {
        self.policy = policy
    }

    /// The response to `entry`, sent in a batch with the other operations of the same `key`.
    func response(to entry: Entry, key: RequestOptions.SendingKey, send: @escaping Send) async throws -> GraphQLResponseBody {
        let member = Member(entry)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let full: Batch? = open.withLock { open in
                    guard member.caller.wait(on: continuation) else {
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    let batch: Batch
                    if let collecting = open[key] {
                        batch = collecting
                    } else {
                        batch = Batch(send: send)
                        open[key] = batch
                        let delay = policy.maxDelay
                        batch.timer = Task { [weak self] in
                            do { try await Task.sleep(for: delay) } catch { return }
                            self?.close(batch, key: key)
                        }
                    }
                    batch.members.append(member)
                    member.batch = batch
                    guard batch.members.count >= policy.maxOperations else { return nil }
                    open[key] = nil
                    batch.timer?.cancel()
                    return batch
                }
                if let full { start(full) }
            }
        } onCancel: {
            leave(member, key: key)
        }
    }

    /// Stops a batch collecting (its time is up) and sends it.
    private func close(_ batch: Batch, key: RequestOptions.SendingKey) {
        let closed = open.withLock { open in
            guard open[key] === batch else { return false }
            open[key] = nil
            return true
        }
        if closed { start(batch) }
    }

    /// Sends a batch that no longer collects, and answers its callers.
    private func start(_ batch: Batch) {
        open.withLock { _ in
            let members = batch.members
            batch.sent = members
            guard !members.isEmpty else { return }
            let entries = members.map(\.entry)
            batch.task = Task {
                let result: Result<[GraphQLResponseBody], any Error>
                do { result = .success(try await batch.send(entries)) } catch { result = .failure(error) }
                self.answer(batch, with: result)
            }
        }
    }

    /// Gives each caller still waiting its response, or the batch's error.
    private func answer(_ batch: Batch, with result: Result<[GraphQLResponseBody], any Error>) {
        let answers = open.withLock { _ in
            (batch.sent ?? []).enumerated().compactMap { index, member in
                member.caller.takeContinuation().map { continuation -> (CheckedContinuation<GraphQLResponseBody, any Error>, Result<GraphQLResponseBody, any Error>) in
                    switch result {
                    case .success(let bodies) where bodies.indices.contains(index): return (continuation, .success(bodies[index]))
                    case .success:
                        return (continuation, .failure(GraftError(.decoding, message: "the batch's response has no result for this operation",
                                                                  operation: member.entry.request.operationName)))
                    case .failure(let error): return (continuation, .failure(error))
                    }
                }
            }
        }
        for (continuation, result) in answers { continuation.resume(with: result) }
    }

    /// A cancelled caller leaves its batch; the last caller of a sent batch to leave cancels its request.
    private func leave(_ member: Member, key: RequestOptions.SendingKey) {
        let continuation = open.withLock { open in
            let continuation = member.caller.cancel()
            if continuation != nil, let batch = member.batch {
                if let sent = batch.sent {
                    if !sent.contains(where: { $0.caller.isWaiting }) { batch.task?.cancel() }
                } else {
                    batch.members.removeAll { $0 === member }
                    if batch.members.isEmpty, open[key] === batch {
                        open[key] = nil
                        batch.timer?.cancel()
                    }
                }
            }
            return continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}
