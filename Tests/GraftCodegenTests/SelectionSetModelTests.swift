import Foundation
@testable import GraftCodegen
import Testing

/// Merged fields and memberwise initializers decided as values (`SelectionSetModel`), checked
/// without golden text.
@Suite struct SelectionSetModelTests {
    static let schema = """
    interface Character { name: String! friends: [Character] }
    type Droid implements Character { name: String! friends: [Character] primaryFunction: String }
    type Human implements Character { name: String! friends: [Character] height: Float }
    type Query { hero: Character }
    """
    static let operations = """
    query Hero($flag: Boolean!) { hero { name ... on Droid { primaryFunction } ...Friends nick: name @include(if: $flag) } }
    fragment Friends on Character { friends { name } }
    """

    static func heroModel() throws -> SelectionSetModel {
        try heroModel(operations)
    }

    /// The model of the first operation's `hero` selection set.
    static func heroModel(_ operations: String) throws -> SelectionSetModel {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-model-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try schema.write(toFile: folder + "/schema.graphqls", atomically: true, encoding: .utf8)
        try operations.write(toFile: folder + "/Hero.graphql", atomically: true, encoding: .utf8)
        let configuration = GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder + "/Hero.graphql"])
        let result = CodeGenerator.run(configuration)
        let document = try #require(result.document, "\(result.errors)")
        let context = RenderContext(document: document, configuration: configuration, identifiers: [:], alwaysQualify: false)
        let operation = try #require(document.operations.first)
        let data = SelectionSetModelBuilder(context: context).model(operation.selectionSet, name: "Data")
        return try #require(data.nested.first)
    }

    @Test func fragmentFieldsAreForwardedAndConditionalFieldsStayOwn() throws {
        let hero = try Self.heroModel()
        #expect(hero.name == "Hero")
        #expect(hero.properties.map(\.name) == ["name", "nick", "friends"])
        #expect(hero.properties.map(\.origin) == [.own, .own, .forwarded("friends")])
        #expect(hero.properties.map(\.type) == ["String", "String?", "[Friends.Friend?]?"])
        #expect(hero.typeCases.map(\.name) == ["AsDroid"])
        #expect(hero.fragments.map(\.name) == ["Friends"])
    }

    @Test func typeCasesTakeTheirParentsUnconditionalFields() throws {
        let droid = try #require(try Self.heroModel().nested.first { $0.name == "AsDroid" })
        #expect(droid.properties.map(\.name) == ["name", "friends", "primaryFunction"])
        #expect(droid.properties.map(\.origin) == [.inherited, .inherited, .own])
        #expect(droid.properties.filter(\.isStored).map(\.key) == ["primaryFunction"])
    }

    @Test func initializersTakeOwnFieldsThenTypeCasesThenFragments() throws {
        let hero = try Self.heroModel()
        #expect(hero.initializer.parameters == ["__typename: String", "name: String", "nick: String? = nil", "asDroid: AsDroid? = nil",
                                                "friends: Friends"])
        #expect(hero.initializer.typename == "__typename")
        #expect(hero.initializer.values == ["name", "nick"])
        #expect(hero.initializer.parts == ["asDroid", "friends"])
        let droid = try #require(hero.nested.first { $0.name == "AsDroid" })
        // A concrete type case fills its typename; its parent gives the fields it takes over.
        #expect(droid.initializer.typename == "\"Droid\"")
        #expect(droid.initializer.parameters == ["primaryFunction: String? = nil"])
        #expect(droid.initializer.values == ["primaryFunction"])
    }

    /// A fragment with `... on Human { height }`, spread where it always applies.
    static let details = "fragment Details on Character { name ... on Human { height } ... on Droid { primaryFunction } }"

    @Test func aFragmentsTypeCaseIsForwardedWhenItHasEveryFieldOfTheSpreadingSelectionSet() throws {
        let hero = try Self.heroModel("query Hero { hero { name ...Details } }\n" + Self.details)
        let asHuman = try #require(hero.properties.first { $0.name == "asHuman" })
        #expect(asHuman.type == "Details.AsHuman?")
        #expect(asHuman.origin == .forwarded("details"))
        #expect(hero.properties.filter(\.isTypeCase).map(\.name) == ["asHuman", "asDroid"])
        // No new types, nothing decoded or stored: the fragment's type cases are the ones exposed.
        #expect(hero.nested.isEmpty)
        #expect(hero.typeCases.isEmpty)
    }

    @Test func aFragmentsTypeCaseBecomesANewTypeCaseWithTheParentsFieldsAndTheFragments() throws {
        // `friends` is the parent's own: the fragment's `Details.AsHuman` cannot expose it.
        let hero = try Self.heroModel("query Hero { hero { friends { name } ...Details } }\n" + Self.details)
        #expect(hero.typeCases.map(\.name) == ["AsHuman", "AsDroid"])
        #expect(hero.properties.filter(\.isTypeCase).isEmpty)
        #expect(hero.decodeStatements.contains("asHuman = try data.typeCase([\"Human\"])"))
        // The fragment carries the type case's selections and values.
        #expect(hero.selections == [".typename", ".field(\"friends\", [Friend?]?.self)", ".fragment(Details.self)"])
        #expect(hero.initializer.parts == ["details"])
        let human = try #require(hero.nested.first { $0.name == "AsHuman" })
        #expect(human.properties.map(\.name) == ["friends", "name", "height"])
        #expect(human.properties.map(\.type) == ["[Friend?]?", "String", "Double?"])
        #expect(human.properties.allSatisfy { $0.origin == .inherited })
        #expect(human.selections.isEmpty)
        #expect(!human.hasMemberwiseInitializer)
    }

    @Test func aFragmentsTypeCaseMergesIntoTheOwnTypeCaseOfTheSameType() throws {
        let hero = try Self.heroModel("query Hero { hero { ... on Human { friends { name } } ...Details } }\n" + Self.details)
        #expect(hero.typeCases.map(\.name) == ["AsHuman"])
        let human = try #require(hero.nested.first { $0.name == "AsHuman" })
        #expect(human.properties.map(\.name) == ["name", "height", "friends"])
        #expect(human.properties.map(\.origin) == [.inherited, .inherited, .own])
        #expect(human.hasMemberwiseInitializer)
        // The own type case keeps its selection and initializer parameter; the Droid one, with
        // nothing beyond the fragment's fields, is forwarded.
        #expect(hero.selections.contains(".typeCase(AsHuman.self, on: [\"Human\"])"))
        #expect(hero.initializer.parts == ["asHuman", "details"])
        #expect(hero.properties.filter(\.isTypeCase).map(\.name) == ["asDroid"])
    }
}
