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

    /// Makes the copy's schema module declare only the types its modules use (`usedBy` naming
    /// their folders, and `extra` besides).
    static func declareUsedTypes(_ sources: URL, extra: [String] = []) throws {
        let usedBy = ["../CatalogShared/GraphQL", "../CatalogKit/GraphQL", "../ReviewsKit/GraphQL"] + extra
        try """
        {"schema": ["../../../../Schemas"], "operations": [], "output": "Generated", "keyFields": {"Review": ["id"]},
         "pagination": {"Query.courses": "relay"}, "schemaTypes": "used", "usedBy": [\(usedBy.map { "\"\($0)\"" }.joined(separator: ", "))]}
        """.write(to: sources.appendingPathComponent("AppSchema/graft.json"), atomically: true, encoding: .utf8)
    }

    /// Generates each module alone, then all of them in one process; expects the same files and
    /// one report per module. Returns the files.
    static func expectOneProcessWritesWhatEachModuleAloneWrites(_ sources: URL, layout: [String]) async throws -> [String: String] {
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
        try expectEveryModuleWritten(together, sources, as: separate)
        return separate
    }

    /// A run of every module succeeded, wrote `files` and reported each module once, in the order
    /// the modules were given.
    static func expectEveryModuleWritten(_ run: GraftTool.Result, _ sources: URL, as files: [String: String]) throws {
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.outputs(sources) == files)
        let reports = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(reports.count == Self.modules.count)
        for (report, module) in zip(reports, Self.modules) {
            #expect(report.hasPrefix("Generated ") && report.contains("in \(module)/Generated ("), "\(report)")
        }
    }

    /// The schema module's files, joined.
    static func schemaModuleText(_ files: [String: String]) -> String {
        files.filter { $0.key.hasPrefix("AppSchema/") }.sorted { $0.key < $1.key }.map(\.value).joined()
    }

    @Test(arguments: [[], ["--per-input-file"]])
    func oneProcessWritesWhatEachModuleAloneWrites(layout: [String]) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        _ = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: layout)
    }

    /// The schema module's `usedBy` names exactly the other modules' folders: it takes their types
    /// from their compilations in the same process.
    @Test(arguments: [[], ["--per-input-file"]])
    func aSchemaModuleOfUsedTypesWritesWhatItsRunAloneWrites(layout: [String]) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.declareUsedTypes(sources)
        let files = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: layout)
        let schema = Self.schemaModuleText(files)
        #expect(schema.contains("enum CourseLevel") && schema.contains("struct ReviewInput"), "\(schema)")
        #expect(!schema.contains("enum Role"))
    }

    /// Each module's graft.json sets its own `fileBuckets` (two feature modules, two counts): one
    /// process writes each module's buckets as its run alone does, and the schema module of used
    /// types declares the same types as without buckets.
    @Test(arguments: [[], ["--per-input-file"]])
    func eachModuleWritesItsOwnFileBuckets(layout: [String]) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.declareUsedTypes(sources)
        let plain = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: layout)
        try Self.removeOutputs(sources)
        for (module, count) in [("CatalogKit", 2), ("ReviewsKit", 3)] {
            let config = sources.appendingPathComponent("\(module)/graft.json")
            let text = try String(contentsOf: config, encoding: .utf8)
            try #require(text.contains("\"output\": \"Generated\","))
            try text.replacingOccurrences(of: "\"output\": \"Generated\",", with: "\"output\": \"Generated\", \"fileBuckets\": \(count),")
                .write(to: config, atomically: true, encoding: .utf8)
        }
        let bucketed = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: layout)
        for (module, count) in [("CatalogKit", 2), ("ReviewsKit", 3)] {
            #expect(bucketed.keys.filter { $0.hasPrefix("\(module)/Generated/") }.sorted()
                    == (1...count).map { "\(module)/Generated/GraftBucket-\($0).graphql.swift" }
                        + (layout.isEmpty ? [] : ["\(module)/Generated/GraftSchema.swift"]))
        }
        #expect(Self.schemaModuleText(bucketed) == Self.schemaModuleText(plain))
        #expect(bucketed.filter { $0.key.hasPrefix("CatalogShared/") } == plain.filter { $0.key.hasPrefix("CatalogShared/") })
    }

    /// `usedBy` also names a folder no module of the run generates: the schema module compiles
    /// every operation it names, that folder's too.
    @Test func aSchemaModuleOfUsedTypesBeyondTheRunsModulesReadsTheirOperations() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let extra = sources.appendingPathComponent("Extra/GraphQL")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try "query ExtraViewer {\n  viewer {\n    role\n  }\n}\n".write(to: extra.appendingPathComponent("ExtraViewer.graphql"),
                                                                        atomically: true, encoding: .utf8)
        try Self.declareUsedTypes(sources, extra: ["../Extra/GraphQL"])
        let files = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: ["--per-input-file"])
        #expect(Self.schemaModuleText(files).contains("enum Role"))
    }

    /// Two modules declaring the same fragment name are each valid alone, but not compiled as one
    /// document, as the schema module's run compiles them: it reports that in one process too.
    @Test(arguments: [("fragment Shared on User {\n  name\n}\n", "fragment")])
    func aSchemaModuleOfUsedTypesReportsNamesTwoModulesShare(document: String, kind: String) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.declareUsedTypes(sources)
        for module in ["CatalogKit", "ReviewsKit"] {
            try document.write(to: sources.appendingPathComponent("\(module)/GraphQL/Shared.graphql"), atomically: true, encoding: .utf8)
        }
        var separate = ""
        for module in Self.modules {
            let alone = try await GraftTool.run(["generate", "--config", "\(module)/graft.json"], in: sources)
            #expect(alone.status == (module == "AppSchema" ? 1 : 0), "\(module): \(alone.standardError)")
            separate += alone.standardError
        }
        #expect(separate.contains("There can be only one \(kind) named \"Shared\"."), "\(separate)")
        try Self.removeOutputs(sources)
        let together = try await GraftTool.run(["generate"] + Self.modules.flatMap { ["--config", "\($0)/graft.json"] }, in: sources)
        #expect(together.status == 1)
        #expect(together.standardError == separate)
    }

    /// Two modules may each name an operation alike (each module's Swift types are its own): the
    /// schema module of the types they use generates alone and in one process, the same files.
    @Test func twoModulesMayNameAnOperationAlike() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.declareUsedTypes(sources)
        try "query Shared {\n  viewer {\n    name\n  }\n}\n".write(to: sources.appendingPathComponent("CatalogKit/GraphQL/Shared.graphql"),
                                                                atomically: true, encoding: .utf8)
        try "query Shared {\n  viewer {\n    role\n  }\n}\n".write(to: sources.appendingPathComponent("ReviewsKit/GraphQL/Shared.graphql"),
                                                                atomically: true, encoding: .utf8)
        let files = try await Self.expectOneProcessWritesWhatEachModuleAloneWrites(sources, layout: [])
        #expect(Self.schemaModuleText(files).contains("enum Role"))
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

    /// A feature spreading a fragment that a sibling feature declares (not one of its `upstream`
    /// modules) gets graphql-js's error, then a note naming the file that declares it and the way
    /// out: every module of the run is known to the one process.
    @Test func aSpreadOfASiblingModulesFragmentSaysWhereItIsDeclared() async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try "query CatalogReviews($lookup: CourseLookup!) {\n  course(lookup: $lookup) {\n    reviews(first: 3) {\n      ...ReviewLine\n    }\n  }\n}\n"
            .write(to: sources.appendingPathComponent("CatalogKit/GraphQL/CatalogReviews.graphql"), atomically: true, encoding: .utf8)
        let result = try await GraftTool.run(["generate"] + Self.modules.flatMap { ["--config", "\($0)/graft.json"] }, in: sources)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let error = try #require(lines.firstIndex { $0.hasPrefix("CatalogKit/GraphQL/CatalogReviews.graphql:4:10: error: Unknown fragment \"ReviewLine\".") },
                                 "\(result.standardError)")
        let note = try #require(lines[(error + 1)...].first { $0.contains(": note: ") }, "\(result.standardError)")
        #expect(note.hasPrefix("ReviewsKit/GraphQL/CourseReviews.graphql: note: fragment \"ReviewLine\" is declared in another module of this run"),
                "\(note)")
        #expect(note.contains("\"upstream\""), "\(note)")
        // The same with each module's arguments given apart (`--and`).
        let groups = try await GraftTool.run(["generate"] + Array(Self.modules.map { ["--config", "\($0)/graft.json"] }.joined(separator: ["--and"])),
                                             in: sources)
        #expect(groups.status == 1)
        #expect(groups.standardError.contains(note), "\(groups.standardError)")
        // Alone, the module's run knows no other module: the error stands alone.
        let alone = try await GraftTool.run(["generate", "--config", "CatalogKit/graft.json"], in: sources)
        #expect(alone.status == 1)
        #expect(alone.standardError.contains("Unknown fragment \"ReviewLine\"."))
        #expect(!alone.standardError.contains("note: fragment"))
    }

    /// With a schema module of used types too, which then compiles its `usedBy` operations itself
    /// and reports their errors as its run alone does.
    @Test(arguments: [false, true])
    func errorsReadAsEachModulesOwnRunWouldReportThem(usedTypes: Bool) async throws {
        let sources = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(at: sources.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        if usedTypes { try Self.declareUsedTypes(sources) }
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
        #expect(separate.contains("ReviewsKit/GraphQL/Broken.graphql:4:7: error: ") && separate.contains("CatalogShared/GraphQL/"),
                "\(separate)")
        // Paths reached through `..` (`AppSchema/../ReviewsKit`) are shown without it.
        #expect(!separate.contains("/../"), "\(separate)")
        // The schema module of used types reports its dependents' errors too: the feature's error twice.
        #expect(separate.components(separatedBy: "ReviewsKit/GraphQL/Broken.graphql:4:7: error: ").count - 1 == (usedTypes ? 2 : 1),
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
