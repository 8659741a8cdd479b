import Foundation
import GraftTestSupport
import Testing

/// Generated code and the runtime built as a binary framework builds them
/// (`BUILD_LIBRARY_FOR_DISTRIBUTION`: library evolution and a verified textual interface per
/// module), in a package outside this one: copies of golden modules (the struct and class
/// shapes, and a feature module using another module's fragments), a module using them and the
/// runtime's modules without the SPI (with a `CustomScalar` of its own and exhaustive switches over
/// GraftAPI's frozen enums), and an app that runs it. Its clean build holds both cores for minutes,
/// so it runs alone among the gated tests.
@Suite(.loadsTheMachine) struct LibraryEvolutionPackageTests {
    /// The golden modules the package holds, each with the modules it imports.
    static let generatedModules: KeyValuePairs<String, [String]> = [
        "StarWarsAPI": [],
        "StarWarsClassAPI": [],
        "ModularSchemaAPI": [],
        "ModularCoreAPI": ["ModularSchemaAPI"],
        "ModularFeatureAAPI": ["ModularSchemaAPI", "ModularCoreAPI"],
    ]

    @Test func generatedModulesAndTheRuntimeBuildWithLibraryEvolutionAndRun() async throws {
        let package = try Self.makePackage()
        defer { package.delete() }
        let build = try await package.swift("build", "-Xswiftc", "-enable-library-evolution",
                                            "-Xswiftc", "-emit-module-interface", "-Xswiftc", "-verify-emitted-module-interface")
        try #require(build.status == 0, "\(build.command):\n\(build.output)")

        // Each library module has a public interface (verified by the build), and GraftAPI's
        // keeps the generated-code SPI in its private one only.
        for module in ["GraftAPI", "Graft", "GraftSQLite", "GraftWebSocket", "Client"] + Self.generatedModules.map(\.key) {
            let interface = package.url(".build/debug/\(module).build/\(module).swiftinterface")
            #expect(FileManager.default.fileExists(atPath: interface.path), "no \(interface.path)")
        }
        let api = try package.read(".build/debug/GraftAPI.build/GraftAPI.swiftinterface")
        let spi = try package.read(".build/debug/GraftAPI.build/GraftAPI.private.swiftinterface")
        #expect(!api.contains("__selections") && spi.contains("__selections"))
        // The C modules the runtime calls stay out of its public interfaces (`internal import`).
        let runtime = try package.read(".build/debug/Graft.build/Graft.swiftinterface")
        #expect(!runtime.contains("CCurl") && !runtime.contains("GraftHashing"))
        let webSocket = try package.read(".build/debug/GraftWebSocket.build/GraftWebSocket.swiftinterface")
        #expect(!webSocket.contains("CCurl") && !webSocket.contains("GraftHashing"))
        let sqlite = try package.read(".build/debug/GraftSQLite.build/GraftSQLite.swiftinterface")
        #expect(!sqlite.contains("CSQLite"))

        let run = try await package.run(package.url(".build/debug/App"))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "R2-D2 R2-D2 R2-D2 Luke 21.5 21.5 R2-D2 scalar known query null absent index pending\n")
    }

    /// Writes the package into a temporary folder.
    static func makePackage() throws -> ExamplePackage {
        let scratch = try ExamplePackage.temporaryFolder()
        let package = ExamplePackage(scratch: scratch, root: scratch.appendingPathComponent("Evolution"))
        let golden = ExamplePackage.repositoryRoot.appendingPathComponent("Tests/GraftCodegenTests/Golden")
        var targets: [String] = []
        for (module, imports) in generatedModules {
            try ExamplePackage.copyDereferencingSymlinks(from: golden.appendingPathComponent(module),
                                                         to: package.url("Sources/\(module)"))
            let dependencies = ["api"] + imports.map { "\"\($0)\"" }
            targets.append(".target(name: \"\(module)\", dependencies: [\(dependencies.joined(separator: ", "))]),")
        }
        try package.write("""
            // swift-tools-version: 6.1
            import PackageDescription

            let api: Target.Dependency = .product(name: "GraftAPI", package: "Graft")
            let package = Package(
                name: "Evolution",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(name: "Graft", path: "\(ExamplePackage.repositoryRoot.path)")],
                targets: [
                    \(targets.joined(separator: "\n        "))
                    .target(name: "Client", dependencies: [
                        "StarWarsAPI", "StarWarsClassAPI", "ModularFeatureAAPI",
                        .product(name: "Graft", package: "Graft"), .product(name: "GraftSQLite", package: "Graft"),
                        .product(name: "GraftWebSocket", package: "Graft"),
                    ]),
                    .executableTarget(name: "App", dependencies: ["Client"]),
                ]
            )

            """, to: "Package.swift")
        try package.write(##"""
            // Imports without the SPI, as an app's code does.
            import Graft
            import GraftAPI
            import GraftSQLite
            import GraftWebSocket
            import ModularFeatureAAPI
            import StarWarsAPI
            import StarWarsClassAPI

            /// The app's own scalar, conformed without the SPI.
            public struct Celsius: CustomScalar {
                public let degrees: Double
                public init(jsonValue: JSONValue) throws(ResponseDecodingError) {
                    guard case .double(let value) = jsonValue else { throw .typeMismatch(expected: "Celsius", found: jsonValue) }
                    degrees = value
                }
                public var jsonValue: JSONValue { .double(degrees) }
            }

            /// Exhaustive switches over GraftAPI's enums whose cases GraphQL and JSON fix, as an app
            /// writes them: frozen, they need no `@unknown default` in a module of another package.
            public func kinds<F: SelectionSet>(_ json: JSONValue, _ known: GraphQLEnum<StarWarsAPI.Episode>, _ kind: OperationKind,
                                               _ nullable: GraphQLNullable<String>, _ input: InputValue,
                                               _ path: ResponsePath.Component, _ deferred: Deferred<F>) -> String {
                let json: String = switch json {
                case .null, .bool, .int, .double, .string: "scalar"
                case .array, .object: "composite"
                }
                let known: String = switch known { case .value: "known"; case .unknown: "unknown" }
                let kind: String = switch kind { case .query: "query"; case .mutation: "mutation"; case .subscription: "subscription" }
                let nullable: String = switch nullable { case .absent: "absent"; case .null: "null"; case .some: "some" }
                let input: String = switch input { case .absent: "absent"; case .value: "value" }
                let path: String = switch path { case .key: "key"; case .index: "index" }
                let deferred: String = switch deferred { case .pending: "pending"; case .fulfilled: "fulfilled"; case .failed: "failed" }
                return [json, known, kind, nullable, input, path, deferred].joined(separator: " ")
            }

            /// Decodes a response with each generated module and caches one; returns what it read.
            public func run() async throws -> String {
                let json = #"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#
                let structs = try StarWarsAPI.HeroNameQuery.Data.decode(data: try JSONParser.parse(json))
                let classes = try StarWarsClassAPI.HeroNameQuery.Data.decode(data: try JSONParser.parse(json))
                let modular = try HeroAQuery.Data.decode(data: try JSONParser.parse(#"""
                    {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "appearsIn": ["JEDI"],
                              "friends": [{"__typename": "Human", "name": "Luke"}]}}
                    """#))
                let scalar = try Celsius(jsonValue: try JSONParser.parse("21.5"))
                // Through GraftAPI's generic decoding: the scalar's own witnesses, not GraftAPI's defaults.
                let field: Celsius = try ObjectData(["t": .double(21.5)])["t"]

                let store = CacheStore()
                guard case .object(let data) = try JSONParser.parse(json) else { return "not an object" }
                try await store.write(responseData: data, for: StarWarsAPI.HeroNameQuery())
                let cached = try await store.read(StarWarsAPI.HeroNameQuery()).data

                let switched = kinds(.int(1), .value(.jedi), .query, .null, .absent, .index(0),
                                     Deferred<StarWarsAPI.HeroNameQuery.Data>.pending)
                return [structs.hero?.name, classes.hero?.name, modular.hero?.name, modular.hero?.friends?.first??.name,
                        String(scalar.degrees), String(field.degrees), cached.hero?.name, switched].map { $0 ?? "-" }.joined(separator: " ")
            }

            """##, to: "Sources/Client/Client.swift")
        try package.write("import Client\n\n@main\nstruct App {\n    static func main() async throws {\n        print(try await run())\n    }\n}\n",
                          to: "Sources/App/App.swift")
        return package
    }
}
