public import CatalogShared

/// A student's review of a course, as the reviews feature shows it.
public struct Review: Sendable, Hashable, Identifiable {
    public let id: String
    /// From 1 (poor) to 5 (excellent).
    public let rating: Int
    /// Optional text, in Markdown.
    public let body: String?
    public let authorName: String

    /// A review (previews, tests).
    public init(id: String, rating: Int, body: String?, authorName: String) {
        self.id = id
        self.rating = rating
        self.body = body
        self.authorName = authorName
    }
}

/// A course with its most recent reviews.
public struct CourseReviews: Sendable, Hashable {
    public let course: CourseOverview
    /// Newest first.
    public let reviews: [Review]

    /// A course's reviews (previews, tests).
    public init(course: CourseOverview, reviews: [Review]) {
        self.course = course
        self.reviews = reviews
    }
}

/// A posted review and the course it changed (with its new rating).
public struct PostedReview: Sendable, Hashable {
    public let review: Review
    public let course: CourseOverview

    /// A posted review (previews, tests).
    public init(review: Review, course: CourseOverview) {
        self.review = review
        self.course = course
    }
}
