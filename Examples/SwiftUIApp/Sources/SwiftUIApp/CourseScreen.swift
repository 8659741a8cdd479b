#if canImport(SwiftUI)
import CourseCatalogAPI
import SwiftUI

/// A course's detail. Opened from the list, its first frame already shows the card the list
/// cached; the rest arrives from the server.
struct CourseScreen: View {
    let slug: String
    let client: GraphQLClient
    @State private var model: QueryModel<CourseDetailQuery>

    init(slug: String, client: GraphQLClient) {
        self.slug = slug
        self.client = client
        _model = State(initialValue: QueryModel(CourseDetailQuery(lookup: .slug(slug)), client: client,
                                                cachePolicy: .cacheAndNetwork))
    }

    var body: some View {
        Form {
            if let details = model.data?.course?.fragments.courseDetails {
                Section {
                    Text(details.fragments.courseCard.title).font(.title)
                    Text(details.fragments.courseCard.summary ?? "")
                }
                Section { EnrollButton(course: details, client: client) }
            } else if model.isLoading {
                ProgressView()
            }
            if let error = model.error { Text(error.description).foregroundStyle(.red) }
        }
        .refreshable { await model.refetch() }
    }
}
#endif
