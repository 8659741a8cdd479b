// swift-tools-version: 6.1
// An example package using Graft's build plugin on the repository's example API (Schemas/ and
// Operations/, linked into Sources/CourseCatalogAPI). It depends on the Graft package by path with
// an explicit name, so it builds in any checkout folder.

import PackageDescription

let package = Package(
    name: "CourseCatalog",
    dependencies: [
        .package(name: "Graft", path: "../.."),
    ],
    targets: [
        // Generated from the .graphqls/.graphql files in the target by GraftBuildPlugin at build time.
        .target(
            name: "CourseCatalogAPI",
            // Generated files import GraftAPI alone; the hand-written file re-exports Graft.
            dependencies: [.product(name: "GraftAPI", package: "Graft"), .product(name: "Graft", package: "Graft")],
            plugins: [.plugin(name: "GraftBuildPlugin", package: "Graft")]
        ),
        // Builds a generated operation and prints its request body.
        .executableTarget(
            name: "course-catalog-demo",
            dependencies: ["CourseCatalogAPI", .product(name: "Graft", package: "Graft")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
