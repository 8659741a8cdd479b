import GraftCompiler
import GraftLanguage
import Testing

/// The specification's Operation Type Existence (5.2.1.1): an operation whose kind has no root
/// type in the schema is invalid, worded as graphql-js 17's `KnownOperationTypesRule` words it.
/// graphql-js 16.6 has no such rule, so the corpus holds no cases of it alone.
@Suite struct KnownOperationTypesTests {
    func errors(_ document: String, schema sdl: String = "type Query { field: String }",
                rules: [any ValidationRule.Type] = SpecifiedRules.all) throws -> [String] {
        let schema = try SchemaBuilder.build(sdl: [Source(sdl, name: "schema.graphql")])
        let source = Source(document, name: "document.graphql")
        return Validator(schema: schema, rules: rules).validate(try parse(source), source: source).map { error in
            render(error.message, error.locations.map { ($0.location.line, $0.location.column) })
        }
    }

    @Test func queryAgainstTheQueryRootIsValid() throws {
        #expect(try errors("{ field }") == [])
        #expect(try errors("query Q { field }") == [])
    }

    @Test func mutationWithoutAMutationRoot() throws {
        #expect(try errors("\n      mutation { field }\n    ")
            == ["The mutation operation is not supported by the schema. @ 2:7"])
    }

    @Test func subscriptionWithoutASubscriptionRoot() throws {
        #expect(try errors("\n      subscription { field }\n    ")
            == ["The subscription operation is not supported by the schema. @ 2:7"])
    }

    @Test func eachOperationOfAMissingKindIsReported() throws {
        let document = "query A { field }\nmutation B { field }\nsubscription C { field }\nmutation D { field }"
        #expect(try errors(document) == [
            "The mutation operation is not supported by the schema. @ 2:1",
            "The subscription operation is not supported by the schema. @ 3:1",
            "The mutation operation is not supported by the schema. @ 4:1",
        ])
    }

    @Test func rootTypesNamedBySchemaDefinitionAreKnown() throws {
        let sdl = "schema { query: Q mutation: M subscription: S }\ntype Q { field: String }\ntype M { field: String }\ntype S { field: String }"
        #expect(try errors("mutation { field }", schema: sdl) == [])
        #expect(try errors("subscription { field }", schema: sdl) == [])
    }

    @Test func theRuleIsSpecifiedAndUsedForCodeGeneration() {
        #expect(SpecifiedRules.all.contains { $0 == SpecifiedRules.named("KnownOperationTypesRule") })
        #expect(SpecifiedRules.codeGeneration.contains { $0.name == "KnownOperationTypesRule" })
    }
}
