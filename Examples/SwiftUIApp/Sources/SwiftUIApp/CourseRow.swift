#if canImport(SwiftUI)
import CourseCatalogAPI
import SwiftUI

/// One course of the list. It follows its own record only: a review added to this course on any
/// screen redraws this row, and changes to other courses leave it alone.
struct CourseRow: View {
    @State private var model: FragmentModel<CourseCard>

    init(card: CourseCard, client: GraphQLClient) {
        _model = State(initialValue: FragmentModel(card, client: client))
    }

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(model.data?.title ?? "")
                Text(model.data?.summary ?? "").font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            if let rating = model.data?.rating { Text("\(rating, specifier: "%.1f") ★") }
        }
    }
}
#endif
