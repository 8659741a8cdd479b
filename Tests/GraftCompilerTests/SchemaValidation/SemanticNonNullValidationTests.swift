import GraftCompiler
import GraftLanguage
import Testing

/// `@semanticNonNull(levels:)` names nullable positions of the field's type: each level in range,
/// once, and not non-null already; errors point at the directive.
@Suite struct SemanticNonNullValidationTests {
    func errors(_ sdl: String) -> [String] {
        do {
            _ = try GeneratorDirectives.buildSchema(sdl: [Source(sdl, name: "schema.graphqls")])
            return []
        } catch {
            return error.errors.map { error in
                "\(error.message) @ " + error.locations.map { "\($0.location.line):\($0.location.column)" }.joined(separator: ",")
            }
        }
    }

    @Test func nullablePositionsAreValid() {
        #expect(errors("""
        type Query { a: String @semanticNonNull, b: [String] @semanticNonNull(levels: [0, 1]), c: [[Int]!] @semanticNonNull(levels: [2]) }
        """) == [])
    }

    @Test func levelOutOfRange() {
        #expect(errors("type Query {\n  a: String @semanticNonNull(levels: [1])\n  b: [String] @semanticNonNull(levels: [-1])\n}") == [
            "@semanticNonNull on Query.a: level 1 is out of range (String has 0 list levels: the only level is 0). @ 2:13",
            "@semanticNonNull on Query.b: level -1 is out of range ([String] has 1 list level: its levels are 0 to 1). @ 3:15",
        ])
    }

    @Test func nonNullPositionNeedsNoPromise() {
        #expect(errors("type Query {\n  a: String! @semanticNonNull\n  b: [String!] @semanticNonNull(levels: [0, 1])\n}") == [
            "@semanticNonNull on Query.a: level 0 of String! is non-null already. @ 2:14",
            "@semanticNonNull on Query.b: level 1 of [String!] is non-null already. @ 3:16",
        ])
    }

    @Test func levelGivenTwice() {
        #expect(errors("type Query { a: [String] @semanticNonNull(levels: [1, 1]) }")
            == ["@semanticNonNull on Query.a: level 1 is given twice. @ 1:26"])
    }

    @Test func onInterfaceFields() {
        #expect(errors("type Query { n: Node }\ninterface Node { id: ID! @semanticNonNull }")
            == ["@semanticNonNull on Node.id: level 0 of ID! is non-null already. @ 2:26"])
    }

    /// `CatchTo`, which `@catch` takes, is the generator's: declared with the directive, not a
    /// type of the schema's own.
    @Test func catchToIsTheGeneratorsType() throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source("type Query { a: String }", name: "schema.graphqls")])
        #expect(schema.type(named: "CatchTo") != nil)
        #expect(!schema.hasOwnType(named: "CatchTo"))
        #expect(schema.generatorOnlyTypes.contains("CatchTo"))
    }

    /// A schema that declares `@catch` itself keeps its own definition and no `CatchTo` is added.
    @Test func aSchemasOwnCatchWins() throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source("""
        type Query { a: String }
        enum CatchTo { RESULT NULL }
        directive @catch(to: CatchTo! = RESULT) on FIELD
        """, name: "schema.graphqls")])
        #expect(schema.type(named: "CatchTo")?.enumValues.map(\.name) == ["RESULT", "NULL"])
        #expect(schema.hasOwnType(named: "CatchTo"))
    }
}
