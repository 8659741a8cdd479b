import GraftCompiler
import GraftLanguage
import Testing

/// The September 2025 specification's OneOf Input Object rules (Values of Correct Type and All
/// Variable Usages Are Allowed), worded as graphql-js 17 words them. graphql-js 16.6 has no
/// `@oneOf`, so these cases are written from the specification's examples.
@Suite struct OneOfValidationTests {
    static let schemaSDL = """
    input PetInput @oneOf { cat: CatInput, dog: DogInput }
    input CatInput { name: String! }
    input DogInput { name: String! }
    type Pet { name: String }
    type Query { pet(pet: PetInput): Pet, pets(pets: [PetInput!]): [Pet], requiredPet(pet: PetInput!): Pet }
    """

    func errors(_ document: String, rules: [any ValidationRule.Type] = SpecifiedRules.all) throws -> [String] {
        let schema = try SchemaBuilder.build(sdl: [Source(Self.schemaSDL, name: "schema.graphql")])
        let source = Source(document, name: "document.graphql")
        return Validator(schema: schema, rules: rules).validate(try parse(source), source: source).map { error in
            render(error.message, error.locations.map { ($0.location.line, $0.location.column) })
        }
    }

    @Test func exactlyOneNonNullFieldIsValid() throws {
        #expect(try errors(#"{ pet(pet: { cat: { name: "Brontie" } }) { name } }"#) == [])
        #expect(try errors("query ($cat: CatInput!) { pet(pet: { cat: $cat }) { name } }") == [])
        #expect(try errors(#"query ($cat: CatInput! = { name: "Brontie" }) { pet(pet: { cat: $cat }) { name } }"#) == [])
        #expect(try errors("query ($pet: PetInput) { pet(pet: $pet) { name } }") == [])
    }

    @Test func noFields() throws {
        #expect(try errors("{ pet(pet: {}) { name } }")
            == [#"OneOf Input Object "PetInput" must specify exactly one key. @ 1:12"#])
    }

    @Test func twoFields() throws {
        let document = #"query ($dog: DogInput!) { pet(pet: { cat: { name: "Brontie" }, dog: $dog }) { name } }"#
        #expect(try errors(document) == [#"OneOf Input Object "PetInput" must specify exactly one key. @ 1:36"#])
    }

    @Test func nullField() throws {
        #expect(try errors("{ pet(pet: { cat: null }) { name } }") == [#"Field "PetInput.cat" must be non-null. @ 1:12"#])
        #expect(try errors("{ requiredPet(pet: { dog: null }) { name } }")
            == [#"Field "PetInput.dog" must be non-null. @ 1:20"#])
    }

    @Test func nullableVariable() throws {
        #expect(try errors("query ($dog: DogInput) { pet(pet: { dog: $dog }) { name } }")
            == [#"Variable "$dog" is of type "DogInput" but must be non-nullable to be used for OneOf Input Object "PetInput". @ 1:8,1:42"#])
    }

    @Test func nullableVariableInList() throws {
        #expect(try errors("query ($dog: DogInput) { pets(pets: [{ dog: $dog }]) { name } }")
            == [#"Variable "$dog" is of type "DogInput" but must be non-nullable to be used for OneOf Input Object "PetInput". @ 1:8,1:45"#])
    }

    @Test func nullableVariableWithDefault() throws {
        #expect(try errors(#"query ($cat: CatInput = { name: "Brontie" }) { pet(pet: { cat: $cat }) { name } }"#)
            == [#"Variable "$cat" is of type "CatInput" but must be non-nullable to be used for OneOf Input Object "PetInput". @ 1:8,1:64"#])
    }

    @Test func variableDefaultValues() throws {
        #expect(try errors("query ($pet: PetInput = {}) { pet(pet: $pet) { name } }")
            == [#"OneOf Input Object "PetInput" must specify exactly one key. @ 1:25"#])
    }

    @Test func ruleAlone() throws {
        #expect(try errors("query ($dog: DogInput) { pet(pet: { dog: $dog }) { name } }",
                           rules: [SpecifiedRules.named("ValuesOfCorrectTypeRule")!]) == [])
        #expect(try errors("{ pet(pet: {}) { name } }", rules: [SpecifiedRules.named("VariablesInAllowedPositionRule")!]) == [])
    }
}
