@_spi(Generated) import Graft
import GraftTesting
import StarWarsAPIMocks
import StarWarsClassAPI
import Testing

/// The class shape of generated models (`"modelShape": "class"`, golden StarWarsClassAPI target):
/// final classes inheriting `SelectionSetObject`, read and compared as the struct shape's models are.
@Suite struct StarWarsClassShapeTests {
    static func decode<Data: SelectionSet>(_: Data.Type, _ json: String) throws -> Data {
        try Data.decode(data: try JSONParser.parse(json))
    }

    static let luke = #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#
    static let artoo = #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#

    @Test func modelsAreFinalClassesOnTheBaseClass() {
        #expect(HeroDetailsQuery.Data.self is SelectionSetObject.Type)
        #expect(HeroDetailsQuery.Data.Hero.AsHuman.self is SelectionSetObject.Type)
        #expect(HeroDetails.self is FragmentObject.Type)
        #expect(HeroDetails.fragmentDefinition.hasPrefix("fragment HeroDetails on Character"))
        // The class vars give each type's own selections, also through an existential metatype.
        let type: any SelectionSet.Type = HeroNameConditionalInclusionQuery.Data.Hero.self
        #expect(type.__selections.count == 2)
        #expect(HeroDetailsQuery.Data.Hero.__selections.count != HeroDetailsQuery.Data.__selections.count)
    }

    /// The address of an array's elements: the same for two reads of one kept array.
    static func storage(_ selections: [Selection]) -> UnsafeRawPointer? {
        selections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func selectionsAreBuiltOncePerClassAndKept() {
        let first = HeroNameAndAppearsInQuery.Data.Hero.__selections
        #expect(first.map { "\($0)" } == HeroNameAndAppearsInQuery.Data.Hero.__makeSelections().map { "\($0)" })
        // Kept: a second read gives the same array, where each build allocates a new one.
        #expect(Self.storage(HeroNameAndAppearsInQuery.Data.Hero.__selections) == Self.storage(first))
        #expect(Self.storage(HeroNameAndAppearsInQuery.Data.Hero.__makeSelections()) != Self.storage(first))
        // Each class its own, read through the base class's metatype too.
        let parent: SelectionSetObject.Type = HeroNameAndAppearsInQuery.Data.self
        #expect(parent.__selections.map { "\($0)" } == HeroNameAndAppearsInQuery.Data.__makeSelections().map { "\($0)" })
        #expect(parent.__selections.map { "\($0)" } != first.map { "\($0)" })
    }

    @Test func selectionsReadFromManyTasksAtOnceAreOneArray() async {
        // A class no other test reads: its selections are built while these tasks race for them.
        let addresses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask { Int(bitPattern: Self.storage(StarshipCoordinatesQuery.Data.StarshipCoordinates.__selections)) }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(addresses.count == 1)
        #expect(addresses.first == Int(bitPattern: Self.storage(StarshipCoordinatesQuery.Data.StarshipCoordinates.__selections)))
    }

    @Test func decodesFieldsAndTypeCases() throws {
        let human = try Self.decode(HeroDetailsQuery.Data.self, Self.luke)
        #expect(human.hero?.name == "Luke")
        #expect(human.hero?.asHuman?.height == 1.72)
        #expect(human.hero?.asDroid == nil)
        // A type case reads its parent's field from the response object.
        #expect(human.hero?.asHuman?.name == "Luke")
        let droid = try Self.decode(HeroDetailsQuery.Data.self, Self.artoo)
        #expect(droid.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(droid.hero?.asHuman == nil)
    }

    @Test func namedFragments() throws {
        let data = try Self.decode(HeroDetailsWithFragmentQuery.Data.self, Self.artoo)
        #expect(data.hero?.fragments.heroDetails.name == "R2-D2")
        #expect(data.hero?.fragments.heroDetails.asDroid?.primaryFunction == "Astromech")
        let human = try Self.decode(DroidDetailsWithFragmentQuery.Data.self, #"{"hero": {"__typename": "Human"}}"#)
        #expect(human.hero != nil)
        #expect(human.hero?.fragments.droidDetails == nil)
    }

    @Test func equalityAndHashingFollowTheResponseObject() throws {
        let first = try Self.decode(HeroDetailsQuery.Data.self, Self.luke)
        let second = try Self.decode(HeroDetailsQuery.Data.self, Self.luke)
        let other = try Self.decode(HeroDetailsQuery.Data.self, Self.artoo)
        #expect(first !== second)
        #expect(first == second)
        #expect(first != other)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second, other]).count == 2)
        #expect(first.hero == second.hero)
        #expect(first.hero?.asHuman == second.hero?.asHuman)
    }

    @Test func twoModelTypesWithTheSameDataAreUnequal() throws {
        let query = try Self.decode(HeroDetailsQuery.Data.self, Self.luke)
        let fragment = try Self.decode(HeroDetailsWithFragmentQuery.Data.self, Self.luke)
        let hero = try #require(query.hero)
        let heroDetails = try #require(fragment.hero?.fragments.heroDetails)
        #expect(hero.__data == heroDetails.__data)
        #expect(AnyHashable(hero) != AnyHashable(heroDetails))
        #expect(Set<AnyHashable>([hero, heroDetails]).count == 2)
    }

    @Test func memberwiseModelsEqualDecodedOnes() throws {
        let built = HeroDetailsQuery.Data(hero: .init(__typename: "Human", name: "Luke", asHuman: .init(height: 1.72)))
        #expect(built == (try Self.decode(HeroDetailsQuery.Data.self, Self.luke)))
        #expect(built.hero?.asHuman?.height == 1.72)
        #expect(built.hero?.asHuman?.name == "Luke")
        let droid = HeroDetailsQuery.Data(hero: .init(__typename: "Droid", name: "R2-D2", asDroid: .init(primaryFunction: "Astromech")))
        #expect(droid == (try Self.decode(HeroDetailsQuery.Data.self, Self.artoo)))
        #expect(droid != built)
    }

    @Test func missingFieldNamesThePath() throws {
        let json = #"{"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": null}]}}"#
        do {
            _ = try Self.decode(HeroAndFriendsNamesQuery.Data.self, json)
            Issue.record("a null non-null field decoded")
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.hero.friends[0].name: expected String, found null")
        }
        do {
            _ = try Self.decode(HeroNameQuery.Data.self, #"{"hero": {"__typename": "Droid"}}"#)
            Issue.record("a missing non-null field decoded")
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.hero.name: expected String, found nothing")
        }
    }

    @Test func normalizedCacheWritesAndReadsModels() async throws {
        let store = CacheStore()
        let query = HeroAndFriendsNamesWithIDsQuery()
        let data = try Self.decode(HeroAndFriendsNamesWithIDsQuery.Data.self, """
        {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [
          {"__typename": "Human", "id": "1000", "name": "Luke"}, {"__typename": "Human", "id": "1002", "name": "Han"}]}}
        """)
        try await store.write(data: data, for: query)
        let read = try await store.read(query).data
        #expect(read == data)
        #expect(read !== data)
        #expect(read.hero?.friends?.compactMap { $0?.name } == ["Luke", "Han"])
        // Normalized: another query on the same record sees a write through this one.
        let renamed = HeroAndFriendsNamesWithIDsQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "Artoo", friends: []))
        try await store.write(data: renamed, for: query)
        let heroName = try await store.read(HeroNameWithIDQuery()).data
        #expect(heroName.hero?.name == "Artoo")
        // An optimistic layer of a model built in code, read back and rolled back.
        let optimistic = HeroAndFriendsNamesWithIDsQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2",
                                                                          friends: [.init(__typename: "Human", id: "1003", name: "Leia")]))
        let layer = try await store.addOptimisticLayer(optimistic, for: query)
        #expect(try await store.read(query).data == optimistic)
        try await store.removeOptimisticLayer(layer)
        #expect(try await store.read(query).data == renamed)
    }

    @Test func mocksMakeClassShapedModels() throws {
        // The mocks are per schema type, not per model: StarWarsAPI's mocks build these models too.
        let mock = QueryMock(hero: HumanMock(name: "Luke", height: 1.72))
        let data = try HeroDetailsQuery.Data(mock: mock)
        #expect(data.hero?.asHuman?.height == 1.72)
        #expect(data == (try Self.decode(HeroDetailsQuery.Data.self, Self.luke)))
        #expect(throws: MockError.self) { try HeroDetailsQuery.Data(mock: QueryMock(hero: HumanMock(height: 1.72))) }
    }

    @Test func modelsCrossTasks() async throws {
        let data = try Self.decode(HeroDetailsQuery.Data.self, Self.luke)
        let name = await Task.detached { data.hero?.asHuman?.name }.value
        #expect(name == "Luke")
    }
}
