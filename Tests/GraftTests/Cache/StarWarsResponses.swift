import Graft

/// StarWars responses for the cache suites, whose models come from the golden StarWarsAPI module.
enum StarWars {
    /// Response JSON of `HeroAndFriendsNamesWithIDs` for R2-D2 with the given friends (`(id, name)`).
    static func heroAndFriends(name: String = "R2-D2", friends: [(String, String)]) -> [String: JSONValue] {
        ["hero": .object([
            "__typename": "Droid", "id": "2001", "name": .string(name),
            "friends": .array(friends.map { .object(["__typename": "Human", "id": .string($0.0), "name": .string($0.1)]) }),
        ])]
    }

    /// The typed data of a response object.
    static func data<Data: SelectionSet>(_ type: Data.Type, _ fields: [String: JSONValue]) throws -> Data {
        try Data(ObjectData(fields))
    }

    static let lukeAndHan: [(String, String)] = [("1000", "Luke Skywalker"), ("1002", "Han Solo")]
}
