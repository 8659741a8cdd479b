public import APICore
import AppSchema
import CatalogShared
import GraftAPI

/// The reviews feature: reads a course's reviews and posts new ones. Its operations are
/// generated into this module (internal); a posted review's course goes into the app's one cache,
/// so every feature watching that course sees its new rating.
public struct ReviewsFeature: Sendable {
    let network: any NetworkService

    /// The feature on the app's networking core.
    public init(environment: APIEnvironment) {
        network = environment.network
    }

    /// The course with this slug and its newest reviews, or nil when there is no such course.
    public func reviews(courseSlug: String, first: Int = 10) async throws(AppError) -> CourseReviews? {
        let data = try await network.fetch(CourseReviewsQuery(lookup: .slug(courseSlug), first: .some(first)), cachePolicy: .networkFirst)
        return data.course.map { course in
            CourseReviews(course: CourseOverview(course.fragments.courseSummary),
                          reviews: course.reviews.map { Review($0.fragments.reviewLine) })
        }
    }

    /// Posts a review (rating 1 to 5) of the course with this slug. The server's objections to the
    /// input throw ``AppError/rejected(_:)`` with its messages.
    public func postReview(courseSlug: String, rating: Int, body: String? = nil) async throws(AppError) -> PostedReview {
        var text: GraphQLNullable<String> = nil
        if let body { text = .some(body) }
        let data = try await network.perform(PostReviewMutation(course: .slug(courseSlug), review: ReviewInput(rating: rating, body: text)))
        let payload = data.addReview
        guard payload.errors.isEmpty else { throw .rejected(payload.errors.map { $0.message }) }
        guard let review = payload.review, let course = payload.course else { throw .invalidResponse }
        return PostedReview(review: Review(review.fragments.reviewLine), course: CourseOverview(course.fragments.courseSummary))
    }
}

extension Review {
    /// The domain review of the generated fragment.
    init(_ line: ReviewLine) {
        self.init(id: line.id, rating: line.rating, body: line.body, authorName: line.author.name)
    }
}
