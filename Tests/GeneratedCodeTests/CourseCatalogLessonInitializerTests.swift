import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// The example API's lessons (one of each type case), enrolments, reviews, attachments and
/// subscriptions built with initializers only, each equal to the decoded canned response.
@Suite struct CourseCatalogLessonInitializerTests {
    static func date(_ seconds: TimeInterval) -> Timestamp { CourseCatalogInitializerTests.date(seconds) }

    @Test func lessonsOfEachTypeCase() throws {
        typealias Lesson = LessonDetailQuery.Data.Lesson
        let course = Lesson.Course(id: "c1", slug: "swift", title: "Swift")
        let video = Lesson(__typename: "VideoLesson", course: course, lessonContent: LessonContent(__typename: "VideoLesson",
            asVideoLesson: .init(videoURL: "https://example.com/v.mp4", captions: [.init(language: "en", url: "https://example.com/en.vtt")]),
            lessonOutline: LessonOutline(__typename: "VideoLesson", id: "l1", title: "Intro", position: 1, durationMinutes: 5, isPreview: true,
                                         asVideoLesson: .init(lengthSeconds: 300))))
        #expect(LessonDetailQuery.Data(lesson: video) == (try InitializerTests.decode(LessonDetailQuery.Data.self, """
            {"lesson": {"__typename": "VideoLesson", "id": "l1", "title": "Intro", "position": 1, "durationMinutes": 5, "isPreview": true,
              "lengthSeconds": 300, "videoURL": "https://example.com/v.mp4",
              "captions": [{"__typename": "Caption", "language": "en", "url": "https://example.com/en.vtt"}],
              "course": {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift"}}}
            """)))
        let article = Lesson(__typename: "ArticleLesson", course: course, lessonContent: LessonContent(__typename: "ArticleLesson",
            asArticleLesson: .init(body: "Text", wordCount: 1),
            lessonOutline: LessonOutline(__typename: "ArticleLesson", id: "l2", title: "Read", position: 2, durationMinutes: 3, isPreview: false)))
        #expect(LessonDetailQuery.Data(lesson: article) == (try InitializerTests.decode(LessonDetailQuery.Data.self, """
            {"lesson": {"__typename": "ArticleLesson", "id": "l2", "title": "Read", "position": 2, "durationMinutes": 3, "isPreview": false,
              "body": "Text", "wordCount": 1, "course": {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift"}}}
            """)))
        let question = QuizQuestionFields(id: "q1", prompt: "Pick", kind: .init(.matrix), choices: ["a", "b"], matrix: [["x", nil], []])
        let quiz = Lesson(__typename: "QuizLesson", course: course, lessonContent: LessonContent(__typename: "QuizLesson",
            asQuizLesson: .init(passingScore: 0.8, questions: [.init(quizQuestionFields: question)]),
            lessonOutline: LessonOutline(__typename: "QuizLesson", id: "l3", title: "Quiz", position: 3, durationMinutes: 10, isPreview: false,
                                         asQuizLesson: .init(questions: [.init(id: "q1")]))))
        let decoded = try InitializerTests.decode(LessonDetailQuery.Data.self, """
        {"lesson": {"__typename": "QuizLesson", "id": "l3", "title": "Quiz", "position": 3, "durationMinutes": 10, "isPreview": false,
          "passingScore": 0.8, "questions": [{"__typename": "QuizQuestion", "id": "q1", "prompt": "Pick", "kind": "MATRIX",
            "choices": ["a", "b"], "matrix": [["x", null], []]}],
          "course": {"__typename": "Course", "id": "c1", "slug": "swift", "title": "Swift"}}}
        """)
        #expect(LessonDetailQuery.Data(lesson: quiz) == decoded)
        #expect(decoded.lesson?.fragments.lessonContent.fragments.lessonOutline.asQuizLesson?.questions.first?.id == "q1")
        #expect(LessonDetailQuery.Data(lesson: nil) == (try InitializerTests.decode(LessonDetailQuery.Data.self, #"{"lesson": null}"#)))
    }

    @Test func enrolmentAndAttachment() throws {
        #expect(EnrollMutation.Data(enroll: .init(id: "e1", status: .init(.active), progress: 0.25, enrolledAt: Self.date(1_714_557_600),
                                                  course: .init(id: "c1", slug: "swift", lessonCount: 12)))
            == (try InitializerTests.decode(EnrollMutation.Data.self, """
            {"enroll": {"__typename": "Enrollment", "id": "e1", "status": "ACTIVE", "progress": 0.25, "enrolledAt": "2024-05-01T10:00:00Z",
              "course": {"__typename": "Course", "id": "c1", "slug": "swift", "lessonCount": 12}}}
            """)))
        let sha = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"
        #expect(AttachToLessonMutation.Data(attachToLesson: .init(lessonId: "l1", caption: "Slides",
                                                                  file: .init(filename: "s.pdf", mimeType: "application/pdf", size: 3, sha256: sha)))
            == (try InitializerTests.decode(AttachToLessonMutation.Data.self, """
            {"attachToLesson": {"__typename": "LessonAttachment", "lessonId": "l1", "caption": "Slides",
              "file": {"__typename": "UploadedFile", "filename": "s.pdf", "mimeType": "application/pdf", "size": 3, "sha256": "\(sha)"}}}
            """)))
    }

    @Test func reviewsAddedAndRejected() throws {
        let review = ReviewFields(id: "r9", rating: 4, body: "Clear", createdAt: Self.date(1_717_236_000),
                                  author: .init(userSummary: UserSummary(id: "u2", name: "Grace", handle: "grace")))
        let reviewJSON = """
        "id": "r9", "rating": 4, "body": "Clear", "createdAt": "2024-06-01T10:00:00Z",
        "author": {"__typename": "User", "id": "u2", "name": "Grace", "handle": "grace", "avatarURL": null}
        """
        #expect(AddReviewMutation.Data(addReview: .init(review: .init(reviewFields: review), course: .init(id: "c1", slug: "swift", rating: 4.25),
                                                        errors: []))
            == (try InitializerTests.decode(AddReviewMutation.Data.self, """
            {"addReview": {"__typename": "AddReviewPayload", "review": {"__typename": "Review", \(reviewJSON)},
              "course": {"__typename": "Course", "id": "c1", "slug": "swift", "rating": 4.25}, "errors": []}}
            """)))
        #expect(AddReviewMutation.Data(addReview: .init(errors: [.init(field: ["review", "rating"], message: "1 to 5"), .init(message: "Enrol first")]))
            == (try InitializerTests.decode(AddReviewMutation.Data.self, """
            {"addReview": {"__typename": "AddReviewPayload", "review": null, "course": null, "errors": [
              {"__typename": "UserError", "field": ["review", "rating"], "message": "1 to 5"},
              {"__typename": "UserError", "field": null, "message": "Enrol first"}]}}
            """)))
        let decoded = try InitializerTests.decode(ReviewAddedSubscription.Data.self, """
        {"reviewAdded": {"__typename": "Review", \(reviewJSON), "course": {"__typename": "Course", "id": "c1", "slug": "swift", "rating": null}}}
        """)
        #expect(ReviewAddedSubscription.Data(reviewAdded: .init(course: .init(id: "c1", slug: "swift"), reviewFields: review)) == decoded)
        #expect(decoded.reviewAdded.fragments.reviewFields.author.fragments.userSummary.handle == "grace")
    }

    @Test func lessonProgressEvents() throws {
        #expect(LessonProgressSubscription.Data(lessonProgress: .init(progress: 1.0, completed: true, at: Self.date(1_717_236_000),
                                                                      lesson: .init(__typename: "QuizLesson", id: "l3", title: "Quiz")))
            == (try InitializerTests.decode(LessonProgressSubscription.Data.self, """
            {"lessonProgress": {"__typename": "LessonProgressEvent", "progress": 1.0, "completed": true, "at": "2024-06-01T10:00:00Z",
              "lesson": {"__typename": "QuizLesson", "id": "l3", "title": "Quiz"}}}
            """)))
    }
}
