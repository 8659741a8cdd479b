import Testing
@testable import Graft
import ModularFeatureAAPI
import ModularFeatureBAPI
import ModularSchemaAPI

/// How the queue finds an entry's mutation type (to write its optimistic update and the server's
/// answer to the store) when two feature modules each generate a mutation of one name: the golden
/// ModularFeatureAAPI and ModularFeatureBAPI both have `SaveReview`, A selecting `id stars` of the
/// review it creates for NEWHOPE, B every field of `ReviewFields` for JEDI. By the operation's
/// document, not by its name alone.
@Suite struct OfflineMutationTypesTests {
    typealias SaveReviewA = ModularFeatureAAPI.SaveReviewMutation
    typealias SaveReviewB = ModularFeatureBAPI.SaveReviewMutation

    static let review = ReviewInput(stars: 5)
    static let answerA: JSONValue = ["createReview": ["__typename": "Review", "id": "a1", "stars": 4]]
    static let answerB: JSONValue = ["createReview": ["__typename": "Review", "id": "b1", "episode": "JEDI", "stars": 5,
                                                      "commentary": "Great", "createdAt": nil]]

    /// Cache errors reported to the client, as text.
    final class CacheErrors: Sendable {
        private let errors = Locked<[String]>([])
        var all: [String] { errors.withLock { $0 } }
        func record(_ error: GraftError) { errors.withLock { $0.append(error.description) } }
    }

    /// A client over `store` whose server answers each module's mutation with its own data.
    static func client(store: CacheStore, errors: CacheErrors) -> GraphQLClient {
        GraphQLClient(transport: StubTransport { request in
            GraphQLResponseBody(data: request.document == SaveReviewA.document ? answerA : answerB)
        }, store: store, onCacheError: { errors.record($0) })
    }

    /// What the store holds of review b1, and the mutation root's field that points at it.
    static func reviewB(in store: CacheStore) async throws -> (commentary: CacheValue?, rootField: String?) {
        let review = try await store.record(for: CacheKey("Review:b1"))
        let root = try await store.record(for: .rootMutation)
        let field = root?.fields.first { $0.value == .reference(CacheKey("Review:b1")) }?.key
        return (review?.fields["commentary"], field)
    }

    @Test func eachOfTwoSameNamedMutationsWritesTheServersAnswerWithItsOwnSelections() async throws {
        let store = CacheStore()
        let errors = CacheErrors()
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), monitor: monitor)
        await queue.start()
        // B first, so that A's type is the one registered last.
        try await queue.enqueue(SaveReviewB(review: Self.review))
        try await queue.enqueue(SaveReviewA(review: Self.review))
        let stream = await queue.events()
        let delivered = Task {
            await OfflineMutationQueueTests.events(stream, until: { $0.filter { if case .delivered = $0 { true } else { false } }.count == 2 })
        }
        monitor.set(.online)
        _ = await delivered.value
        #expect(errors.all == [])
        let (commentary, rootField) = try await Self.reviewB(in: store)
        #expect(commentary == .string("Great"))
        #expect(rootField?.hasPrefix("createReview({\"episode\":\"JEDI\"") == true)
        #expect(try await store.record(for: CacheKey("Review:a1"))?.fields["stars"] == .int(4))
    }

    @Test func anEntryLeftByTheLastRunGetsItsOwnTypesOptimisticUpdate() async throws {
        // The last run queued B's mutation with an optimistic update while offline.
        let lastRun = try OfflineMutationQueue(client: GraphQLClient(transport: StubTransport(data: [:])),
                                               monitor: ManualNetworkMonitor(.offline))
        let optimistic = try SaveReviewB.Data(ObjectData(try #require(Self.answerB.objectValue)))
        try await lastRun.enqueue(SaveReviewB(review: Self.review), optimisticResponse: optimistic)
        let storage = InMemoryOfflineMutationStorage()
        for entry in await lastRun.pending { try storage.insert(entry) }

        // This run knows both modules' mutations; A's is registered last.
        let store = CacheStore()
        let errors = CacheErrors()
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), storage: storage,
                                             monitor: ManualNetworkMonitor(.offline), mutationTypes: [SaveReviewB.self, SaveReviewA.self])
        await queue.start()
        #expect(errors.all == [])
        #expect(await store.optimisticLayerCount == 1)
        let (commentary, rootField) = try await Self.reviewB(in: store)
        #expect(commentary == .string("Great"))
        #expect(rootField?.hasPrefix("createReview({\"episode\":\"JEDI\"") == true)
    }

    @Test func anEntryWhoseDocumentChangedUsesTheOneTypeOfItsName() async throws {
        // An app update changed the mutation's text; the entry keeps the old one.
        var request = GraphQLRequest(SaveReviewB(review: Self.review))
        request.document = OperationDocument(definition: "mutation SaveReview($review: ReviewInput!) { createReview(episode: JEDI, review: $review) { id } }")
        let entry = QueuedMutation(id: QueuedMutation.newKey(), sequence: 1, request: request, optimisticData: Self.answerB)
        let storage = InMemoryOfflineMutationStorage()
        try storage.insert(entry)
        let store = CacheStore()
        let errors = CacheErrors()
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), storage: storage,
                                             monitor: ManualNetworkMonitor(.offline), mutationTypes: [SaveReviewB.self])
        await queue.start()
        #expect(errors.all == [])
        #expect(await store.optimisticLayerCount == 1)
        #expect(try await Self.reviewB(in: store).commentary == .string("Great"))
    }
}
