@_spi(Generated) import Graft

/// The benchmark's query, `hero { __typename id name friends { __typename id name } }` (the
/// HeroAndFriendsNamesWithIDs shape of Apollo's StarWars tests), as generated code looks, and
/// responses with N friends.
struct HeroAndFriendsQuery: GraphQLQuery {
    static let operationName = "HeroAndFriends"
    static let operationKind = OperationKind.query
    static let document = OperationDocument(definition: "query HeroAndFriends { hero { __typename id name friends { __typename id name } } }")

    struct Data: SelectionSet {
        static let __selections: [Selection] = [.field("hero", Hero?.self)]
        let __data: ObjectData
        let hero: Hero?
        init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; hero = try data["hero"] }

        struct Hero: SelectionSet {
            static let __selections: [Selection] = [
                .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
                .field("friends", [Friend?]?.self),
            ]
            let __data: ObjectData
            let __typename: String
            let id: String
            let name: String
            let friends: [Friend?]?
            init(_ data: ObjectData) throws(ResponseDecodingError) {
                __data = data; __typename = try data["__typename"]; id = try data["id"]; name = try data["name"]
                friends = try data["friends"]
            }

            struct Friend: SelectionSet {
                static let __selections: [Selection] = [
                    .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
                ]
                let __data: ObjectData
                let __typename: String
                let id: String
                let name: String
                init(_ data: ObjectData) throws(ResponseDecodingError) {
                    __data = data; __typename = try data["__typename"]; id = try data["id"]; name = try data["name"]
                }
            }
        }
    }

    /// The keys of the records a response of `friends` friends is normalized into: `ROOT_QUERY`,
    /// the hero's, then its friends' in order (the cache's default keys, `__typename:id`).
    static func recordKeys(friends: Int) -> [String] {
        ["ROOT_QUERY", "Droid:2001"] + (0..<friends).map { "\($0 % 3 == 0 ? "Droid" : "Human"):\(1000 + $0)" }
    }

    /// A compact JSON response (`{"data":{"hero":...}}`) with `friends` friends.
    static func response(friends: Int) -> [UInt8] {
        var text = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":["#
        for index in 0..<friends {
            if index > 0 { text += "," }
            let type = index % 3 == 0 ? "Droid" : "Human"
            text += #"{"__typename":"\#(type)","id":"\#(1000 + index)","name":"Friend \#(index)"}"#
        }
        text += "]}}}"
        return Array(text.utf8)
    }
}
