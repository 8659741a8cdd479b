import Graft

/// Hand-written models in the shape of generated code (until codegen's golden StarWars lands),
/// used by the cache tests.
enum StarWars {
    /// `query HeroAndFriends($episode: Episode) { hero(episode: $episode) { __typename id name friends { __typename id name } } }`
    struct HeroAndFriendsQuery: GraphQLQuery {
        static let operationName = "HeroAndFriends"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query HeroAndFriends($episode: Episode) { hero(episode: $episode) { __typename id name friends { __typename id name } } }")
        var episode: GraphQLNullable<String> = nil
        var __variables: [String: any InputValueConvertible] { ["episode": episode] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])]
            let __data: ObjectData
            let hero: Hero?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; hero = try data["hero"] }

            struct Hero: SelectionSet {
                static let __selections: [Selection] = [
                    .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
                    .field("friends", [Character?]?.self),
                ]
                let __data: ObjectData
                let id: String
                let name: String
                let friends: [Character?]?
                init(_ data: ObjectData) throws(ResponseDecodingError) {
                    __data = data; id = try data["id"]; name = try data["name"]; friends = try data["friends"]
                }
            }
        }
    }

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

    /// `query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }`
    struct HeroNameQuery: GraphQLQuery {
        static let operationName = "HeroName"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }")
        var episode: GraphQLNullable<String> = nil
        var __variables: [String: any InputValueConvertible] { ["episode": episode] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("hero", Character?.self, arguments: ["episode": .variable("episode")])]
            let __data: ObjectData
            let hero: Character?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; hero = try data["hero"] }
        }
    }

    /// `query HeroNameWithoutID { hero { __typename name } }`
    struct HeroNameWithoutIDQuery: GraphQLQuery {
        static let operationName = "HeroNameWithoutID"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query HeroNameWithoutID { hero { __typename name } }")

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("hero", HeroDetailsQuery.Data.Hero.Friend?.self)]
            let __data: ObjectData
            let hero: HeroDetailsQuery.Data.Hero.Friend?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; hero = try data["hero"] }
        }
    }

    /// `query Human($id: ID!) { human(id: $id) { __typename id name } }`
    struct HumanQuery: GraphQLQuery {
        static let operationName = "Human"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query Human($id: ID!) { human(id: $id) { __typename id name } }")
        var id: String
        var __variables: [String: any InputValueConvertible] { ["id": id] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("human", Character?.self, arguments: ["id": .variable("id")])]
            let __data: ObjectData
            let human: Character?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; human = try data["human"] }
        }
    }

    /// `fragment CharacterName on Character { __typename id name }`
    struct CharacterName: Fragment {
        static let fragmentDefinition = "fragment CharacterName on Character { __typename id name }"
        static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)]
        let __data: ObjectData
        let name: String
        init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; name = try data["name"] }
    }

    /// ```
    /// query HeroDetails($withFriends: Boolean!) {
    ///   hero { __typename id ...CharacterName ... on Droid { primaryFunction }
    ///          friends @include(if: $withFriends) { __typename name } appearsIn(first: 2) }
    /// }
    /// ```
    /// Friends have no `id` selected, so they get path keys.
    struct HeroDetailsQuery: GraphQLQuery {
        static let operationName = "HeroDetails"
        static let operationKind = OperationKind.query
        static let document = OperationDocument(definition: "query HeroDetails($withFriends: Boolean!) { ... }")
        var withFriends: Bool
        var __variables: [String: any InputValueConvertible] { ["withFriends": withFriends] }

        struct Data: SelectionSet {
            static let __selections: [Selection] = [.field("hero", Hero?.self)]
            let __data: ObjectData
            let hero: Hero?
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; hero = try data["hero"] }

            struct Hero: SelectionSet {
                static let __selections: [Selection] = [
                    .field("__typename", String.self), .field("id", String.self),
                    .fragment(CharacterName.self),
                    .typeCase(AsDroid.self, on: ["Droid"]),
                    .field("friends", [Friend]?.self, if: [.include("withFriends")]),
                    .field("appearsIn", [String].self, arguments: ["first": .value(2)]),
                ]
                let __data: ObjectData
                let __typename: String
                let id: String
                let friends: [Friend]?
                let appearsIn: [String]
                let asDroid: AsDroid?
                let characterName: CharacterName
                init(_ data: ObjectData) throws(ResponseDecodingError) {
                    __data = data; __typename = try data["__typename"]; id = try data["id"]; friends = try data["friends"]
                    appearsIn = try data["appearsIn"]; asDroid = try data.typeCase(["Droid"]); characterName = try data.fragment()
                }

                struct AsDroid: SelectionSet {
                    static let __selections: [Selection] = [.field("primaryFunction", String?.self)]
                    let __data: ObjectData
                    let primaryFunction: String?
                    init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; primaryFunction = try data["primaryFunction"] }
                }

                struct Friend: SelectionSet {
                    static let __selections: [Selection] = [.field("__typename", String.self), .field("name", String.self)]
                    let __data: ObjectData
                    let name: String
                    init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; name = try data["name"] }
                }
            }
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

    /// Response JSON of `HeroAndFriends` for R2-D2 with the given friends (`(id, name)`).
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
