#if canImport(SwiftUI)
import CourseCatalogAPI
import SwiftUI

/// Every course, 20 at a time: the list's last row loads the next page as it appears. The store
/// merges the pages into one list (the `courses` connection's field policy).
struct CatalogList: View {
    let client: GraphQLClient
    @State private var model: QueryModel<CourseCatalogQuery>

    init(client: GraphQLClient) {
        self.client = client
        _model = State(initialValue: QueryModel(
            CourseCatalogQuery(first: 20), client: client,
            pageInfo: { data in
                PageInfo(hasNextPage: data.courses.pageInfo.hasNextPage, endCursor: data.courses.pageInfo.endCursor)
            },
            next: { query, page in
                guard let cursor = page.endCursor else { return nil }
                var next = query
                next.after = .some(cursor)
                return next
            }))
    }

    var body: some View {
        List {
            ForEach(model.data?.courses.edges ?? [], id: \.node.fragments.courseCard.slug) { edge in
                let card = edge.node.fragments.courseCard
                NavigationLink(value: card.slug) { CourseRow(card: card, client: client) }
            }
            if model.hasNextPage {
                ProgressView().task { await model.loadNext() }
            }
            if let error = model.error { Text(error.description).foregroundStyle(.red) }
        }
        .navigationTitle("Courses")
        .navigationDestination(for: String.self) { slug in CourseScreen(slug: slug, client: client) }
        .refreshable { await model.refetch() }
    }
}
#endif
