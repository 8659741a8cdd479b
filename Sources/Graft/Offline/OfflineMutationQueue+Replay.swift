/// The replay loop: one entry at a time, oldest first, while the monitor says the network is up.
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

    /// The monitor says the network is up: back-off is over, replay now.
    func networkReturned() {
        retryNotBefore = nil
        kick()
    }

    /// Starts the replay loop, or tells the running one to look again. While the monitor says the
    /// network is down no loop is started (it would end at once); its next up status kicks.
    func kick() {
        guard started else { return }
        wakeRequested = true
        resumePause()
        if replayTask == nil && monitor.status.isSatisfied {
            replayGeneration += 1
            let generation = replayGeneration
            replayTask = Task { await self.replay(generation) }
        }
    }

    /// Sends entries until none is pending, the network is down, or the loop is stopped (a loop
    /// of an earlier `start` ends without touching the current one's state).
    func replay(_ generation: Int) async {
        while !Task.isCancelled && generation == replayGeneration {
            wakeRequested = false
            guard monitor.status.isSatisfied,
                  let entry = entries.first(where: { $0.state == .pending }) else { break }
            if let retryNotBefore, retryNotBefore > .now {
                releaseFirstAttemptWaiters()
                await pause(until: retryNotBefore)
                continue
            }
            inFlight = entry.id
            emit(.sent(entry))
            let attempt = await send(entry)
            inFlight = nil
            switch attempt {
            case .delivered(let body):
                await settle(entry, removing: "could not remove a delivered mutation")
                await settleOptimisticLayer(of: entry, with: body)
                emit(.delivered(entry, body))
                resumeFirstAttempt(of: entry.id, with: .answered(body))
            case .rejected(let error, let body):
                await settle(entry, removing: "could not remove a rejected mutation")
                await rollBackOptimisticLayer(of: entry)
                emit(.rejected(entry, error))
                resumeFirstAttempt(of: entry.id, with: body.map { .answered($0) } ?? .rejected(error))
            case .transient(let error):
                await recordFailure(of: entry, error)
            case .cancelled:
                break
            }
        }
        guard generation == replayGeneration else { return }
        replayTask = nil
        releaseFirstAttemptWaiters()
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

    /// Counts a transient failure: dead-letters the entry at the limit, else backs off.
    func recordFailure(of entry: QueuedMutation, _ error: GraftError) async {
        guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return }
        var updated = entries[index]
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
        entries[index] = updated
        if updated.state == .deadLettered {
            await rollBackOptimisticLayer(of: updated)
            emit(.deadLettered(updated, error))
        } else {
            emit(.failed(updated, error))
            retryNotBefore = .now + configuration.delay(afterFailures: updated.attempts)
        }
        resumeFirstAttempt(of: entry.id, with: .queued)
    }

    /// Removes a settled entry from the storage and the list. If the storage fails the entry is
    /// still dropped from this run; it comes back at the next launch and is sent again with the
    /// same key, which the server answers without applying it twice.
    func settle(_ entry: QueuedMutation, removing what: String) async {
        do {
            try store({ try storage.remove(id: entry.id) }, entry, what)
        } catch {
            emit(.storageFailed(entry, error))
        }
        entries.removeAll { $0.id == entry.id }
    }

    // MARK: Waiting

    /// Waits until `instant`, or until ``kick()`` (new work, the network back) or ``stop()``.
    func pause(until instant: ContinuousClock.Instant) async {
        if wakeRequested { return }
        let timer = Task { [weak self] in
            try? await Task.sleep(until: instant, clock: .continuous)
            await self?.resumePause()
        }
        await withCheckedContinuation { pauseWaiter = $0 }
        timer.cancel()
    }

    func resumePause() {
        pauseWaiter?.resume()
        pauseWaiter = nil
    }

    func resumeFirstAttempt(of id: String, with outcome: FirstAttempt) {
        firstAttemptWaiters.removeValue(forKey: id)?.resume(returning: outcome)
    }

    /// Tells every `perform` caller still waiting that its mutation stays queued.
    func releaseFirstAttemptWaiters() {
        let waiters = firstAttemptWaiters
        firstAttemptWaiters = [:]
        for waiter in waiters.values { waiter.resume(returning: .queued) }
    }
}
