import Testing
@testable import Graft

/// The lanes alone: one entry in flight per scope, in order; back-offs keep a lane out until they
/// end; a lane emptied is forgotten; long lanes stay in order across compaction.
@Suite struct ReplayLanesTests {
    @Test func eachScopeSendsItsEntriesInOrderOneAtATime() {
        var lanes = ReplayLanes()
        for (id, scope) in [("a1", "a"), ("b1", "b"), ("a2", "a"), ("n1", nil), ("b2", "b")] as [(String, String?)] {
            lanes.append(id, scope: scope)
        }
        var first: [String] = []
        for _ in 0..<3 { if let next = lanes.next() { first.append(next.id) } }
        #expect(first == ["a1", "b1", "n1"])
        #expect(lanes.next() == nil)
        #expect(lanes.inFlightCount == 3)
        lanes.remove("b1", scope: "b")
        lanes.finished("b")
        #expect(lanes.next()?.id == "b2")
        lanes.finished("a")  // a1's attempt ended without settling: a1 goes again, before a2
        #expect(lanes.next()?.id == "a1")
        #expect(lanes.next() == nil)
    }

    @Test func aLaneBackingOffWaitsUntilItsBackOffEnds() {
        var lanes = ReplayLanes()
        lanes.append("a1", scope: "a")
        lanes.append("b1", scope: "b")
        let instant = ContinuousClock.now + .seconds(60)
        #expect(lanes.next()?.id == "a1")
        lanes.backOff("a", until: instant)
        lanes.finished("a")
        #expect(lanes.isBackingOff("a"))
        #expect(lanes.next()?.id == "b1")
        #expect(lanes.next() == nil)
        let ended = lanes.endBackOff("a", setFor: instant + .seconds(1))
        #expect(!ended, "the timer of another back-off does not end this one")
        let endedNow = lanes.endBackOff("a", setFor: instant)
        #expect(endedNow)
        #expect(lanes.next()?.id == "a1")
        lanes.backOff("a", until: instant)
        let scopes = lanes.endBackOffs()
        #expect(scopes == ["a"])
    }

    @Test func emptiedLanesAreForgottenAndLongLanesKeepTheirOrder() {
        var lanes = ReplayLanes()
        for n in 0..<1000 { lanes.append("e\(n)", scope: "long") }
        lanes.append("x", scope: "short")
        lanes.remove("e500", scope: "long")  // dropped from the middle
        var sent: [String] = []
        while let next = lanes.next() {
            sent.append(next.id)
            lanes.remove(next.id, scope: next.scope)
            lanes.finished(next.scope)
        }
        #expect(sent.filter { $0 != "x" } == (0..<1000).filter { $0 != 500 }.map { "e\($0)" })
        #expect(sent.contains("x"))
        #expect(lanes.lanes.isEmpty)
        #expect(lanes.inFlightCount == 0)
    }
}
