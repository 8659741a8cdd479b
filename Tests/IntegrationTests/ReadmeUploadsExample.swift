import CourseCatalogAPI
import Foundation
import Graft

/// The ClientAndWiring article's uploads example, so that a change to the API it uses fails the build
/// (UploadIntegrationTests runs the same calls against the server).
enum ReadmeUploadsExample {
    static func run() async throws {
        let client = GraphQLClient(url: URL(string: "https://api.example.com/graphql")!)
        let video = GraphQLFile(fileURL: URL(fileURLWithPath: "/Users/me/Movies/lecture.mp4"), mimeType: "video/mp4")
        let notes = GraphQLFile(data: Data("Slides follow.".utf8), filename: "notes.txt", mimeType: "text/plain")

        let attached = try await client.perform(
            AttachToLessonMutation(input: LessonAttachmentInput(lessonId: "lesson-3", caption: "Lecture", file: video)),
            options: RequestOptions(timeout: .seconds(600), throwsOnGraphQLErrors: true))
        print(attached.data?.attachToLesson.file.size as Any)

        // A list of files ([Upload!]!); a file given twice is sent once, the map names both places.
        _ = try await client.perform(UploadFilesMutation(files: [video, notes, video]))
    }
}
