import Foundation
import Graft
import GraftTesting

/// Helpers shared by the Graft unit tests.
enum TestSupport {
    /// A request to `https://api.example.test<path>`.
    static func request(_ path: String = "/graphql", method: HTTPMethod = .get, headers: HTTPHeaders = [:],
                        body: String? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: URL(string: "https://api.example.test\(path)")!, headers: headers,
                    body: body.map { Data($0.utf8) })
    }

    /// Whether `request` carries `Authorization: Bearer <token>`; compared here so that a failing
    /// expectation never prints the credential.
    static func carriesBearer(_ request: HTTPRequest, _ token: String) -> Bool {
        request.headers["Authorization"] == "Bearer \(token)"
    }
}

/// A counter tasks can share.
actor Counter {
    private(set) var value = 0

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        value += 1
        return value
    }
}

/// Holds tasks until `count` of them have arrived, then lets them all through at once.
actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
    }

    /// Waits until `count` tasks (including this one) have called `arrive()`.
    func arrive() async {
        arrived += 1
        if arrived >= count {
            waiting.forEach { $0.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// An append-only list tasks can share.
actor Recorder<Element: Sendable> {
    private(set) var items: [Element] = []

    func append(_ item: Element) {
        items.append(item)
    }
}
