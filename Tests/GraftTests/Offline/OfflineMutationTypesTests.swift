import Testing
@_spi(Generated) import GraftAPI
@testable import Graft
import StarWarsAPI

/// How the queue finds an entry's mutation type (to write its optimistic update and the server's
/// answer to the store) when two feature modules of an app each generate a mutation of one name:
/// by the operation's document, not by its name alone.
@Suite struct OfflineMutationTypesTests {
    /// What a second feature module may generate: a mutation named as StarWarsAPI's
    /// `CreateReviewForEpisode`, with other selections.
    struct OtherModuleCreateReview: GraphQLMutation {
        typealias Data = StarWarsAPI.HeroNameQuery.Data
        static let document = OperationDocument(definition: "mutation CreateReviewForEpisode { hero { __typename name } }")
    }

    static let review = StarWarsAPI.CreateReviewForEpisodeMutation(episode: .value(.jedi), review: StarWarsAPI.ReviewInput(stars: 5))
    static let reviewData: JSONValue = ["createReview": ["__typename": "Review", "stars": 5, "commentary": "Great"]]
    static let heroData: JSONValue = ["hero": ["__typename": "Droid", "name": "R2-D2"]]

    /// Cache errors reported to the client, as text.
    final class CacheErrors: Sendable {
        private let errors = Locked<[String]>([])
        var all: [String] { errors.withLock { $0 } }
        func record(_ error: GraftError) { errors.withLock { $0.append(error.description) } }
    }

    /// A client over `store` whose server answers each of the two mutations with its own data.
    static func client(store: CacheStore, errors: CacheErrors) -> GraphQLClient {
        GraphQLClient(transport: StubTransport { request in
            GraphQLResponseBody(data: request.document == OtherModuleCreateReview.document ? heroData : reviewData)
        }, store: store, onCacheError: { errors.record($0) })
    }

    @Test func eachOfTwoSameNamedMutationsWritesTheServersAnswerWithItsOwnSelections() async throws {
        let store = CacheStore()
        let errors = CacheErrors()
        let monitor = ManualNetworkMonitor(.offline)
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), monitor: monitor)
        await queue.start()
        try await queue.enqueue(Self.review)
        try await queue.enqueue(OtherModuleCreateReview())
        let stream = await queue.events()
        let delivered = Task {
            await OfflineMutationQueueTests.events(stream, until: { $0.filter { if case .delivered = $0 { true } else { false } }.count == 2 })
        }
        monitor.set(.online)
        _ = await delivered.value
        #expect(errors.all == [])
        let root = try #require(try await store.record(for: .rootMutation))
        #expect(root.fields.keys.contains { $0.hasPrefix("createReview(") })
        #expect(root.fields["hero"] != nil)
    }

    @Test func anEntryLeftByTheLastRunGetsItsOwnTypesOptimisticUpdate() async throws {
        // The last run queued the review with an optimistic update while offline.
        let lastRun = try OfflineMutationQueue(client: GraphQLClient(transport: StubTransport(data: [:])),
                                               monitor: ManualNetworkMonitor(.offline))
        let optimistic = try StarWarsAPI.CreateReviewForEpisodeMutation.Data(ObjectData(try #require(Self.reviewData.objectValue)))
        try await lastRun.enqueue(Self.review, optimisticResponse: optimistic)
        let storage = InMemoryOfflineMutationStorage()
        for entry in await lastRun.pending { try storage.insert(entry) }

        // This run knows both modules' mutations; the other module's is registered last.
        let store = CacheStore()
        let errors = CacheErrors()
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), storage: storage,
                                             monitor: ManualNetworkMonitor(.offline),
                                             mutationTypes: [StarWarsAPI.CreateReviewForEpisodeMutation.self, OtherModuleCreateReview.self])
        await queue.start()
        #expect(errors.all == [])
        #expect(await store.optimisticLayerCount == 1)
        let root = try #require(try await store.record(for: .rootMutation))
        #expect(root.fields.keys.contains { $0.hasPrefix("createReview(") })
    }

    @Test func anEntryWhoseDocumentChangedUsesTheOneTypeOfItsName() async throws {
        // An app update changed the mutation's text; the entry keeps the old one.
        var request = GraphQLRequest(Self.review)
        request.document = OperationDocument(definition: "mutation CreateReviewForEpisode($episode: Episode!) { createReview { stars } }")
        let entry = QueuedMutation(id: QueuedMutation.newKey(), sequence: 1, request: request, optimisticData: Self.reviewData)
        let storage = InMemoryOfflineMutationStorage()
        try storage.insert(entry)
        let store = CacheStore()
        let errors = CacheErrors()
        let queue = try OfflineMutationQueue(client: Self.client(store: store, errors: errors), storage: storage,
                                             monitor: ManualNetworkMonitor(.offline),
                                             mutationTypes: [StarWarsAPI.CreateReviewForEpisodeMutation.self])
        await queue.start()
        #expect(errors.all == [])
        #expect(await store.optimisticLayerCount == 1)
        let root = try #require(try await store.record(for: .rootMutation))
        #expect(root.fields.keys.contains { $0.hasPrefix("createReview(") })
    }
}
