import AppSchema
import GraftAPI

/// What every feature shows of a course, read from the shared `CourseSummary` fragment: the
/// domain struct features hand to the app instead of the generated model.
public struct CourseOverview: Sendable, Hashable, Identifiable {
    /// How much a course expects its students to know already.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case beginner, intermediate, advanced
        /// A level this app version does not know (added to the schema later).
        case other
    }

    /// The slug: what links carry, and the course's identity in the cache.
    public var id: String { slug }
    /// URL-safe unique name, for example `swift-concurrency`.
    public let slug: String
    public let title: String
    public let level: Level
    /// Average review rating from 1 to 5; nil before the first review.
    public let rating: Double?

    /// A course overview (previews, tests).
    public init(slug: String, title: String, level: Level, rating: Double?) {
        self.slug = slug
        self.title = title
        self.level = level
        self.rating = rating
    }

    /// The overview a feature's operation read through the shared fragment.
    package init(_ summary: CourseSummary) {
        self.init(slug: summary.slug, title: summary.title, level: Level(summary.level), rating: summary.rating)
    }
}

extension CourseOverview.Level {
    /// The schema's level; the deprecated `EXPERT` reads as ``advanced``, into which it was merged.
    package init(_ level: GraphQLEnum<CourseLevel>) {
        switch level {
        case .value(.beginner): self = .beginner
        case .value(.intermediate): self = .intermediate
        case .value(.advanced), .value(.expert): self = .advanced
        case .unknown: self = .other
        }
    }

    /// The schema's level for a filter; nil for ``other``, which no query can ask for.
    package var schemaLevel: CourseLevel? {
        switch self {
        case .beginner: .beginner
        case .intermediate: .intermediate
        case .advanced: .advanced
        case .other: nil
        }
    }
}
