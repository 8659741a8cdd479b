import Testing
@testable import Graft
import StarWarsAPI

@Suite struct OptimisticUpdateTests {
    static func optimistic(_ name: String) throws -> StarWars.RenameMutation.Data {
        try StarWars.data(StarWars.RenameMutation.Data.self, ["rename": ["__typename": "Human", "id": "1000", "name": .string(name)]])
    }

    /// A transport that answers queries at once and holds mutations until `gate` opens, then
    /// answers them with `mutationResult` (or fails when it is nil).
    static func transport(gate: Gate, mutationName: String?) -> StubTransport {
        StubTransport { request in
            guard request.operationName == "Rename" else {
                return GraphQLResponseBody(data: .object(StarWars.heroAndFriends(friends: StarWars.lukeAndHan)))
            }
            await gate.wait()
            guard let mutationName else { throw GraftError(.httpStatus, message: "503", statusCode: 503) }
            return GraphQLResponseBody(data: ["rename": ["__typename": "Human", "id": "1000", "name": .string(mutationName)]])
        }
    }

    @Test func theLayerIsSeenAtOnceThenReplacedByTheServersData() async throws {
        let gate = Gate()
        let store = CacheStore()
        let client = GraphQLClient(transport: Self.transport(gate: gate, mutationName: "Luke (server)"), store: store)
        let watch = StreamCollector(client.watch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()))
        await watch.wait(for: 1)
        let mutation = Task {
            try await client.perform(StarWars.RenameMutation(id: "1000", name: "x"), optimisticResponse: try Self.optimistic("Luke (optimistic)"))
        }
        let optimistic = await watch.wait(for: 2)
        #expect(optimistic.last?.data?.hero?.friends?.first??.name == "Luke (optimistic)")
        #expect(try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).data.hero?.friends?.first??.name == "Luke (optimistic)")
        // The base records are untouched until the server answers.
        #expect(try await store.withinReadTransaction { try $0.record(for: "Human:1000")?["name"] } == "Luke Skywalker")
        await gate.open()
        let response = try await mutation.value
        #expect(response.data?.rename?.name == "Luke (server)")
        let final = await watch.wait(for: 3)
        #expect(final.count == 3)
        #expect(final.last?.data?.hero?.friends?.first??.name == "Luke (server)")
        #expect(await store.optimisticLayerCount == 0)
        #expect(try await store.record(for: "Human:1000")?["name"] == "Luke (server)")
        watch.cancel()
    }

    @Test func aFailedOptimisticMutationRollsBackAndNotifies() async throws {
        let gate = Gate()
        let store = CacheStore()
        let client = GraphQLClient(transport: Self.transport(gate: gate, mutationName: nil), store: store)
        let watch = StreamCollector(client.watch(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()))
        await watch.wait(for: 1)
        let mutation = Task {
            try await client.perform(StarWars.RenameMutation(id: "1000", name: "x"), optimisticResponse: try Self.optimistic("Luke (optimistic)"))
        }
        #expect(await watch.wait(for: 2).last?.data?.hero?.friends?.first??.name == "Luke (optimistic)")
        await gate.open()
        await #expect(throws: GraftError.self) { try await mutation.value }
        let rolledBack = await watch.wait(for: 3)
        #expect(rolledBack.count == 3)
        #expect(rolledBack.last?.data?.hero?.friends?.first??.name == "Luke Skywalker")
        #expect(await store.optimisticLayerCount == 0)
        #expect(try await store.read(StarWarsAPI.HeroAndFriendsNamesWithIDsQuery()).data.hero?.friends?.first??.name == "Luke Skywalker")
        watch.cancel()
    }

    @Test func layersStackAndRemoveIndependently() async throws {
        let store = CacheStore()
        try await store.write(data: try Self.optimistic("Luke"), for: StarWars.RenameMutation(id: "1000", name: "Luke"))
        let first = try await store.addOptimisticLayer(try Self.optimistic("A"), for: StarWars.RenameMutation(id: "1000", name: "A"))
        let second = try await store.addOptimisticLayer(try Self.optimistic("B"), for: StarWars.RenameMutation(id: "1000", name: "B"))
        #expect(try await store.record(for: "Human:1000")?["name"] == "B")
        try await store.removeOptimisticLayer(second)
        #expect(try await store.record(for: "Human:1000")?["name"] == "A")
        try await store.removeOptimisticLayer(first)
        #expect(try await store.record(for: "Human:1000")?["name"] == "Luke")
    }
}
