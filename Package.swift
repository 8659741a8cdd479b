// swift-tools-version: 6.1
// Graft: typed GraphQL for Swift, with zero package dependencies.

import PackageDescription

let package = Package(
    name: "Graft",
    products: [
        .library(name: "GraftLanguage", targets: ["GraftLanguage"]),
        .library(name: "GraftCompiler", targets: ["GraftCompiler"]),
        .executable(name: "graft", targets: ["graft"]),
    ],
    targets: [
        // The GraphQL language layer: source, lexer, parser, AST, printer, visitor. Stdlib only.
        .target(name: "GraftLanguage"),
        // Schema model and builders, schema and operation validation, IR.
        .target(name: "GraftCompiler", dependencies: ["GraftLanguage"]),
        // The command-line tool.
        .executableTarget(name: "graft", dependencies: ["GraftLanguage", "GraftCompiler"]),
        // Benchmarks (not a product): `swift run -c release graft-bench ...`.
        .executableTarget(name: "graft-bench", dependencies: ["GraftLanguage"]),
        .testTarget(name: "GraftLanguageTests", dependencies: ["GraftLanguage"]),
        .testTarget(name: "GraftCompilerTests", dependencies: ["GraftCompiler", "GraftLanguage"], exclude: ["Expected", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
