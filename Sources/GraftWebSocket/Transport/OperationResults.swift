import Graft

/// The results of one operation as its `next` messages arrive.
///
/// A payload without `hasNext: true` is a result of its own (each event of a subscription, the one
/// result of a query). One with `hasNext: true` starts an incremental result (`@defer`, `@stream`,
/// either wire format ``IncrementalResponse`` reads): the payloads after it are merged into it until
/// one says `hasNext: false`, and each step gives the whole response so far, as over HTTP. A
/// subscription whose events defer fields starts a new incremental result with each event.
struct OperationResults {
    private var incremental: IncrementalResponse?

    /// The response `payload` completes or extends; nil when it adds nothing (graphql-js may end with
    /// a bare `{"hasNext": false}`). Throws for a payload that does not fit the result under way.
    mutating func apply(_ payload: JSONValue) throws(InvalidMessageError) -> GraphQLResponseBody? {
        let continuing = incremental?.hasNext == true
        if !continuing {
            guard payload.objectValue?["hasNext"] == .bool(true) else {
                incremental = nil
                guard let body = GraphQLResponseBody(json: payload) else {
                    throw InvalidMessageError(message: "`next` message: its payload is not a GraphQL response")
                }
                return body
            }
            incremental = IncrementalResponse()
        }
        do {
            guard try incremental!.apply(payload) else { return nil }
        } catch {
            throw InvalidMessageError(message: "`next` message: \(error.message)")
        }
        return incremental!.body
    }
}
