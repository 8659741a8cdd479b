import Foundation
import GraftTestSupport
import Testing

/// The build plugin on a modular app, end to end: a temporary package of a schema module
/// (`AppSchema`), a module of shared fragments (`Core`), two feature modules (`FeatureA`,
/// `FeatureB`) that spread its fragment, and an executable using both, every library target
/// applying `GraftBuildPlugin` with no copied files and no paths between targets (only the schema
/// module has a graft.json: `{"operations": []}`).
///
/// One test in steps on one build folder (a clean build of the Graft package is most of the time).
/// What each `swift build -v` did is read from its command lines: a module was compiled when a
/// `swiftc` (or `swift-frontend`) line has `-module-name <Module>`; a target was generated when a
/// `graft generate` line has `--output` in that target's plugin output folder.
@Suite(.loadsTheMachine) struct ModularPackageTests {
    /// The package's library targets.
    static let libraries = ["AppSchema", "Core", "FeatureA", "FeatureB"]

    @Test func editsRegenerateAndRecompileExactlyTheDependentModules() async throws {
        let package = try Self.makePackage()
        defer { package.delete() }

        let clean = try await package.swift("build", "-v")
        try #require(clean.status == 0, "clean build failed:\n\(clean.output)")
        #expect(Self.generatedTargets(clean) == Set(Self.libraries), "\(clean.output)")
        #expect(Self.compiledModules(clean).isSuperset(of: Self.libraries + ["App"]), "\(clean.output)")
        let app = try await package.run(package.url(".build/debug/App"))
        #expect(app.status == 0 && app.lines.first == "HeroA HeroB", "\(app.output)")
        #expect(try Self.generatedFiles(package, "AppSchema") == ["GraftSchema.swift"])
        #expect(try Self.generatedFiles(package, "FeatureA") == ["GraftSchema.swift", "HeroA.graphql.swift"])
        let featureA = try String(contentsOf: Self.output(package, "FeatureA").appendingPathComponent("HeroA.graphql.swift"), encoding: .utf8)
        #expect(featureA.contains("import AppSchema") && featureA.contains("import Core"))

        // No-op: right after a clean build SwiftPM re-links the plugin's tool once and so re-runs
        // the build commands, which rewrite nothing; the build after that runs nothing at all.
        let settle = try await package.swift("build", "-v")
        #expect(settle.status == 0, "\(settle.output)")
        #expect(Self.compiledModules(settle).isDisjoint(with: Self.libraries + ["App"]), "\(settle.output)")
        let plugins = try Self.pluginCache(package)
        let noOp = try await package.swift("build", "-v")
        #expect(noOp.status == 0, "\(noOp.output)")
        #expect(Self.compiledModules(noOp) == [], "\(noOp.output)")
        #expect(Self.generatedTargets(noOp) == [], "\(noOp.output)")
        #expect(try Self.pluginCache(package) == plugins, "the compiled plugins were rebuilt")

        // The shared fragment: Core and both features regenerate and recompile; the schema module does neither.
        let fragments = "Sources/Core/Fragments.graphql"
        try package.write(try package.read(fragments).replacingOccurrences(of: "{ name }", with: "{ name appearsIn }"), to: fragments)
        let shared = try await package.swift("build", "-v")
        try #require(shared.status == 0, "\(shared.output)")
        #expect(Self.generatedTargets(shared) == ["Core", "FeatureA", "FeatureB"], "\(shared.output)")
        #expect(Self.compiledModules(shared).intersection(Self.libraries) == ["Core", "FeatureA", "FeatureB"], "\(shared.output)")
        let sharedB = try String(contentsOf: Self.output(package, "FeatureB").appendingPathComponent("HeroB.graphql.swift"), encoding: .utf8)
        #expect(sharedB.contains("appearsIn"), "FeatureB's document carries the edited fragment")

        // One feature's operation: that feature alone regenerates and recompiles among the
        // libraries (the executable importing it is rebuilt too).
        let heroA = "Sources/FeatureA/HeroA.graphql"
        try package.write(try package.read(heroA).replacingOccurrences(of: "{ id ", with: "{ id appearsIn "), to: heroA)
        let feature = try await package.swift("build", "-v")
        try #require(feature.status == 0, "\(feature.output)")
        #expect(Self.generatedTargets(feature) == ["FeatureA"], "\(feature.output)")
        #expect(Self.compiledModules(feature).intersection(Self.libraries) == ["FeatureA"], "\(feature.output)")

        let graft = try #require(Self.graftExecutable(clean), "no graft generate command line in:\n\(clean.output)")
        try await theCLIWritesWhatThePluginGenerates(package, graft: graft)
        try await theCommandPluginWritesWhatTheBuildPluginGenerates(package)
    }

    /// A team committing generated code runs `graft generate` per module with graft.json files
    /// naming the schema module and upstream modules by relative path (here outside `Sources/`, so
    /// the build plugin does not read them): with `--per-input-file` it writes the build plugin's
    /// files, byte for byte.
    func theCLIWritesWhatThePluginGenerates(_ package: ExamplePackage, graft: URL) async throws {
        let configs = [
            "AppSchema": #"{"schema": ["../../Sources/AppSchema/schema.graphqls"], "operations": [], "output": "../../Committed/AppSchema"}"#,
            "Core": #"{"schema": ["../../Sources/AppSchema"], "schemaModule": "AppSchema", "operations": ["../../Sources/Core"], "#
                + #""output": "../../Committed/Core"}"#,
            "FeatureA": #"{"schema": ["../../Sources/AppSchema"], "schemaModule": "AppSchema", "upstream": {"Core": ["../../Sources/Core"]}, "#
                + #""operations": ["../../Sources/FeatureA"], "output": "../../Committed/FeatureA"}"#,
        ]
        for (module, config) in configs.sorted(by: { $0.key < $1.key }) {
            try package.write(config, to: "Config/\(module)/graft.json")
            let run = try await package.run(graft, ["generate", "--per-input-file", "--config", "Config/\(module)/graft.json"])
            try #require(run.status == 0, "\(run.output)")
            #expect(try ExamplePackage.contents(of: package.url("Committed/\(module)")) == ExamplePackage.contents(of: Self.output(package, module)),
                    "graft generate and the build plugin differ for \(module)")
        }
    }

    /// `swift package graft-generate` links a target as the build plugin does: the same files in
    /// the target's `Generated/` folder (removed afterwards, as the build would compile them twice).
    /// Several targets at once go to one `graft generate` (their arguments joined by `--and`),
    /// which writes each target's files as its own run does and reports each target.
    func theCommandPluginWritesWhatTheBuildPluginGenerates(_ package: ExamplePackage) async throws {
        let run = try await package.swift("package", "--allow-writing-to-package-directory", "graft-generate", "--target", "FeatureB")
        try #require(run.status == 0, "\(run.output)")
        #expect(try ExamplePackage.contents(of: package.url("Sources/FeatureB/Generated"))
                == ExamplePackage.contents(of: Self.output(package, "FeatureB")))
        try package.remove("Sources/FeatureB/Generated")

        let modules = ["AppSchema", "Core", "FeatureA", "FeatureB"]
        let all = try await package.run(URL(fileURLWithPath: "/usr/bin/env"),
                                        ["swift", "package", "--allow-writing-to-package-directory", "graft-generate"]
                                            + modules.flatMap { ["--target", $0] })
        try #require(all.status == 0, "\(all.output)")
        for module in modules {
            #expect(try ExamplePackage.contents(of: package.url("Sources/\(module)/Generated"))
                    == ExamplePackage.contents(of: Self.output(package, module)), "\(module)")
            #expect(all.output.contains("Sources/\(module)/Generated ("), "\(module): \(all.output)")
            try package.remove("Sources/\(module)/Generated")
        }
    }

    // MARK: The package

    /// Writes the package into a temporary folder.
    static func makePackage() throws -> ExamplePackage {
        let scratch = try ExamplePackage.temporaryFolder()
        let package = ExamplePackage(scratch: scratch, root: scratch.appendingPathComponent("Modular"))
        // What generated code needs, without the runtime's client and cache.
        let graft = #".product(name: "GraftAPI", package: "Graft")"#
        try package.write("""
            // swift-tools-version: 6.1
            import PackageDescription

            let plugins: [Target.PluginUsage] = [.plugin(name: "GraftBuildPlugin", package: "Graft")]
            let package = Package(
                name: "Modular",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(name: "Graft", path: "\(ExamplePackage.repositoryRoot.path)")],
                targets: [
                    .target(name: "AppSchema", dependencies: [\(graft)], plugins: plugins),
                    .target(name: "Core", dependencies: ["AppSchema", \(graft)], plugins: plugins),
                    .target(name: "FeatureA", dependencies: ["Core", \(graft)], plugins: plugins),
                    .target(name: "FeatureB", dependencies: ["Core", \(graft)], plugins: plugins),
                    .executableTarget(name: "App", dependencies: ["FeatureA", "FeatureB"]),
                ]
            )

            """, to: "Package.swift")
        try package.write("""
            type Query { hero(episode: Episode): Character }
            type Character { id: ID! name: String! appearsIn: [Episode!]! }
            enum Episode { NEWHOPE EMPIRE JEDI }

            """, to: "Sources/AppSchema/schema.graphqls")
        try package.write("// The schema alone: its types and metadata, for the modules depending on it.\n{\"operations\": []}\n",
                          to: "Sources/AppSchema/graft.json")
        try package.write("fragment CharacterName on Character { name }\n", to: "Sources/Core/Fragments.graphql")
        try package.write("query HeroA { hero { id ...CharacterName } }\n", to: "Sources/FeatureA/HeroA.graphql")
        try package.write("query HeroB($episode: Episode) { hero(episode: $episode) { ...CharacterName } }\n",
                          to: "Sources/FeatureB/HeroB.graphql")
        for module in ["AppSchema", "Core"] {
            try package.write("// SwiftPM builds a target only when it holds a Swift file.\n", to: "Sources/\(module)/\(module).swift")
        }
        try package.write("import GraftAPI\n\npublic func heroA() -> String { HeroAQuery.operationName }\n", to: "Sources/FeatureA/FeatureA.swift")
        try package.write("import GraftAPI\n\npublic func heroB() -> String { HeroBQuery.operationName }\n", to: "Sources/FeatureB/FeatureB.swift")
        try package.write("import FeatureA\nimport FeatureB\n\nprint(heroA(), heroB())\n", to: "Sources/App/main.swift")
        return package
    }

    /// The build plugin's output folder for a target.
    static func output(_ package: ExamplePackage, _ target: String) -> URL {
        package.url(".build/plugins/outputs/modular/\(target)/destination/GraftBuildPlugin/GraftGenerated")
    }

    /// The names of the files the build plugin generated for a target, sorted.
    static func generatedFiles(_ package: ExamplePackage, _ target: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output(package, target).path).sorted()
    }

    // MARK: Reading `swift build -v`

    /// The modules a verbose build compiled: the `-module-name` of each `swiftc` or
    /// `swift-frontend` command line, except the plugins' own compilation into
    /// `.build/plugins/cache`, which SwiftPM prints before every verbose build, compiled or not
    /// (`pluginCache(_:)` tells).
    static func compiledModules(_ run: ExamplePackage.Run) -> Set<String> {
        var modules: Set<String> = []
        for line in run.lines where (line.contains("swiftc") || line.contains("swift-frontend")) && !line.contains("/.build/plugins/cache/") {
            let words = line.split(separator: " ").map(String.init)
            for (word, next) in zip(words, words.dropFirst()) where word == "-module-name" {
                modules.insert(next.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
            }
        }
        return modules
    }

    /// The compiled plugins in `.build/plugins/cache` with their modification dates.
    static func pluginCache(_ package: ExamplePackage) throws -> [String: Date] {
        try ExamplePackage.modificationDates(in: package.url(".build/plugins/cache"))
    }

    /// The `graft` executable the build plugin ran (the word before `generate` on its command
    /// line), where SwiftPM built it for the host.
    static func graftExecutable(_ run: ExamplePackage.Run) -> URL? {
        for line in run.lines where line.contains(" generate --per-input-file ") {
            let words = line.split(separator: " ").map(String.init)
            if let index = words.firstIndex(of: "generate"), index > 0 {
                return URL(fileURLWithPath: words[index - 1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
            }
        }
        return nil
    }

    /// The targets whose build command ran `graft generate`: the target named in the path of the
    /// line's `--output` (`.../<Target>/destination/GraftBuildPlugin/GraftGenerated`).
    static func generatedTargets(_ run: ExamplePackage.Run) -> Set<String> {
        var targets: Set<String> = []
        for line in run.lines where line.contains(" generate ") {
            let words = line.split(separator: " ").map(String.init)
            for (word, next) in zip(words, words.dropFirst()) where word == "--output" {
                let parts = next.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).split(separator: "/")
                if parts.count >= 4, parts.suffix(3) == ["destination", "GraftBuildPlugin", "GraftGenerated"] {
                    targets.insert(String(parts[parts.count - 4]))
                }
            }
        }
        return targets
    }
}
