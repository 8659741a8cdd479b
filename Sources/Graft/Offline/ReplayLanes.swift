/// The pending entries of an ``OfflineMutationQueue`` in one lane per ``QueuedMutation/scope``,
/// and the lanes that may send next. A lane sends its first entry, and nothing else, until that
/// attempt is over; a lane backing off after a transient failure sends nothing until the back-off
/// ends. Lanes that may send wait in a first-come line, so every operation here costs the same
/// whether the queue holds ten entries or a hundred thousand.
struct ReplayLanes {
    struct Lane {
        /// Pending entry ids by sequence; those before `head` are gone.
        var ids: [String] = []
        var head = 0
        /// The entry whose attempt is running.
        var inFlight: String?
        var retryNotBefore: ContinuousClock.Instant?
        /// Whether the lane waits in `ready` (so it is not put there twice).
        var isReady = false

        var first: String? { head < ids.count ? ids[head] : nil }
        var mayBeReady: Bool { !isReady && inFlight == nil && retryNotBefore == nil && first != nil }
        var isIdle: Bool { first == nil && inFlight == nil && retryNotBefore == nil }

        /// Removes an entry: the first one by moving `head` (the array is compacted now and then),
        /// another by searching.
        mutating func remove(_ id: String) {
            if first == id {
                head += 1
                if head >= 64 && head * 2 >= ids.count {
                    ids.removeFirst(head)
                    head = 0
                }
            } else if let index = ids[head...].firstIndex(of: id) {
                ids.remove(at: index)
            }
        }
    }

    private(set) var lanes: [String?: Lane] = [:]
    /// Lanes that may send, in the order they became able to; stale ones are skipped.
    private var ready: [String?] = []
    private var readyHead = 0
    /// Attempts running, over all lanes.
    private(set) var inFlightCount = 0

    /// Puts a pending entry at the end of its lane.
    mutating func append(_ id: String, scope: String?) {
        lanes[scope, default: Lane()].ids.append(id)
        makeReady(scope)
    }

    /// Takes an entry out of its lane (settled, dead-lettered or dropped). An entry in flight stays
    /// in flight until ``finished(_:)``.
    mutating func remove(_ id: String, scope: String?) {
        lanes[scope]?.remove(id)
        makeReady(scope)
    }

    /// The next entry to send, from the lane that has waited longest; marks it in flight.
    mutating func next() -> (id: String, scope: String?)? {
        while readyHead < ready.count {
            let scope = ready[readyHead]
            readyHead += 1
            if readyHead >= 1024 && readyHead * 2 >= ready.count {
                ready.removeFirst(readyHead)
                readyHead = 0
            }
            guard lanes[scope]?.isReady == true else { continue }
            lanes[scope]?.isReady = false
            guard let lane = lanes[scope], lane.inFlight == nil, lane.retryNotBefore == nil, let id = lane.first else { continue }
            lanes[scope]?.inFlight = id
            inFlightCount += 1
            return (id, scope)
        }
        return nil
    }

    /// The attempt running in `scope` is over (its entry removed or still first in line).
    mutating func finished(_ scope: String?) {
        guard lanes[scope]?.inFlight != nil else { return }
        lanes[scope]?.inFlight = nil
        inFlightCount -= 1
        makeReady(scope)
    }

    /// Whether an entry's attempt is running.
    func isInFlight(_ id: String, scope: String?) -> Bool {
        lanes[scope]?.inFlight == id
    }

    /// Keeps `scope` from sending before `instant` (after a transient failure; its first entry stays first).
    mutating func backOff(_ scope: String?, until instant: ContinuousClock.Instant) {
        lanes[scope, default: Lane()].retryNotBefore = instant
    }

    /// Whether `scope` waits for a back-off to end.
    func isBackingOff(_ scope: String?) -> Bool {
        lanes[scope]?.retryNotBefore != nil
    }

    /// Ends `scope`'s back-off if it is the one set for `instant` (a later failure set another).
    /// Returns whether it did.
    mutating func endBackOff(_ scope: String?, setFor instant: ContinuousClock.Instant) -> Bool {
        guard lanes[scope]?.retryNotBefore == instant else { return false }
        lanes[scope]?.retryNotBefore = nil
        makeReady(scope)
        return true
    }

    /// Ends every back-off (the network came back). Returns the scopes that were backing off.
    @discardableResult
    mutating func endBackOffs() -> [String?] {
        let scopes = lanes.compactMap { $0.value.retryNotBefore == nil ? nil : $0.key }
        for scope in scopes {
            lanes[scope]?.retryNotBefore = nil
            makeReady(scope)
        }
        return scopes
    }

    /// Queues `scope` in `ready` if it may send; forgets it if it holds nothing.
    private mutating func makeReady(_ scope: String?) {
        guard let lane = lanes[scope] else { return }
        if lane.isIdle {
            lanes[scope] = nil
        } else if lane.mayBeReady {
            lanes[scope]?.isReady = true
            ready.append(scope)
        }
    }
}
