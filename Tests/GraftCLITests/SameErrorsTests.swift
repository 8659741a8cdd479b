import Foundation
import Testing

/// `graft generate` and `graft validate` load their inputs through one stage (GraftCompiler's
/// `InputLoader`), so the same inputs give the same errors, word for word.
@Suite struct SameErrorsTests {
    typealias Project = GenerateCommandTests

    /// An introspection result whose `Query` claims an interface it does not implement.
    static let invalidIntrospection = """
        {"data": {"__schema": {"queryType": {"name": "Query"}, "mutationType": null, "subscriptionType": null, "directives": [],
         "types": [
          {"kind": "OBJECT", "name": "Query", "fields": [\(field("a"))], "interfaces": [{"kind": "INTERFACE", "name": "Named"}]},
          {"kind": "INTERFACE", "name": "Named", "fields": [\(field("name"))], "interfaces": [],
           "possibleTypes": [{"kind": "OBJECT", "name": "Query"}]},
          {"kind": "SCALAR", "name": "String"}, {"kind": "SCALAR", "name": "Boolean"}
         ]}}}
        """

    static func field(_ name: String) -> String {
        #"{"name": "\#(name)", "args": [], "type": {"kind": "SCALAR", "name": "String", "ofType": null}, "isDeprecated": false}"#
    }

    /// Runs `validate` and `generate` with `arguments` in `root`; both must fail with the same errors.
    static func expectSameErrors(_ arguments: [String], in root: URL, containing expected: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let validate = try await GraftTool.run(["validate"] + arguments, in: root)
        let generate = try await GraftTool.run(["generate"] + arguments, in: root)
        #expect(validate.status == 1, sourceLocation: sourceLocation)
        #expect(generate.status == 1, sourceLocation: sourceLocation)
        #expect(validate.standardError == generate.standardError, sourceLocation: sourceLocation)
        #expect(validate.standardError.contains(expected), "\(validate.standardError)", sourceLocation: sourceLocation)
    }

    @Test func anInvalidIntrospectionSchema() async throws {
        let root = try Project.project(operations: ["A.graphql": "query A { a }"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("Schemas/schema.graphqls"))
        try Self.invalidIntrospection.write(to: root.appendingPathComponent("Schemas/schema.json"), atomically: true, encoding: .utf8)
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "Interface field Named.name expected but Query does not provide it.")
    }

    @Test func twoIntrospectionFiles() async throws {
        let root = try Project.project(operations: ["A.graphql": "query A { a }"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("Schemas/schema.graphqls"))
        for name in ["a.json", "b.json"] {
            try Self.invalidIntrospection.write(to: root.appendingPathComponent("Schemas/\(name)"), atomically: true, encoding: .utf8)
        }
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "only one introspection result can be loaded")
    }

    @Test func anAnonymousOperation() async throws {
        let root = try Project.project(operations: ["A.graphql": "query { hero { name } }"])
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "Operations must be named to generate code for them.")
    }

    /// An anonymous operation beside another one breaks graphql-js's Lone Anonymous Operation and
    /// Graft's naming rule: one error says both.
    @Test func anAnonymousOperationAmongOthers() async throws {
        let root = try Project.project(operations: ["A.graphql": "query A { hero { name } }\nquery { hero { name } }\n"])
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "Operations/A.graphql:2:1: error: This anonymous operation must be the only defined "
                                            + "operation. Operations must be named to generate code for them.\n")
        let validate = try await GraftTool.run(["validate", "--schema", "Schemas", "--operations", "Operations"], in: root)
        #expect(validate.standardError.components(separatedBy: "error:").count == 2, "\(validate.standardError)")
    }

    @Test func aTypeDefinitionAmongOperations() async throws {
        let root = try Project.project(operations: ["A.graphql": "query A { hero { name } }\ntype X { a: String }"])
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "The \"X\" definition is not executable.")
    }

    @Test func noOperationFiles() async throws {
        let root = try Project.project(operations: [:])
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "no operation files (.graphql) found in Operations")
    }

    /// A subscription or mutation against a schema without that root type is an error at the
    /// operation (graphql-js 17's `KnownOperationTypesRule`); `generate` writes nothing, in either
    /// layout, rather than leaving the operation out.
    @Test func anOperationWhoseRootTypeTheSchemaLacks() async throws {
        let operations = "query Hero { hero { name } }\n\n  subscription OnHero { hero { name } }\nmutation Rename { hero { name } }\n"
        let root = try Project.project(operations: ["Hero.graphql": operations])
        let file = "Operations/Hero.graphql"
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "\(file):3:3: error: The subscription operation is not supported by the schema.\n")
        let validate = try await GraftTool.run(["validate", "--schema", "Schemas", "--operations", "Operations"], in: root)
        #expect(validate.standardError.contains("\(file):4:1: error: The mutation operation is not supported by the schema.\n"))
        for layout in [[], ["--per-input-file"]] {
            let generate = try await GraftTool.run(["generate", "--schema", "Schemas", "--operations", "Operations",
                                                    "--output", "Out"] + layout, in: root)
            #expect(generate.status == 1)
            #expect(generate.standardOutput == "", "\(generate.standardOutput)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Out").path))
        }
    }

    /// The built-in scalars a schema neither defines nor references are unknown to its operations,
    /// as in graphql-js (its case val-0074), although `@stream`, which `graft` adds, takes an `Int`.
    @Test func aBuiltInScalarTheSchemaDoesNotReference() async throws {
        let root = try Project.project(schema: "type Query { foo: String }\n",
                                       operations: ["A.graphql": "query A($id: ID, $float: Float, $int: Int) {\n  __typename\n}\n"])
        let file = "Operations/A.graphql"
        try await Self.expectSameErrors(["--schema", "Schemas", "--operations", "Operations"], in: root,
                                        containing: "\(file):1:39: error: Unknown type \"Int\".\n")
        let validate = try await GraftTool.run(["validate", "--schema", "Schemas", "--operations", "Operations"], in: root)
        #expect(validate.standardError.contains("\(file):1:14: error: Unknown type \"ID\".\n"))
        #expect(validate.standardError.contains("\(file):1:26: error: Unknown type \"Float\".\n"))
    }

    /// A file named twice (by its folder and by itself) is read once by both commands.
    @Test func aFileNamedTwiceIsReadOnce() async throws {
        let root = try Project.project(operations: ["A.graphql": "query A { hero { name } }"])
        let arguments = ["--schema", "Schemas", "--operations", "Operations", "--operations", "Operations/A.graphql"]
        let validate = try await GraftTool.run(["validate"] + arguments, in: root)
        let generate = try await GraftTool.run(["generate"] + arguments, in: root)
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(generate.status == 0, "\(generate.standardError)")
    }
}
