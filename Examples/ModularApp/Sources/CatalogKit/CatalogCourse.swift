public import CatalogShared

/// A course as the catalog's detail screen shows it.
public struct CatalogCourse: Sendable, Hashable, Identifiable {
    public var id: String { overview.slug }
    /// What every feature shows of the course (its rating changes when anyone reviews it).
    public let overview: CourseOverview
    /// One-sentence summary, if the course has one.
    public let summary: String?
    public let lessonCount: Int

    /// A course (previews, tests).
    public init(overview: CourseOverview, summary: String?, lessonCount: Int) {
        self.overview = overview
        self.summary = summary
        self.lessonCount = lessonCount
    }
}
