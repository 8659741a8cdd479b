import GraftCompiler
import GraftLanguage
import Testing

/// Lookups in long lists go through a name index that tries each name's identity (its string
/// value's bits) before hashing its bytes: equal names with separate storage must still match.
@Suite struct NamedListTests {
    /// A name with storage of its own (not shared with an equal literal or another copy).
    private func fresh(_ name: String) -> String {
        var copy = String(name.utf8.reversed().map { Character(Unicode.Scalar($0)) })
        copy = String(copy.utf8.reversed().map { Character(Unicode.Scalar($0)) })
        return copy
    }

    private func list(_ names: [String]) -> NamedList<FieldDef> {
        var list = NamedList<FieldDef>()
        for name in names { list.update(FieldDef(name: name, type: .named("String"))) }
        return list
    }

    private let names = (0..<20).map { "pullRequestReviewThreadConnection\($0)" } + (0..<20).map { "short\($0)" }

    @Test func findsEqualNamesWithSeparateStorage() {
        let list = list(names)
        #expect(list.count == names.count)
        for (position, name) in names.enumerated() {
            #expect(list.index(of: fresh(name)) == position)
            #expect(list.index(of: name) == position)
        }
        #expect(list.index(of: fresh("pullRequestReviewThreadConnection20")) == nil)
        #expect(list.index(of: "short20") == nil)
    }

    @Test func replacesAnEqualNameWithSeparateStorage() {
        var list = list(names)
        list.update(FieldDef(name: fresh(names[3]), type: .named("Int")))
        list.update(FieldDef(name: fresh(names[25]), type: .named("Int")))
        #expect(list.count == names.count)
        #expect(list[names[3]]?.type == .named("Int"))
        #expect(list[names[25]]?.type == .named("Int"))
        #expect(list[names[4]]?.type == .named("String"))
    }

    @Test func buildsASchemaFromDocumentsWithSeparateNameStorage() throws {
        // Each source is parsed with its own name table: the type named in b is a separate string.
        let a = Source("type Query { connection: PullRequestReviewThreadConnection }", name: "a.graphqls")
        let b = Source("type PullRequestReviewThreadConnection { totalCount: Int }", name: "b.graphqls")
        let schema = try SchemaBuilder.build(sdl: [a, b])
        #expect(schema.kind(of: "PullRequestReviewThreadConnection") == .object)
        #expect(throws: SchemaError.self) {
            try SchemaBuilder.build(sdl: [a, b, Source("type PullRequestReviewThreadConnection { id: ID }", name: "c.graphqls")])
        }
    }
}
