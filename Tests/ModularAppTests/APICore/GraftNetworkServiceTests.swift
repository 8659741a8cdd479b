import APICore
import CatalogKit
import Foundation
import Graft
import GraftTesting
import Testing

/// The networking core's whole HTTP stack on `GraftTesting`'s ``MockHTTPClient`` (no server):
/// GraphQL and REST share authentication, one token refresh and the app's headers; failures
/// reach features as ``AppError``.
@Suite struct GraftNetworkServiceTests {
    static let configuration = APIConfiguration(baseURL: URL(string: "https://api.example.com")!, accessToken: "stale",
                                                headers: ["X-App-Version": "1.0"])

    /// A course as the REST API answers it.
    struct RESTCourse: Decodable, Sendable, Equatable {
        let slug: String
        let title: String
    }

    static let coursesBody = """
        {"data": {"courses": {"__typename": "CourseConnection", "edges": [{"__typename": "CourseEdge", "cursor": "c1", \
        "node": {"__typename": "Course", "slug": "swift", "title": "Swift", "level": "BEGINNER", "rating": null}}], \
        "pageInfo": {"__typename": "PageInfo", "hasNextPage": false, "endCursor": "c1"}}}}
        """

    @Test func aRejectedTokenIsRefreshedOnceAndGraphQLAndRESTCarryTheNewOne() async throws {
        let http = MockHTTPClient()
        http.stub(.path("/test/refresh"), response: .json(#"{"accessToken": "fresh", "tokenType": "Bearer", "expiresIn": 3600}"#))
        http.stub(.header("Authorization", "Bearer stale"), response: .status(401))
        http.stub(.path("/graphql"), response: .json(Self.coursesBody))
        http.stub(.path("/rest/v1/courses/swift"), response: .json(#"{"slug": "swift", "title": "Swift"}"#))
        let service = GraftNetworkService(configuration: Self.configuration, base: http)

        let courses = try await CatalogFeature(environment: APIEnvironment(network: service)).courses()
        #expect(courses.map(\.slug) == ["swift"])
        let course = try await service.send(Endpoint<RESTCourse>(.get, "courses/swift"))
        #expect(course == RESTCourse(slug: "swift", title: "Swift"))

        #expect(http.requests(matching: .path("/test/refresh")).count == 1)
        #expect(http.requests(matching: .path("/graphql")).map { $0.headers["Authorization"] } == ["Bearer stale", "Bearer fresh"])
        #expect(http.requests(matching: .path("/rest/v1/courses/swift")).map { $0.headers["Authorization"] } == ["Bearer fresh"])
        // The app's headers go with every request; the refresh call carries no token.
        #expect(http.requests.allSatisfy { $0.headers["X-App-Version"] == "1.0" })
        #expect(http.requests(matching: .path("/test/refresh")).first?.headers["Authorization"] == nil)
    }

    @Test func failuresReachFeaturesAsAppErrors() async throws {
        let http = MockHTTPClient()
        http.stub(.path("/test/refresh"), response: .status(401, body: #"{"error": "invalid_grant"}"#))
        http.stub(.path("/graphql"), response: .status(401))
        http.stub(.path("/rest/v1/courses/none"), response: .status(404))
        let service = GraftNetworkService(configuration: APIConfiguration(baseURL: URL(string: "https://api.example.com")!), base: http)
        await #expect(throws: AppError.signedOut) {
            _ = try await CatalogFeature(environment: APIEnvironment(network: service)).courses()
        }
        await #expect(throws: AppError.server(status: 404)) {
            _ = try await service.send(Endpoint<RESTCourse>(.get, "courses/none"))
        }
    }

    /// The timeout of the service's HTTP stack for a configuration with `timeout`: its
    /// `TimeoutInterceptor`'s default (`.some(nil)`: one without a limit; nil: none in the stack).
    static func stackTimeout(for timeout: Duration?) throws -> Duration?? {
        var configuration = Self.configuration
        configuration.timeout = timeout
        let service = GraftNetworkService(configuration: configuration, base: MockHTTPClient())
        let stack = try #require((service.client.transport as? HTTPTransport)?.client as? InterceptingHTTPClient)
        return stack.interceptors.lazy.compactMap { $0 as? TimeoutInterceptor }.first.map(\.defaultTimeout)
    }

    @Test func theConfigurationsTimeoutIsTheStacks() throws {
        #expect(try Self.stackTimeout(for: .seconds(1000)) == .some(.seconds(1000)))
        #expect(try Self.stackTimeout(for: nil) == .some(nil))
        #expect(try Self.stackTimeout(for: APIConfiguration(baseURL: Self.configuration.baseURL).timeout) == .some(.seconds(60)))
    }

    @Test func aCallPastTheTimeoutIsAnAppTimeout() async throws {
        // A server that never answers: only the configuration's timeout ends the call.
        let http = MockHTTPClient(handler: { _, _ in
            try await Task.sleep(for: .seconds(300))
            return .json("{}")
        })
        var configuration = Self.configuration
        configuration.timeout = .milliseconds(50)
        let service = GraftNetworkService(configuration: configuration, base: http)
        await #expect(throws: AppError.timedOut) {
            _ = try await CatalogFeature(environment: APIEnvironment(network: service)).courses()
        }
    }

    @Test func graftErrorsMapByTheirCode() {
        #expect(AppError(GraftError(.transport, message: "connection reset")) == .offline)
        #expect(AppError(GraftError(.offline, message: "no network")) == .offline)
        #expect(AppError(GraftError(.unauthorized, message: "refresh failed")) == .signedOut)
        #expect(AppError(GraftError(.httpStatus, message: "unexpected HTTP status 503", statusCode: 503)) == .server(status: 503))
        #expect(AppError(GraftError(.graphQLErrors, message: "errors",
                                    underlying: GraphQLErrors([GraphQLResponseError(message: "No such course.")])))
                == .rejected(["No such course."]))
        #expect(AppError(GraftError(.decoding, message: "bad body")) == .invalidResponse)
        #expect(AppError(GraftError(.rateLimited, message: "slow down")) == .unavailable)
        #expect(AppError(CancellationError()) == .cancelled)
        #expect(AppError(AppError.timedOut) == .timedOut)
    }
}
