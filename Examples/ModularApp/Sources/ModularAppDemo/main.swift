// A tiny app on both features: lists the catalog, watches a course in CatalogKit, posts a review
// of it from ReviewsKit and prints the course again as the catalog's watcher sees it.
//
//   swift run ModularAppDemo http://127.0.0.1:8000 [course-slug]
//
// (the server: Tests/IntegrationServer, see its README; without a slug, the newest course). It
// names no networking type: the features' public API is domain structs and AppError.
import APICore
import CatalogKit
import Foundation
import ReviewsKit

let arguments = CommandLine.arguments.dropFirst()
guard (1...2).contains(arguments.count), let baseURL = URL(string: arguments.first!) else {
    print("usage: ModularAppDemo <server origin, e.g. http://127.0.0.1:8000> [course-slug]")
    exit(2)
}
let environment = APIEnvironment(configuration: APIConfiguration(baseURL: baseURL, accessToken: "demo"))
let catalog = CatalogFeature(environment: environment)
let reviews = ReviewsFeature(environment: environment)

func rating(_ course: CatalogCourse??) -> String {
    course??.overview.rating.map { "\($0)" } ?? "none"
}

do {
    let courses = try await catalog.courses(first: 3)
    for course in courses { print("catalog: \(course.slug), \(course.title) (\(course.level))") }
    guard let slug = arguments.dropFirst().first ?? courses.first?.slug else { exit(0) }
    var updates = catalog.watchCourse(slug: slug).makeAsyncIterator()
    let before = try await updates.next()
    print("watching \(slug): rating \(rating(before))")
    // A rating that moves the average whatever it was.
    let stars = (before??.overview.rating ?? 0) >= 3 ? 1 : 5
    let posted = try await reviews.postReview(courseSlug: slug, rating: stars, body: "From the modular demo.")
    print("posted a review from ReviewsKit: \(posted.review.rating) stars")
    print("the CatalogKit watcher now says: rating \(rating(try await updates.next()))")
} catch {
    print("failed: \(error)")
    exit(1)
}
