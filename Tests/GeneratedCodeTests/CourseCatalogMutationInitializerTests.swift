import CourseCatalogAPI
import Foundation
import Graft
import Testing

/// The example API's mutations and small queries built with initializers only, each equal to the
/// decoded canned response.
@Suite struct CourseCatalogMutationInitializerTests {
    static func date(_ seconds: TimeInterval) -> Timestamp { CourseCatalogInitializerTests.date(seconds) }

    @Test func notes() throws {
        let notes: [NotebookQuery.Data.Notebook.Note] = [
            .init(noteFields: NoteFields(id: "n1", text: "Actors", position: 0, savedAt: Self.date(1_714_557_600))),
            .init(noteFields: NoteFields(id: "n2", text: "Sendable", position: 1)),
        ]
        let decoded = try InitializerTests.decode(NotebookQuery.Data.self, """
        {"notebook": {"__typename": "Notebook", "id": "nb1", "notes": [
          {"__typename": "Note", "id": "n1", "text": "Actors", "position": 0, "savedAt": "2024-05-01T10:00:00Z"},
          {"__typename": "Note", "id": "n2", "text": "Sendable", "position": 1, "savedAt": null}]}}
        """)
        #expect(NotebookQuery.Data(notebook: .init(id: "nb1", notes: notes)) == decoded)
        #expect(decoded.notebook.notes.first?.savedAt?.date == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(AddNoteMutation.Data(addNote: .init(id: "nb1", notes: [.init(noteFields: NoteFields(id: "n1", text: "Actors", position: 0))]))
            == (try InitializerTests.decode(AddNoteMutation.Data.self, """
            {"addNote": {"__typename": "Notebook", "id": "nb1", "notes": [
              {"__typename": "Note", "id": "n1", "text": "Actors", "position": 0, "savedAt": null}]}}
            """)))
    }

    @Test func uploads() throws {
        let sha = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        #expect(UploadFileMutation.Data(uploadFile: .init(filename: "a.txt", mimeType: "text/plain", size: 0, sha256: sha))
            == (try InitializerTests.decode(UploadFileMutation.Data.self, """
            {"uploadFile": {"__typename": "UploadedFile", "filename": "a.txt", "mimeType": "text/plain", "size": 0, "sha256": "\(sha)"}}
            """)))
        #expect(UploadFilesMutation.Data(uploadFiles: [.init(filename: "a.txt", mimeType: "text/plain", size: 0, sha256: sha),
                                                       .init(filename: "b.png", mimeType: "image/png", size: 2048, sha256: sha)])
            == (try InitializerTests.decode(UploadFilesMutation.Data.self, """
            {"uploadFiles": [{"__typename": "UploadedFile", "filename": "a.txt", "mimeType": "text/plain", "size": 0, "sha256": "\(sha)"},
                             {"__typename": "UploadedFile", "filename": "b.png", "mimeType": "image/png", "size": 2048, "sha256": "\(sha)"}]}
            """)))
    }

    @Test func courseCreatedAndReviewsPreviewed() throws {
        let card = CourseCard(id: "c2", slug: "concurrency", title: "Concurrency", summary: nil, level: .init(.advanced), rating: nil,
                              coverImage: nil, price: nil,
                              instructor: .init(userSummary: UserSummary(id: "u1", name: "Ada", handle: "ada", avatarURL: "https://example.com/a.png")))
        let built = CreateCourseMutation.Data(createCourse: .init(status: .init(.draft), tags: ["swift", "actors"],
                                                                  weeklySchedule: [[], [Self.date(1_715_018_400)]], courseCard: card))
        let decoded = try InitializerTests.decode(CreateCourseMutation.Data.self, """
        {"createCourse": {"__typename": "Course", "id": "c2", "slug": "concurrency", "title": "Concurrency", "summary": null,
          "level": "ADVANCED", "rating": null, "coverImage": null, "price": null,
          "instructor": {"__typename": "User", "id": "u1", "name": "Ada", "handle": "ada", "avatarURL": "https://example.com/a.png"},
          "status": "DRAFT", "tags": ["swift", "actors"], "weeklySchedule": [[], ["2024-05-06T18:00:00Z"]]}}
        """)
        #expect(built == decoded)
        #expect(decoded.createCourse.instructor.handle == "ada")
        #expect(CourseReviewsPreviewQuery.Data(course: .init(id: "c1", slug: "swift", reviews: [.init(id: "r1", rating: 5), .init(id: "r2", rating: 3)]))
            == (try InitializerTests.decode(CourseReviewsPreviewQuery.Data.self, """
            {"course": {"__typename": "Course", "id": "c1", "slug": "swift",
              "reviews": [{"__typename": "Review", "id": "r1", "rating": 5}, {"__typename": "Review", "id": "r2", "rating": 3}]}}
            """)))
    }
}
