// Builds a generated operation and prints the GraphQL-over-HTTP request body it sends.
import CourseCatalogAPI
import Graft

let query = CourseDetailQuery(lookup: .slug("swift-concurrency"), reviewCount: 3)
let request = GraphQLRequest(query)
print("operation: \(CourseDetailQuery.operationName) (\(CourseDetailQuery.operationKind.rawValue))")
print("body: \(request.body(includingQuery: true).serialized)")
