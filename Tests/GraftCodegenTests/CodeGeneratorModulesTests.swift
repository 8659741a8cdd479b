@testable import GraftCodegen
import GraftCompiler
import Testing

/// Which modules of a one-process run a schema module declaring the used types takes its types
/// from: exactly the modules its `usedBy` paths name, or none (it compiles their operations itself).
@Suite struct CodeGeneratorModulesTests {
    static func module(_ operations: [String], upstream: [String] = [], schema: String = "/app/schema.graphqls") -> GraftConfiguration {
        var configuration = GraftConfiguration()
        configuration.schemaPaths = [schema]
        configuration.operationPaths = operations
        configuration.schemaModule = "AppSchema"
        configuration.upstream = upstream.map { UpstreamModule(name: "Core", operationPaths: [$0]) }
        return configuration
    }

    static func schemaModule(usedBy: [String], schemaTypes: GraftConfiguration.SchemaTypes = .used) -> GraftConfiguration {
        var configuration = GraftConfiguration()
        configuration.schemaPaths = ["/app/schema.graphqls"]
        configuration.operationPaths = []
        configuration.schemaTypes = schemaTypes
        configuration.usedBy = usedBy
        return configuration
    }

    static let modules = [module(["/app/Core/GraphQL"]), module(["/app/Feature/GraphQL"], upstream: ["/app/Core/GraphQL"])]

    @Test func usedByPathsExactlyCoveredByModulesOfTheRun() {
        // The same folders however written: `..` resolved.
        let configurations = [Self.schemaModule(usedBy: ["/app/Schema/../Core/GraphQL", "/app/Feature/GraphQL"])] + Self.modules
        #expect(CodeGenerator.dependentModules(of: 0, in: configurations) == [1, 2])
        #expect(CodeGenerator.dependentModules(of: 1, in: configurations) == nil)
        // Relative paths, as graft.json files in sibling folders resolve them.
        let relative = [Self.schemaModule(usedBy: ["AppSchema/../Core/GraphQL", "AppSchema/../Feature/GraphQL"]),
                        Self.module(["Core/GraphQL"], schema: "Core/../schema.graphqls"),
                        Self.module(["Feature/GraphQL"], upstream: ["Feature/../Core/GraphQL"], schema: "Feature/../schema.graphqls")]
        #expect(CodeGenerator.dependentModules(of: 0, in: relative.map { configuration in
            var configuration = configuration
            if configuration.isSchemaModule { configuration.schemaPaths = ["AppSchema/../schema.graphqls"] }
            return configuration
        }) == [1, 2])
    }

    @Test func anythingElseCompilesTheOperationsAgain() {
        // A folder no module of the run generates.
        #expect(CodeGenerator.dependentModules(of: 0, in: [Self.schemaModule(usedBy: ["/app/Core/GraphQL", "/app/Feature/GraphQL",
                                                                                      "/app/Extra/GraphQL"])] + Self.modules) == nil)
        // A module's upstream module outside usedBy.
        #expect(CodeGenerator.dependentModules(of: 0, in: [Self.schemaModule(usedBy: ["/app/Feature/GraphQL"])] + Self.modules) == nil)
        // Another schema.
        #expect(CodeGenerator.dependentModules(of: 0, in: [Self.schemaModule(usedBy: ["/app/Core/GraphQL"]),
                                                           Self.module(["/app/Core/GraphQL"], schema: "/other.graphqls")]) == nil)
        // Every schema type, or a run of the schema module alone.
        #expect(CodeGenerator.dependentModules(of: 0, in: [Self.schemaModule(usedBy: [], schemaTypes: .all)] + Self.modules) == nil)
        #expect(CodeGenerator.dependentModules(of: 0, in: [Self.schemaModule(usedBy: ["/app/Core/GraphQL"])]) == nil)
    }
}
