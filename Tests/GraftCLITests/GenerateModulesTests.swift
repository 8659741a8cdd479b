import Foundation
import Testing

/// `graft generate --config A --config B ...`: every module of a modular app in one process writes
/// what a `graft generate` of each module alone writes, and one module's errors leave the others'
/// files and reports alone.
@Suite struct GenerateModulesTests {
    /// The ModularApp example's modules, schema module first.
    static let modules = ["AppSchema", "CatalogShared", "CatalogKit", "ReviewsKit"]

    /// A copy of the ModularApp example's configurations and operations (and the schema they name,
    /// `Schemas/` four folders up), without its generated code.
    static func exampleCopy() throws -> URL {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("graft-modules-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Examples/ModularApp/Sources")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        try manager.copyItem(at: GraftTool.packageRoot.appendingPathComponent("Schemas"), to: root.appendingPathComponent("Schemas"))
        let example = GraftTool.packageRoot.appendingPathComponent("Examples/ModularApp/Sources")
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in ["graft.json", "GraphQL"] where manager.fileExists(atPath: example.appendingPathComponent("\(module)/\(item)").path) {
                try manager.copyItem(at: example.appendingPathComponent("\(module)/\(item)"), to: folder.appendingPathComponent(item))
            }
        }
        return sources
    }

    /// Every file the modules generated (their Generated/ folders and persisted-query manifests),
    /// by path relative to `sources`.
    static func outputs(_ sources: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            for path in FileManager.default.subpaths(atPath: folder.path) ?? []
            where path.hasPrefix("Generated/") && path.hasSuffix(".swift") || path == "PersistedQueries.json" {
                files["\(module)/\(path)"] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            }
        }
        return files
    }

    static func removeOutputs(_ sources: URL) throws {
        for module in modules {
            for item in ["Generated", "PersistedQueries.json"] {
                try? FileManager.default.removeItem(at: sources.appendingPathComponent("\(module)/\(item)"))
            }
        }
    }

    @Test(arguments: [[], ["--per-input-file"]])
    func oneProcessWritesWhatEachModuleAloneWrites(layout: [String]) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        for module in Self.modules {
            let alone = try await GraftTool.run(["generate", "--config", "\(module)/graft.json"] + layout, in: sources)
            #expect(alone.status == 0, "\(module): \(alone.standardError)")
        }
        let separate = try Self.outputs(sources)
        #expect(separate.keys.contains("AppSchema/Generated/" + (layout.isEmpty ? "Schema/SchemaMetadata.graphql.swift" : "GraftSchema.swift")))
        #expect(separate.keys.contains("CatalogKit/PersistedQueries.json"))
        #expect(separate.count >= 10, "\(separate.keys.sorted())")
        try Self.removeOutputs(sources)

        let together = try await GraftTool.run(["generate"] + Self.modules.flatMap { ["--config", "\($0)/graft.json"] } + layout,
                                               in: sources)
        #expect(together.status == 0, "\(together.standardError)")
        #expect(try Self.outputs(sources) == separate)
        // One report per module, in the order the configurations were given.
        let reports = together.standardOutput.split(separator: "\n").map(String.init)
        #expect(reports.count == Self.modules.count)
        for (report, module) in zip(reports, Self.modules) {
            #expect(report.hasPrefix("Generated ") && report.contains("in \(module)/Generated ("), "\(report)")
        }
    }

    @Test func oneModulesErrorsLeaveTheOthersWrittenAndFailTheRun() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let bad = sources.appendingPathComponent("CatalogKit/GraphQL/Broken.graphql")
        try "query Broken {\n  courses {\n    noSuchField\n  }\n}\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"] + Self.modules.flatMap { ["--config", "\($0)/graft.json"] }, in: sources)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("CatalogKit/GraphQL/Broken.graphql:3:5: error: "), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("CatalogKit/Generated").path))
        for module in ["AppSchema", "CatalogShared", "ReviewsKit"] {
            #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent("\(module)/Generated").path), "\(module)")
            #expect(result.standardOutput.contains("in \(module)/Generated ("), "\(module)")
        }
        #expect(!result.standardOutput.contains("CatalogKit"))
    }

    @Test func errorsReadAsEachModulesOwnRunWouldReportThem() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        // Both features spread the shared module's fragment where it cannot apply: each error points
        // at the fragment's file too, which each feature names through its own path (`../CatalogShared`).
        for module in ["CatalogKit", "ReviewsKit"] {
            try "query Broken\(module)($lookup: CourseLookup!) {\n  course(lookup: $lookup) {\n    reviews(first: 1) {\n      ...CourseSummary\n    }\n  }\n}\n"
                .write(to: sources.appendingPathComponent("\(module)/GraphQL/Broken.graphql"), atomically: true, encoding: .utf8)
        }
        var separate = ""
        for module in Self.modules {
            let alone = try await GraftTool.run(["generate", "--config", "\(module)/graft.json"], in: sources)
            separate += alone.standardError
        }
        try Self.removeOutputs(sources)
        let together = try await GraftTool.run(["generate"] + Self.modules.flatMap { ["--config", "\($0)/graft.json"] }, in: sources)
        #expect(together.status == 1)
        #expect(together.standardError == separate)
        #expect(separate.contains("ReviewsKit/GraphQL/Broken.graphql:4:7: error: ") && separate.contains("ReviewsKit/../CatalogShared/GraphQL/"),
                "\(separate)")
    }

    @Test func severalConfigurationsTakeNoModuleSettings() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let result = try await GraftTool.run(["generate", "--config", "AppSchema/graft.json", "--config", "CatalogKit/graft.json",
                                              "--output", "Out"], in: sources)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: with several --config files, each module's settings come from its file"))
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("Out").path))
    }
}
