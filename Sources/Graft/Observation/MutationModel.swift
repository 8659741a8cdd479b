import Observation

/// A mutation's state for a view (a button): `@Observable` and main-actor isolated like
/// ``QueryModel``. ``perform(_:optimisticResponse:)`` sends it; with an optimistic response every
/// model and watcher reading the records it touches shows it at once, then the server's data (or
/// the old data again when the mutation fails). A mutation in flight completes even when its view
/// goes away (``perform(_:optimisticResponse:)`` holds the model until the server has answered),
/// unless the task that called it is cancelled.
///
/// ```swift
/// let rate = MutationModel<RateCourseMutation>(client: client)
/// await rate.perform(RateCourseMutation(slug: "swift-concurrency", stars: 5))
/// rate.data?.rateCourse.rating
/// ```
@MainActor @Observable
public final class MutationModel<Mutation: GraphQLMutation> {
    /// Whether a mutation is in flight.
    public private(set) var isPerforming = false
    /// The last response's data.
    public private(set) var data: Mutation.Data?
    /// The last response's `errors`.
    public private(set) var errors: [GraphQLResponseError] = []
    /// The last failure (the mutation was not applied; an optimistic layer was rolled back), or nil.
    public private(set) var error: GraftError?

    @ObservationIgnored private let client: GraphQLClient
    @ObservationIgnored private let options: RequestOptions
    @ObservationIgnored private var performing = 0

    /// A model that performs mutations through `client`.
    public init(client: GraphQLClient, options: RequestOptions = RequestOptions()) {
        self.client = client
        self.options = options
    }

    /// Sends `mutation`; `optimisticResponse` (when given) is what the views show until the
    /// server answers. Returns when it has answered (or failed: see ``error``).
    public func perform(_ mutation: Mutation, optimisticResponse: Mutation.Data? = nil) async {
        performing += 1
        if !isPerforming { isPerforming = true }
        let outcome: Result<GraphQLResponse<Mutation.Data>, any Error>
        do {
            outcome = .success(try await client.perform(mutation, optimisticResponse: optimisticResponse, options: options))
        } catch {
            outcome = .failure(error)
        }
        finish(outcome)
    }

    private func finish(_ outcome: Result<GraphQLResponse<Mutation.Data>, any Error>) {
        performing -= 1
        switch outcome {
        case .success(let response):
            if data != response.data { data = response.data }
            if errors != response.errors { errors = response.errors }
            if error != nil { error = nil }
        case .failure(let failure):
            error = GraftError.wrapping(failure, request: nil, context: nil)
        }
        if isPerforming != (performing > 0) { isPerforming = performing > 0 }
    }
}
