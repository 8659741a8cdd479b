import Foundation
import GraftCompiler
import GraftLanguage
import GraftTestSupport
import Testing

/// Every operation file of Apollo iOS's test APIs validates against its schema (plus the
/// generator directives), all files of an API validated together as one document.
@Suite struct ApolloOperationsValidationTests {
    static let apis = ["AnimalKingdomAPI", "GitHubAPI", "StarWarsAPI", "SubscriptionAPI", "UploadAPI"]

    /// The `.graphqls` and `.graphql` files under an API folder, sorted by path.
    static func files(_ api: String, extension ext: String) -> [URL] {
        let root = Corpora.url("schemas/apollo-ios-dev/\(api)")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var result: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == ext { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    static func sources(_ urls: [URL]) throws -> [Source] {
        try urls.map { Source(try String(contentsOf: $0, encoding: .utf8), name: $0.lastPathComponent) }
    }

    @Test(.requiresCorpora("validating Apollo iOS's test operations (ApolloOperationsValidationTests)"), arguments: apis)
    func operationsAreValid(_ api: String) throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: try Self.sources(Self.files(api, extension: "graphqls")))
        let operationFiles = try Self.sources(Self.files(api, extension: "graphql"))
        #expect(!operationFiles.isEmpty)
        let sources = DocumentSources(files: operationFiles)
        let document = try parse(sources.combined)
        #expect(document.definitions.count >= operationFiles.count)
        let errors = Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, sources: sources)
        #expect(errors.map(\.description) == [])
    }

    /// The generator directives are checked, not merely tolerated: misusing one is an error.
    @Test func generatorDirectivesAreValidated() throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source("type Query { a: String }", name: "s.graphqls")])
        let source = Source("query Q @defer { a }\nfragment F on Query @import { a }", name: "q.graphql")
        let errors = Validator(schema: schema).validate(try parse(source), source: source)
        #expect(errors.map(\.message) == [
            "Directive \"@defer\" may not be used on QUERY.",
            "Directive \"@import\" argument \"module\" of type \"String!\" is required, but it was not provided.",
            "Fragment \"F\" is never used.",
        ])
    }

    /// Fragments no operation spreads are errors for `validate()`, not for the code generator.
    @Test func codeGenerationAllowsUnusedFragments() throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source("type Query { a: String }", name: "s.graphqls")])
        let source = Source("fragment F on Query { a }", name: "q.graphql")
        let document = try parse(source)
        #expect(Validator(schema: schema).validate(document, source: source).map(\.message) == ["Fragment \"F\" is never used."])
        #expect(Validator(schema: schema, rules: SpecifiedRules.codeGeneration).validate(document, source: source).isEmpty)
    }

    /// A schema's own definition of a generator directive wins (no duplicate definition error).
    @Test func schemaDefinitionWins() throws {
        let schema = try GeneratorDirectives.buildSchema(sdl: [Source(
            "directive @defer(label: String) on INLINE_FRAGMENT\ntype Query { a: String }", name: "s.graphqls")])
        #expect(schema.directives["defer"]?.locations == [.inlineFragment])
        #expect(schema.directives["typePolicy"] != nil)
    }
}
