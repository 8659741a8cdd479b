import GraftCompiler
import GraftLanguage
import Testing

/// How a field's property hands over its error, from the schema's `@semanticNonNull(levels:)`
/// and the operation's `@catch(to:)`; and `@catch` is not sent to the server.
@Suite struct SemanticNullabilityTests {
    static let sdl = """
    type Query { name: String @semanticNonNull, plain: String, grid: [[Int]] @semanticNonNull(levels: [1, 2]), count: Int! }
    """

    static func fields(_ text: String) throws -> (fields: [String: IRField], sent: String) {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source(sdl, name: "schema.graphqls")])
        let source = Source(text, name: "ops.graphql")
        let document = try parse(source)
        #expect(Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, source: source).map(\.description) == [])
        let ir = IRBuilder.compile(document, sources: DocumentSources(source), schema: schema)
        let operation = try #require(ir.operations.first)
        return (Dictionary(uniqueKeysWithValues: operation.selectionSet.fields.map { ($0.responseKey, $0) }), operation.source)
    }

    @Test func semanticNonNullFieldsThrowByDefault() throws {
        let (fields, _) = try Self.fields("query Q { name plain grid count }")
        #expect(fields["name"]?.errorHandling == .throwing)
        #expect(fields["name"]?.semanticType == .nonNull(.named("String")))
        #expect(fields["plain"]?.errorHandling == IRFieldErrorHandling.none)
        #expect(fields["grid"]?.errorHandling == .throwing)
        #expect(fields["grid"]?.semanticType == .list(.nonNull(.list(.nonNull(.named("Int"))))))
        #expect(fields["count"]?.errorHandling == IRFieldErrorHandling.none)
    }

    @Test func catchChoosesTheHandling() throws {
        let (fields, sent) = try Self.fields("query Q { a: name @catch b: name @catch(to: NULL) c: name @catch(to: THROW) plain @catch(to: NULL) d: plain @catch }")
        #expect(fields["a"]?.catchTo == .result)
        #expect(fields["a"]?.errorHandling == .result)
        #expect(fields["b"]?.errorHandling == .nullOnError)
        #expect(fields["c"]?.errorHandling == .throwing)
        // Without `@semanticNonNull` a null is nil already.
        #expect(fields["plain"]?.errorHandling == IRFieldErrorHandling.none)
        #expect(fields["d"]?.errorHandling == .result)
        #expect(sent == "query Q { a: name b: name c: name plain d: plain }")
    }
}
