import Graft

/// Response helpers of the cache tests, and the hand-written models of shapes the StarWars schema
/// has no field for (a mutation that renames a character, an offset-paged list): the golden
/// StarWarsAPI module gives every other model.
enum StarWars {
    /// `{ __typename id name }` of a character.
    struct Character: SelectionSet {
        static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)]
        let __data: ObjectData
        let __typename: String
        let id: String
        let name: String
        init(_ data: ObjectData) throws(ResponseDecodingError) {
            __data = data; __typename = try data["__typename"]; id = try data["id"]; name = try data["name"]
        }
    }

    /// `mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { __typename id name } }`
    struct RenameMutation: GraphQLMutation {
        static let operationName = "Rename"
        static let operationKind = OperationKind.mutation
        static let document = OperationDocument(definition: "mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { __typename id name } }")
        var id: String
        var name: String
        var __variables: [String: any InputValueConvertible] { ["id": id, "name": name] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [
                .field("rename", Character?.self, arguments: ["id": .variable("id"), "name": .variable("name")]),
            ]
            let __data: ObjectData
            let rename: Character?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; rename = try data["rename"] }
        }
    }

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
