#if canImport(SwiftUI)
import CourseCatalogAPI
import Foundation
import SwiftUI

/// Enrols the user. While the request is in flight, the button is disabled. The optimistic
/// response puts the enrolment into the cache at once, so every view of it updates before the
/// server answers; on failure the cache rolls it back.
struct EnrollButton: View {
    let course: CourseDetails
    @State private var enroll: MutationModel<EnrollMutation>

    init(course: CourseDetails, client: GraphQLClient) {
        self.course = course
        _enroll = State(initialValue: MutationModel(client: client))
    }

    /// What the server is expected to answer: an active enrolment with no progress yet, on this
    /// course as the cache knows it (so the optimistic layer changes nothing else of the course).
    var expected: EnrollMutation.Data? {
        let card = course.fragments.courseCard
        return try? EnrollMutation.Data(ObjectData(["enroll": [
            "__typename": "Enrollment", "id": .string("pending-\(card.slug)"), "status": "ACTIVE", "progress": 0,
            "enrolledAt": .string(Date().formatted(.iso8601)),
            "course": ["__typename": "Course", "id": .string(card.id), "slug": .string(card.slug),
                       "lessonCount": .int(course.lessonCount)],
        ]]))
    }

    var body: some View {
        VStack {
            Button(enroll.isPerforming ? "Enrolling…" : "Enroll") {
                Task {
                    await enroll.perform(EnrollMutation(slug: course.fragments.courseCard.slug), optimisticResponse: expected)
                }
            }
            .disabled(enroll.isPerforming || enroll.data != nil)
            if let enrolment = enroll.data?.enroll { Text("Enrolled: \(enrolment.status.rawValue)") }
            if let error = enroll.error { Text(error.description).foregroundStyle(.red) }
        }
    }
}
#endif
