import GraftCodegen
import Testing

/// `--per-input-file` layout (what the SwiftPM build plugin declares as outputs).
@Suite struct LayoutTests {
    @Test func perInputFileWritesOneFilePerOperationFileAndGraftSchema() throws {
        let root = TestPaths.packageRoot.path
        var configuration = GraftConfiguration(schemaPaths: [root + "/Schemas"],
                                               operationPaths: [root + "/Operations/CourseFragments.graphql",
                                                                root + "/Operations/PeopleFragments.graphql",
                                                                root + "/Operations/LessonFragments.graphql",
                                                                root + "/Operations/CourseDetail.graphql",
                                                                root + "/Operations/ReviewAdded.graphql"])
        configuration.namespace = "API"
        let result = CodeGenerator.run(configuration, layout: .perInputFile)
        #expect(result.errors.map(\.description) == [])
        #expect(result.files.map(\.path) == ["CourseDetail.graphql.swift", "CourseFragments.graphql.swift", "GraftSchema.swift",
                                             "LessonFragments.graphql.swift", "PeopleFragments.graphql.swift",
                                             "ReviewAdded.graphql.swift"])
        let fragments = try #require(result.files.first { $0.path == "CourseFragments.graphql.swift" })
        #expect(fragments.contents.contains("public struct CourseCard: GraftAPI.Fragment"))
        #expect(fragments.contents.contains("public struct CourseDetails: GraftAPI.Fragment"))
        let schema = try #require(result.files.first { $0.path == "GraftSchema.swift" })
        #expect(schema.contents.contains("public enum API {}"))
        #expect(schema.contents.contains("static let schemaMetadata = GraftAPI.SchemaMetadata("))
    }
}
