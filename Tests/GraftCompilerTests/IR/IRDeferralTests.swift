import GraftCompiler
import GraftLanguage
import Testing

/// `@defer` fragments are split out of merged selection sets into groups by label.
@Suite struct IRDeferralTests {
    @Test("a deferred inline fragment's fields move into its label's group, without the deferral")
    func inlineFragment() throws {
        let ir = try IRBuilderTests.compile("""
        query Q { hero { name ... @defer(label: "more") { appearsIn friends { name } } } }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.fields.map(\.responseKey) == ["__typename", "name"])
        #expect(hero.deferredFragments.map(\.label) == ["more"])
        let more = hero.deferredFragments[0].selectionSet
        #expect(more.fields.map(\.responseKey) == ["appearsIn", "friends"])
        #expect(more.fields.allSatisfy { $0.conditions.isAlways })
        #expect(more.field("friends")?.selectionSet?.fields.map(\.responseKey) == ["__typename", "name"])
        #expect(more.parentType == "Character")
    }

    @Test("a field also selected without deferral stays in the first payload")
    func alsoImmediate() throws {
        let ir = try IRBuilderTests.compile("""
        query Q { hero { name ... @defer(label: "a") { name id } } }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.fields.map(\.responseKey) == ["__typename", "name"])
        #expect(hero.deferredFragments.first?.selectionSet.fields.map(\.responseKey) == ["id"])
    }

    @Test("a deferred spread, a deferred type case, several labels, @include inside, no label")
    func spreadsTypeCasesAndLabels() throws {
        let ir = try IRBuilderTests.compile("""
        query Q($x: Boolean!) { hero { id ...Names @defer(label: "names") ... on Droid @defer(label: "droid") { primaryFunction }
          ... @defer(label: "one") { appearsIn } ... @defer(label: "two") { appearsIn friends @include(if: $x) { id } }
          ... @defer { name } } }
        fragment Names on Character { name }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.fragmentSpreads.isEmpty)
        #expect(hero.fields.map(\.responseKey) == ["__typename", "id"])
        let labels = hero.deferredFragments.map(\.label)
        #expect(Set(labels) == ["names", "one", "two", ""])
        let byLabel = Dictionary(uniqueKeysWithValues: hero.deferredFragments.map { ($0.label, $0.selectionSet) })
        #expect(byLabel["names"]?.fragmentSpreads.map(\.name) == ["Names"])
        #expect(byLabel["names"]?.fragmentSpreads.first?.conditions.isAlways == true)
        #expect(byLabel["one"]?.fields.map(\.responseKey) == ["appearsIn"])
        #expect(byLabel["two"]?.fields.map(\.responseKey) == ["appearsIn", "friends"])
        #expect(byLabel["two"]?.field("friends")?.conditions == IRConditions([[.include("x")]]))
        #expect(byLabel[""]?.fields.map(\.responseKey) == ["name"])
        let droid = try #require(hero.typeCases.first { $0.typeCondition == "Droid" })
        #expect(droid.selectionSet.fields.isEmpty)
        #expect(droid.selectionSet.deferredFragments.map(\.label) == ["droid"])
        #expect(droid.selectionSet.deferredFragments.first?.selectionSet.fields.map(\.responseKey) == ["primaryFunction"])
    }

    @Test("a nested deferral becomes a group inside its outer group")
    func nested() throws {
        let ir = try IRBuilderTests.compile("""
        query Q { hero { id ... @defer(label: "a") { name ... @defer(label: "b") { appearsIn } } } }
        """)
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.deferredFragments.map(\.label) == ["a"])
        let outer = hero.deferredFragments[0].selectionSet
        #expect(outer.fields.map(\.responseKey) == ["name"])
        #expect(outer.deferredFragments.map(\.label) == ["b"])
        #expect(outer.deferredFragments.first?.selectionSet.fields.map(\.responseKey) == ["appearsIn"])
    }

    @Test("@defer(if: false) is no deferral")
    func disabled() throws {
        let ir = try IRBuilderTests.compile("query Q { hero { id ... @defer(if: false) { name } } }")
        let hero = try #require(ir.operations[0].selectionSet.field("hero")?.selectionSet)
        #expect(hero.deferredFragments.isEmpty)
        #expect(hero.fields.map(\.responseKey) == ["__typename", "id", "name"])
    }
}
