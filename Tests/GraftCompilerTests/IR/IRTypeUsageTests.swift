import GraftCompiler
import GraftLanguage
import Testing

/// The schema types documents use: found from each operation and fragment alone, so documents
/// compiled separately use, together, what they use compiled as one.
@Suite struct IRTypeUsageTests {
    /// A shared module's fragment (spread by another module, which compiles it with its own
    /// operations), a deferred fragment, abstract types, variables of enums and nested input objects.
    static let shared = """
    fragment CharacterBits on Character { name ... on Droid { primaryFunction } }
    query Search($text: String) { search(text: $text) { ... on Human { height } } }
    """
    static let feature = """
    query Hero($episode: Episode) { hero(episode: $episode) { ...CharacterBits ... @defer(label: "later") { appearsIn } } }
    """
    static let other = """
    mutation Review($input: ReviewInput!) { review(input: $input) }
    query NodeID { node { id } }
    """

    @Test func separateDocumentsUseTogetherWhatTheyUseCompiledAsOne() throws {
        let together = try IRBuilderTests.compile([Self.shared, Self.feature, Self.other].joined(separator: "\n")).schemaTypesOnly()
        let separate = try [Self.shared, Self.shared + "\n" + Self.feature, Self.other].map(IRBuilderTests.compile)
        let union = IRDocument.schemaTypes(of: separate, schema: together.schema)
        #expect(union.referencedTypes == together.referencedTypes)
        #expect(union.abstractTypes == together.abstractTypes)
        #expect(union.inputEnums == together.inputEnums)
        #expect(union.operations.isEmpty && union.fragments.isEmpty)
        #expect(together.referencedTypes == ["ColorInput", "Episode", "ReviewInput"])
        #expect(together.abstractTypes == ["Character", "Node", "SearchResult"])
        #expect(together.inputEnums == ["Episode"])
    }

    @Test func noDocumentsUseNoTypes() throws {
        let schema = try IRBuilderTests.compile(Self.other).schema
        let union = IRDocument.schemaTypes(of: [], schema: schema)
        #expect(union.referencedTypes.isEmpty && union.abstractTypes.isEmpty && union.inputEnums.isEmpty)
    }
}
