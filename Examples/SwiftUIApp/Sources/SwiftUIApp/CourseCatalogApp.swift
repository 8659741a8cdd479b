import Foundation
import Graft

#if canImport(SwiftUI)
import SwiftUI

@main
struct CourseCatalogApp: App {
    static let endpoint = URL(string: "http://127.0.0.1:8000/graphql")!
    /// One client and one normalized cache for the whole app.
    let client = GraphQLClient(transport: HTTPTransport(url: CourseCatalogApp.endpoint), store: CacheStore())

    var body: some Scene {
        WindowGroup {
            NavigationStack { CatalogList(client: client) }
        }
    }
}
#else
@main
enum CourseCatalogApp {
    static func main() {
        print("SwiftUIApp needs SwiftUI (Apple platforms); see README.md")
    }
}
#endif
