import CourseCatalogAPI
import Foundation
import Graft

/// `response FILE`: parses a JSON response and decodes it into the generated models of the
/// example API's CourseCatalog query (Scripts/bench/course-catalog-response.json: 1,250 courses, about 1 MB).
enum ResponseBenchmarks {
    static func response(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw BenchmarkError("usage: graft-bench response FILE (a CourseCatalog response)") }
        let bytes = try Measurement.read(arguments[0])
        let courses = try decode(bytes).courses.edges.count
        guard courses > 0 else { throw BenchmarkError("the response has no courses") }
        let name = URL(fileURLWithPath: arguments[0]).lastPathComponent
        let total = try Measurement.median(producing: { try decode(bytes) })
        Measurement.report("response", name + " (\(courses) courses, JSON + models)", bytes: bytes.count, milliseconds: total)
        let json = try JSONParser.parse(bytes)
        let models = try Measurement.median(producing: { try typed(json) })
        Measurement.report("response", name + " (\(courses) courses, models only)", bytes: bytes.count, milliseconds: models)
        // The yardstick: Foundation's JSONSerialization merely parsing the same bytes.
        let data = Data(bytes)
        let foundation = try Measurement.median(producing: { try JSONSerialization.jsonObject(with: data) })
        Measurement.report("response", name + " (JSONSerialization.jsonObject only)", bytes: bytes.count, milliseconds: foundation)
        print("response \(name): JSON + models take \(Measurement.format(total / foundation, digits: 2))x the time of JSONSerialization alone")
    }

    static func decode(_ bytes: [UInt8]) throws -> CourseCatalogQuery.Data {
        try typed(try JSONParser.parse(bytes))
    }

    static func typed(_ json: JSONValue) throws -> CourseCatalogQuery.Data {
        guard let body = GraphQLResponseBody(json: json), let data = body.data else {
            throw BenchmarkError("not a GraphQL response with data")
        }
        return try CourseCatalogQuery.Data.decode(data: data)
    }
}
