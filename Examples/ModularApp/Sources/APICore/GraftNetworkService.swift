import AppSchema
import Foundation
package import Graft

/// ``NetworkService`` on Graft: one ``GraphQLClient`` with its ``CacheStore`` (normalized with the
/// key fields and possible types of ``AppSchema``'s metadata) and a ``RESTClient`` on the same
/// HTTP stack. Built once per app; every feature's operations go through it.
package struct GraftNetworkService: NetworkService {
    /// The GraphQL client all features share.
    package let client: GraphQLClient
    /// REST endpoints below `APIConfiguration.restPrefix`, on the client's HTTP stack.
    package let rest: RESTClient?
    /// GraphQL errors throw (as ``AppError/rejected(_:)``) instead of arriving beside the data.
    static let options = RequestOptions(throwsOnGraphQLErrors: true)

    /// The store every feature module shares, normalized by the schema module's metadata.
    package static func makeStore() -> CacheStore {
        CacheStore(configuration: CacheConfiguration(schema: AppSchema.schemaMetadata))
    }

    /// The app's stack over `base` (the platform's HTTP client; a mock in tests): the configuration's timeout, retry,
    /// the configuration's headers, the bearer token with one refresh at a time, a shared store,
    /// automatic persisted queries when asked for.
    package init(configuration: APIConfiguration, base: any HTTPClient = URLSessionHTTPClient()) {
        let refreshURL = configuration.baseURL.appendingPathComponent(configuration.refreshPath)
        let tokens = TokenRefreshCoordinator(token: configuration.accessToken) { _, http in
            let response = try await http.send(HTTPRequest(method: .post, url: refreshURL), context: RequestContext())
            guard response.isSuccess else { throw GraftError.httpStatus(response, operation: "token refresh") }
            return try JSONDecoder().decode(RefreshedToken.self, from: response.body).accessToken
        }
        var headers = HTTPHeaders()
        for (name, value) in configuration.headers { headers[name] = value }
        let client = GraphQLClient(url: configuration.baseURL.appendingPathComponent(configuration.graphQLPath), tokens: tokens,
                                   store: Self.makeStore(), timeout: configuration.timeout, persistedQueries: configuration.persistsQueries ? .automatic : .disabled,
                                   base: base, interceptors: headers.isEmpty ? [] : [HeaderInjectionInterceptor(headers)])
        // The recommended client's transport is HTTP; REST shares its stack (one set of interceptors).
        let http = (client.transport as? HTTPTransport)?.client
        self.init(client: client, rest: http.map {
            RESTClient(baseURL: configuration.baseURL, versionPrefix: configuration.restPrefix, httpClient: $0)
        })
    }

    /// A service over a client built elsewhere (in tests, on `GraftTesting.MockTransport`).
    package init(client: GraphQLClient, rest: RESTClient? = nil) {
        self.client = client
        self.rest = rest
    }

    package func fetch<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy) async throws(AppError) -> Query.Data {
        do {
            return try Self.data(of: await client.fetch(query, cachePolicy: cachePolicy, options: Self.options))
        } catch {
            throw AppError(error)
        }
    }

    package func watch<Query: GraphQLQuery>(_ query: Query) -> AsyncThrowingStream<Query.Data, any Error> {
        client.watch(query, options: Self.options).mapped { response in try Self.data(of: response) }
    }

    package func perform<Mutation: GraphQLMutation>(_ mutation: Mutation) async throws(AppError) -> Mutation.Data {
        do {
            return try Self.data(of: await client.perform(mutation, options: Self.options))
        } catch {
            throw AppError(error)
        }
    }

    package func send<Response>(_ endpoint: Endpoint<Response>) async throws(AppError) -> Response {
        guard let rest else { throw .unavailable }
        do {
            return try await rest.send(endpoint)
        } catch {
            throw AppError(error)
        }
    }

    /// A response's data; a response without data (and without errors, which throw) is invalid.
    static func data<Data>(of response: GraphQLResponse<Data>) throws(AppError) -> Data {
        guard let data = response.data else { throw .invalidResponse }
        return data
    }

    /// The refresh endpoint's answer: `{"accessToken": ...}`.
    struct RefreshedToken: Decodable {
        let accessToken: String
    }
}
