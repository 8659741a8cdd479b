import Testing
@testable import Graft

/// The shape generated code takes, written by hand: decoding, type cases, fragments, errors.
enum Episode: String, EnumType {
    case newhope = "NEWHOPE"
    case empire = "EMPIRE"
    case jedi = "JEDI"
}

struct HeroQuery: GraphQLQuery {
    static let operationName = "Hero"
    static let operationKind = OperationKind.query
    static let document = OperationDocument(definition: "query Hero($episode: Episode) { hero(episode: $episode) { __typename name } }")
    var episode: GraphQLNullable<GraphQLEnum<Episode>>
    var __variables: [String: any InputValueConvertible] { ["episode": episode] }

    struct Data: SelectionSet {
        static let __selections: [Selection] = [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])]
        let __data: ObjectData
        let hero: Hero?
        init(_ data: ObjectData) throws(ResponseDecodingError) {
            __data = data
            hero = try data["hero"]
        }

        struct Hero: SelectionSet {
            static let __selections: [Selection] = [
                .field("__typename", String.self), .field("name", String.self), .field("appearsIn", [GraphQLEnum<Episode>?].self),
                .field("friends", [Friend?]?.self), .typeCase(AsDroid.self, on: ["Droid"]),
            ]
            let __data: ObjectData
            let __typename: String
            let name: String
            let appearsIn: [GraphQLEnum<Episode>?]
            let friends: [Friend?]?
            let asDroid: AsDroid?
            init(_ data: ObjectData) throws(ResponseDecodingError) {
                __data = data
                __typename = try data["__typename"]
                name = try data["name"]
                appearsIn = try data["appearsIn"]
                friends = try data["friends"]
                asDroid = try data.typeCase(["Droid"])
            }

            struct Friend: SelectionSet {
                static let __selections: [Selection] = [.field("__typename", String.self), .field("name", String.self)]
                let __data: ObjectData
                let __typename: String
                let name: String
                init(_ data: ObjectData) throws(ResponseDecodingError) {
                    __data = data
                    __typename = try data["__typename"]
                    name = try data["name"]
                }
            }

            struct AsDroid: SelectionSet {
                static let __selections: [Selection] = [.field("primaryFunction", String?.self)]
                let __data: ObjectData
                let primaryFunction: String?
                init(_ data: ObjectData) throws(ResponseDecodingError) {
                    __data = data
                    primaryFunction = try data["primaryFunction"]
                }
            }
        }
    }
}

@Suite struct GeneratedShapeTests {
    @Test func decodesNestedDataTypeCasesAndUnknownEnums() throws {
        let json = try JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["JEDI", "NEW_EPISODE", null],
                  "friends": [{"__typename": "Human", "name": "Luke"}, null], "primaryFunction": "Astromech"}}
        """)
        let data = try HeroQuery.Data.decode(data: json)
        #expect(data.hero?.name == "R2-D2")
        #expect(data.hero?.appearsIn == [.value(.jedi), .unknown("NEW_EPISODE"), nil])
        #expect(data.hero?.friends?.first??.name == "Luke")
        #expect(data.hero?.asDroid?.primaryFunction == "Astromech")
    }

    @Test func typeCaseIsNilForOtherTypes() throws {
        let json = try JSONParser.parse(#"{"hero": {"__typename": "Human", "name": "Luke", "appearsIn": []}}"#)
        let data = try HeroQuery.Data.decode(data: json)
        #expect(data.hero?.asDroid == nil)
        #expect(data.hero?.friends == nil)
    }

    @Test func errorsNameTheResponsePath() throws {
        let json = try JSONParser.parse("""
        {"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": [],
                  "friends": [{"__typename": "Human", "name": "Luke"}, {"__typename": "Human", "name": "Han"}, {"__typename": "Human", "name": null}]}}
        """)
        #expect(throws: ResponseDecodingError.self) { try HeroQuery.Data.decode(data: json) }
        do {
            _ = try HeroQuery.Data.decode(data: json)
        } catch {
            #expect(error.description == "data.hero.friends[2].name: expected String, found null")
        }
    }

    @Test func variablesLeaveOutAbsentValues() {
        #expect(HeroQuery(episode: nil).variables == [:])
        #expect(HeroQuery(episode: .null).variables == ["episode": .null])
        #expect(HeroQuery(episode: .some(.value(.jedi))).variables == ["episode": "JEDI"])
    }
}
