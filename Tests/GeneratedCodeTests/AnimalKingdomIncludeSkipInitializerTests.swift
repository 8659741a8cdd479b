import AnimalKingdomAPI
import Graft
import Testing

/// `AllAnimalsIncludeSkipQuery` built with initializers only, with the variables that include every
/// conditional selection and with those that leave them all out, equal to the decoded response
/// the server sends for those variables.
@Suite struct AnimalKingdomIncludeSkipInitializerTests {
    typealias Data = AnimalKingdom.AllAnimalsIncludeSkipQuery.Data
    typealias Animal = Data.AllAnimal
    typealias Support = AnimalKingdomAllAnimalsInitializerTests

    /// includeSpecies, getCat, getWarmBlooded, varA: true; skipHeightInMeters: false.
    @Test func everythingIncluded() throws {
        let dog = Animal(__typename: "Dog", height: .init(feet: 2, inches: 7), species: "Canis familiaris", skinCovering: .init(.fur),
                         predators: [.init(__typename: "Human", species: "Homo sapiens",
                                           asWarmBlooded: .init(species: "Homo sapiens", laysEggs: false,
                                                                warmBloodedDetails: Support.warmBlooded("Human", 37, meters: 2)))],
                         asPet: .init(height: .init(relativeSize: .value(.average), centimeters: 80.0),
                                      petDetails: .init(__typename: "Dog", id: "1", humanName: "Rex", favoriteToy: "Ball"),
                                      warmBloodedDetails: Support.warmBlooded("Dog", 38, meters: 1)),
                         heightInMeters: Support.meters("Dog", 1), warmBloodedDetails: Support.warmBlooded("Dog", 38, meters: 1))
        let cat = Animal(__typename: "Cat", height: .init(feet: 1), species: "Felis catus", skinCovering: .init(.fur), predators: [],
                         asPet: .init(height: .init(relativeSize: .value(.small), centimeters: 30.0),
                                      petDetails: .init(__typename: "Cat", id: "2", humanName: "Tom", favoriteToy: "Yarn"),
                                      warmBloodedDetails: Support.warmBlooded("Cat", 39, meters: 0)),
                         asCat: .init(isJellicle: true), asClassroomPet: .init(),
                         heightInMeters: Support.meters("Cat", 0), warmBloodedDetails: Support.warmBlooded("Cat", 39, meters: 0))
        let bird = Animal(__typename: "Bird", height: .init(feet: 0, inches: 8), species: "Parrot", skinCovering: .init(.feathers), predators: [],
                          asPet: .init(height: .init(relativeSize: .value(.small), centimeters: 20.0),
                                       petDetails: .init(__typename: "Bird", id: "3", favoriteToy: "Mirror"),
                                       warmBloodedDetails: Support.warmBlooded("Bird", 41, meters: 0)),
                          asClassroomPet: .init(asBird: .init(wingspan: 0.4)),
                          heightInMeters: Support.meters("Bird", 0), warmBloodedDetails: Support.warmBlooded("Bird", 41, meters: 0))
        let crocodile = Animal(__typename: "Crocodile", height: .init(feet: 15, inches: 0), species: "Crocodylus", skinCovering: .init(.scales),
                               predators: [], heightInMeters: Support.meters("Crocodile", 4))
        let decoded = try InitializerTests.decode(Data.self, """
        {"allAnimals": [
          {"__typename": "Dog", "height": {"__typename": "Height", "feet": 2, "inches": 7, "meters": 1, "relativeSize": "AVERAGE", "centimeters": 80.0},
           "species": "Canis familiaris", "skinCovering": "FUR",
           "predators": [{"__typename": "Human", "species": "Homo sapiens", "laysEggs": false, "bodyTemperature": 37,
                          "height": {"__typename": "Height", "meters": 2}}],
           "id": "1", "humanName": "Rex", "favoriteToy": "Ball", "owner": null, "bodyTemperature": 38},
          {"__typename": "Cat", "height": {"__typename": "Height", "feet": 1, "inches": null, "meters": 0, "relativeSize": "SMALL", "centimeters": 30.0},
           "species": "Felis catus", "skinCovering": "FUR", "predators": [],
           "id": "2", "humanName": "Tom", "favoriteToy": "Yarn", "owner": null, "bodyTemperature": 39, "isJellicle": true},
          {"__typename": "Bird", "height": {"__typename": "Height", "feet": 0, "inches": 8, "meters": 0, "relativeSize": "SMALL", "centimeters": 20.0},
           "species": "Parrot", "skinCovering": "FEATHERS", "predators": [],
           "id": "3", "humanName": null, "favoriteToy": "Mirror", "owner": null, "bodyTemperature": 41, "wingspan": 0.4},
          {"__typename": "Crocodile", "height": {"__typename": "Height", "feet": 15, "inches": 0, "meters": 4},
           "species": "Crocodylus", "skinCovering": "SCALES", "predators": []}]}
        """)
        #expect(Data(allAnimals: [dog, cat, bird, crocodile]) == decoded)
        #expect(decoded.allAnimals[0].predators.first?.asWarmBlooded?.laysEggs == false)
        #expect(decoded.allAnimals[1].asCat?.isJellicle == true)
        #expect(decoded.allAnimals[3].fragments.heightInMeters?.height.meters == 4)
    }

    /// includeSpecies, getCat, getWarmBlooded, varA: false; skipHeightInMeters: true. Pets still
    /// have their body temperature and height in meters: `... on Pet` spreads WarmBloodedDetails
    /// without a condition.
    @Test func everythingLeftOutOfPets() throws {
        let dog = Animal(__typename: "Dog", height: .init(feet: 2, inches: 7), skinCovering: .init(.fur),
                         predators: [.init(__typename: "Human", asWarmBlooded: .init())],
                         asPet: .init(height: .init(), petDetails: .init(__typename: "Dog", id: "1", humanName: "Rex", favoriteToy: "Ball"),
                                      warmBloodedDetails: Support.warmBlooded("Dog", 38, meters: 1)))
        let cat = Animal(__typename: "Cat", height: .init(feet: 1), skinCovering: .init(.fur), predators: [],
                         asPet: .init(height: .init(), petDetails: .init(__typename: "Cat", id: "2", favoriteToy: "Yarn"),
                                      warmBloodedDetails: Support.warmBlooded("Cat", 39, meters: 0)),
                         asCat: .init(), asClassroomPet: .init())
        let decoded = try InitializerTests.decode(Data.self, """
        {"allAnimals": [
          {"__typename": "Dog", "height": {"__typename": "Height", "feet": 2, "inches": 7, "meters": 1}, "skinCovering": "FUR",
           "predators": [{"__typename": "Human"}], "id": "1", "humanName": "Rex", "favoriteToy": "Ball", "owner": null, "bodyTemperature": 38},
          {"__typename": "Cat", "height": {"__typename": "Height", "feet": 1, "inches": null, "meters": 0}, "skinCovering": "FUR",
           "predators": [], "id": "2", "humanName": null, "favoriteToy": "Yarn", "owner": null, "bodyTemperature": 39}]}
        """)
        #expect(Data(allAnimals: [dog, cat]) == decoded)
        #expect(decoded.allAnimals[0].species == nil)
        #expect(decoded.allAnimals[1].asCat?.isJellicle == nil)
    }

    /// The same variables, an animal that is not a pet: its height has no `meters`, so the
    /// skipped HeightInMeters fragment is absent.
    @Test func skippedFragmentOfANonPet() throws {
        let decoded = try InitializerTests.decode(Data.self, """
        {"allAnimals": [{"__typename": "Crocodile", "height": {"__typename": "Height", "feet": 15, "inches": 0}, "skinCovering": "SCALES",
                         "predators": []}]}
        """)
        #expect(decoded.allAnimals.first?.fragments.heightInMeters == nil)
        let crocodile = Animal(__typename: "Crocodile", height: .init(feet: 15, inches: 0), skinCovering: .init(.scales), predators: [])
        #expect(Data(allAnimals: [crocodile]) == decoded)
    }
}
