import Foundation
import Testing

extension ExamplePackageTests {
    /// Step 5: an invalid operation fails `swift build`, and the plain output holds the
    /// diagnostic as `path:line:column: error: message`, the form editors show inline.
    func invalidOperationFailsTheBuildAtItsFileAndLine(_ package: ExamplePackage) async throws {
        let broken = "Sources/CourseCatalogAPI/Operations/Broken.graphql"
        try package.write("# An operation with a mistake on line 4.\nquery Broken {\n  courses {\n    nope\n  }\n}\n", to: broken)
        let build = try await package.swift("build")
        #expect(build.status != 0)
        let expected = package.url(broken).path + #":4:5: error: Cannot query field "nope" on type "CourseConnection"."#
        #expect(build.lines.filter { $0 == expected }.count == 1, "not exactly one line \(expected) in:\n\(build.output)")
        // The source line and a caret under the column follow it.
        if let index = build.lines.firstIndex(of: expected), index + 2 < build.lines.count {
            #expect(build.lines[index + 1] == "    nope")
            #expect(build.lines[index + 2] == "    ^")
        }
        try package.remove(broken)
    }

    /// Step 6: two operation files with the same name in different folders of the target would
    /// generate the same file: the build plugin stops with an error naming both.
    func operationFilesWithTheSameNameAreAnError(_ package: ExamplePackage) async throws {
        let copy = "Sources/CourseCatalogAPI/Admin/Search.graphql"
        try package.write("query AdminSearch { viewer { id } }\n", to: copy)
        let build = try await package.swift("build")
        #expect(build.status != 0)
        let expected = "error: GraftBuildPlugin: operation files with the same name would both generate Search.graphql.swift: "
            + "\(package.url(copy).path), \(package.url("Sources/CourseCatalogAPI/Operations/Search.graphql").path); rename one of them"
        #expect(build.lines.contains(expected), "no line \(expected) in:\n\(build.output)")
        try package.remove("Sources/CourseCatalogAPI/Admin")
        let fixed = try await package.swift("build")
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    /// Step 7: a target whose schema the plugin cannot find (here, moved out of it) fails the build
    /// with an error naming the target, the files it saw and the fix (SwiftPM plans the build, and
    /// so runs the plugin, once per build it makes, so the same line may come more than once).
    func aTargetWithoutASchemaFailsWithTheFix(_ package: ExamplePackage) async throws {
        let schemas = "Sources/CourseCatalogAPI/Schemas"
        try FileManager.default.moveItem(at: package.url(schemas), to: package.url("Unused"))
        let build = try await package.swift("build")
        #expect(build.status != 0)
        let lines = build.lines.filter { $0.contains("error: GraftBuildPlugin: target 'CourseCatalogAPI' has no GraphQL schema") }
        #expect(!lines.isEmpty && Set(lines).count == 1, "\(build.output)")
        let line = lines.first ?? ""
        #expect(line.contains("Files seen: operations Operations/AddReview.graphql, "), "\(line)")
        #expect(line.contains("Rename the schema file to end in .graphqls"), "\(line)")
        #expect(!build.output.contains("no such file or directory"), "\(build.output)")
        try FileManager.default.moveItem(at: package.url("Unused"), to: package.url(schemas))
    }

    /// Step 8: a `graft.json` in the target (with `//` comments, which it allows) names a schema
    /// folder outside the target. The generated code is the same, so nothing is recompiled; the
    /// schema files outside the target are inputs too (an error in one fails the build).
    func schemaOutsideTheTargetThroughGraftJSON(_ package: ExamplePackage) async throws {
        let output = try package.buildPluginOutput()
        let contents = try ExamplePackage.contents(of: output)
        try FileManager.default.createDirectory(at: package.url("GraphQL"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: package.url("Sources/CourseCatalogAPI/Schemas"), to: package.url("GraphQL/Schemas"))
        try package.write("""
            // Where the schema is, relative to this file.
            {
              "schema": ["../../GraphQL/Schemas"], // a folder outside the target
              "accessLevel": "public"
            }

            """, to: "Sources/CourseCatalogAPI/graft.json")
        let moved = try await package.swift("build")
        try #require(moved.status == 0, "\(moved.output)")
        #expect(Self.ranGenerator(moved))
        #expect(Self.compiledAPILines(moved) == [], "\(moved.output)")
        #expect(try ExamplePackage.contents(of: output) == contents)

        let schema = "GraphQL/Schemas/Directives.graphqls"
        let text = try package.read(schema)
        try package.write(text + "\ntype Mistake {\n  field: NoSuchType\n}\n", to: schema)
        let broken = try await package.swift("build")
        #expect(broken.status != 0)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let expected = package.url(schema).path + ":\(lineCount + 2):10: error: Unknown type \"NoSuchType\"."
        #expect(broken.lines.contains(expected), "no line \(expected) in:\n\(broken.output)")
        try package.write(text, to: schema)
        let restored = try await package.swift("build")
        #expect(restored.status == 0, "\(restored.output)")
    }

    /// Step 9: the command plugin writes into the target's `Generated/` folder exactly the files
    /// the build plugin generated (same names, same bytes).
    func commandPluginWritesTheBuildPluginsFiles(_ package: ExamplePackage) async throws {
        let built = try ExamplePackage.contents(of: try package.buildPluginOutput())
        let run = try await package.swift("package", "--allow-writing-to-package-directory", "graft-generate", "--target", "CourseCatalogAPI")
        try #require(run.status == 0, "\(run.output)")
        let written = try ExamplePackage.contents(of: package.url("Sources/CourseCatalogAPI/Generated"))
        #expect(written.keys.sorted() == built.keys.sorted())
        for (name, data) in built {
            #expect(written[name] == data, "Generated/\(name) differs from the build plugin's")
        }
    }
}
