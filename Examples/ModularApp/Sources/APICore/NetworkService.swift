package import Graft

/// What features call to reach the server: GraphQL operations (theirs, generated inside each
/// feature module) and REST endpoints, through one HTTP stack and one normalized cache, every
/// failure thrown as ``AppError``.
///
/// `package`, not `public`: features in this package call it, and their public API shows only
/// domain structs, so no module outside the package ever sees a networking type. Tests swap the
/// implementation (``GraftNetworkService`` over `GraftTesting`'s mocks) without a server.
package protocol NetworkService: Sendable {
    /// Runs a query under a cache policy; its data, or the failure in the app's terms.
    func fetch<Query: GraphQLQuery>(_ query: Query, cachePolicy: CachePolicy) async throws(AppError) -> Query.Data
    /// A query's data now and again whenever the cache records it read change — from any
    /// feature's operation, since all share one store. Ends with an ``AppError`` on failure.
    func watch<Query: GraphQLQuery>(_ query: Query) -> AsyncThrowingStream<Query.Data, any Error>
    /// Runs a mutation and writes its result to the shared cache.
    func perform<Mutation: GraphQLMutation>(_ mutation: Mutation) async throws(AppError) -> Mutation.Data
    /// Sends a REST request through the same stack (authentication, refresh, retry) and decodes it.
    func send<Response>(_ endpoint: Endpoint<Response>) async throws(AppError) -> Response
}

extension NetworkService {
    /// Runs a query from the cache when it holds the data, else from the server.
    package func fetch<Query: GraphQLQuery>(_ query: Query) async throws(AppError) -> Query.Data {
        try await fetch(query, cachePolicy: .cacheFirst)
    }
}
