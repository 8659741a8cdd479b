import CourseCatalogAPI
import Foundation
import Graft

/// README's "The runtime" example, as printed (with the example API's module for `MyAPI`), so that
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
}
