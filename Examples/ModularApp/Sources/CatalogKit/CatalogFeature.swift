public import APICore
import AppSchema
public import CatalogShared
import GraftAPI

/// The catalog feature: lists courses and watches one. It owns its GraphQL operations (generated
/// into this module, internal) and answers with domain structs; its requests go through the
/// app's one ``APIEnvironment``, so what another feature changes shows here.
public struct CatalogFeature: Sendable {
    let network: any NetworkService

    /// The feature on the app's networking core.
    public init(environment: APIEnvironment) {
        network = environment.network
    }

    /// A page of courses, at the given levels or all of them, newest first.
    public func courses(levels: [CourseOverview.Level]? = nil, first: Int = 20) async throws(AppError) -> [CourseOverview] {
        var wanted: GraphQLNullable<[GraphQLEnum<CourseLevel>]> = nil
        if let levels { wanted = .some(levels.compactMap(\.schemaLevel).map(GraphQLEnum.init)) }
        let data = try await network.fetch(CatalogCoursesQuery(levels: wanted, first: .some(first)), cachePolicy: .networkFirst)
        return data.courses.edges.map { CourseOverview($0.node.fragments.courseSummary) }
    }

    /// The course with this slug, or nil when there is none.
    public func course(slug: String) async throws(AppError) -> CatalogCourse? {
        try await network.fetch(CatalogCourseQuery(lookup: .slug(slug))).course.map(CatalogCourse.init)
    }

    /// The course with this slug now, and again whenever it changes in the app's cache (a review
    /// posted from any feature updates its rating). Ends with an ``AppError`` on failure.
    public func watchCourse(slug: String) -> AsyncThrowingStream<CatalogCourse?, any Error> {
        network.watch(CatalogCourseQuery(lookup: .slug(slug))).mapped { $0.course.map(CatalogCourse.init) }
    }
}

extension CatalogCourse {
    /// The domain course of the generated model.
    init(_ course: CatalogCourseQuery.Data.Course) {
        self.init(overview: CourseOverview(course.fragments.courseSummary), summary: course.summary, lessonCount: course.lessonCount)
    }
}
