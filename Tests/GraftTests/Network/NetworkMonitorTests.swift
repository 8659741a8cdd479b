import Foundation
import Graft
import GraftTesting
import GraftTestSupport
import Testing

/// The manual network monitor and the interceptor that consults a monitor: while offline a request
/// fails fast (nothing sent), waits for the network, or is sent anyway, as its context says.
@Suite(.timingSensitive) struct NetworkMonitorTests {
    static func client(_ monitor: ManualNetworkMonitor) -> (InterceptingHTTPClient, MockHTTPClient) {
        let base = MockHTTPClient { _, _ in .json("{}") }
        return (InterceptingHTTPClient(base: base, interceptors: [NetworkMonitorInterceptor(monitor)]), base)
    }

    static func context(_ behavior: OfflineBehavior) -> RequestContext {
        var context = RequestContext()
        context.whenOffline = behavior
        return context
    }

    static let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/x")!)

    @Test func statusesStartWithTheCurrentOneAndFollowChanges() async {
        let monitor = ManualNetworkMonitor(.online)
        var iterator = monitor.statuses().makeAsyncIterator()
        #expect(await iterator.next() == .online)
        monitor.set(.offline)
        monitor.set(.offline)  // no change, no event
        monitor.set(NetworkStatus(isSatisfied: true, isExpensive: true))
        #expect(await iterator.next() == .offline)
        #expect(await iterator.next() == NetworkStatus(isSatisfied: true, isExpensive: true))
    }

    @Test func failFastSendsNothing() async throws {
        let monitor = ManualNetworkMonitor(.offline)
        let (client, base) = Self.client(monitor)
        let error = await #expect(throws: GraftError.self) {
            _ = try await client.send(Self.request, context: Self.context(.failFast))
        }
        #expect(error?.code == .offline)
        #expect(base.requests.isEmpty)
        monitor.set(.online)
        _ = try await client.send(Self.request, context: Self.context(.failFast))
        #expect(base.requests.count == 1)
    }

    @Test func waitForNetworkSendsWhenTheNetworkIsBack() async throws {
        let monitor = ManualNetworkMonitor(.offline)
        let (client, base) = Self.client(monitor)
        let sent = Task { try await client.send(Self.request, context: Self.context(.waitForNetwork)).statusCode }
        // However long it waits, nothing goes out while offline.
        for _ in 0..<20 { await Task.yield() }
        #expect(base.requests.isEmpty)
        monitor.set(.online)
        #expect(try await sent.value == 200)
        #expect(base.requests.count == 1)
    }

    @Test func attemptSendsAnyway() async throws {
        let (client, base) = Self.client(ManualNetworkMonitor(.offline))
        _ = try await client.send(Self.request, context: Self.context(.attempt))
        #expect(base.requests.count == 1)
    }

    @Test func aWaitEndsWithTheRequestsTimeout() async throws {
        let (client, base) = Self.client(ManualNetworkMonitor(.offline))
        var context = Self.context(.waitForNetwork)
        context.timeout = .milliseconds(50)
        let error = await #expect(throws: GraftError.self) { _ = try await client.send(Self.request, context: context) }
        #expect(error?.code == .timedOut)
        #expect(base.requests.isEmpty)
    }
}
