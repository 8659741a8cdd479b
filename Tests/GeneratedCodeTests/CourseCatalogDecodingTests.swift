import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// Canned example-API responses decoded through the generated models (golden CourseCatalogAPI target).
@Suite struct CourseCatalogDecodingTests {
    static let course = """
    {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift", "summary": "Learn Swift", "level": "BEGINNER",
     "rating": 4.5, "coverImage": "https://example.com/c.png", "price": {"__typename": "Price", "amountMinor": 1000, "currency": "EUR"},
     "instructor": {"__typename": "User", "id": "u1", "name": "Ada", "handle": "ada", "avatarURL": null},
     "description": "All of Swift", "status": "PUBLISHED", "tags": ["swift"], "lessonCount": 1, "durationMinutes": 90,
     "weeklySchedule": [["2024-05-06T18:00:00Z"], []], "publishedAt": "2024-05-01T10:00:00Z", "updatedAt": "2024-06-01T10:00:00Z",
     "coInstructors": [], "lessons": [{"__typename": "VideoLesson", "id": "l1", "title": "Intro", "position": 1,
       "durationMinutes": 5, "isPreview": true, "lengthSeconds": 300}],
     "reviews": [], "topReview": [{"__typename": "Review", "id": "r1", "rating": 5}]}
    """

    @Test func nestedFragmentsCustomScalarsAndLists() throws {
        let data = try CourseDetailQuery.Data.decode(data: try JSONParser.parse(#"{"course": \#(Self.course)}"#))
        let details = try #require(data.course?.fragments.courseDetails)
        #expect(details.fragments.courseCard.title == "Swift")
        #expect(details.fragments.courseCard.instructor.fragments.userSummary.handle == "ada")
        #expect(details.fragments.courseCard.coverImage == "https://example.com/c.png")
        #expect(details.publishedAt?.date == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(details.lessons.first?.fragments.lessonOutline.asVideoLesson?.lengthSeconds == 300)
        #expect(data.course?.topReview.first?.rating == 5)
        #expect(data.course?.reviews?.isEmpty == true)
        #expect(details.weeklySchedule.map(\.count) == [1, 0])
    }

    /// A nested object without the `__typename` its selections name (a mock or a proxy that drops
    /// it) is a decoding error at its path, as a missing field is: it decoded before, and a cache
    /// read of the query then missed without a word to its watchers.
    @Test func aMissingTypenameIsAnErrorAtItsPath() throws {
        let json = Self.course.replacingOccurrences(of: #"{"__typename": "Price", "#, with: "{")
        do {
            _ = try CourseDetailQuery.Data.decode(data: try JSONParser.parse(#"{"course": \#(json)}"#))
            Issue.record("a missing __typename must fail")
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.course.price.__typename: expected String, found nothing")
        }
        // In a list, with its index.
        let lesson = Self.course.replacingOccurrences(of: #""__typename": "VideoLesson", "#, with: "")
        #expect(throws: ResponseDecodingError.self) {
            _ = try CourseDetailQuery.Data.decode(data: try JSONParser.parse(#"{"course": \#(lesson)}"#))
        }
    }

    @Test func badCustomScalarNamesThePath() throws {
        let json = Self.course.replacingOccurrences(of: "2024-05-01T10:00:00Z", with: "yesterday")
        do {
            _ = try CourseDetailQuery.Data.decode(data: try JSONParser.parse(#"{"course": \#(json)}"#))
            Issue.record("a bad DateTime must fail")
        } catch let error as ResponseDecodingError {
            #expect(error.description == "data.course.publishedAt: expected DateTime, found String")
        }
    }

    @Test func oneOfInputsAndDefaults() {
        let query = CourseDetailQuery(lookup: .slug("swift"), reviewCount: 3)
        // skipReviews is left out, so its default (false) is what the operation runs with.
        #expect(query.variables == ["lookup": ["slug": "swift"], "reviewCount": 3, "skipReviews": false])
        #expect(CourseLevel.allCases.count == 4)
        #expect(GraphQLEnum<CourseLevel>(rawValue: "MASTER") == .unknown("MASTER"))
    }

    /// What Apollo iOS's `GraphQLEnum` allows: `!=`, both against an optional (a field of an
    /// optional object), and `switch` over known cases.
    @Test func enumValuesCompareWithKnownCasesAsApolloAllows() {
        let level = GraphQLEnum<CourseLevel>.value(.advanced)
        let unknown = GraphQLEnum<CourseLevel>(rawValue: "MASTER")
        let missing: GraphQLEnum<CourseLevel>? = nil
        let present: GraphQLEnum<CourseLevel>? = level
        #expect(level == .advanced && level != .beginner)
        #expect(unknown != .advanced)
        #expect(present == .advanced && present != .beginner)
        #expect(!(missing == .advanced) && missing != .advanced)
        func name(_ value: GraphQLEnum<CourseLevel>) -> String {
            switch value {
            case .beginner: return "beginner"
            case .advanced: return "advanced"
            default: return "other"
            }
        }
        #expect([name(level), name(.value(.beginner)), name(unknown), name(.value(.intermediate))]
            == ["advanced", "beginner", "other", "other"])
    }

    @Test func keyFieldsFromTypePolicyAndConfiguration() {
        #expect(schemaMetadata.keyFields["Course"] == ["slug"])
        #expect(schemaMetadata.keyFields["Review"] == ["id"])
        #expect(schemaMetadata.possibleTypes["SearchResult"]?.contains("VideoLesson") == true)
    }
}
