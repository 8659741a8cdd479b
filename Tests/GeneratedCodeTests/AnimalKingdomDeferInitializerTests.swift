import AnimalKingdomAPI
import Graft
import Testing

/// `AllAnimalsDeferQuery` built with initializers only, its `@defer` fragments fulfilled, pending
/// and failed, equal to the model decoded from the incremental payloads merged by
/// ``IncrementalResponse`` (deferSpec=20220824 form).
@Suite struct AnimalKingdomDeferInitializerTests {
    typealias Data = AnimalKingdom.AllAnimalsDeferQuery.Data
    typealias Animal = Data.AllAnimal
    typealias Support = AnimalKingdomAllAnimalsInitializerTests

    /// The model decoded from the merged payloads.
    static func merged(_ payloads: String...) throws -> Data {
        var response = IncrementalResponse()
        for payload in payloads { try response.apply(try JSONParser.parse(payload)) }
        return try Data.decode(data: try #require(response.body.data))
    }

    /// The first payload: a dog, a cat and a crocodile without their deferred fields.
    static let initial = """
    {"data": {"allAnimals": [
      {"__typename": "Dog", "id": "1", "species": "Canis familiaris", "skinCovering": "FUR", "predators": [],
       "height": {"__typename": "Height", "feet": 2, "inches": 7, "meters": 1},
       "humanName": "Rex", "favoriteToy": "Ball", "owner": null, "bodyTemperature": 38},
      {"__typename": "Cat", "id": "2", "species": "Felis catus", "skinCovering": "FUR", "predators": [],
       "height": {"__typename": "Height", "feet": 1, "inches": null, "meters": 0},
       "humanName": "Tom", "favoriteToy": "Yarn", "owner": null, "bodyTemperature": 39},
      {"__typename": "Crocodile", "id": "4", "species": "Crocodylus", "skinCovering": "SCALES", "predators": [],
       "height": {"__typename": "Height", "feet": 15, "inches": 0, "meters": 4}}]},
     "hasNext": true}
    """

    /// The pets' deferred heights.
    static let petHeights = """
    {"incremental": [
      {"data": {"height": {"relativeSize": "AVERAGE", "centimeters": 80.0}}, "path": ["allAnimals", 0], "label": "deferredPetAnimal"},
      {"data": {"height": {"relativeSize": "SMALL", "centimeters": 30.0}}, "path": ["allAnimals", 1], "label": "deferredPetAnimal"}],
     "hasNext": true}
    """

    static let dogHeight = Deferred<Animal.AsPet.DeferredPetAnimal>.fulfilled(.init(height: .init(relativeSize: .value(.average), centimeters: 80.0)))
    static let catHeight = Deferred<Animal.AsPet.DeferredPetAnimal>.fulfilled(.init(height: .init(relativeSize: .value(.small), centimeters: 30.0)))

    static func dog(_ deferredDog: Deferred<Animal.AsDog.DeferredDog>, height: Deferred<Animal.AsPet.DeferredPetAnimal> = Self.dogHeight) -> Animal {
        Animal(__typename: "Dog", id: "1", height: .init(feet: 2, inches: 7), species: "Canis familiaris", skinCovering: .init(.fur), predators: [],
               asPet: .init(petDetails: .init(__typename: "Dog", id: "1", humanName: "Rex", favoriteToy: "Ball"),
                            warmBloodedDetails: Support.warmBlooded("Dog", 38, meters: 1),
                            deferredPetAnimal: height),
               asDog: .init(deferredDog: deferredDog),
               heightInMeters: Support.meters("Dog", 1), warmBloodedDetails: Support.warmBlooded("Dog", 38, meters: 1))
    }

    static func cat(_ deferredCat: Deferred<Animal.AsCat.DeferredCat>, height: Deferred<Animal.AsPet.DeferredPetAnimal> = Self.catHeight) -> Animal {
        Animal(__typename: "Cat", id: "2", height: .init(feet: 1), species: "Felis catus", skinCovering: .init(.fur), predators: [],
               asPet: .init(petDetails: .init(__typename: "Cat", id: "2", humanName: "Tom", favoriteToy: "Yarn"),
                            warmBloodedDetails: Support.warmBlooded("Cat", 39, meters: 0),
                            deferredPetAnimal: height),
               asCat: .init(deferredCat: deferredCat), asClassroomPet: .init(),
               heightInMeters: Support.meters("Cat", 0), warmBloodedDetails: Support.warmBlooded("Cat", 39, meters: 0))
    }

    static let crocodile = Animal(__typename: "Crocodile", id: "4", height: .init(feet: 15, inches: 0), species: "Crocodylus",
                                  skinCovering: .init(.scales), predators: [], heightInMeters: Support.meters("Crocodile", 4))

    @Test func fulfilled() throws {
        let decoded = try Self.merged(Self.initial, Self.petHeights, """
        {"incremental": [
          {"data": {"favoriteToy": "Ball", "birthdate": "2020-01-01"}, "path": ["allAnimals", 0], "label": "deferredDog"},
          {"data": {"isJellicle": true}, "path": ["allAnimals", 1], "label": "deferredCat"}],
         "hasNext": false}
        """)
        let built = Data(allAnimals: [Self.dog(.fulfilled(.init(favoriteToy: "Ball", birthdate: "2020-01-01"))),
                                      Self.cat(.fulfilled(.init(isJellicle: true))), Self.crocodile])
        #expect(built == decoded)
        #expect(decoded.allAnimals[0].asDog?.deferredDog.value?.birthdate == "2020-01-01")
        #expect(decoded.allAnimals[1].asPet?.deferredPetAnimal.value?.height.centimeters == 30.0)
    }

    @Test func pending() throws {
        let decoded = try Self.merged(Self.initial, Self.petHeights)
        #expect(Data(allAnimals: [Self.dog(.pending), Self.cat(.pending), Self.crocodile]) == decoded)
        #expect(decoded.allAnimals[0].asDog?.deferredDog.isPending == true)
        #expect(decoded.allAnimals[1].asCat?.deferredCat.isPending == true)
    }

    @Test func failed() throws {
        let toyError = GraphQLResponseError(message: "no toy", path: ResponsePath([.key("allAnimals"), .index(0), .key("favoriteToy")]))
        let catError = GraphQLResponseError(message: "not a Jellicle", extensions: ["code": .string("GONE")])
        let decoded = try Self.merged(Self.initial, Self.petHeights, """
        {"incremental": [
          {"data": null, "path": ["allAnimals", 0], "label": "deferredDog",
           "errors": [{"message": "no toy", "path": ["allAnimals", 0, "favoriteToy"]}]},
          {"data": null, "path": ["allAnimals", 1], "label": "deferredCat",
           "errors": [{"message": "not a Jellicle", "extensions": {"code": "GONE"}}]}],
         "hasNext": false}
        """)
        #expect(Data(allAnimals: [Self.dog(.failed([toyError])), Self.cat(.failed([catError])), Self.crocodile]) == decoded)
        #expect(decoded.allAnimals[0].asDog?.deferredDog == .failed([toyError]))
    }

    /// The pets' deferred heights not arrived yet: `height` is there (the parent selects it), but
    /// not the deferred fragment's fields.
    @Test func pendingFragmentOnAFieldTheParentSelects() throws {
        let decoded = try Self.merged(Self.initial)
        #expect(decoded.allAnimals[0].asPet?.deferredPetAnimal.isPending == true)
        #expect(Data(allAnimals: [Self.dog(.pending, height: .pending), Self.cat(.pending, height: .pending), Self.crocodile]) == decoded)
        // The failure of a fragment on such a field.
        let error = GraphQLResponseError(message: "no height")
        let failed = try Self.merged(Self.initial, """
        {"incremental": [{"data": null, "path": ["allAnimals", 1], "label": "deferredPetAnimal", "errors": [{"message": "no height"}]}],
         "hasNext": true}
        """)
        #expect(Data(allAnimals: [Self.dog(.pending, height: .pending), Self.cat(.pending, height: .failed([error])), Self.crocodile]) == failed)
    }
}
