// swift-tools-version: 6.1
// A SwiftUI app over the course-catalog API (Schemas/ and Operations/ of the repository, generated
// by GraftBuildPlugin): a course list paged with QueryModel.loadNext(), rows that follow their
// course with FragmentModel, a detail screen and an enroll button with an optimistic update.
// Its views need SwiftUI (Apple platforms); elsewhere the executable only says so.

import PackageDescription

let package = Package(
    name: "SwiftUIApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "Graft", path: "../.."),
    ],
    targets: [
        .target(
            name: "CourseCatalogAPI",
            // Generated files import GraftAPI alone; the hand-written file re-exports Graft.
            dependencies: [.product(name: "GraftAPI", package: "Graft"), .product(name: "Graft", package: "Graft")],
            plugins: [.plugin(name: "GraftBuildPlugin", package: "Graft")]
        ),
        .executableTarget(
            name: "SwiftUIApp",
            dependencies: ["CourseCatalogAPI", .product(name: "Graft", package: "Graft")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
