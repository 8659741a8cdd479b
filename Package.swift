// swift-tools-version: 6.1
// Graft: typed GraphQL for Swift, with zero package dependencies.

import PackageDescription

let package = Package(
    name: "Graft",
    products: [
        .library(name: "GraftLanguage", targets: ["GraftLanguage"]),
        .library(name: "GraftCompiler", targets: ["GraftCompiler"]),
        .library(name: "Graft", targets: ["Graft"]),
        .executable(name: "graft", targets: ["graft"]),
        .library(name: "GraftTesting", targets: ["GraftTesting"]),
        .library(name: "GraftSQLite", targets: ["GraftSQLite"]),
    ],
    targets: [
        // The GraphQL language layer: source, lexer, parser, AST, printer, visitor. Stdlib only.
        .target(name: "GraftLanguage"),
        // Schema model and builders, schema and operation validation, IR.
        .target(name: "GraftCompiler", dependencies: ["GraftLanguage"]),
        // The runtime library apps import: generated-code support, client, transports, cache.
        .target(name: "Graft"),
        // The command-line tool.
        .executableTarget(name: "graft", dependencies: ["GraftLanguage", "GraftCompiler"]),
        // Benchmarks (not a product): `swift run -c release graft-bench ...`.
        .executableTarget(name: "graft-bench", dependencies: ["GraftLanguage", "Graft", "GraftSQLite"]),
        // Mocks and helpers for users' unit tests.
        .target(name: "GraftTesting", dependencies: ["Graft"]),
        // The system SQLite (apt libsqlite3-dev) and the persistent cache on it.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "GraftSQLite", dependencies: ["Graft", "CSQLite"]),
        // Writes to an SQLite cache until killed, for the crash-safety test (not a product).
        .executableTarget(name: "graft-sqlite-crash-helper", dependencies: ["Graft", "GraftSQLite"]),
        .testTarget(name: "GraftLanguageTests", dependencies: ["GraftLanguage"], exclude: ["Fixtures", "Expected"]),
        .testTarget(name: "GraftCLITests", dependencies: ["graft"]),
        .testTarget(name: "GraftTests", dependencies: ["Graft", "GraftTesting"]),
        .testTarget(name: "GraftSQLiteTests", dependencies: ["Graft", "GraftSQLite", "graft-sqlite-crash-helper"]),
        .testTarget(name: "GraftCompilerTests", dependencies: ["GraftCompiler", "GraftLanguage"], exclude: ["Expected", "Fixtures"]),
        // Against the Strawberry server in Tests/IntegrationServer (Python venv: .ci/install-integration-deps).
        .testTarget(name: "IntegrationTests", dependencies: ["GraftLanguage", "Graft", "GraftSQLite"]),
    ],
    swiftLanguageModes: [.v6]
)
