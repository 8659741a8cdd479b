import Graft
import Testing

/// `OperationDocument.operationName`: generated operations that carry their text take their name
/// from it.
@Suite struct OperationDocumentTests {
    @Test func theNameIsReadFromTheDefinition() {
        #expect(OperationDocument(definition: "query HeroName { hero { name } }").operationName == "HeroName")
        #expect(OperationDocument(definition: "\n  mutation\tAdd_2($x: Int) {\n\tadd(x: $x)\n}").operationName == "Add_2")
        #expect(OperationDocument(definition: "subscription Events{ events }").operationName == "Events")
        #expect(OperationDocument(definition: "{ hero { name } }").operationName == nil)
        #expect(OperationDocument(definition: "query { hero { name } }").operationName == nil)
        #expect(OperationDocument(definition: "queryHero { a }").operationName == nil)
        #expect(OperationDocument(operationIdentifier: "abc").operationName == nil)
        #expect(OperationDocument(definition: "query Q { a }", fragments: []).definition == "query Q { a }")
    }
}
