import Foundation
import Testing

extension ExamplePackageTests {
    /// Step 10: `"fileBuckets": 3` in the target's graft.json: once SwiftPM plans the target again
    /// (until then the build keeps the files it declared), the build plugin declares and compiles
    /// `GraftBucket-1.graphql.swift` ... `GraftBucket-3.graphql.swift` and `GraftSchema.swift`
    /// instead of one file per operation file (those are removed), the demo still runs, and
    /// editing one operation rewrites only the bucket holding it.
    func fileBucketsInGraftJSONBucketTheGeneratedFiles(_ package: ExamplePackage) async throws {
        // The command plugin's files of step 9 would declare everything a second time.
        try package.remove("Sources/CourseCatalogAPI/Generated")
        try package.write("""
            {
              "schema": ["../../GraphQL/Schemas"],
              "accessLevel": "public",
              "fileBuckets": 3
            }

            """, to: "Sources/CourseCatalogAPI/graft.json")
        // SwiftPM keeps the build command it planned (arguments, declared outputs) until the
        // target's files change: graft still writes the files declared, from the count passed.
        let kept = try await package.swift("build")
        try #require(kept.status == 0, "\(kept.output)")
        #expect(try ExamplePackage.contents(of: try package.buildPluginOutput()).keys.contains("Viewer.graphql.swift"))
        // A file added to the target: SwiftPM plans again, and the plugin reads the new count.
        try package.write("// Makes SwiftPM plan the target again.\n", to: "Sources/CourseCatalogAPI/Replan.swift")
        let build = try await package.swift("build")
        try #require(build.status == 0, "\(build.output)")
        #expect(Self.ranGenerator(build))
        let buckets = (1...3).map { "GraftBucket-\($0).graphql.swift" }
        let output = try package.buildPluginOutput()
        #expect(Set(try ExamplePackage.contents(of: output).keys) == Set(buckets + ["GraftSchema.swift"]))
        for name in buckets {
            #expect(build.lines.contains { $0.hasSuffix("Compiling CourseCatalogAPI \(name)") }, "\(name) was not compiled")
        }
        let demo = try await package.run(package.url(".build/debug/course-catalog-demo"))
        #expect(demo.status == 0, "\(demo.output)")
        #expect(demo.lines.first == "operation: CourseDetail (query)")

        let dates = try ExamplePackage.modificationDates(in: output)
        let holding = try buckets.filter { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8).contains("struct ViewerQuery") }
        try #require(holding.count == 1)
        let viewer = "Sources/CourseCatalogAPI/Operations/Viewer.graphql"
        let text = try package.read(viewer)
        try #require(text.contains("    role\n"))
        try package.write(text.replacingOccurrences(of: "    role\n", with: "    role\n    handle\n"), to: viewer)
        let edited = try await package.swift("build")
        try #require(edited.status == 0, "\(edited.output)")
        let after = try ExamplePackage.modificationDates(in: output)
        #expect(after[holding[0]] != dates[holding[0]])
        for (name, date) in dates where name != holding[0] {
            #expect(after[name] == date, "\(name) was rewritten")
        }
    }
}
