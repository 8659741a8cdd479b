import GraftCompiler
import GraftLanguage
import Testing

/// `FieldDef`, `InputValueDef` and `NamedTypeDef` share one copy-on-write box: copies are values,
/// a write to one copy leaves the others as they were, and equality compares the properties.
@Suite struct SchemaElementTests {
    @Test func aWriteToACopyLeavesTheOriginal() {
        let original = FieldDef(name: "hero", description: "The hero", type: .named("Character"))
        var copy = original
        copy.type = .nonNull(.named("Character"))
        copy.arguments.update(InputValueDef(name: "episode", type: .named("Episode")))
        copy.description = "Another hero"
        #expect(original.type == .named("Character"))
        #expect(original.arguments.isEmpty)
        #expect(original.description == "The hero")
        #expect(copy.type == .nonNull(.named("Character")))
        #expect(copy.arguments.map(\.name) == ["episode"])
        #expect(copy.description == "Another hero")
        #expect(copy != original)
    }

    @Test func nestedWritesReachTheElementInsideAList() {
        var type = NamedTypeDef(name: "Query", kind: .object)
        type.fields.update(FieldDef(name: "a", type: .named("Int")))
        let before = type
        type.fields.update(FieldDef(name: "a", type: .named("String")))
        #expect(before.fields.first?.type == .named("Int"))
        #expect(type.fields.first?.type == .named("String"))
        #expect(type.kind == .object && type.isComposite && !type.isInputType)
    }

    @Test func equalityComparesPropertiesAndHashingIsConsistent() {
        let a = InputValueDef(name: "first", description: "Page size", type: .named("Int"))
        let b = InputValueDef(name: "first", description: "Page size", type: .named("Int"))
        var c = b
        c.deprecationReason = "Use last"
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(a.isRequired == false && InputValueDef(name: "id", type: .nonNull(.named("ID"))).isRequired)
    }
}
