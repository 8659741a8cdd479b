/// Incremental delivery: `@defer` and `@stream`.
extension GraphQLClient {
    /// Runs a query with `@defer` or `@stream` and delivers its result as it arrives: first the
    /// immediate fields (each deferred fragment `Deferred.pending`, each streamed list at its
    /// `initialCount`), then after every payload the whole result so far, fuller each time, the
    /// last one complete. Each result without errors is written to the store, so watchers of the
    /// same records see the data grow. Always asks the server; a query without `@defer` or
    /// `@stream` gives one result (as `fetch` with `networkOnly`). `fetch` of the same query waits
    /// for the complete result instead. Ending the iteration closes the connection.
    public func fetchIncrementally<Query: GraphQLQuery>(_ query: Query, options: RequestOptions = RequestOptions())
        -> AsyncThrowingStream<GraphQLResponse<Query.Data>, any Error> {
        typedResponses(transport.executeIncrementally(GraphQLRequest(query), options: options), for: query, options: options)
    }
}
