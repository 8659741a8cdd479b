import CourseCatalogAPI
import Foundation
@_spi(Generated) import Graft
import GraftTestSupport
import Testing

/// `GraphQLClient` with generated operations of the example API against the real server: typed
/// data through fragments, type cases and @oneOf inputs; mutations; GET; automatic persisted
/// queries; token refresh on a GraphQL UNAUTHENTICATED error; retries; decoding and transport errors.
@Suite("GraphQLClient against the server", .timingSensitive)
struct GraphQLClientIntegrationTests {
    static func client(_ stack: GraftStack, _ interceptors: [any HTTPInterceptor] = [], usesGET: Bool = false,
                       persistedQueries: HTTPTransport.PersistedQueries = .disabled) -> GraphQLClient {
        GraphQLClient(transport: HTTPTransport(url: stack.url("/graphql"), client: stack.client(interceptors),
                                               usesGETForQueries: usesGET, persistedQueries: persistedQueries))
    }

    @Test func fetchesTypedDataThroughFragmentsAndOneOfInputs() async throws {
        let stack = try await GraftStack.make()
        let response = try await Self.client(stack).fetch(CourseDetailQuery(lookup: .slug("swift-concurrency"), reviewCount: 2))
        #expect(response.errors.isEmpty)
        #expect(response.source == .server)
        let course = try #require(response.data?.course)
        #expect(course.fragments.courseDetails.fragments.courseCard.title == "Swift Concurrency in Practice")
        #expect(course.fragments.courseDetails.weeklySchedule.count == 7)
        #expect(course.fragments.courseDetails.lessons.count == 4)
        #expect((course.reviews?.count ?? 0) <= 2)
        #expect(course.topReview.count <= 1)
        let stats = try await stack.stats()
        #expect(stats["operations"]["CourseDetail"].int == 1)
    }

    @Test func skipVariableLeavesTheFieldOut() async throws {
        let stack = try await GraftStack.make()
        let response = try await Self.client(stack).fetch(CourseDetailQuery(lookup: .slug("swift-concurrency"), skipReviews: true))
        #expect(response.data?.course?.reviews == nil)
        #expect(response.data?.course?.topReview != nil)
    }

    @Test func searchDecodesUnionAndInterfaceTypeCases() async throws {
        let stack = try await GraftStack.make()
        let response = try await Self.client(stack).fetch(SearchQuery(text: "swift"))
        let results = try #require(response.data?.results)
        #expect(!results.isEmpty)
        for result in results {
            let cases = [result.asCourse != nil, result.asLesson != nil, result.asUser != nil].filter { $0 }.count
            #expect(cases == 1, "exactly one of Course, Lesson, User for \(result.__typename)")
            if result.__typename == "VideoLesson" { #expect(result.asVideoLesson != nil) }
        }
    }

    @Test func partialDataArrivesWithTheErrorsBesideIt() async throws {
        let stack = try await GraftStack.make()
        let response = try await Self.client(stack).fetch(UserEmailQuery())
        #expect(response.data?.user?.name == "Ada Okafor")
        #expect(response.data?.user?.email == nil)
        #expect(response.errors.count == 1)
        #expect(response.errors.first?.path?.description == "user.email")
        #expect(response.errors.first?.code == "FORBIDDEN")
        // The same response, thrown when the caller asks for it.
        do {
            _ = try await Self.client(stack).fetch(UserEmailQuery(), options: RequestOptions(throwsOnGraphQLErrors: true))
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .graphQLErrors)
            #expect(error.graphQLErrors.first?.code == "FORBIDDEN")
        }
    }

    @Test func performsAMutation() async throws {
        let stack = try await GraftStack.make()
        let client = Self.client(stack, [HeaderInjectionInterceptor(["Authorization": "Bearer reviewer"])])
        let response = try await client.perform(AddReviewMutation(course: .slug("graphql-from-scratch"),
                                                                  review: ReviewInput(rating: 5, body: "Clear and short.")))
        #expect(response.errors.isEmpty)
        #expect(response.data?.addReview.course?.slug == "graphql-from-scratch")
        #expect(response.data?.addReview.review?.fragments.reviewFields.rating == 5)
    }

    @Test func queriesOverGET() async throws {
        let stack = try await GraftStack.make()
        let response = try await Self.client(stack, usesGET: true).fetch(CourseDetailQuery(lookup: .id("course-1")))
        #expect(response.data?.course != nil)
        let stats = try await stack.stats()
        #expect(stats["methods"]["GET"].int == 1)
    }

    @Test func automaticPersistedQueriesRegisterThenHit() async throws {
        let stack = try await GraftStack.make()
        let client = Self.client(stack, persistedQueries: .automatic)
        let first = try await client.fetch(CourseDetailQuery(lookup: .slug("swift-concurrency")))
        #expect(first.data?.course != nil)
        let second = try await client.fetch(CourseDetailQuery(lookup: .slug("swift-concurrency")))
        #expect(second.data?.course != nil)
        let stats = try await stack.stats()
        #expect(stats["persistedQueries"]["misses"].int == 1)
        #expect(stats["persistedQueries"]["registrations"].int == 1)
        #expect(stats["persistedQueries"]["hits"].int == 1)
    }

    @Test func graphQLUnauthenticatedTriggersOneRefresh() async throws {
        let stack = try await GraftStack.make()
        let plain = stack.client()
        let coordinator = TokenRefreshCoordinator(token: "stale") { _ in try await stack.refreshToken(using: plain) }
        let client = Self.client(stack, [
            HeaderInjectionInterceptor(["X-Test-Fail": "unauthenticated-until-refresh"]),
            AuthenticationInterceptor(coordinator),
            TokenRefreshInterceptor(coordinator, needsRefresh: HTTPTransport.needsTokenRefresh),
        ])
        let responses = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { try await client.fetch(CourseDetailQuery(lookup: .id("course-1"))).data?.course != nil }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(responses == Array(repeating: true, count: 8))
        let stats = try await stack.stats()
        #expect(stats["refreshes"].int == 1)
    }

    @Test func queriesAreRetriedAfter503ButMutationsAreNot() async throws {
        let stack = try await GraftStack.make()
        let retry = RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20)))
        let client = Self.client(stack, [retry])
        try await stack.control(["failNext": ["503;retry-after=0"]])
        let query = try await client.fetch(CourseDetailQuery(lookup: .id("course-1")))
        #expect(query.data?.course != nil)

        try await stack.control(["failNext": ["503"]])
        await #expect(throws: GraftError.self) {
            try await client.perform(EnrollMutation(slug: "swift-concurrency"))
        }
        let stats = try await stack.stats()
        #expect(stats["operations"]["Enroll"].int == 1)
    }

    @Test func malformedAndTruncatedResponsesAreClearErrors() async throws {
        let stack = try await GraftStack.make()
        let malformed = Self.client(stack, [HeaderInjectionInterceptor(["X-Test-Fail": "malformed-json"])])
        do {
            _ = try await malformed.fetch(CourseDetailQuery(lookup: .id("course-1")))
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .decoding)
            #expect(error.operation == "CourseDetail")
        }
        let truncated = Self.client(stack, [HeaderInjectionInterceptor(["X-Test-Fail": "truncated-body"])])
        do {
            _ = try await truncated.fetch(CourseDetailQuery(lookup: .id("course-1")))
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .transport || error.code == .decoding)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let stack = try await GraftStack.make()
        let client = Self.client(stack, [HeaderInjectionInterceptor(["X-Test-Fail": "slow=10000"])])
        let task = Task { try await client.fetch(CourseDetailQuery(lookup: .id("course-1"))) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation")
            return
        }
        #expect((error as? GraftError)?.code == .cancelled)
    }
}

/// Another user's e-mail address is a field error (FORBIDDEN) beside the rest of the data; written
/// by hand in the shape `graft generate` produces.
struct UserEmailQuery: GraphQLQuery {
    static let operationName = "UserEmail"
    static let document = OperationDocument(definition: #"query UserEmail { user(id: "user-1") { __typename name email } }"#)

    struct Data: SelectionSet {
        static let __selections: [Selection] = [.field("user", User?.self, arguments: ["id": .value("user-1")])]
        let __data: ObjectData
        let user: User?
        init(_ data: ObjectData) throws(ResponseDecodingError) {
            __data = data
            user = try data["user"]
        }

        struct User: SelectionSet {
            static let __selections: [Selection] = [
                .field("__typename", String.self), .field("name", String.self), .field("email", String?.self),
            ]
            let __data: ObjectData
            let name: String
            let email: String?
            init(_ data: ObjectData) throws(ResponseDecodingError) {
                __data = data
                name = try data["name"]
                email = try data["email"]
            }
        }
    }
}
