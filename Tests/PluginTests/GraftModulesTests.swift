import Foundation
import Testing

/// How the plugins link a modular app's targets (`GraftModules.swift`, compiled into this test
/// target through a symlink): the schema module, the upstream modules, the arguments and the
/// watched files each target's `graft generate` gets, and the errors.
@Suite struct GraftModulesTests {
    /// A package of a schema module, a core module of shared fragments and two features, plus
    /// `extra` files (path → contents), on disk in a temporary folder; the targets by name (each
    /// target's files are those under `Sources/<Name>/`, its dependencies as given).
    static func package(dependencies: [String: [String]] = Self.modularDependencies,
                        extra: [String: String] = [:]) throws -> (root: URL, targets: [String: GraftTarget]) {
        let root = try GraftInputsTests.folder([
            "Sources/AppSchema/schema.graphqls": "type Query { hero: Character }\ntype Character { id: ID! name: String! }\n",
            "Sources/AppSchema/graft.json": "// The schema alone.\n{\"operations\": []}\n",
            "Sources/Core/Fragments.graphql": "fragment CharacterName on Character { name }\n",
            "Sources/FeatureA/HeroA.graphql": "query HeroA { hero { id ...CharacterName } }\n",
            "Sources/FeatureB/HeroB.graphql": "query HeroB { hero { ...CharacterName } }\n",
        ].merging(extra) { $1 })
        var targets: [String: GraftTarget] = [:]
        for (name, names) in dependencies {
            let folder = root.appendingPathComponent("Sources/\(name)")
            let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).map { folder.appendingPathComponent($0) }
            targets[name] = GraftTarget(name: name, files: files, dependencies: names)
        }
        return (root, targets)
    }

    /// Each target with every target it depends on, directly or not.
    static let modularDependencies: [String: [String]] = [
        "AppSchema": [], "Core": ["AppSchema"], "FeatureA": ["Core", "AppSchema"], "FeatureB": ["Core", "AppSchema"],
    ]

    /// The values following each `option` in `arguments`.
    static func values(_ option: String, in arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst()).filter { $0.0 == option }.map(\.1)
    }

    @Test func theSchemaModuleGeneratesTheSchemaAlone() throws {
        let (root, targets) = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(linking: "AppSchema", in: targets)
        #expect(inputs.isSchemaModule && inputs.generates)
        #expect(inputs.schemaModule == nil && inputs.upstream.isEmpty)
        let arguments = inputs.generateArguments(output: URL(fileURLWithPath: "/out"))
        #expect(arguments.contains("--schema-only"))
        #expect(!arguments.contains("--operations") && !arguments.contains("--schema-module"))
        #expect(inputs.outputFiles(in: URL(fileURLWithPath: "/out")).map(\.path) == ["/out/GraftSchema.swift"])
    }

    @Test func aFeatureImportsTheSchemaModuleSpreadsCoresFragmentsAndWatchesThem() throws {
        let (root, targets) = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(linking: "FeatureA", in: targets)
        let arguments = inputs.generateArguments(output: URL(fileURLWithPath: "/out"))
        let fragments = root.appendingPathComponent("Sources/Core/Fragments.graphql").standardizedFileURL
        let schema = root.appendingPathComponent("Sources/AppSchema/schema.graphqls").standardizedFileURL
        #expect(Self.values("--schema-module", in: arguments) == ["AppSchema"])
        #expect(Self.values("--upstream", in: arguments) == ["Core=\(fragments.path)"])
        // The schema is the schema module's: the feature needs no graft.json.
        #expect(Self.values("--schema", in: arguments) == [schema.path])
        #expect(Self.values("--operations", in: arguments).map { URL(fileURLWithPath: $0).lastPathComponent } == ["HeroA.graphql"])
        #expect(!arguments.contains("--schema-only"))
        // Editing Core's fragment or the schema reruns this target's generation; FeatureB's files do not.
        let watched = Set(inputs.all.map(\.standardizedFileURL))
        #expect(watched.contains(fragments) && watched.contains(schema))
        #expect(!watched.contains { $0.lastPathComponent == "HeroB.graphql" })
    }

    @Test func theCoreModuleImportsTheSchemaModuleAndHasNoUpstream() throws {
        let (root, targets) = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(linking: "Core", in: targets)
        #expect(inputs.schemaModule == "AppSchema")
        #expect(inputs.upstream.isEmpty)
        #expect(!inputs.all.contains { $0.lastPathComponent.hasPrefix("Hero") })
    }

    /// Today's layout: a target holding schema and operations, with or without dependencies on
    /// targets that are no schema module, generates as before.
    @Test func aTargetWithoutASchemaModuleStandsAlone() throws {
        let (root, targets) = try Self.package(
            dependencies: ["Single": ["Other"], "Other": []],
            extra: ["Sources/Single/schema.graphqls": "type Query { a: Int }\n", "Sources/Single/A.graphql": "query A { a }\n",
                    "Sources/Other/schema.graphqls": "type Query { b: Int }\n", "Sources/Other/B.graphql": "query B { b }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let linked = try GraftInputs(linking: "Single", in: targets)
        let alone = try GraftInputs(files: try #require(targets["Single"]).files)
        #expect(linked.schemaModule == nil && linked.upstream.isEmpty && !linked.isSchemaModule)
        let output = URL(fileURLWithPath: "/out")
        #expect(linked.generateArguments(output: output) == alone.generateArguments(output: output))
        #expect(linked.all == alone.all)
    }

    /// An operation module of another schema module is no upstream module: its fragments are
    /// typed on other schema types.
    @Test func upstreamModulesAreThoseOnTheSameSchemaModule() throws {
        var dependencies = Self.modularDependencies
        dependencies["OtherSchema"] = []
        dependencies["OtherCore"] = ["OtherSchema"]
        dependencies["FeatureA"] = ["Core", "AppSchema", "OtherCore", "OtherSchema"]
        let (root, targets) = try Self.package(dependencies: dependencies, extra: [
            "Sources/OtherSchema/schema.graphqls": "type Query { b: Int }\n",
            "Sources/OtherSchema/graft.json": "{\"operations\": []}",
            "Sources/OtherCore/Q.graphql": "query Q { b }\n",
            "Sources/FeatureA/graft.json": "{\"schemaModule\": \"AppSchema\"}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(linking: "FeatureA", in: targets)
        #expect(inputs.schemaModule == "AppSchema")
        #expect(inputs.upstream.map(\.module) == ["Core"])
    }

    @Test func twoSchemaModulesToChooseFromIsAnErrorNamingBoth() throws {
        var dependencies = Self.modularDependencies
        dependencies["OtherSchema"] = []
        dependencies["FeatureA"] = ["Core", "AppSchema", "OtherSchema"]
        let (root, targets) = try Self.package(dependencies: dependencies, extra: [
            "Sources/OtherSchema/schema.graphqls": "type Query { b: Int }\n",
            "Sources/OtherSchema/graft.json": "{\"operations\": []}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: GraftLinkError.self) { try GraftInputs(linking: "FeatureA", in: targets) }
        #expect(error.description.contains("target 'FeatureA' depends on more than one schema module"))
        #expect(error.description.contains("AppSchema (\(root.path)/Sources/AppSchema/graft.json)"))
        #expect(error.description.contains("OtherSchema (\(root.path)/Sources/OtherSchema/graft.json)"))
        #expect(error.description.contains("{\"schemaModule\": \"AppSchema\"}"))
    }

    @Test func aNamedSchemaModuleThatIsNoDependencyIsAnErrorSayingWhatToAdd() throws {
        var dependencies = Self.modularDependencies
        dependencies["FeatureA"] = []
        let (root, targets) = try Self.package(dependencies: dependencies, extra: [
            "Sources/FeatureA/graft.json": "{\"schemaModule\": \"AppSchema\"}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: GraftLinkError.self) { try GraftInputs(linking: "FeatureA", in: targets) }
        let config = root.appendingPathComponent("Sources/FeatureA/graft.json").standardizedFileURL
        #expect(error.file?.standardizedFileURL == config)
        #expect(error.description.contains("target 'FeatureA' names \"schemaModule\": \"AppSchema\" in its graft.json (\(config.path))"))
        #expect(error.description.contains("does not depend on a target 'AppSchema' that applies Graft (its dependencies: none)"))
        #expect(error.description.contains("Add \"AppSchema\" to the dependencies of 'FeatureA' in Package.swift"))
    }

    @Test func aNamedSchemaModuleThatHoldsOperationsIsAnErrorNamingIt() throws {
        let (root, targets) = try Self.package(extra: ["Sources/FeatureB/graft.json": "{\"schemaModule\": \"Core\"}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: GraftLinkError.self) { try GraftInputs(linking: "FeatureB", in: targets) }
        #expect(error.description.contains("but 'Core' does not hold the schema alone"))
        #expect(error.description.contains("Give 'Core' a graft.json with \"operations\": []"))
    }

    @Test func aSchemaModuleOfUsedTypesWatchesItsDependentsOperations() throws {
        let (root, targets) = try Self.package(extra: [
            "Sources/AppSchema/graft.json": "{\"operations\": [], \"schemaTypes\": \"used\", \"usedBy\": [\"../FeatureA\", \"../Core\"]}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GraftInputs(linking: "AppSchema", in: targets)
        #expect(inputs.isSchemaModule)
        #expect(inputs.usedByFiles.map(\.lastPathComponent) == ["Fragments.graphql", "HeroA.graphql"])
        #expect(Set(inputs.all.map(\.lastPathComponent)).isSuperset(of: ["Fragments.graphql", "HeroA.graphql"]))
    }

    /// A feature added to the package but not to the `usedBy` of a schema module of used types would
    /// miss the types only it uses, and fail in Swift ("cannot find type ... in scope"): it is an
    /// error saying what to add, where.
    @Test func aFeatureTheSchemaModuleOfUsedTypesDoesNotReadIsAnErrorSayingWhatToAdd() throws {
        let (root, targets) = try Self.package(extra: [
            "Sources/AppSchema/graft.json": "{\"operations\": [], \"schemaTypes\": \"used\", \"usedBy\": [\"../FeatureA\", \"../Core\"]}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try GraftInputs(linking: "FeatureA", in: targets).schemaModule == "AppSchema")
        let error = #expect(throws: GraftLinkError.self) { try GraftInputs(linking: "FeatureB", in: targets) }
        #expect(error?.description.contains("target 'FeatureB' takes its schema types from 'AppSchema'") == true, "\(String(describing: error))")
        #expect(error?.description.contains(#"Add "../FeatureB" to "usedBy""#) == true, "\(String(describing: error))")
        #expect(error?.file?.lastPathComponent == "graft.json")
        // A schema module of all types reads no dependents.
        let (allRoot, allTargets) = try Self.package()
        defer { try? FileManager.default.removeItem(at: allRoot) }
        #expect(try GraftInputs(linking: "FeatureB", in: allTargets).schemaModule == "AppSchema")
    }
}
