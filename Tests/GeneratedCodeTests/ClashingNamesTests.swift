import ClashAPI
import Foundation
import Graft
import Testing

/// The ClashAPI golden target (a schema naming its types, fields, arguments, enum values and
/// scalars like Swift's and Foundation's) compiles, and this file, importing Foundation with it,
/// names `URL`, `Date` and `Data` without "'Date' is ambiguous": the schema's are `URLScalar`,
/// `DateScalar` and `DataScalar`.
@Suite struct ClashingNamesTests {
    @Test func foundationTypesStayFoundations() throws {
        let url: URL = try #require(URL(string: "https://example.com/a"))
        let date: Date = Date(timeIntervalSince1970: 0)
        let data: Data = Data("graft".utf8)
        #expect(url.host == "example.com")
        #expect(date.timeIntervalSince1970 == 0)
        #expect(data.count == 5)
        let scalar: URLScalar = "https://example.com/b"
        let day: DateScalar = "2026-11-23"
        let bytes: DataScalar = "Z3JhZnQ="
        #expect([scalar, day, bytes] == ["https://example.com/b", "2026-11-23", "Z3JhZnQ="])
    }

    @Test func fieldsNamedLikeGeneratedMembersDecode() throws {
        let json = """
        {"type": {"__typename": "Type", "id": "1", "Type": "t", "String": "s", "Int": 1, "Bool": true, "Self": "S",
                  "self": "me", "Protocol": "p", "Error": "e", "URL": "https://example.com", "Date": "2026-11-23",
                  "Data": "ZA==", "UUID": "u", "Decimal": "1.5", "Instant": 60, "Task": "DONE", "Result": "rawValue",
                  "Optional": "NONE", "Hashable": "h", "fragments": "f", "description": "d", "hashValue": 7,
                  "init": "i", "class": "c", "return": "r", "where": "w", "Any": "a", "__data": "named",
                  "typename": "Type", "data": {"__typename": "Type", "id": "2", "Date": null},
                  "type": {"__typename": "Type", "id": "3"}, "string": [{"__typename": "Type", "id": "4"}]}}
        """
        let value = try #require(try TypeQuery.Data.decode(data: JSONParser.parse(json)).type)
        #expect(value.String == "s")
        #expect(value.self_ == "me")
        #expect(value.fragments_ == "f")
        #expect(value.fragments.hashable.id == "1")
        #expect(value.__data_ == "named")
        #expect(value.hashValue_ == 7)
        #expect(value.Instant_?.seconds == 60)
        #expect(value.Result == .value(.rawValue_))
        #expect(value.Optional == .value(.none))
        #expect(value.Task == .value(.done))
        #expect(value.`init` == "i")
        #expect(value.data?.id == "2")
        #expect(value.type?.id == "3")
        #expect(value.string?.map(\.id) == ["4"])
        #expect(value.URL == "https://example.com")
    }

    @Test func variablesNamedLikeKeywordsAreSentUnderTheirGraphQLNames() {
        let query = TypeQuery(String: "s", self_: "me", in: "x", error: .some(ErrorInput(self_: "e")))
        #expect(query.variables["String"] == "s")
        #expect(query.variables["self"] == "me")
        #expect(query.variables["in"] == "x")
        #expect(query.variables["error"] == ["self": "e"])
        #expect(DataQuery(is: .self__).variables["is"] == "self")
        #expect(DataQuery(choice: .some(.self_("x"))).variables["choice"] == ["self": "x"])
    }
}
