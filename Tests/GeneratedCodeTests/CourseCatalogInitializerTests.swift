import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// The example API's nested fragments, custom scalars, type cases and lists built with the
/// generated initializers only equal the decoded canned response.
@Suite struct CourseCatalogInitializerTests {
    static func date(_ seconds: TimeInterval) -> Timestamp { Timestamp(Date(timeIntervalSince1970: seconds)) }

    @Test func courseDetailBuiltWithInitializersEqualsTheDecodedResponse() throws {
        let ada = UserSummary(id: "u1", name: "Ada", handle: "ada")
        let card = CourseCard(id: "c1", slug: "swift", title: "Swift", summary: "Learn Swift", level: .init(.beginner), rating: 4.5,
                              coverImage: "https://example.com/c.png", price: .init(amountMinor: 1000, currency: "EUR"),
                              instructor: .init(userSummary: ada))
        let intro = LessonOutline(__typename: "VideoLesson", id: "l1", title: "Intro", position: 1, durationMinutes: 5, isPreview: true,
                                  asVideoLesson: .init(lengthSeconds: 300))
        let details = CourseDetails(description: "All of Swift", status: .init(.published), tags: ["swift"], lessonCount: 1,
                                    durationMinutes: 90, weeklySchedule: [[Self.date(1_715_018_400)], []],
                                    publishedAt: Self.date(1_714_557_600), updatedAt: Self.date(1_717_236_000), coInstructors: [],
                                    lessons: [.init(__typename: "VideoLesson", lessonOutline: intro)], courseCard: card)
        let built = CourseDetailQuery.Data(course: .init(reviews: [], topReview: [.init(id: "r1", rating: 5)], courseDetails: details))
        let decoded = try CourseDetailQuery.Data.decode(data: try JSONParser.parse(#"{"course": \#(CourseCatalogDecodingTests.course)}"#))
        #expect(built == decoded)
        // Fields of fragments spread into fragments, read directly.
        #expect(decoded.course?.title == "Swift")
        #expect(decoded.course?.instructor.handle == "ada")
        #expect(decoded.course?.lessons.first?.fragments.lessonOutline.asVideoLesson?.lengthSeconds == 300)
        #expect(decoded.course?.lessons.first?.title == "Intro")
    }
}
