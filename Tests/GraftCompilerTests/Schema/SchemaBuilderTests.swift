import GraftCompiler
import GraftLanguage
import Testing

@Suite struct SchemaBuilderTests {
    @Test func buildsRootTypesBuiltInsAndIntrospection() throws {
        let schema = try SchemaBuilder.build(sdl: [Source("""
            type Query { pet(id: ID!): Pet, version: Float }
            interface Pet { name: String! }
            type Dog implements Pet { name: String! barks: Boolean }
            type Mutation { ok: Boolean }
            """, name: "a.graphqls")])
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Mutation")
        #expect(schema.subscriptionType == nil)
        // graphql-js type map order: given types each followed by newly reached types, then __Schema's.
        #expect(schema.types.map(\.name) == [
            "Query", "ID", "Float", "Pet", "String", "Dog", "Boolean", "Mutation",
            "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive",
            "__DirectiveLocation",
        ])
        #expect(schema.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
        let query = try #require(schema.type(named: "Query"))
        #expect(schema.field("pet", on: query)?.type == .named("Pet"))
        #expect(schema.field("__schema", on: query)?.type == .nonNull(.named("__Schema")))
        let pet = try #require(schema.type(named: "Pet"))
        #expect(schema.possibleTypes(of: pet) == ["Dog"])
        #expect(schema.isSubType(pet, try #require(schema.type(named: "Dog"))))
        #expect(schema.type(named: "__Type")?.fields["isOneOf"]?.type == .named("Boolean"))
    }

    @Test func schemaDefinitionNamesRootTypes() throws {
        let schema = try SchemaBuilder.build(sdl: [
            Source("schema { query: Root }\ntype Root { a: Int }\ntype Query { b: Int }", name: "a"),
        ])
        #expect(schema.queryType == "Root")
        #expect(schema.type(named: "Query") != nil)
    }
}
