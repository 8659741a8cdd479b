import GraftCompiler
import GraftLanguage
import Testing

/// `@catch` only where an error stays on the field (nullable or `@semanticNonNull`), with a `to:`
/// that `CatchTo` has; the code generator's rules report both with their locations.
@Suite struct CatchOnNullableFieldsRuleTests {
    static let sdl = """
    type Query { name: String, count: Int!, tags: [String] @semanticNonNull(levels: [0, 1]), ids: [ID!], title: String @semanticNonNull }
    """

    func errors(_ document: String) throws -> [String] {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source(Self.sdl, name: "schema.graphqls")])
        let source = Source(document, name: "ops.graphql")
        return Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(try parse(source), source: source).map { error in
            "\(error.message) @ " + error.locations.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ",")
        }
    }

    @Test func nullableAndSemanticallyNonNullFieldsCanBeCaught() throws {
        #expect(try errors("query Q { name @catch tags @catch(to: NULL) ids @catch(to: THROW) title @catch(to: RESULT) }") == [])
    }

    @Test func aNonNullFieldCannotBeCaught() throws {
        #expect(try errors("query Q {\n  count @catch\n}") == [
            #"Field "count" of type "Int!" cannot use @catch: it is non-null, so its errors null the enclosing field instead; catch them there. @ 2:9"#,
        ])
    }

    @Test func unknownTarget() throws {
        #expect(try errors("query Q { name @catch(to: LATER) }") == [#"Value "LATER" does not exist in "CatchTo" enum. @ 1:27"#])
    }

    @Test func catchIsAFieldDirective() throws {
        #expect(try errors("query Q @catch { name }") == [#"Directive "@catch" may not be used on QUERY. @ 1:9"#])
    }
}
