import Foundation
import GraftTestSupport
import Testing

/// The SwiftPM plugins, end to end, on a temporary copy of `Examples/CourseCatalog`: a build from
/// clean, no-op rebuilds, regeneration after changing, adding and deleting `.graphql` files,
/// errors at the right file and line, a target without a schema, a schema outside the target through `graft.json`, the
/// command plugin writing the same files as the build plugin, and `"fileBuckets"` in `graft.json`.
///
/// One test, in steps, because each step builds on the package state the previous one left (a
/// clean build of the example takes most of the time; each later build is incremental).
///
/// How the steps tell what a build did: SwiftPM's plain output has one line
/// `[i/n] Generating GraphQL Swift for CourseCatalogAPI` when the build command runs `graft`
/// (the command's display name), and one `Compiling CourseCatalogAPI <File>.swift` line per
/// Swift file of the target it compiles; the steps also compare the generated files' contents
/// and modification dates.
@Suite(.loadsTheMachine) struct ExamplePackageTests {
    @Test func buildPluginAndCommandPluginOnTheExamplePackage() async throws {
        let start = Date()
        let package = try ExamplePackage()
        defer { package.delete() }
        try await cleanBuildGeneratesAndTheDemoPrintsTheRequestBody(package)
        try await buildWithNothingChangedRecompilesNothing(package)
        try await changingAnOperationFileRegeneratesOnlyItsOutput(package)
        try await addingAndDeletingAnOperationFileAddsAndRemovesItsType(package)
        try await invalidOperationFailsTheBuildAtItsFileAndLine(package)
        try await operationFilesWithTheSameNameAreAnError(package)
        try await aTargetWithoutASchemaFailsWithTheFix(package)
        try await schemaOutsideTheTargetThroughGraftJSON(package)
        try await commandPluginWritesTheBuildPluginsFiles(package)
        try await fileBucketsInGraftJSONBucketTheGeneratedFiles(package)
        print("PluginTests: all steps took \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }

    /// Lines that show the API target's Swift being compiled.
    static func compiledAPILines(_ run: ExamplePackage.Run) -> [String] {
        run.lines.filter { $0.contains("Compiling CourseCatalogAPI ") || $0.contains("Emitting module CourseCatalogAPI") }
    }

    /// Whether the build ran the generator.
    static func ranGenerator(_ run: ExamplePackage.Run) -> Bool {
        run.output.contains("Generating GraphQL Swift for CourseCatalogAPI")
    }

    /// Step 1: `swift build` from clean generates one file per operation file plus
    /// `GraftSchema.swift`, compiles them, and the demo prints the operation's request body.
    func cleanBuildGeneratesAndTheDemoPrintsTheRequestBody(_ package: ExamplePackage) async throws {
        let build = try await package.swift("build")
        try #require(build.status == 0, "clean build failed:\n\(build.output)")
        #expect(Self.ranGenerator(build))
        let operations = try FileManager.default.contentsOfDirectory(atPath: package.url("Sources/CourseCatalogAPI/Operations").path)
            .filter { $0.hasSuffix(".graphql") }
        #expect(operations.count >= 10)
        let expected = Set(operations.map { $0.replacingOccurrences(of: ".graphql", with: ".graphql.swift") } + ["GraftSchema.swift"])
        let output = try package.buildPluginOutput()
        #expect(Set(try ExamplePackage.contents(of: output).keys) == expected)
        for name in expected {
            #expect(build.lines.contains { $0.hasSuffix("Compiling CourseCatalogAPI \(name)") }, "\(name) was not compiled")
        }

        let demo = try await package.run(package.url(".build/debug/course-catalog-demo"))
        try #require(demo.status == 0, "demo failed:\n\(demo.output)")
        #expect(demo.lines.first == "operation: CourseDetail (query)")
        let bodyLine = try #require(demo.lines.first { $0.hasPrefix("body: ") })
        let body = try #require(try JSONSerialization.jsonObject(with: Data(bodyLine.dropFirst(6).utf8)) as? [String: Any])
        #expect(Set(body.keys) == ["operationName", "query", "variables"])
        #expect(body["operationName"] as? String == "CourseDetail")
        let variables = try JSONSerialization.data(withJSONObject: try #require(body["variables"]), options: .sortedKeys)
        #expect(String(decoding: variables, as: UTF8.self) == #"{"lookup":{"slug":"swift-concurrency"},"reviewCount":3}"#)
        let query = try #require(body["query"] as? String)
        // The operation in graphql-js's printed layout (a tab a level), then every fragment it uses, sorted by name.
        #expect(query.hasPrefix("query CourseDetail($lookup: CourseLookup!, $reviewCount: Int = 5, $skipReviews: Boolean = false) {\n"
                                + "\tcourse(lookup: $lookup) {\n\t\t__typename\n\t\t...CourseDetails\n"))
        let fragments = query.components(separatedBy: "\nfragment ").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(fragments == ["CourseCard", "CourseDetails", "LessonOutline", "ReviewFields", "UserSummary"])
    }

    /// Step 2: a build with nothing changed compiles none of the target's Swift and rewrites no
    /// generated file. (Right after a clean build, SwiftPM 6 re-links the plugin's tool once,
    /// since its tools build and main build both link it, and so re-runs the build command:
    /// `graft` then writes nothing, as the contents are unchanged. The build after that does not
    /// run `graft` at all.)
    func buildWithNothingChangedRecompilesNothing(_ package: ExamplePackage) async throws {
        let output = try package.buildPluginOutput()
        let dates = try ExamplePackage.modificationDates(in: output)
        let contents = try ExamplePackage.contents(of: output)
        let second = try await package.swift("build")
        #expect(second.status == 0, "\(second.output)")
        #expect(Self.compiledAPILines(second) == [], "\(second.output)")
        #expect(try ExamplePackage.modificationDates(in: output) == dates)
        #expect(try ExamplePackage.contents(of: output) == contents)
        let third = try await package.swift("build")
        #expect(third.status == 0, "\(third.output)")
        #expect(!Self.ranGenerator(third), "\(third.output)")
        #expect(Self.compiledAPILines(third) == [], "\(third.output)")
        #expect(try ExamplePackage.modificationDates(in: output) == dates)
    }

    /// Step 3: adding a field to an operation regenerates its file (with the new property) and
    /// no other operation's file.
    func changingAnOperationFileRegeneratesOnlyItsOutput(_ package: ExamplePackage) async throws {
        let output = try package.buildPluginOutput()
        let dates = try ExamplePackage.modificationDates(in: output)
        let viewer = "Sources/CourseCatalogAPI/Operations/Viewer.graphql"
        let text = try package.read(viewer)
        try #require(text.contains("    role\n"))
        try package.write(text.replacingOccurrences(of: "    role\n", with: "    role\n    bio\n"), to: viewer)
        let build = try await package.swift("build")
        try #require(build.status == 0, "\(build.output)")
        #expect(Self.ranGenerator(build))
        let generated = try String(contentsOf: output.appendingPathComponent("Viewer.graphql.swift"), encoding: .utf8)
        #expect(generated.contains("public let bio: Swift.String?"))
        #expect(build.lines.contains { $0.hasSuffix("Compiling CourseCatalogAPI Viewer.graphql.swift") }, "\(build.output)")
        let after = try ExamplePackage.modificationDates(in: output)
        #expect(after["Viewer.graphql.swift"] != dates["Viewer.graphql.swift"])
        for (name, date) in dates where name != "Viewer.graphql.swift" && name != "GraftSchema.swift" {
            #expect(after[name] == date, "\(name) was rewritten")
        }
    }

    /// Step 4: a new operation file gets its own generated file and type; deleting it removes
    /// both (a source file using the type then fails to compile).
    func addingAndDeletingAnOperationFileAddsAndRemovesItsType(_ package: ExamplePackage) async throws {
        let operation = "Sources/CourseCatalogAPI/Operations/CourseTitle.graphql"
        let probe = "Sources/course-catalog-demo/Probe.swift"
        try package.write("query CourseTitle($slug: String!) {\n  course(lookup: {slug: $slug}) { title }\n}\n", to: operation)
        try package.write("import CourseCatalogAPI\n\nfunc probe() -> String { CourseTitleQuery.operationName }\n", to: probe)
        let added = try await package.swift("build")
        try #require(added.status == 0, "\(added.output)")
        let output = try package.buildPluginOutput()
        let file = output.appendingPathComponent("CourseTitle.graphql.swift")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("public struct CourseTitleQuery: GraftAPI.GraphQLQuery"))
        #expect(added.lines.contains { $0.hasSuffix("Compiling CourseCatalogAPI CourseTitle.graphql.swift") }, "\(added.output)")

        try package.remove(operation)
        let deleted = try await package.swift("build")
        #expect(deleted.status != 0)
        #expect(deleted.output.contains("cannot find 'CourseTitleQuery' in scope"), "\(deleted.output)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try package.remove(probe)
        let restored = try await package.swift("build")
        #expect(restored.status == 0, "\(restored.output)")
    }
}
