/// Replay while the monitor says the network is up: each scope's entries one at a time, oldest
/// first; different scopes at once, up to the configured limit.
extension OfflineMutationQueue {
    /// How one attempt ended.
    enum Attempt {
        /// The server answered without errors.
        case delivered(GraphQLResponseBody)
        /// The server answered with GraphQL errors (the body) or a refusing status (no body).
        case rejected(GraftError, GraphQLResponseBody?)
        /// Try again later.
        case transient(GraftError)
        /// The replay was stopped during the attempt.
        case cancelled
    }

    /// The monitor says the network is up: back-offs are over, replay now.
    func networkReturned() {
        for scope in lanes.endBackOffs() { backOffTimers.removeValue(forKey: scope)?.cancel() }
        kick()
    }

    /// Starts attempts, one per scope that may send, up to ``OfflineQueueConfiguration/maxConcurrentReplays``
    /// in flight; called whenever that may have changed. While the monitor says the network is down
    /// nothing starts (its next up status kicks) and callers of `perform` waiting on an entry not
    /// in flight are told it stays queued, as are those whose entry's scope is backing off.
    func kick() {
        guard started else { return }
        guard monitor.status.isSatisfied else {
            releaseFirstAttemptWaiters { !lanes.isInFlight($0.id, scope: $0.scope) }
            return
        }
        let limit = max(1, configuration.maxConcurrentReplays)
        while lanes.inFlightCount < limit, let next = lanes.next() {
            guard let entry = entries[next.id] else {
                lanes.finished(next.scope)
                continue
            }
            emit(.sent(entry))
            attempts[entry.id] = Task { await self.attempt(entry) }
        }
        releaseFirstAttemptWaiters { lanes.isBackingOff($0.scope) && !lanes.isInFlight($0.id, scope: $0.scope) }
    }

    /// Sends `entry` once and settles what its outcome says; then its scope may send its next entry
    /// (so per scope, an entry's events all come before the next one's `sent`).
    func attempt(_ entry: QueuedMutation) async {
        let outcome = await send(entry)
        attempts[entry.id] = nil
        switch outcome {
        case .delivered(let body):
            settle(entry, removing: "could not remove a delivered mutation")
            await settleOptimisticLayer(of: entry, with: body)
            emit(.delivered(entry, body))
            resumeFirstAttempt(of: entry.id, with: .answered(body))
        case .rejected(let error, let body):
            settle(entry, removing: "could not remove a rejected mutation")
            await rollBackOptimisticLayer(of: entry)
            emit(.rejected(entry, error))
            resumeFirstAttempt(of: entry.id, with: body.map { .answered($0) } ?? .rejected(error))
        case .transient(let error):
            await recordFailure(of: entry, error)
        case .cancelled:
            break
        }
        lanes.finished(entry.scope)
        kick()
    }

    /// Sends an entry with its idempotency key and classifies the outcome.
    func send(_ entry: QueuedMutation) async -> Attempt {
        var options = configuration.requestOptions
        options.headers[configuration.idempotencyHeader] = entry.id
        options.whenOffline = .attempt
        do {
            let body = try await client.transport.execute(entry.request, options: options)
            guard body.errors.isEmpty else {
                let error = GraftError(.graphQLErrors, message: body.errors[0].description, operation: entry.request.operationName,
                                       statusCode: body.statusCode, underlying: GraphQLErrors(body.errors))
                return .rejected(error, body)
            }
            return .delivered(body)
        } catch {
            if Task.isCancelled { return .cancelled }
            let graftError = error as? GraftError ?? GraftError(.transport, message: GraftError.safeDescription(of: error),
                                                                operation: entry.request.operationName, underlying: error)
            return Self.isTransient(graftError) ? .transient(graftError) : .rejected(graftError, nil)
        }
    }

    /// Whether an error is worth another attempt: the network, a timeout, a server that failed or
    /// asked to wait (5xx, 408, 429), a client-side rate limit, or a body that is not a GraphQL
    /// response (a captive portal's page). GraphQL errors and other statuses are the server's answer.
    /// The status decides first: a 5xx carrying GraphQL errors is still a server failing.
    static func isTransient(_ error: GraftError) -> Bool {
        if let status = error.statusCode, status >= 400 {
            return status >= 500 || status == 408 || status == 429
        }
        switch error.code {
        case .transport, .timedOut, .offline, .rateLimited, .decoding, .cancelled, .httpStatus: return true
        default: return false
        }
    }

    /// Counts a transient failure: dead-letters the entry at the limit, else backs its scope off
    /// (the entry stays first in its scope's line; other scopes go on).
    func recordFailure(of entry: QueuedMutation, _ error: GraftError) async {
        guard var updated = entries[entry.id] else { return }
        updated.attempts += 1
        updated.lastError = error.description
        if updated.attempts >= configuration.maxAttempts {
            updated.state = .deadLettered
        }
        do {
            try store({ try storage.update(updated) }, updated, "could not record a failed attempt")
        } catch {
            emit(.storageFailed(updated, error))
        }
        entries[entry.id] = updated
        if updated.state == .deadLettered {
            lanes.remove(entry.id, scope: entry.scope)
            await rollBackOptimisticLayer(of: updated)
            emit(.deadLettered(updated, error))
        } else {
            emit(.failed(updated, error))
            backOff(entry.scope, until: .now + configuration.delay(afterFailures: updated.attempts))
        }
        resumeFirstAttempt(of: entry.id, with: .queued)
    }

    /// Removes a settled entry from the storage, the list and its scope's line. If the storage
    /// fails the entry is still dropped from this run; it comes back at the next launch and is
    /// sent again with the same key, which the server answers without applying it twice.
    func settle(_ entry: QueuedMutation, removing what: String) {
        do {
            try store({ try storage.remove(id: entry.id) }, entry, what)
        } catch {
            emit(.storageFailed(entry, error))
        }
        entries[entry.id] = nil
        lanes.remove(entry.id, scope: entry.scope)
    }

    // MARK: Waiting

    /// Keeps `scope` from sending until `instant`, or until the network comes back.
    func backOff(_ scope: String?, until instant: ContinuousClock.Instant) {
        lanes.backOff(scope, until: instant)
        backOffTimers[scope]?.cancel()
        backOffTimers[scope] = Task { [weak self] in
            try? await Task.sleep(until: instant, clock: .continuous)
            guard !Task.isCancelled else { return }
            await self?.backOffEnded(scope, setFor: instant)
        }
    }

    func backOffEnded(_ scope: String?, setFor instant: ContinuousClock.Instant) {
        guard lanes.endBackOff(scope, setFor: instant) else { return }
        backOffTimers[scope] = nil
        kick()
    }

    func resumeFirstAttempt(of id: String, with outcome: FirstAttempt) {
        firstAttemptWaiters.removeValue(forKey: id)?.resume(returning: outcome)
    }

    /// Tells the `perform` callers waiting on entries that `blocked` picks (all by default) that
    /// their mutation stays queued.
    func releaseFirstAttemptWaiters(where blocked: (QueuedMutation) -> Bool = { _ in true }) {
        guard !firstAttemptWaiters.isEmpty else { return }
        for id in Array(firstAttemptWaiters.keys) where entries[id].map(blocked) ?? true {
            resumeFirstAttempt(of: id, with: .queued)
        }
    }
}
