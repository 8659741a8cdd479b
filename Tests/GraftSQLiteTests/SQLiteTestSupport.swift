import Foundation
@_spi(Generated) import Graft

/// Temporary database files, removed with their WAL and shared-memory files.
struct TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("cache.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Hand-written models of generated code for the SQLite tests.
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
                .field("friends", [Friend].self),
            ]
            let __data: ObjectData
            let name: String
            let friends: [Friend]
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; name = try data["name"]; friends = try data["friends"] }
        }

        struct Friend: SelectionSet {
            static let __selections: [Selection] = [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)]
            let __data: ObjectData
            let name: String
            init(_ data: ObjectData) throws(ResponseDecodingError) { __data = data; name = try data["name"] }
        }
    }

    static func data(friends: Int, hero: String = "R2-D2") throws -> Data {
        try Data(ObjectData(["hero": .object([
            "__typename": "Droid", "id": "2001", "name": .string(hero),
            "friends": .array((0..<friends).map { .object(["__typename": "Human", "id": .string("\($0)"), "name": .string("Friend \($0)")]) }),
        ])]))
    }
}

/// A deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
