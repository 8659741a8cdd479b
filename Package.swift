// swift-tools-version: 6.1
// Graft: typed GraphQL for Swift, with zero package dependencies.

import PackageDescription

/// The pkg-config name of a system library on Linux, where it makes SwiftPM print the install hint
/// of the target's `providers` when the development package is missing (a bare `'curl/curl.h' file
/// not found` otherwise). Nil on Apple platforms: the SDK has the headers and no `.pc` files, so a
/// name there would only warn on every build (or pick up Homebrew's copy instead of the SDK's).
func linuxPkgConfig(_ name: String) -> String? {
    #if os(Linux)
    return name
    #else
    return nil
    #endif
}

/// The modular example's hand-written modules: imports are internal unless marked `public`, so
/// their compiled interface shows only what they mean to (Swift 6's InternalImportsByDefault).
let modularAppSettings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
    name: "Graft",
    // The oldest systems with the APIs the libraries use: Swift's Duration, Clock and
    // Task.sleep(for:) (the runtime's timeouts, retries, rate limits and cache expiry) arrived in
    // macOS 13, iOS 16, tvOS 16 and watchOS 9. Built and tested on Linux only (see README).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "GraftLanguage", targets: ["GraftLanguage"]),
        .library(name: "GraftCompiler", targets: ["GraftCompiler"]),
        .library(name: "Graft", targets: ["Graft"]),
        .library(name: "GraftAPI", targets: ["GraftAPI"]),
        .executable(name: "graft", targets: ["graft"]),
        .library(name: "GraftTesting", targets: ["GraftTesting"]),
        .library(name: "GraftSQLite", targets: ["GraftSQLite"]),
        .library(name: "GraftWebSocket", targets: ["GraftWebSocket"]),
        .plugin(name: "GraftBuildPlugin", targets: ["GraftBuildPlugin"]),
        .plugin(name: "GraftCommandPlugin", targets: ["GraftCommandPlugin"]),
    ],
    targets: [
        // The GraphQL language layer: source, lexer, parser, AST, printer, visitor. Stdlib only.
        .target(name: "GraftLanguage"),
        // Schema model and builders, schema and operation validation, IR.
        .target(name: "GraftCompiler", dependencies: ["GraftLanguage"]),
        // What generated code imports alone: the GraphQL vocabulary of operations, selection sets,
        // inputs, scalars and JSON. Graft re-exports it, so apps write one import.
        .target(name: "GraftAPI"),
        // The runtime library apps import: client, transports, HTTP stack, cache, offline queue.
        // On Linux also libcurl: CurlHTTPClient (certificate pinning, which URLSession cannot do there).
        .target(name: "Graft", dependencies: ["GraftAPI", "GraftHashing", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // Configuration, Swift rendering, SHA-256 and persisted-query manifests.
        .target(name: "GraftCodegen", dependencies: ["GraftCompiler", "GraftHashing"]),
        // SHA-256 (FIPS 180-4), written out: persisted-query identifiers in the generator and the runtime.
        .target(name: "GraftHashing"),
        // The command-line tool.
        .executableTarget(name: "graft", dependencies: ["GraftLanguage", "GraftCompiler", "GraftCodegen"]),
        // Benchmarks (not a product): `swift run -c release graft-bench ...`.
        .executableTarget(name: "graft-bench", dependencies: ["GraftLanguage", "GraftCompiler", "GraftCodegen", "Graft", "CourseCatalogAPI", "GraftSQLite", "CSQLite", "GraftWebSocket",
                                                          "StarWarsAPI", "StarWarsClassAPI"]),
        // Generates Swift for a target's .graphql files on build.
        .plugin(name: "GraftBuildPlugin", capability: .buildTool(), dependencies: ["graft"]),
        // `swift package --allow-writing-to-package-directory graft-generate [--target NAME]`.
        .plugin(
            name: "GraftCommandPlugin",
            capability: .command(
                intent: .custom(verb: "graft-generate", description: "Generate Swift for GraphQL files into each target's Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "Graft writes generated Swift into the target's Generated/ folder")]
            ),
            dependencies: ["graft"]
        ),
        // Mocks and helpers for users' unit tests.
        .target(name: "GraftTesting", dependencies: ["Graft"]),
        // The system SQLite (apt libsqlite3-dev) and the persistent cache on it.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: linuxPkgConfig("sqlite3"),
                       providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"]), .brew(["sqlite"])]),
        .target(name: "GraftSQLite", dependencies: ["Graft", "CSQLite"]),
        // The system libcurl (apt libcurl4-openssl-dev; FoundationNetworking loads it already): the
        // WebSocket byte stream and CurlHTTPClient on Linux.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: linuxPkgConfig("libcurl"),
                       providers: [.apt(["libcurl4-openssl-dev"]), .yum(["libcurl-devel"])]),
        // Subscriptions over WebSocket (graphql-transport-ws and graphql-ws), its own product so apps
        // without subscriptions don't link it.
        .target(name: "GraftWebSocket", dependencies: ["Graft", "GraftHashing",
                                                       .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // Reads the example API's merged catalog pages from an SQLite cache, for the pagination test (not a product).
        .executableTarget(name: "graft-cache-reader", dependencies: ["Graft", "GraftSQLite", "CourseCatalogAPI"],
                          path: "Tests/CacheReaderHelper"),
        // Uploads a file and measures its own resident memory, for the large-upload test (not a product).
        .executableTarget(name: "graft-upload-helper", dependencies: ["Graft", "CourseCatalogAPI"], path: "Tests/UploadHelper"),
        // Watches a veth link come and go in its own network namespace, for the netlink monitor test (not a product).
        .executableTarget(name: "graft-netlink-helper", dependencies: ["Graft"], path: "Tests/NetlinkHelper"),
        // Writes to an SQLite cache until killed, for the crash-safety test (not a product).
        .executableTarget(name: "graft-sqlite-crash-helper", dependencies: ["Graft", "GraftSQLite"]),
        // Queues and replays AddNote mutations until killed, for the offline queue crash test (not a product).
        .executableTarget(name: "graft-offline-queue-crash-helper", dependencies: ["Graft", "GraftSQLite", "CourseCatalogAPI"],
                          path: "Tests/OfflineQueueCrashHelper"),
        // Where the tests find the repository and the conformance corpora (GRAFT_CORPORA); not a product.
        .target(name: "GraftTestSupport", path: "Tests/GraftTestSupport"),
        .testTarget(name: "GraftLanguageTests", dependencies: ["GraftLanguage", "GraftTestSupport"], exclude: ["Fixtures", "Expected"]),
        .testTarget(name: "GraftCLITests", dependencies: ["graft", "GraftTestSupport"]),
        .testTarget(name: "GraftTests", dependencies: ["Graft", "GraftTesting", "GraftHashing", "GraftTestSupport", "graft-netlink-helper",
                                                       "StarWarsAPI", "CourseCatalogAPI"]),
        .testTarget(name: "GraftWebSocketTests", dependencies: ["GraftWebSocket", "Graft", "GraftHashing", "GraftTestSupport"]),
        .testTarget(name: "GraftSQLiteTests", dependencies: ["Graft", "GraftSQLite", "graft-sqlite-crash-helper", "GraftTestSupport"]),
        .testTarget(name: "GraftCompilerTests", dependencies: ["GraftCompiler", "GraftLanguage", "GraftTestSupport"], exclude: ["Expected", "Fixtures"]),
        .testTarget(name: "GraftCodegenTests", dependencies: ["GraftCodegen", "GraftCompiler", "GraftLanguage", "GraftHashing", "GraftTestSupport"], exclude: ["Golden", "Fixtures"]),
        // Golden generated code, compiled as modules and used by GeneratedCodeTests (regenerate:
        // GRAFT_UPDATE_GOLDEN=1 swift test --filter Golden).
        .target(name: "CourseCatalogAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/CourseCatalogAPI"),
        .target(name: "StarWarsAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/StarWarsAPI"),
        // StarWars test mocks (`testMocks` in graft.json): a module of their own, on GraftTesting.
        .target(name: "StarWarsAPIMocks", dependencies: ["Graft", "GraftTesting", "StarWarsAPI"],
                path: "Tests/GraftCodegenTests/Golden/StarWarsAPIMocks"),
        // StarWars again with `"modelShape": "class"`: models as final classes on GraftAPI's base classes.
        .target(name: "StarWarsClassAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/StarWarsClassAPI"),
        .target(name: "AnimalKingdomAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/AnimalKingdomAPI"),
        // The same definitions in three files (`"fileBuckets": 3`).
        .target(name: "AnimalKingdomBucketsAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/AnimalKingdomBucketsAPI"),
        // The same without memberwise initializers (`"memberwiseInitializers": false`).
        .target(name: "AnimalKingdomNoInitializersAPI", dependencies: ["GraftAPI"],
                path: "Tests/GraftCodegenTests/Golden/AnimalKingdomNoInitializersAPI"),
        .target(name: "GitHubAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/GitHubAPI"),
        // Types, fields, arguments, enum values and scalars named like Swift's and Foundation's
        // (schema and operations in Tests/GraftCodegenTests/Fixtures/ClashAPI).
        .target(name: "ClashAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/ClashAPI"),
        // A modular app's generated code (Tests/GraftCodegenTests/Fixtures/Modular): the schema module,
        // a module of shared fragments, and two feature modules importing both.
        .target(name: "ModularSchemaAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/ModularSchemaAPI"),
        .target(name: "ModularCoreAPI", dependencies: ["GraftAPI", "ModularSchemaAPI"], path: "Tests/GraftCodegenTests/Golden/ModularCoreAPI"),
        .target(name: "ModularFeatureAAPI", dependencies: ["GraftAPI", "ModularSchemaAPI", "ModularCoreAPI"],
                path: "Tests/GraftCodegenTests/Golden/ModularFeatureAAPI"),
        .target(name: "ModularFeatureBAPI", dependencies: ["GraftAPI", "ModularSchemaAPI", "ModularCoreAPI"],
                path: "Tests/GraftCodegenTests/Golden/ModularFeatureBAPI"),
        // `@semanticNonNull` and `@catch` (Tests/GraftCodegenTests/Fixtures/SemanticNullability: part of
        // the example API as a client describes it).
        .target(name: "SemanticNullabilityAPI", dependencies: ["GraftAPI"], path: "Tests/GraftCodegenTests/Golden/SemanticNullabilityAPI"),
        .testTarget(name: "GeneratedCodeTests",
                    dependencies: ["Graft", "GraftTesting", "CourseCatalogAPI", "StarWarsAPI", "StarWarsAPIMocks", "StarWarsClassAPI", "AnimalKingdomAPI",
                                   "AnimalKingdomBucketsAPI", "AnimalKingdomNoInitializersAPI", "GitHubAPI", "ClashAPI", "GraftTestSupport", "ModularSchemaAPI", "ModularCoreAPI", "ModularFeatureAAPI",
                                   "ModularFeatureBAPI", "SemanticNullabilityAPI"]),
        // Examples/ModularApp: a modular app on the example API, its generated code committed
        // (regenerate: GRAFT_UPDATE_GOLDEN=1 swift test --filter GoldenTests). Not products.
        // The schema module: the schema's types and SchemaMetadata, once for the app.
        .target(name: "AppSchema", dependencies: ["GraftAPI"], path: "Examples/ModularApp/Sources/AppSchema", exclude: ["graft.json"]),
        // The fragment both features spread, and the domain struct read from it.
        .target(name: "CatalogShared", dependencies: ["GraftAPI", "AppSchema"], path: "Examples/ModularApp/Sources/CatalogShared",
                exclude: ["graft.json", "GraphQL"]),
        // The networking core: one client, one store, REST and GraphQL, the app's error type.
        .target(name: "APICore", dependencies: ["Graft", "AppSchema"], path: "Examples/ModularApp/Sources/APICore",
                swiftSettings: modularAppSettings),
        // The feature kits: their operations generated internal, a public API of domain structs.
        .target(name: "CatalogKit", dependencies: ["GraftAPI", "AppSchema", "CatalogShared", "APICore"],
                path: "Examples/ModularApp/Sources/CatalogKit", exclude: ["graft.json", "GraphQL", "PersistedQueries.json"],
                swiftSettings: modularAppSettings),
        .target(name: "ReviewsKit", dependencies: ["GraftAPI", "AppSchema", "CatalogShared", "APICore"],
                path: "Examples/ModularApp/Sources/ReviewsKit", exclude: ["graft.json", "GraphQL", "PersistedQueries.json"],
                swiftSettings: modularAppSettings),
        .executableTarget(name: "ModularAppDemo", dependencies: ["APICore", "CatalogKit", "ReviewsKit"],
                          path: "Examples/ModularApp/Sources/ModularAppDemo", swiftSettings: modularAppSettings),
        // The example's feature tests on mocks, its generated-code and public-interface checks.
        .testTarget(name: "ModularAppTests", dependencies: ["APICore", "CatalogKit", "ReviewsKit", "CatalogShared", "AppSchema",
                                                            "Graft", "GraftTesting", "GraftTestSupport"]),
        // Builds a temporary copy of Examples/CourseCatalog with the plugins (nested `swift build`).
        // Fixtures: the stub XcodeProjectPlugin module PluginSourceTests typechecks the plugins against.
        .testTarget(name: "PluginTests", dependencies: ["GraftTestSupport"], exclude: ["Fixtures"]),
        // The Swift in the documentation catalog's articles (Sources/Graft/Graft.docc), typechecked
        // against these modules: the libraries apps use and the golden generated modules.
        .testTarget(name: "DocumentationTests", dependencies: ["Graft", "GraftTesting", "GraftSQLite", "GraftWebSocket", "CourseCatalogAPI",
                                                                "StarWarsAPI", "StarWarsAPIMocks", "GraftTestSupport"]),
        // Against the Strawberry server in Tests/IntegrationServer (Python venv: .ci/install-integration-deps).
        .testTarget(name: "IntegrationTests", dependencies: ["GraftLanguage", "Graft", "GraftTesting", "GraftHashing", "CourseCatalogAPI", "graft", "GraftSQLite", "GraftTestSupport", "graft-cache-reader", "graft-upload-helper",
                                                               "GraftWebSocket", "graft-offline-queue-crash-helper", "SemanticNullabilityAPI",
                                                               "APICore", "CatalogKit", "ReviewsKit", "ModularAppDemo"]),
    ],
    swiftLanguageModes: [.v6]
)
