import Foundation
import GraftTestSupport
import Testing
@_spi(Generated) @testable import Graft

/// No secret leaves through a log line or an error: every transport mode (POST, GET, automatic
/// persisted queries, REST) with a credential in a custom-named header, a `password` variable, a
/// token in a query parameter, and a server echoing all of it in a GraphQL error message and an
/// HTTP error body, with the logger outermost and innermost.
@Suite("Secrets against the server", .timingSensitive)
struct SecretRedactionIntegrationTests {
    static let headerToken = "shpat_HeaderSecret7f3a9c"
    static let password = "pw-Variable-Secret-51d2"
    static let queryToken = "qp-Query-Secret-8e4b"
    static let secrets = [headerToken, password, queryToken]

    enum Mode: String, CaseIterable { case post, get, persisted, rest }
    enum LoggerPosition: String, CaseIterable { case outermost, innermost }

    /// `query CourseBySlug($slug: String!) { course(lookup: {slug: $slug}) { __typename slug title } }`,
    /// sent with an extra `password` variable (servers ignore variables the operation doesn't declare).
    struct CourseQuery: GraphQLQuery {
        static let operationName = "CourseBySlug"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: """
            query CourseBySlug($slug: String!) { course(lookup: {slug: $slug}) { __typename slug title } }
            """)
        var __variables: [String: any InputValueConvertible] { ["slug": "swift-concurrency", "password": SecretRedactionIntegrationTests.password] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [
                .field("course", Course?.self, arguments: ["lookup": .object(["slug": .variable("slug")])]),
            ]
            let __data: ObjectData
            let course: Course?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; course = try data["course"] }
        }

        struct Course: SelectionSet {
            static let __selections: [Selection] = [.field("__typename", String.self), .field("slug", String.self),
                                                    .field("title", String.self)]
            let __data: ObjectData
            let title: String
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; title = try data["title"] }
        }
    }

    /// Every text an error shows through any description API, and its parts.
    static func texts(of error: GraftError) -> [String] {
        var dumped = ""
        dump(error, to: &dumped)
        var texts = [error.description, error.debugDescription, error.localizedDescription, String(describing: error),
                     String(reflecting: error), "\(error)", dumped, error.message, error.request?.description ?? "",
                     error.request?.headers.description ?? ""]
        texts += error.graphQLErrors.map(\.description) + error.graphQLErrors.map(\.message)
        if let underlying = error.underlying {
            texts += [String(describing: underlying), String(reflecting: underlying), underlying.localizedDescription]
            if let urlError = underlying as? URLError { texts += urlError.userInfo.map { "\($0.key): \($0.value)" } }
        }
        return texts
    }

    static func expectNoSecret(in texts: [String], _ label: String) {
        for text in texts {
            for secret in secrets where text.contains(secret) {
                Issue.record("\(label) shows \(secret): \(text.prefix(600))")
            }
        }
    }

    @Test("no log line and no error description shows a secret", arguments: Mode.allCases, LoggerPosition.allCases)
    func noSecretLeaks(mode: Mode, logger position: LoggerPosition) async throws {
        let stack = try await GraftStack.make()
        let lines = Locked<[String]>([])
        let logger = LoggingInterceptor(sink: ClosureLogSink { record in lines.withLock { $0.append(record.message) } })
        let auth = AuthenticationInterceptor(scheme: AuthorizationScheme(headerName: "X-Shopify-Access-Token", prefix: nil)) {
            SecretRedactionIntegrationTests.headerToken
        }
        let http = stack.client(position == .outermost ? [logger, auth] : [auth, logger])
        var errors: [GraftError] = []
        func expectFailure(_ body: () async throws -> Void) async {
            do {
                try await body()
                Issue.record("\(mode) \(position): the request did not fail")
            } catch let error as GraftError {
                errors.append(error)
            } catch {
                Issue.record("\(mode) \(position): not a GraftError: \(type(of: error))")
            }
        }

        if mode == .rest {
            let rest = RESTClient(baseURL: stack.url("/rest"), versionPrefix: "v1", httpClient: http)
            let query = [QueryItem("access_token", Self.queryToken)]
            let echo = try await rest.response(for: Endpoint<EmptyResponse>(.post, "echo", query: query, body: ["password": Self.password]))
            // The secrets did travel: the server saw all three.
            let seen = String(decoding: echo.response.body, as: UTF8.self)
            #expect(Self.secrets.allSatisfy { seen.contains($0) })
            await expectFailure {
                _ = try await rest.send(Endpoint<EmptyResponse>(.post, "echo", query: query, headers: ["X-Test-Fail": "echo-http;status=401"],
                                                            body: ["password": Self.password]))
            }
            await expectFailure {
                _ = try await rest.send(Endpoint<EmptyResponse>(.get, "echo", query: query, headers: ["X-Test-Fail": "truncated-body"]))
            }
        } else {
            let transport = HTTPTransport(url: stack.url("/graphql?access_token=\(Self.queryToken)"), client: http,
                                          usesGETForQueries: mode == .get,
                                          persistedQueries: mode == .persisted ? .automatic : .disabled)
            let client = GraphQLClient(transport: transport)
            let fetched = try await client.fetch(CourseQuery())
            #expect(fetched.data?.course?.title == "Swift Concurrency in Practice")
            await expectFailure {
                _ = try await client.fetch(CourseQuery(), options: RequestOptions(headers: ["X-Test-Fail": "echo-graphql"],
                                                                                  throwsOnGraphQLErrors: true))
            }
            await expectFailure {
                _ = try await client.fetch(CourseQuery(), options: RequestOptions(headers: ["X-Test-Fail": "echo-http;status=401"]))
            }
            await expectFailure {
                _ = try await client.fetch(CourseQuery(), options: RequestOptions(headers: ["X-Test-Fail": "truncated-body"]))
            }
        }

        let label = "\(mode) with the logger \(position)"
        #expect(errors.count == (mode == .rest ? 2 : 3), "\(label)")
        // The server's echo reached the errors, with the secrets scrubbed out of it.
        #expect(errors.first.map { Self.texts(of: $0).joined().contains("invalid token") } == true, "\(label)")
        #expect(errors.first?.description.contains(Redactor.placeholder) == true, "\(label)")
        for error in errors { Self.expectNoSecret(in: Self.texts(of: error), "\(label): \(error.code)") }
        let logged = lines.withLock { $0 }
        #expect(logged.count >= 2 * (errors.count + 1), "\(label)")
        #expect(logged.contains { $0.contains(Redactor.placeholder) }, "\(label)")
        Self.expectNoSecret(in: logged, "\(label): a log line")
    }
}
