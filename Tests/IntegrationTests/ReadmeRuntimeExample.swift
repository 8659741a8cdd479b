import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite
import GraftWebSocket

/// The examples of the ClientAndWiring, CachingAndPagination and OfflineAndTrust articles (which
/// DocumentationTests typechecks as written), kept here to run them, so that
/// a change to the API it uses fails the build. RecommendedClientIntegrationTests runs the same
/// wiring against the server.
enum ReadmeRuntimeExample {
    static func run() async throws {
        let endpoint = URL(string: "https://api.example.com/graphql")!
        let refreshURL = URL(string: "https://api.example.com/auth/refresh")!

        struct Refreshed: Decodable { let accessToken: String }
        let tokens = TokenRefreshCoordinator(token: nil) { rejectedToken, http in
            let request = HTTPRequest(method: .post, url: refreshURL)
            let response = try await http.send(request, context: RequestContext(operationName: "refresh"))
            guard response.statusCode == 200 else { throw GraftError.httpStatus(response, operation: "refresh") }
            return try JSONDecoder().decode(Refreshed.self, from: response.body).accessToken
        }
        let client = GraphQLClient(url: endpoint, tokens: tokens, store: CacheStore(), logSink: PrintLogSink(),
                                   retryPolicy: RetryPolicy(maxAttempts: 3), timeout: .seconds(30))

        let course = try await client.fetch(CourseDetailQuery(lookup: .slug("swift-concurrency")), cachePolicy: .cacheFirst)
        print(course.data?.course?.fragments.courseDetails.fragments.courseCard.title ?? "none")
        for try await result in client.watch(ViewerQuery()) {
            print(result.data as Any)
        }
    }

    /// The CachingAndPagination article's pager example.
    static func pagination(client: GraphQLClient) async throws {
        let pager = client.pager(CourseCatalogQuery(first: 20),
                                 pageInfo: { data in
                                     let info = data.courses.pageInfo
                                     return PageInfo(hasNextPage: info.hasNextPage, hasPreviousPage: info.hasPreviousPage,
                                                     startCursor: info.startCursor, endCursor: info.endCursor)
                                 },
                                 next: { query, page in
                                     guard let cursor = page.endCursor else { return nil }
                                     var next = query
                                     next.after = .some(cursor)
                                     return next
                                 })

        Task {
            for try await data in pager.values {          // every loaded page, merged; again after each change
                print(data.courses.edges.map(\.node.fragments.courseCard.title))
            }
        }
        try await pager.loadNext()                        // the first page, then each next one
        if await pager.hasNext { try await pager.loadNext() }
        try await pager.refetch()                         // the first page again; the list starts over
    }

    /// The OfflineAndTrust article's HTTPS guard example.
    static func httpsGuard(endpoint: URL, tokens: TokenRefreshCoordinator) -> GraphQLClient {
        let client = GraphQLClient(url: endpoint, tokens: tokens,
                                   interceptors: [HTTPSGuardInterceptor(allowing: ["intranet.example"]) { url, missing in
                                       print("\(url.host ?? "") lacks \(missing)")
                                   }])
        return client
    }

    /// The OfflineAndTrust article's offline example.
    static func offline(endpoint: URL, tokens: TokenRefreshCoordinator) async throws {
        let monitor = ManualNetworkMonitor(.online)
        let offlineFirst = GraphQLClient(url: endpoint, tokens: tokens, networkMonitor: monitor)
        let viewer = try await offlineFirst.fetch(ViewerQuery(), options: RequestOptions(whenOffline: .waitForNetwork))
        print(viewer.data as Any)
    }

    /// The OfflineAndTrust article's offline mutation queue example.
    static func offlineQueue(endpoint: URL, tokens: TokenRefreshCoordinator, queuePath: String) async throws {
        let monitor = try NetlinkNetworkMonitor()          // PathNetworkMonitor() on Apple platforms
        let client = GraphQLClient(url: endpoint, tokens: tokens, store: CacheStore(), networkMonitor: monitor)
        let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: queuePath),
                                             monitor: monitor, mutationTypes: [AddNoteMutation.self],
                                             configuration: OfflineQueueConfiguration(maxAttempts: 5))
        await queue.start()   // re-applies the optimistic updates the last run left, replays them when online

        // The app chooses the note's id, so the optimistic note and the server's are one cached record.
        let id = UUID().uuidString
        let expected = try AddNoteMutation.Data(ObjectData(["addNote": [
            "__typename": "Notebook", "id": "notebook-1",
            "notes": [["__typename": "Note", "id": .string(id), "text": "Bring the slides", "position": 0, "savedAt": nil]],
        ]]))
        switch try await queue.perform(AddNoteMutation(notebookId: "notebook-1", id: id, text: "Bring the slides"),
                                       optimisticResponse: expected) {
        case .completed(let response): print(response.data?.addNote.notes.count ?? 0)   // online: the server's answer
        case .queued(let entry): print("saved offline as \(entry.id)")                   // shown from the cache meanwhile
        }

        for await event in await queue.events() {
            switch event {
            case .delivered(let entry, _): print("\(entry.request.operationName) delivered")
            case .rejected(_, let error): print("the server refused it: \(error)")          // not retried, rolled back
            case .deadLettered(let entry, _):                                               // gave up, rolled back
                try await queue.retry(entry.id)                                             // or queue.drop(entry.id)
            default: break
            }
        }
    }

    /// The OfflineAndTrust article's certificate pinning example.
    static func pinning(endpoint: URL, tokens: TokenRefreshCoordinator) throws -> (GraphQLClient, WebSocketConfiguration) {
        // openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
        let api = try PinSet(host: "api.example.com", includesSubdomains: true,
                             pins: ["sha256//r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",    // the key in use
                                    "sha256//YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],   // the backup key
                             expires: ISO8601DateFormatter().date(from: "2028-01-01T00:00:00Z"))
        let pinning = try CertificatePinning([api]) { failure in
            print("pinning failed for \(failure.host)")       // report it to your backend
        }
        let tls = TLSOptions(pinning: pinning)
        let client = GraphQLClient(url: endpoint, tokens: tokens,
                                   base: try PlatformHTTPClient.make(tls: tls),      // URLSession on Apple, libcurl on Linux
                                   interceptors: [HTTPSGuardInterceptor()])
        var socket = WebSocketConfiguration(url: URL(string: "wss://api.example.com/graphql")!)
        socket.tls = tls                                      // the same pins for subscriptions
        return (client, socket)
    }
}
